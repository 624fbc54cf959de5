/**
 * In-view observation as a reactive controller: one IntersectionObserver per element, made while the
 * element is on the page and disconnected when it leaves. The target is the host itself, or an element
 * of its render found anew after each update (the wall's scroll-paging sentinel comes and goes).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface InViewOptions {
  /** What to watch: the host when not given; re-read after each update, `null` for nothing. */
  target?: () => Element | null;
  /** Grows the viewport by this much (`'0px 0px 400px 0px'`: 400px below it). */
  rootMargin?: string;
}

export class InViewController implements ReactiveController {
  private watcher: IntersectionObserver | undefined;
  private watched: Element | null = null;

  constructor(
    private readonly watchedHost: ReactiveControllerHost & Element,
    /** Hears the latest entry of the watched element (whether it is in view now). */
    private readonly onEntry: (entry: IntersectionObserverEntry) => void,
    private readonly watchOptions: InViewOptions = {},
  ) {
    watchedHost.addController(this);
  }

  hostConnected(): void {
    // Never on the server: Lit's renderer does not connect elements.
    this.watcher = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) this.onEntry(entry);
      },
      { rootMargin: this.watchOptions.rootMargin },
    );
    this.watched = null;
    this.rewatch();
  }

  hostUpdated(): void {
    this.rewatch();
  }

  hostDisconnected(): void {
    this.watcher?.disconnect();
    this.watcher = undefined;
  }

  private rewatch(): void {
    const target = this.watchOptions.target ? this.watchOptions.target() : this.watchedHost;
    if (target === this.watched || !this.watcher) return;
    this.watcher.disconnect();
    this.watched = target;
    if (target) this.watcher.observe(target);
  }
}
