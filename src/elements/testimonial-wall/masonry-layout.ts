/**
 * Masonry: cards sit in the columns of a CSS grid (the grid layout's columns), each under the column
 * that ends highest when it is placed, so columns end level. CSS multi-column filled columns one after
 * the other and left holes (a short middle column, gaps between the blocks of later pages).
 *
 * Every card is in the grid's first row, in its column, pushed down by a top margin: the sum of the
 * heights above it. A ResizeObserver on the cards places them as they arrive, before they are painted,
 * moves the cards under one that grows (an image, "Read more") and places all again when the columns
 * change (the cards' widths change with them; the list itself is not observed, since placing changes
 * its height). A card placed within or above the viewport keeps its column, so nothing the reader
 * sees changes column when a page arrives; cards below the viewport's bottom are placed again with the
 * heights they really have (a card not rendered yet, content-visibility, counts as its assumed size).
 */
interface Placement {
  column: number;
  top: number;
}

export class MasonryLayout {
  private list: HTMLElement | null = null;
  private observer: ResizeObserver | undefined;
  private observed = new WeakSet<Element>();
  private placements = new WeakMap<Element, Placement>();
  private columns = 0;
  private firstBatch: unknown;

  /**
   * After each render of the wall: follows its masonry list's cards. `firstBatch` tells a new list
   * (Lit may reuse the elements for other testimonials) from a longer one.
   */
  update(root: ParentNode, firstBatch: unknown): void {
    const list = root.querySelector<HTMLElement>('.masonry [role="list"]');
    const fresh = list !== this.list || firstBatch !== this.firstBatch;
    if (fresh) {
      this.observer?.disconnect();
      // The list may be reused by another layout: its cards go back to the grid's own placement.
      for (const item of this.list?.querySelectorAll('.item') ?? []) item.removeAttribute('style');
      this.list = list;
      this.firstBatch = firstBatch;
      this.observed = new WeakSet();
      this.placements = new WeakMap();
      this.observer = list ? new ResizeObserver(this.place) : undefined;
    }
    for (const item of list?.querySelectorAll('.item') ?? []) {
      if (this.observed.has(item)) continue;
      this.observed.add(item);
      this.observer!.observe(item);
    }
    // A new list is placed before its first paint, once the cards' own first render (queued during
    // the wall's) is done: it may change the page's height, and with it a page scrollbar, which the
    // observer would see change the cards' widths within its own callback. Later cards are placed by
    // the observer, after the layout the browser does anyway.
    if (fresh) queueMicrotask(this.place);
  }

  /** Reads every height first, then writes every place: one layout, however many cards. */
  private readonly place = (): void => {
    const list = this.list;
    if (!list) return;
    const style = getComputedStyle(list);
    const columns = style.gridTemplateColumns.split(' ').length;
    const gap = parseFloat(style.rowGap) || 0;
    const items = [...list.querySelectorAll<HTMLElement>('.item')];
    const heights = items.map((item) => item.offsetHeight);
    // The viewport's bottom edge, in the list's coordinates.
    const fold = innerHeight - list.getBoundingClientRect().top;
    if (columns !== this.columns) {
      this.columns = columns;
      this.placements = new WeakMap();
    }
    const ends: number[] = Array(columns).fill(0);
    const put = (item: HTMLElement, height: number, column: number): void => {
      const top = ends[column]!;
      ends[column] = top + height + gap;
      const before = this.placements.get(item);
      // Unchanged places are not written again, so the browser has nothing new to lay out.
      if (before?.column === column && before.top === top) return;
      this.placements.set(item, { column, top });
      item.style.gridArea = `1 / ${column + 1}`;
      item.style.marginBlockStart = `${top}px`;
    };
    // Cards within or above the viewport first, in their columns; then the others under the column
    // that ends highest. Hidden cards (over a max-items limit) get no place and no gap.
    const later: number[] = [];
    items.forEach((item, index) => {
      const before = this.placements.get(item);
      if (!heights[index]) return;
      if (before && before.top < fold) put(item, heights[index]!, before.column);
      else later.push(index);
    });
    for (const index of later) put(items[index]!, heights[index]!, ends.indexOf(Math.min(...ends)));
  };
}
