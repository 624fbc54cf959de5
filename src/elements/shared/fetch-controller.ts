/**
 * One thing an element fetches (the card's testimonial by id, the wall's links), as a small reactive
 * controller. Every request carries an AbortSignal. Asking something else aborts the stale request and
 * drops its late answer; leaving the page aborts what is in flight, and coming back asks again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** `idle`: nothing asked; `pending`: on its way (or interrupted by leaving the page); then the outcome. */
export type FetchStatus = 'idle' | 'pending' | 'complete' | 'error';

export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export class FetchController<T> implements ReactiveController {
  status: FetchStatus = 'idle';
  value: T | undefined;
  error: unknown;

  private askedKey: unknown;
  private askedLoader: Loader<T> | undefined;
  private inflight: AbortController | undefined;
  private answering: Promise<void> = Promise.resolve();
  private interrupted = false;

  /** `onSettle` runs once per answer (value or error), before the host updates. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onSettle?: (controller: FetchController<T>) => void,
  ) {
    host.addController(this);
  }

  /**
   * Fetches with `load` unless `key` (compared with `===`) is what was asked last; an `undefined` key
   * (or no loader) forgets the question and goes back to `idle`. Safe to call from `willUpdate`.
   * Resolves once the answer is in (or the request was aborted); never rejects.
   */
  request(key: unknown, load?: Loader<T>): Promise<void> {
    if (key === this.askedKey) return this.answering;
    this.dropInflight();
    this.interrupted = false;
    this.askedKey = key;
    this.askedLoader = key === undefined ? undefined : load;
    this.value = undefined;
    this.error = undefined;
    this.status = 'idle';
    return this.askedLoader ? this.run(this.askedLoader) : Promise.resolve();
  }

  /** Asks the current question again (after an error, say). */
  retry(): Promise<void> {
    return this.askedLoader ? this.run(this.askedLoader) : Promise.resolve();
  }

  hostConnected(): void {
    if (!this.interrupted) return;
    this.interrupted = false;
    void this.retry();
  }

  hostDisconnected(): void {
    if (!this.inflight) return;
    this.dropInflight();
    this.interrupted = true;
  }

  private dropInflight(): void {
    // The platform's own reason (an `AbortError`): no one reads it, as the answer is dropped either way.
    this.inflight?.abort();
    this.inflight = undefined;
  }

  private run(load: Loader<T>): Promise<void> {
    return (this.answering = this.ask(load));
  }

  private async ask(load: Loader<T>): Promise<void> {
    this.dropInflight();
    const inflight = new AbortController();
    this.inflight = inflight;
    this.status = 'pending';
    this.error = undefined;
    this.host.requestUpdate();
    try {
      const value = await load(inflight.signal);
      if (inflight.signal.aborted) return;
      this.value = value;
      this.status = 'complete';
    } catch (error) {
      if (inflight.signal.aborted) return;
      this.error = error;
      this.status = 'error';
    } finally {
      if (this.inflight === inflight) this.inflight = undefined;
    }
    this.onSettle?.(this);
    this.host.requestUpdate();
  }
}
