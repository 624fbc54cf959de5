/**
 * How many items the next slice of a progressive render holds, from what the slices before it cost: a
 * chunk of its own, which only lists of more than a few slices load (see ChunkedList).
 *
 * A frame's cost (each slice's task is timed up to the next task: its script, and the style and layout
 * that run in it, all of its frame's when the slice came in an animation frame) is a part
 * that grows with its slice (the new cards: `marginal` per item) and a part that does not (the host's
 * own update, the frame's rendering, a collection, another script: `fixed`), which may grow with the
 * items already shown. Both are read off the last few slices, as a line through their (items, cost)
 * points: its slope is the marginal cost, where it meets zero items the fixed part. The line is the
 * median of the slopes between pairs of slices (Theil–Sen), so one stalled frame (a collection, an
 * image decoded) moves it little, where the slope between the last two slices alone swung from 0.05 to
 * 10 ms an item in one render. The slope is taken for no more than the smallest cost per item seen
 * (`cost ÷ items` counts the fixed part too, so is never below it), nor for less than half of it.
 *
 * Sized from the whole frame's cost (or from its cost per item, fixed part included), slices shrank
 * whenever the fixed part grew, and on a slow device, where that part alone can fill the budget, they
 * collapsed to one or two cards a frame. So the new items get the budget whatever the fixed part costs,
 * and where the fixed part costs more (a slow device, a long list), as much as it, up to a long task's
 * 50 ms: a frame then spends about as much on new cards as on its own rendering. And a slice is never
 * smaller than the first (sized for a slow phone's frame) nor than half the one before. With the
 * budget alone and no such floor, a page throttled 4× (Lighthouse's mobile CPU) revealed a thousand
 * cards one to nine at a time, in 180 frames of 30–60 ms of their own each.
 *
 * Slices grow geometrically (at most double), so a fast device reaches large slices in a few frames.
 */

import type { Scheduler } from '../shared/next-frame.js';
import { frameCost, nextSlice } from './next-slice.js';

/** The slices the line is drawn through: recent enough to follow a fixed part that grows. */
const WINDOW = 8;
/** A long task: what the new items of a frame may take at most, however dear the frame's own part. */
const LONG_TASK_MS = 50;

const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1]!;

export class SliceSizer {
  /** The last slices measured (at most `WINDOW`): their items and milliseconds, oldest first. */
  private readonly slices: Array<[number, number]> = [];
  /** The smallest cost per item seen: an upper bound of the marginal cost (and twice a lower one, see `record`). */
  private cheapest = Infinity;
  /** The marginal cost of an item and the fixed part of a frame, as last found. */
  private marginal = Infinity;
  private fixed = 0;
  /** Counts the slices measured, for the turns of a fifth over and under. */
  private measured = 0;

  /**
   * `limits` are the list's options. A list whose slices are measured is a long one (see ChunkedList):
   * unless it was given a scheduler of its own, its later slices come in tasks from now on (next-slice.ts),
   * where they came in animation frames. Done here, in the chunk such lists load, it costs the entry
   * nothing.
   */
  constructor(
    private readonly limits: {
      readonly chunkSize: number;
      readonly budgetMs: number;
      readonly maxChunkSize: number;
      scheduler?: Scheduler;
    },
  ) {
    limits.scheduler ??= nextSlice;
  }

  /** A slice of `items` took `ms`: returns how many items the next one holds. */
  record(items: number, ms: number): number {
    let size = items * 2;
    // The first slice measured pays one-time costs (the host's first render with items, the cards'
    // first styles, a first screen painted): it is not on the line, whose slopes it turned below zero.
    if (this.measured++) {
      this.slices.push([items, ms]);
      if (this.slices.length > WINDOW) this.slices.shift();
      this.cheapest = Math.min(this.cheapest, ms / items);
      this.fitLine();
      // A fifth over and under in turn: the recent slices are always of two sizes, so the line has
      // many pairs to go by, and one stalled frame is one slope of many. Slices all alike gave no slope;
      // made to differ only then, one stall in the one slice that differed was the whole line (the
      // slices fell to four items a frame in a test).
      const turn = this.measured % 2 ? 0.8 : 1.2;
      // A slice in a task of its own is timed without its frame's rendering (next-slice.ts), which is then
      // told apart: the new items get as much as either part, as they did when a slice's time held both.
      const budget = Math.min(Math.max(this.limits.budgetMs, this.fixed, frameCost) * turn, LONG_TASK_MS);
      // The cost of an item: the slope, taken for no more than the cheapest cost per item seen and no
      // less than half of it (misread low in noisy frames, 0.45 ms an item at 4× where the cards cost
      // 2.5, it doubled slices to 34–56 cards); the cheapest cost alone while there is no slope.
      const perItem = Math.min(Math.max(this.marginal, this.cheapest / 2), this.cheapest);
      // Without a slope the size stays (in turns) unless that cost says less.
      size = Math.min(this.marginal < Infinity ? size : items * turn, budget / perItem);
      // At most halved, and never under the first slice (in turns), which is sized for a slow phone's
      // frame: a frame misread (a slow device's first screen took 80–350 ms for 8 cards) shrinks the
      // next slice, not the render. Without these floors slices fell to one or two cards, whose cost is
      // all noise (a frame's own part varies by more), so the line read them dearer still and they
      // stayed that small (a hundred cards in 50 frames at 4×).
      size = Math.max(size, items / 2, this.limits.chunkSize * turn);
    }
    // Rounded up: a whole number of items.
    return Math.min(this.limits.maxChunkSize, Math.ceil(size));
  }

  /** Draws the line through the recent slices, unless they give no slope over zero (the last one holds). */
  private fitLine(): void {
    const slopes: number[] = [];
    const slices = this.slices;
    for (let i = 0; i < slices.length; i++) {
      for (let j = i + 1; j < slices.length; j++) {
        const [items, ms] = slices[i]!;
        const [otherItems, otherMs] = slices[j]!;
        if (items !== otherItems) slopes.push((otherMs - ms) / (otherItems - items));
      }
    }
    const slope = slopes.length ? median(slopes) : 0;
    if (!(slope > 0)) return;
    this.marginal = slope;
    this.fixed = Math.max(0, median(slices.map(([items, ms]) => ms - slope * items)));
  }
}
