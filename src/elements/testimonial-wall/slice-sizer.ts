/**
 * How many items the next slice of a progressive render holds, from what the slices before it cost: a
 * chunk of its own, which only lists of more than a few slices load (see ChunkedList).
 *
 * A frame's cost (each slice's task is timed: script, style and layout, up to the next task) is a part
 * that grows with its slice (the new cards) and a part that does not (the host's own update, the
 * frame's rendering, a collection, another script), which may grow with the items already shown. Only
 * the first may size the slice: sized from the whole frame's cost (or from its cost per item, fixed
 * part included), slices shrank whenever the fixed part grew, and on a slow device, where that part
 * alone can fill the budget, they collapsed to one or two cards a frame, a thousand frames for a
 * thousand cards. So the marginal cost of an item is the slope between the last two slices of
 * different sizes (`Δcost ÷ Δitems`: the fixed part cancels out), and the next slice holds as many
 * items as that fits in the budget. The slope never exceeds the smallest cost per item seen
 * (`cost ÷ items` counts the fixed part too, so is never below it): a stall in one frame cannot make
 * items look dearer than the cheapest frame showed them.
 *
 * Slices grow geometrically (at most double), so a fast device reaches large slices in a few frames
 * and sizes differ, which the slope needs (a size is not repeated while the slope is unknown). The first slice measured is only a starting point: the
 * list's first slice also pays the host's first render with items (and the cards' first styles).
 */
export class SliceSizer {
  /** The last slice measured: its items and milliseconds. */
  private last: [number, number] | undefined;
  /** The smallest cost per item seen: an upper bound of the marginal cost. */
  private cheapest = Infinity;
  /** The marginal cost of an item, as last found. */
  private marginal = Infinity;

  constructor(private readonly limits: { readonly budgetMs: number; readonly maxChunkSize: number }) {}

  /** A slice of `items` took `ms`: returns how many items the next one holds. */
  record(items: number, ms: number): number {
    const [before, beforeMs] = this.last ?? [];
    this.last = [items, ms];
    let size = items * 2;
    if (before) {
      this.cheapest = Math.min(this.cheapest, ms / items);
      const slope = (ms - beforeMs!) / (items - before);
      const fresh = slope > 0 && slope < Infinity;
      if (fresh) this.marginal = slope;
      size = Math.min(size, this.limits.budgetMs / Math.min(this.marginal, this.cheapest));
      // Equal sizes or a slope under zero (noise, a stall before): the last slope holds, and the next
      // slice differs by half, so the one after it measures the slope again. Repeating the size kept
      // a slope misread in a noisy frame for good (three cards a frame on a loaded, throttled page).
      if (!fresh && Math.ceil(size) === items) size += items / 2;
    }
    // Rounded up: at least one item, however heavy.
    return Math.min(this.limits.maxChunkSize, Math.ceil(size));
  }
}
