/**
 * Masonry: cards sit in the columns of a CSS grid (the grid layout's columns), each under the column
 * that ends highest when it is placed, so columns end level. CSS multi-column filled columns one after
 * the other and left holes (a short middle column, gaps between the blocks of later pages).
 *
 * Each slice of the list (a chunk of the progressive rendering) becomes a grid of its own, of no
 * height, which starts where the list ended when it came (so its cards, until placed, are as far down
 * as a grid's new row would be: out of view, content-visibility skips them). Every card is in its
 * slice's first row, in its column, moved by a margin to the sum of the heights above it, whatever
 * slice they are in (a negative margin when that is above the slice's start). So a new slice, or a card
 * that moves, lays out its own slice only: one grid of all the cards made every slice lay out the
 * thousand before it. The list gets the height of its longest column.
 *
 * A ResizeObserver on the cards places them as they arrive (at the next frame, before its layout),
 * moves the cards under one that grows (an image, "Read more") and places all again when the columns
 * change (the cards' widths change with them; the list itself is not observed, since placing changes
 * its height). Placing within the observer's callback would move cards within the same rendering,
 * where a card that content-visibility starts or stops skipping changes size again, a change the
 * observer cannot report there (Firefox reports "ResizeObserver loop completed with undelivered
 * notifications"); the next frame also lays the moves out with the next slice, in one layout.
 * A card placed within or above the viewport keeps its column, so nothing the reader sees changes
 * column when a page arrives; cards below the viewport's bottom are placed again with the heights they
 * really have (a card not rendered yet, content-visibility, counts as its assumed size). Until the
 * cards are placed (rendered on the server, or before this chunk arrives) the list is a grid.
 */
interface Placement {
  column: number;
  top: number;
}

/** A slice's inline styles: its parent's columns, its cards at the top of their cells, no height. */
const SLICE_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'grid',
  gridTemplateColumns: 'inherit',
  gap: 'inherit',
  alignItems: 'start',
  blockSize: '0',
};

export class MasonryLayout {
  private list: HTMLElement | null = null;
  private observer: ResizeObserver | undefined;
  /** Where each slice starts, from the list's top. */
  private starts = new WeakMap<Element, number>();
  /** Where the last slice starts, and where the longest column ends. */
  private lastStart = 0;
  private end = 0;
  /** Border-box heights, as the observer last reported them (or as read when the list was new). */
  private heights = new WeakMap<Element, number>();
  private placements = new WeakMap<Element, Placement>();
  private columns = 0;
  private firstBatch: unknown;
  private frame = 0;

  /**
   * After each render of the wall: follows its masonry list's slices and cards. `firstBatch` tells a
   * new list (Lit may reuse the elements for other testimonials) from a longer one.
   */
  update(root: ParentNode, firstBatch: unknown): void {
    const list = root.querySelector<HTMLElement>('.masonry [role="list"]');
    const fresh = list !== this.list || firstBatch !== this.firstBatch;
    if (fresh) {
      this.observer?.disconnect();
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      // The list may be reused by another layout: it goes back to the grid's own placement.
      if (this.list) release(this.list);
      this.list = list;
      this.firstBatch = firstBatch;
      this.starts = new WeakMap();
      this.lastStart = this.end = 0;
      this.heights = new WeakMap();
      this.placements = new WeakMap();
      this.observer = list ? new ResizeObserver(this.resized) : undefined;
    }
    if (!list) return;
    list.style.display = 'block';
    for (const slice of list.children) {
      if (this.starts.has(slice)) continue;
      const start = Math.max(this.lastStart, this.end);
      this.starts.set(slice, start);
      // Slices have no height: each one's padding is the way from the start of the one before.
      Object.assign((slice as HTMLElement).style, SLICE_STYLE, { paddingBlockStart: `${start - this.lastStart}px` });
      this.lastStart = start;
      for (const item of slice.children) this.observer!.observe(item);
    }
    // A new list is placed before its first paint, once the cards' own first render (queued during
    // the wall's) is done: it may change the page's height, and with it a page scrollbar, which the
    // observer would see change the cards' widths within its own callback. Later cards are placed by
    // the observer, after the layout the browser does anyway.
    if (fresh) queueMicrotask(this.place);
  }

  private readonly resized = (entries: ResizeObserverEntry[]): void => {
    for (const entry of entries) this.heights.set(entry.target, entry.borderBoxSize[0]!.blockSize);
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      this.place();
    });
  };

  /** Reads first, then writes only the places that change: one layout, of the slices they are in. */
  private readonly place = (): void => {
    const list = this.list;
    const slice = list?.firstElementChild;
    if (!list || !slice) return;
    const style = getComputedStyle(slice);
    const columns = style.gridTemplateColumns.split(' ').length;
    const gap = parseFloat(style.rowGap) || 0;
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
      item.style.marginBlockStart = `${top - this.starts.get(item.parentElement!)!}px`;
    };
    // Cards within or above the viewport first, in their columns; then the others under the column
    // that ends highest. Hidden cards (over a max-items limit) get no place and no gap.
    const later: [HTMLElement, number][] = [];
    for (const item of list.querySelectorAll<HTMLElement>('.item')) {
      let height = this.heights.get(item);
      if (height === undefined) this.heights.set(item, (height = item.getBoundingClientRect().height));
      if (!height) continue;
      const before = this.placements.get(item);
      if (before && before.top < fold) put(item, height, before.column);
      else later.push([item, height]);
    }
    for (const [item, height] of later) put(item, height, ends.indexOf(Math.min(...ends)));
    this.end = Math.max(0, ...ends.map((end) => end - gap));
    const height = `${this.end}px`;
    if (list.style.blockSize !== height) list.style.blockSize = height;
  };
}

/** Takes back the inline styles placing set on a list, its slices and its cards. */
function release(list: HTMLElement): void {
  list.style.display = list.style.blockSize = '';
  for (const slice of list.children) {
    for (const name of [...Object.keys(SLICE_STYLE), 'paddingBlockStart']) (slice as HTMLElement).style[name as 'display'] = '';
    for (const item of slice.children) item.removeAttribute('style');
  }
}
