/**
 * Progressive rendering: a long list is revealed in slices, one slice per frame, so rendering 1,000
 * testimonials never blocks the page in one long task.
 *
 * The slice size adapts to the marginal cost of an item: after each slice, the time its task took
 * (script, style and layout, measured up to the next task) divided by its items, and the next slice
 * holds as many items as fit in the time budget at the smallest such cost seen since `replace`. A
 * frame also costs a part that does not depend on its slice (the host's own update, layout of what is
 * already shown, a collection, another script), which only ever adds to the quotient, and which may
 * grow with the items already shown: sizing from each slice's quotient made every slice smaller than
 * the last, down to one or two items a frame for a long list on a slow device. A slow device or a
 * heavy card still gets smaller slices (its first slice says so); a fast one finishes sooner.
 *
 * Slices are kept as the batches they were revealed in and never re-grouped: the masonry layout
 * balances each batch on its own, so a batch, once placed, never moves when later ones arrive.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextFrame, type Scheduler } from '../shared/next-frame.js';

/** Calls back once the current task (and the rendering it triggers) is over. */
export type AfterTask = (callback: () => void) => void;

const afterTask: AfterTask = (callback) => void setTimeout(callback, 0);

export interface ChunkedListOptions {
  /** How many items the first slice holds. */
  chunkSize?: number;
  /** Milliseconds a slice may take; 0 keeps every slice at `chunkSize`. */
  budgetMs?: number;
  /** The most items one slice may hold, however cheap they are. */
  maxChunkSize?: number;
  scheduler?: Scheduler;
  afterTask?: AfterTask;
  now?: () => number;
}

/** The first slice: a screenful of cards, small enough to show quickly on a slow phone. */
export const DEFAULT_CHUNK_SIZE = 8;
/** Well under the 50 ms that makes a long task, with room for the page's own work in the same frame. */
export const DEFAULT_BUDGET_MS = 20;
export const DEFAULT_MAX_CHUNK_SIZE = 60;

export class ChunkedList<T> implements ReactiveController {
  private source: readonly T[] = [];
  private revealed: T[][] = [];
  private shown = 0;
  private cancelFrame: (() => void) | undefined;
  private settle: (() => void) | undefined;
  private settledPromise: Promise<void> = Promise.resolve();
  private chunkSize: number;
  /** The smallest cost of one item seen since `replace`, in ms: the marginal cost, as closely as known. */
  private itemCost = Infinity;
  private readonly options: Required<Omit<ChunkedListOptions, 'chunkSize'>>;

  constructor(
    private readonly host: ReactiveControllerHost,
    {
      chunkSize = DEFAULT_CHUNK_SIZE,
      budgetMs = DEFAULT_BUDGET_MS,
      maxChunkSize = DEFAULT_MAX_CHUNK_SIZE,
      scheduler = nextFrame,
      afterTask: after = afterTask,
      now = () => performance.now(),
    }: ChunkedListOptions = {},
  ) {
    this.chunkSize = chunkSize;
    this.options = { budgetMs, maxChunkSize, scheduler, afterTask: after, now };
    host.addController(this);
  }

  /** How many items the next slice holds. */
  get nextChunkSize(): number {
    return this.chunkSize;
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

  /**
   * Starts over with `items`: the first slice now (`firstSlice` items, by default the adaptive size),
   * the rest in later frames.
   */
  replace(items: readonly T[], firstSlice = this.chunkSize): void {
    this.stop();
    this.source = [...items];
    this.revealed = [];
    this.shown = 0;
    this.itemCost = Infinity;
    this.revealNext(firstSlice);
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

  private revealNext(size = this.chunkSize): void {
    const batch = this.source.slice(this.shown, this.shown + size);
    if (batch.length) {
      this.revealed = [...this.revealed, batch];
      this.shown += batch.length;
      this.host.requestUpdate();
      this.measure(batch.length);
    }
    if (this.done) {
      this.settle?.();
      this.settle = undefined;
    } else {
      this.schedule();
    }
  }

  /** Sizes the next slice from the marginal cost of an item, as this slice and those before it tell it. */
  private measure(items: number): void {
    const { budgetMs, maxChunkSize, afterTask: after, now } = this.options;
    if (budgetMs <= 0) return;
    const started = now();
    after(() => {
      this.itemCost = Math.min(this.itemCost, Math.max(now() - started, 0.01) / items);
      this.chunkSize = Math.max(1, Math.min(maxChunkSize, Math.floor(budgetMs / this.itemCost)));
    });
  }

  private schedule(): void {
    if (!this.settle) this.settledPromise = new Promise((resolve) => (this.settle = resolve));
    this.cancelFrame = this.options.scheduler(() => {
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
