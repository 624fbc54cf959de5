/**
 * Progressive rendering: a long list is revealed in slices, one slice per frame, so rendering 1,000
 * testimonials never blocks the page in one long task.
 *
 * Slices are kept as the batches they were revealed in and never re-grouped: the masonry layout
 * balances each batch on its own, so a batch, once placed, never moves when later ones arrive.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Runs a callback at the next opportunity to render; returns a function that cancels it. */
export type Scheduler = (callback: () => void) => () => void;

/**
 * The next animation frame, or a macrotask in a hidden document (where frames do not come), so a wall
 * rendered in a background tab is complete when the tab is shown.
 */
export const nextFrame: Scheduler = (callback) => {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(frame);
};

export interface ChunkedListOptions {
  /** How many items one frame renders. */
  chunkSize?: number;
  scheduler?: Scheduler;
}

/** Items per frame: small enough that a slice of cards renders well within a 50 ms task. */
export const DEFAULT_CHUNK_SIZE = 20;

export class ChunkedList<T> implements ReactiveController {
  private source: readonly T[] = [];
  private revealed: T[][] = [];
  private shown = 0;
  private cancelFrame: (() => void) | undefined;
  private settle: (() => void) | undefined;
  private settledPromise: Promise<void> = Promise.resolve();
  private readonly chunkSize: number;
  private readonly scheduler: Scheduler;

  constructor(
    private readonly host: ReactiveControllerHost,
    { chunkSize = DEFAULT_CHUNK_SIZE, scheduler = nextFrame }: ChunkedListOptions = {},
  ) {
    this.chunkSize = chunkSize;
    this.scheduler = scheduler;
    host.addController(this);
  }

  /** The items revealed so far, in the batches they were revealed in. */
  get batches(): readonly (readonly T[])[] {
    return this.revealed;
  }

  /** How many items are revealed. */
  get count(): number {
    return this.shown;
  }

  /** How many items there are in all, revealed or waiting. */
  get total(): number {
    return this.source.length;
  }

  /** Whether every item is revealed. */
  get done(): boolean {
    return this.shown >= this.source.length;
  }

  /** Resolves when every item given so far is revealed. */
  get settled(): Promise<void> {
    return this.settledPromise;
  }

  /** Starts over with `items`: the first slice now, the rest in later frames. */
  replace(items: readonly T[]): void {
    this.stop();
    this.source = [...items];
    this.revealed = [];
    this.shown = 0;
    this.revealNext();
  }

  /** Adds `items` after the others; those revealed stay where they are. */
  append(items: readonly T[]): void {
    if (items.length === 0) return;
    this.source = [...this.source, ...items];
    if (!this.cancelFrame) this.revealNext();
  }

  hostConnected(): void {
    if (!this.done && !this.cancelFrame) this.schedule();
  }

  /** Pauses while the host is out of the document; waiters are released rather than left hanging. */
  hostDisconnected(): void {
    this.stop();
  }

  private revealNext(): void {
    const batch = this.source.slice(this.shown, this.shown + this.chunkSize);
    if (batch.length) {
      this.revealed = [...this.revealed, batch];
      this.shown += batch.length;
      this.host.requestUpdate();
    }
    if (this.done) {
      this.settle?.();
      this.settle = undefined;
    } else {
      this.schedule();
    }
  }

  private schedule(): void {
    if (!this.settle) this.settledPromise = new Promise((resolve) => (this.settle = resolve));
    this.cancelFrame = this.scheduler(() => {
      this.cancelFrame = undefined;
      this.revealNext();
    });
  }

  private stop(): void {
    this.cancelFrame?.();
    this.cancelFrame = undefined;
    this.settle?.();
    this.settle = undefined;
  }
}
