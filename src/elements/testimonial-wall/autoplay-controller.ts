/**
 * Automatic rotation of the carousel (WAI-ARIA carousel pattern), opt-in.
 *
 * It rotates only while nobody is reading: hovering the wall or moving focus into it pauses rotation
 * until the pointer or focus leaves; the rotation control stops it until the viewer starts it again;
 * a hidden document pauses it; and under `prefers-reduced-motion: reduce` it never runs at all.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MediaQueryController } from '../shared/media-query.js';

export const DEFAULT_AUTOPLAY_INTERVAL = 5000;

export class AutoplayController implements ReactiveController {
  /** Whether the wall asked for rotation (`autoplay` attribute). */
  enabled = false;
  /** Milliseconds between two slides. */
  interval = DEFAULT_AUTOPLAY_INTERVAL;

  private stoppedByViewer = false;
  private hovered = false;
  private focused = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private timerInterval = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly reducedMotion: MediaQueryController,
    private readonly advance: () => void,
  ) {
    host.addController(this);
  }

  /** Whether rotation is possible at all here (and so whether the rotation control is offered). */
  get available(): boolean {
    return this.enabled && !this.reducedMotion.matches;
  }

  /** Whether the viewer stopped rotation with the rotation control. */
  get stopped(): boolean {
    return this.stoppedByViewer;
  }

  /** Whether slides are turning right now. */
  get rotating(): boolean {
    return (
      this.available &&
      !this.stoppedByViewer &&
      !this.hovered &&
      !this.focused &&
      this.host.isConnected &&
      document.visibilityState !== 'hidden'
    );
  }

  /** The rotation control: stops rotation, or starts it again. */
  toggle(): void {
    this.stoppedByViewer = !this.stoppedByViewer;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    for (const [type, listener] of this.hostListeners) this.host.addEventListener(type, listener);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  hostDisconnected(): void {
    for (const [type, listener] of this.hostListeners) this.host.removeEventListener(type, listener);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.hovered = false;
    this.focused = false;
    this.stopTimer();
  }

  /** Every update settles whether the timer runs, so there is one place that decides. */
  hostUpdated(): void {
    if (!this.rotating) {
      this.stopTimer();
    } else if (!this.timer || this.timerInterval !== this.interval) {
      this.stopTimer();
      this.timerInterval = this.interval;
      this.timer = setInterval(this.advance, this.interval);
    }
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private readonly onPointerEnter = (): void => {
    this.hovered = true;
    this.host.requestUpdate();
  };

  private readonly onPointerLeave = (): void => {
    this.hovered = false;
    this.host.requestUpdate();
  };

  // focusout fires before focus lands elsewhere; `:focus-within` (which sees into the shadow tree)
  // answers correctly once the move is over.
  private readonly onFocusChange = (): void => {
    queueMicrotask(() => {
      const focused = this.host.matches(':focus-within');
      if (focused === this.focused) return;
      this.focused = focused;
      this.host.requestUpdate();
    });
  };

  private readonly onVisibilityChange = (): void => this.host.requestUpdate();

  private readonly hostListeners: readonly [string, () => void][] = [
    ['pointerenter', this.onPointerEnter],
    ['pointerleave', this.onPointerLeave],
    ['focusin', this.onFocusChange],
    ['focusout', this.onFocusChange],
  ];
}
