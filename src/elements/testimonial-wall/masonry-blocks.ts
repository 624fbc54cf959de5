/**
 * Masonry without reflow: cards sit in CSS multi-column blocks, and a block that is on screen never
 * receives another card (a multi-column box rebalances every column when one is added, which is the
 * jank this avoids). Slices arrive in varying sizes, so they are gathered into blocks of a decent size
 * out of sight and a block is shown once it is full, or once nothing more is coming.
 *
 * The very first block is shown at once, so the first screen never waits for later slices.
 */

export interface MasonryBlock<T> {
  readonly items: readonly T[];
  /** Still gathering: rendered hidden, shown when closed. */
  readonly open: boolean;
}

/**
 * Cards per block: four rows in three columns. A block is laid out in one go when it is shown, so it
 * stays small enough for that to be well under a long task (50 ms) on a slow machine: 24 cards made a
 * 56 ms task on the 2-core bench machine, 12 none over 50 ms. Seams between blocks stay rare.
 */
export const MASONRY_BLOCK_SIZE = 12;

export class MasonryBlocks<T> {
  private closed: (readonly T[])[] = [];
  private gathering: T[] = [];
  private consumed = 0;
  private firstBatch: readonly T[] | undefined;

  constructor(private readonly blockSize = MASONRY_BLOCK_SIZE) {}

  /**
   * The blocks for the slices revealed so far (`batches` only ever grows, or starts over with a new
   * first batch) and whether more slices are on their way (`done` false).
   */
  update(batches: readonly (readonly T[])[], done: boolean): MasonryBlock<T>[] {
    if (batches[0] !== this.firstBatch || batches.length < this.consumed) this.reset(batches[0]);
    for (; this.consumed < batches.length; this.consumed++) {
      this.gathering.push(...batches[this.consumed]!);
      if (this.closed.length === 0 || this.gathering.length >= this.blockSize) this.close();
    }
    if (done && this.gathering.length > 0) this.close();
    const blocks: MasonryBlock<T>[] = this.closed.map((items) => ({ items, open: false }));
    if (this.gathering.length > 0) blocks.push({ items: [...this.gathering], open: true });
    return blocks;
  }

  private close(): void {
    this.closed = [...this.closed, this.gathering];
    this.gathering = [];
  }

  private reset(firstBatch: readonly T[] | undefined): void {
    this.closed = [];
    this.gathering = [];
    this.consumed = 0;
    this.firstBatch = firstBatch;
  }
}
