/**
 * The testimonials a wall has received so far, page by page.
 *
 * Pages can overlap when the data changes between two requests (a testimonial approved meanwhile shifts
 * every later one by a place), so a testimonial already shown is never shown twice: ids decide. Paging
 * stops at the first page that holds fewer than `limit` testimonials (spec 4.1: `total` is the count
 * on the page, and a short page is the last one).
 */
import type { Testimonial } from '../../client/types.js';

export class WallFeed {
  private readonly seen = new Set<string>();
  private readonly received: Testimonial[] = [];
  private latestPage: number;
  private more = true;

  /**
   * @param startPage the page number of the first page (the `page` attribute, 1 by default)
   * @param limit how many testimonials a full page holds
   */
  constructor(
    private readonly startPage: number,
    private readonly limit: number,
  ) {
    this.latestPage = startPage - 1;
  }

  /** Everything received, in order, each testimonial once. */
  get items(): readonly Testimonial[] {
    return this.received;
  }

  /** Whether a further page may hold testimonials. */
  get hasMore(): boolean {
    return this.more;
  }

  /** The page to ask for next. */
  get nextPage(): number {
    return this.latestPage + 1;
  }

  /** Whether no page has arrived yet. */
  get isEmpty(): boolean {
    return this.latestPage < this.startPage;
  }

  /**
   * Adds the page `page` and returns the testimonials that were new. A page other than the next one is
   * refused, so a late answer to a superseded request cannot slip in twice.
   */
  add(page: number, testimonials: readonly Testimonial[]): Testimonial[] {
    if (page !== this.nextPage) {
      throw new RangeError(`Expected page ${this.nextPage}, got page ${page}.`);
    }
    this.latestPage = page;
    this.more = testimonials.length >= this.limit;
    const fresh = testimonials.filter((testimonial) => {
      if (this.seen.has(testimonial.id)) return false;
      this.seen.add(testimonial.id);
      return true;
    });
    this.received.push(...fresh);
    return fresh;
  }
}
