/**
 * Progressive rendering: a long list is revealed in slices, one slice per frame (once the list is
 * measured, one per task: see next-slice.ts), so rendering 1,000 testimonials never blocks the page in
 * one long task.
 *
 * The slice size adapts to the marginal cost of an item, whatever a frame's fixed part costs (see
 * {@link SliceSizer}, a chunk that lists of more than a few slices load; slices double until it is
 * here).
 *
 * Slices are kept as the batches they were revealed in and never re-grouped: the masonry layout
 * balances each batch on its own, so a batch, once placed, never moves when later ones arrive.
 *
 * Every list on the page shares one frame: a slice waits for the next frame when the lists before it
 * have spent the budget of this one (first come, first served). Each list kept to its own budget, every
 * wall of a page with a slice waiting revealed it in the same frame: one task for all of them. A slice
 * in a task of its own shares it with none.
 *
 * The private members' names are unlike any the platform uses (`source`, `options`, `host`…), so the
 * script-tag build may shorten them (scripts/private-names.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextFrame, type Scheduler } from '../shared/next-frame.js';
import { lazyModule } from '../shared/lazy-module.js';
import type { SliceSizer } from './slice-sizer.js';

/** Calls back once the current task (and the rendering it triggers) is over. */
export type AfterTask = (callback: () => void) => void;

const afterTask: AfterTask = (callback) => setTimeout(callback);

export interface ChunkedListOptions {
  /** How many items the first slice holds. */
  chunkSize?: number;
  /** Milliseconds the items of a slice may take (their marginal cost). */
  budgetMs?: number;
  /** The most items one slice may hold, however cheap they are. */
  maxChunkSize?: number;
  /**
   * When each slice after the first comes: by default the next animation frame, and once the list is
   * measured (see SliceSizer) the next task.
   */
  scheduler?: Scheduler;
  /** When the slice's task is over (the slice is then timed); one that never calls back keeps every slice at `chunkSize`. */
  afterTask?: AfterTask;
  now?: () => number;
}

/** The first slice: a screenful of cards, small enough to show quickly on a slow phone. */
export const DEFAULT_CHUNK_SIZE = 8;
/**
 * Under the 50 ms that makes a long task, with room for the frame's own part (its style, layout and
 * paint beyond the new cards). 30 rather than 20: fewer frames, each of which pays that part again. At
 * 20 ms a thousand cards on a CPU 4× slower took about 15% longer; unthrottled, neither made a long
 * task, where 40 ms did (docs/performance.md, "A larger budget for each slice").
 */
export const DEFAULT_BUDGET_MS = 30;
export const DEFAULT_MAX_CHUNK_SIZE = 60;

/** The slice sizer: a chunk of its own. Exported for tests, which load it first. */
export const sliceSizer = lazyModule(() => import('./slice-sizer.js'));

/** The frame whose callbacks run now (its time), and when the first of them began. */
let frame: number | undefined;
let frameBegan = 0;

export class ChunkedList<T> implements ReactiveController {
  private sourceItems: readonly T[] = [];
  private revealed: T[][] = [];
  private shownCount = 0;
  private cancelFrame: (() => void) | undefined;
  private settleList: (() => void) | undefined;
  private settledPromise: Promise<void> = Promise.resolve();
  private sliceSize: number;
  /** Made once the sizer's chunk is here, for each list (`replace`). */
  private measuredSizer: SliceSizer | undefined;
  /** The options with their defaults; a scheduler not given is the sizer's to choose (see SliceSizer). */
  private readonly listOptions: Required<Omit<ChunkedListOptions, 'scheduler'>> & Pick<ChunkedListOptions, 'scheduler'>;

  constructor(
    private readonly listHost: ReactiveControllerHost,
    options: ChunkedListOptions = {},
  ) {
    // An option given as `undefined` replaces its default (the wall gives none; tests leave them out).
    this.listOptions = {
      chunkSize: DEFAULT_CHUNK_SIZE,
      budgetMs: DEFAULT_BUDGET_MS,
      maxChunkSize: DEFAULT_MAX_CHUNK_SIZE,
      afterTask,
      now: () => performance.now(),
      ...options,
    };
    this.sliceSize = this.listOptions.chunkSize;
    listHost.addController(this);
  }

  /** The items revealed so far, in the batches they were revealed in. */
  get batches(): readonly (readonly T[])[] {
    return this.revealed;
  }

  /** How many items there are in all, revealed or waiting. */
  get total(): number {
    return this.sourceItems.length;
  }

  /** Whether every item is revealed. */
  get done(): boolean {
    return this.shownCount >= this.sourceItems.length;
  }

  /** Resolves when every item given so far is revealed. */
  get settled(): Promise<void> {
    return this.settledPromise;
  }

  /**
   * Starts over with `items`: the first slice now (`firstSlice` items, its whole part; by default the adaptive size),
   * the rest in later frames.
   */
  replace(items: readonly T[], firstSlice?: number): void {
    this.stopList();
    this.sourceItems = [...items];
    this.revealed = [];
    this.shownCount = 0;
    this.sliceSize = this.listOptions.chunkSize;
    this.measuredSizer = undefined;
    this.revealNext(firstSlice);
  }

  /** Adds `items` after the others; those revealed stay where they are. */
  append(items: readonly T[]): void {
    if (items.length === 0) return;
    this.sourceItems = [...this.sourceItems, ...items];
    if (!this.cancelFrame) this.revealNext();
  }

  hostConnected(): void {
    if (!this.done && !this.cancelFrame) this.scheduleSlice();
  }

  /** Pauses while the host is out of the document; waiters are released rather than left hanging. */
  hostDisconnected(): void {
    this.stopList();
  }

  private revealNext(size = this.sliceSize): void {
    const batch = this.sourceItems.slice(this.shownCount, this.shownCount + size);
    if (batch.length) {
      this.revealed = [...this.revealed, batch];
      this.shownCount += batch.length;
      this.listHost.requestUpdate();
      this.measureSlice(batch.length);
    }
    if (this.done) {
      this.settleList?.();
      this.settleList = undefined;
    } else {
      this.scheduleSlice();
    }
  }

  /** Times this slice's task and sizes the next slice from it. */
  private measureSlice(items: number): void {
    const options = this.listOptions;
    const started = options.now();
    options.afterTask(() => {
      const module = sliceSizer.loaded;
      this.measuredSizer ??= module && new module.SliceSizer(options);
      this.sliceSize = this.measuredSizer?.record(items, options.now() - started) ?? Math.min(options.maxChunkSize, items * 2);
      // A list of a few slices does without (a page of a dozen cards takes two); a failed load keeps doubling.
      if (!module && !this.done && this.revealed[1]) sliceSizer.load().catch(() => undefined);
    });
  }

  private scheduleSlice(): void {
    if (!this.settleList) this.settledPromise = new Promise((resolve) => (this.settleList = resolve));
    const options = this.listOptions;
    this.cancelFrame = (options.scheduler ?? nextFrame)((time) => {
      this.cancelFrame = undefined;
      // A frame's callbacks run one after the other, each with its microtasks (the host's update, its
      // cards' first renders), so the time since the first began is what this frame's lists have spent.
      const spent = options.now() - frameBegan;
      if (time !== frame || !time) {
        frame = time;
        frameBegan += spent;
      } else if (spent >= options.budgetMs) return this.scheduleSlice();
      this.revealNext();
    });
  }

  private stopList(): void {
    this.cancelFrame?.();
    this.cancelFrame = undefined;
    this.settleList?.();
    this.settleList = undefined;
  }
}
