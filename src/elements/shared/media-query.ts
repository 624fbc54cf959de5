/**
 * A media query as live state of an element: the host updates when the answer changes, so an element
 * follows `prefers-reduced-motion` while it is on the page, not only when it was created.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class MediaQueryController implements ReactiveController {
  private list: MediaQueryList | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly query: string,
    private readonly onChange?: (matches: boolean) => void,
  ) {
    host.addController(this);
  }

  /** Whether the query matches now (false where `matchMedia` is missing). */
  get matches(): boolean {
    return this.list?.matches ?? false;
  }

  hostConnected(): void {
    this.list = globalThis.matchMedia?.(this.query);
    this.list?.addEventListener('change', this.changed);
  }

  hostDisconnected(): void {
    this.list?.removeEventListener('change', this.changed);
  }

  private readonly changed = (): void => {
    this.host.requestUpdate();
    this.onChange?.(this.matches);
  };
}

/**
 * `prefers-reduced-motion: reduce`, live: the one reduced-motion controller of every element that
 * moves (the wall's carousel and marquee, the player's autoplay). `onChange` hears it turn on or off.
 */
export function reducedMotion(host: ReactiveControllerHost, onChange?: (reduce: boolean) => void): MediaQueryController {
  return new MediaQueryController(host, '(prefers-reduced-motion: reduce)', onChange);
}
