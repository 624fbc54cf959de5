/**
 * How many items the next slice of a progressive render holds, from what the slices before it cost.
 *
 * A frame's cost is a part that grows with its slice (the new cards: script, style, layout) and a part
 * that does not (the host's own update, the frame's rendering, a collection, another script). Only the
 * first may size the slice: sized from the whole frame's cost, slices shrank whenever the fixed part
 * grew, and on a slow device, where that part alone can fill the budget, they collapsed to one or two
 * cards a frame, a thousand frames for a thousand cards. So the sizer fits `cost = fixed + items × each`
 * over the last few slices (least squares: the slope is the marginal cost of an item) and gives the
 * next slice as many items as `each` fits in the budget. The slope never exceeds the smallest cost per
 * item seen (`cost ÷ items`, which counts the fixed part too, so is never below it): a stall in one
 * frame cannot make items look dearer than the cheapest frame showed them.
 *
 * Slices grow geometrically (at most double) so a fast device reaches large slices in a few frames and
 * the sizes differ, which is what the fit needs to tell the two parts apart. The first slice is not
 * measured: it also pays the host's first render with items (and the cards' first styles).
 */

/** Slices fitted together: enough to average noise out, few enough to follow a change of device load. */
const WINDOW = 6;

export class SliceSizer {
  /** How many items the next slice holds. */
  size: number;
  /** Items and milliseconds of the slices measured since `reset`, the newest last. */
  private samples: [items: number, ms: number][] = [];
  /** The smallest cost per item seen since `reset`: an upper bound of the marginal cost. */
  private cheapest = Infinity;
  /** The marginal cost of an item, as last fitted. */
  private each = 0;
  private warm = false;

  constructor(
    private readonly first: number,
    private readonly budgetMs: number,
    private readonly max: number,
  ) {
    this.size = first;
  }

  /** Starts over (a new list): the first slice size, nothing known. */
  reset(): void {
    this.size = this.first;
    this.samples = [];
    this.cheapest = Infinity;
    this.each = 0;
    this.warm = false;
  }

  /** A slice of `items` took `ms` (its frame, up to the next task): sizes the next one. */
  record(items: number, ms: number): void {
    const grown = Math.min(this.max, items * 2);
    if (!this.warm) {
      this.warm = true;
      this.size = grown;
      return;
    }
    const samples = this.samples;
    samples.push([items, ms]);
    if (samples.length > WINDOW) samples.shift();
    this.cheapest = Math.min(this.cheapest, ms / items);
    // Least squares of ms over items: the slope, when the sizes differ enough to have one.
    const n = samples.length;
    const meanItems = samples.reduce((sum, [x]) => sum + x, 0) / n;
    const meanMs = samples.reduce((sum, [, y]) => sum + y, 0) / n;
    let spread = 0;
    let covariance = 0;
    for (const [x, y] of samples) {
      spread += (x - meanItems) ** 2;
      covariance += (x - meanItems) * (y - meanMs);
    }
    // No spread (equal sizes) or a slope under zero (noise): the last fit holds, or the cheapest quotient.
    if (spread > 0 && covariance > 0) this.each = covariance / spread;
    const each = Math.min(this.each || this.cheapest, this.cheapest);
    this.size = Math.max(1, Math.min(grown, Math.floor(this.budgetMs / each)));
  }
}
