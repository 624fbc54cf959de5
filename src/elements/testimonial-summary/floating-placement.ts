/**
 * The floating summary (`placement="bottom-start|bottom-end"`): whether the visitor dismissed it during
 * this visit (sessionStorage, which may be missing or refuse: then only until the page is left), and
 * whether it would cover the focused element, in which case it steps aside (hidden) until focus moves
 * on. Everything here touches the page, so it starts in `hostConnected`, never on the server.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** One key for every floating summary of the site: closing one means "no floating summary, thanks". */
const STORAGE_KEY = 'testimonial-summary:dismissed';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // A sandboxed frame or a browser that blocks storage throws on access.
    return undefined;
  }
}

/** The element that has focus, looking into shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

export class FloatingPlacement implements ReactiveController {
  /** Dismissed during this visit. */
  dismissed = false;
  /** Stepped aside because the focused element is under it. */
  yielding = false;
  /** Whether the host floats at all (a `placement` is set); nothing is watched otherwise. */
  enabled = false;
  private frame = 0;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    try {
      this.dismissed = storage()?.getItem(STORAGE_KEY) === '1';
    } catch {
      this.dismissed = false;
    }
    document.addEventListener('focusin', this.check, true);
    document.addEventListener('scroll', this.schedule, { capture: true, passive: true });
    globalThis.addEventListener('resize', this.schedule, { passive: true });
  }

  hostDisconnected(): void {
    document.removeEventListener('focusin', this.check, true);
    document.removeEventListener('scroll', this.schedule, true);
    globalThis.removeEventListener('resize', this.schedule);
    cancelAnimationFrame(this.frame);
  }

  /** Hides it for the rest of the visit. */
  dismiss(): void {
    this.dismissed = true;
    try {
      storage()?.setItem(STORAGE_KEY, '1');
    } catch {
      // Storage full or refused: dismissed until the page is left.
    }
    this.host.requestUpdate();
  }

  private readonly schedule = (): void => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.check);
  };

  /** Steps aside while the focused element (outside the summary) lies under it, comes back when it does not. */
  private readonly check = (): void => {
    if (!this.enabled || this.dismissed) return;
    const focused = deepActiveElement();
    const inside =
      focused !== null && (this.host === focused || this.host.contains(focused) || this.host.shadowRoot?.contains(focused) === true);
    const covered =
      focused !== null &&
      focused !== document.body &&
      !inside &&
      overlaps(this.host.getBoundingClientRect(), focused.getBoundingClientRect());
    if (covered !== this.yielding) {
      this.yielding = covered;
      this.host.requestUpdate();
    }
  };
}
