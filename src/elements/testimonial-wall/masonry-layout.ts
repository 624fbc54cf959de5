/**
 * Masonry: cards sit in the columns of a CSS grid (the grid layout's columns), each under the column
 * that ends highest when it is placed, so columns end level. CSS multi-column filled columns one after
 * the other and left holes (a short middle column, gaps between the blocks of later pages).
 *
 * Each slice of the list (a chunk of the progressive rendering) becomes a grid of its own, positioned
 * in the list (out of its flow, so one slice's layout never involves the others) where it starts: a new slice starts
 * where the list ended when it came (so its cards, until placed, are as far down as a grid's new row
 * would be: out of view, content-visibility skips them). Every card is in its slice's first row, in its
 * column, moved by a margin to the sum of the heights above it, whatever slice they are in. So a new
 * slice, or a card that moves, lays out its own slice only: one grid of all the cards made every slice
 * lay out the thousand before it. The list gets the height of its longest column.
 *
 * Once all its cards are placed, a slice starts at its highest card and ends at its lowest, and skips
 * rendering as a whole while out of view (the class `grouped`: one content-visibility box per slice,
 * not per card). The browser checks every such box against the viewport in every frame, and with one
 * per card that check grew with the cards shown: the longest part of a frame on a slow device at a
 * thousand cards. The slices' boxes overlap (columns end unevenly), so they take no pointer events;
 * their cards do.
 *
 * What each change costs:
 * - A new slice: its cards go under the columns as they ended, with the heights a ResizeObserver
 *   reports after the layout the browser does anyway; nothing is read, only the new cards are written.
 * - A card that changes height (an image, "Read more", content-visibility rendering it): every card is
 *   placed again, in script, and only those whose place changes are written. A card placed within or
 *   above the viewport keeps its column, so nothing the reader sees changes column; the others go
 *   under the column that ends highest.
 * - The list's width (observed too; its height, which placing sets, is ignored): the columns are read
 *   again. With one column (a phone) the list stays the grid it is, and nothing is observed but its
 *   width; with more, every card is measured in one pass and placed in one pass.
 * Placing waits for the next frame, before its layout: placed within the observer's callback, cards
 * would move within the same rendering, where a card that content-visibility starts or stops skipping
 * changes size again, a change the observer cannot report there (Firefox reports "ResizeObserver loop
 * completed with undelivered notifications"). A new list is placed before its first paint. Until the
 * cards are placed (rendered on the server, or before this chunk arrives) the list is a grid.
 */
interface Placement {
  column: number;
  top: number;
}

/**
 * A slice's inline styles: a grid (over `.batch`'s `display: contents`) positioned across the list, its
 * cards at the top of their cells. Positioned rather than in a grid cell the slices share: a grid
 * lays out all its items again whenever one changes, which tripled the layout of each frame at a
 * thousand cards. Its columns are the list's, from the list's own rule (the class
 * `items`), computed against its own width, which is the list's: inheriting them (`inherit`) would make
 * the browser restyle every slice whenever the list's height is set, since a parent restyles all its
 * children when one of them inherits explicitly; a thousand cards make hundreds of slices, at every
 * slice that comes.
 */
const SLICE_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'grid',
  position: 'absolute',
  insetInline: '0',
  alignItems: 'start',
  // Slices overlap (columns end unevenly): only their cards take the pointer.
  pointerEvents: 'none',
};
const SLICE_CLASS = 'items';
const LIST_STYLE: Partial<CSSStyleDeclaration> = { display: 'block', position: 'relative' };
/** The assumed height of a card not yet rendered (the wall's styles), set on the list for its columns. */
const ITEM_SIZE = '--_item-size';
/** The boxes of a list's skeleton for a page of six cards or more (wall-templates.ts' skeletonCount). */
const SKELETON_BOXES = 6;
/**
 * Every slice's and card's, from before their first style: placing turns a slice's content-visibility
 * on and its cards' off (`fitSlice`), and content-visibility brings style containment with it. Chromium
 * answers a change of any element's style containment by walking every element of the document for its
 * counters (`StyleEngine::UpdateCounters`) in that frame: 3.5 ms at a thousand cards on the bench
 * machine, in every frame that placed a slice, and more on a page of its own size. Contained all along,
 * nothing changes. Style containment scopes only counters and quotes, which no card shares with another.
 */
const CONTAINMENT = 'style';
/** A slice whose cards are all placed: it skips rendering as a whole (see `fitSlice`). */
const GROUPED_CLASS = 'grouped';
/**
 * A card's: whole pixels (columns differ in width by a fraction of one, and a card changing column must
 * not change size, which the observer would report again), and the pointer its slice lets through.
 */
const ITEM_STYLE: Partial<CSSStyleDeclaration> = { inlineSize: 'round(down, 100%, 1px)', pointerEvents: 'auto' };
/**
 * Whether the cards of a later slice keep their images back until the browser renders them (see
 * `nearing`): only where it says when it starts, `contentvisibilityautostatechange` (Baseline 2024).
 * A browser without it would never give them their images: there, cards have theirs from the start.
 */
const DEFERS_IMAGES = 'ContentVisibilityAutoStateChangeEvent' in globalThis;

/** A card as placing sees it: the wall's `<testimonial-card>`, whose images may wait (`deferredImages`). */
type Card = Element & { deferredImages?: boolean; readonly hasUpdated: boolean; requestUpdate(): void };

/** Gives the cards in `root` that wait for their images their images. */
function giveImages(root: Element): void {
  for (const card of root.querySelectorAll<Card>('testimonial-card')) {
    if (!card.deferredImages) continue;
    card.deferredImages = false;
    card.requestUpdate();
  }
}

/**
 * The masonry walls of the page, held weakly (a wall taken off the page is not kept for this): a page
 * printed gets every image, as the browser loads its lazy images before it prints.
 */
const layouts = new Set<WeakRef<MasonryLayout>>();

function giveEveryImage(): void {
  for (const reference of layouts) {
    const layout = reference.deref();
    if (!layout) layouts.delete(reference);
    else if (layout.list) giveImages(layout.list);
  }
}

export class MasonryLayout {
  /** The list followed (read when the page is printed, see `giveEveryImage`). */
  list: HTMLElement | null = null;
  private observer: ResizeObserver | undefined;
  private firstBatch: unknown;
  private frame = 0;
  /** Whether the cards are placed: the list has more than one column. */
  private active = false;
  private columns = 0;
  private gap = 0;
  /** The list's inline size when its columns were read. */
  private width = 0;
  private widthChanged = false;
  /** Every card, in order, and where each one is in that order. */
  private items: HTMLElement[] = [];
  private indexes = new WeakMap<Element, number>();
  /** The slices seen so far. */
  private slices = 0;
  /** Where each slice starts, from the list's top. */
  private starts = new WeakMap<Element, number>();
  /** Where the longest column ends. */
  private end = 0;
  /** Border-box heights, as the observer last reported them (or as read when placing began). */
  private heights = new WeakMap<Element, number>();
  private placements = new WeakMap<Element, Placement>();
  /** Cards before this index are placed; `ends` is where each column ends after them. */
  private placed = 0;
  private ends: number[] = [];
  /** Whether a placed card changed height since it was placed. */
  private moved = false;

  constructor() {
    if (!DEFERS_IMAGES) return;
    layouts.add(new WeakRef(this));
    addEventListener('beforeprint', giveEveryImage);
  }

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
      if (this.list && this.active) this.release();
      this.list = list;
      this.firstBatch = firstBatch;
      this.active = this.moved = this.widthChanged = false;
      this.columns = this.slices = this.placed = 0;
      this.items = [];
      this.indexes = new WeakMap();
      this.heights = new WeakMap();
      this.observer = undefined;
      if (!list) return;
      this.observer = new ResizeObserver(this.resized);
      this.observer.observe(list);
      // Not a bubbling event: heard on its way down to the slice or card it is fired at.
      if (DEFERS_IMAGES) list.addEventListener('contentvisibilityautostatechange', this.nearing, true);
    }
    if (!list) return;
    const slices = list.children;
    for (; this.slices < slices.length; this.slices++) {
      const slice = slices[this.slices] as HTMLElement;
      slice.style.contain = CONTAINMENT;
      const deferredImages = DEFERS_IMAGES && slice.classList.contains('deferred');
      for (const item of slice.children) {
        (item as HTMLElement).style.contain = CONTAINMENT;
        // Before the card's first render, which comes after the wall's update this runs in; a card
        // rendered before this chunk came keeps the images it has.
        const card = item.firstElementChild as Card | null;
        if (deferredImages && card && !card.hasUpdated) card.deferredImages = true;
        this.indexes.set(item, this.items.length);
        this.items.push(item as HTMLElement);
      }
      if (this.active) this.startSlice(slice, this.end);
    }
    // A new list is placed before its first paint, once the cards' own first render (queued during
    // the wall's) is done: it may change the page's height, and with it a page scrollbar, which the
    // observer would see change the cards' widths within its own callback. Later cards are placed at
    // the next frame, with the heights the observer reports after the layout the browser does anyway.
    if (fresh) queueMicrotask(this.placeAll);
  }

  /** Makes `slice` a grid of the list's columns starting `start` pixels from the list's top. */
  private startSlice(slice: HTMLElement, start: number): void {
    this.starts.set(slice, start);
    Object.assign(slice.style, SLICE_STYLE, { insetBlockStart: `${start}px` });
    slice.classList.add(SLICE_CLASS);
    for (const item of slice.children) {
      Object.assign((item as HTMLElement).style, ITEM_STYLE);
      this.observer!.observe(item);
    }
  }

  private readonly resized = (entries: ResizeObserverEntry[]): void => {
    for (const { target, borderBoxSize, contentBoxSize } of entries) {
      if (target === this.list) {
        // Placing sets the list's height: only its width can change the columns.
        if (Math.abs(contentBoxSize[0]!.inlineSize - this.width) > 0.5) this.widthChanged = true;
        continue;
      }
      const height = borderBoxSize[0]!.blockSize;
      if (this.heights.get(target) === height) continue;
      this.heights.set(target, height);
      if (this.indexes.get(target)! < this.placed) this.moved = true;
    }
    if (this.widthChanged || (this.active && (this.moved || this.placed < this.items.length))) {
      this.frame ||= requestAnimationFrame(this.onFrame);
    }
  };

  /**
   * A later slice's cards get their images when the browser starts rendering the card or its slice
   * (content-visibility: auto, each card until its slice is placed, then the slice), as it comes near
   * the view: an image's `src`, even with `loading="lazy"`, cost every card revealed (a cached image
   * loads at once, an uncached one is watched for the viewport in every frame), for cards out of view.
   * Held back so, a thousand cards were revealed 9% sooner, 18% on a CPU 4× slower (docs/performance.md).
   * The first slice, the first screen, has its images from its first render.
   */
  private readonly nearing = (event: Event): void => {
    if (!(event as ContentVisibilityAutoStateChangeEvent).skipped) giveImages(event.target as Element);
  };

  private readonly onFrame = (): void => {
    this.frame = 0;
    if (this.widthChanged) this.placeAll();
    else if (this.moved) this.place(0, this.fold());
    else this.place(this.placed, 0);
  };

  /** The viewport's bottom edge, in the list's coordinates. */
  private fold(): number {
    return innerHeight - this.list!.getBoundingClientRect().top;
  }

  /**
   * Reads the columns and places every card: none with one column, all of them (measured in one pass,
   * then written in one pass) with more.
   */
  private readonly placeAll = (): void => {
    const list = this.list;
    if (!list?.firstElementChild) return;
    this.widthChanged = false;
    // The list is a grid until placing starts; then its slices are, with the list's columns. Their
    // tracks include those a card placed in a column that is gone adds (a narrower wall), but the first
    // is always one of the list's, and they are all as wide: the width tells how many there are (one
    // when the list is no grid or not rendered, where the tracks are not numbers).
    const style = getComputedStyle(this.active ? list.firstElementChild : list);
    this.gap = parseFloat(style.columnGap) || 0;
    this.width = parseFloat(getComputedStyle(list).width);
    const columns = Math.round((this.width + this.gap) / (parseFloat(style.gridTemplateColumns) + this.gap)) || 1;
    if (columns !== this.columns) {
      this.columns = columns;
      this.placements = new WeakMap();
      // A card not yet rendered is assumed one of the skeleton's boxes tall, the tallest text card at
      // this width: the wall's styles take a sixth of the skeleton's height (--_held), a box where its
      // six stood in one column; with columns they stood in rows, and a sixth, less than a box, let a
      // skipped card overflow its place onto the next and onto "Load more" (as axe reads them). One
      // column keeps the styles' (release() takes this back).
      if (columns > 1) {
        const rows = Math.ceil(SKELETON_BOXES / columns);
        list.style.setProperty(
          ITEM_SIZE,
          `var(--testimonial-wall-item-size, max(12rem, (var(--_held) + var(--_gap)) / ${rows} - var(--_gap)))`,
        );
      }
    }
    if (columns < 2) {
      if (this.active) this.release();
      return;
    }
    if (!this.active) {
      this.active = true;
      Object.assign(list.style, LIST_STYLE);
      this.end = 0;
      for (const slice of list.children) this.startSlice(slice as HTMLElement, 0);
      // The cards have their columns' widths now: one layout, then every height.
      for (const item of this.items) this.heights.set(item, item.getBoundingClientRect().height);
    }
    this.place(0, this.fold());
  };

  /**
   * Places the cards from index `from` on (from the first, or after those already placed): cards
   * placed above `fold` keep their column, the others go under the column that ends highest. Cards
   * not measured yet wait; hidden ones (over a max-items limit) get no place and no gap. Writes only
   * the places that change, so the browser lays out only the slices they are in.
   */
  private place(from: number, fold: number): void {
    const list = this.list!;
    const gap = this.gap;
    if (from === 0) {
      this.ends = Array(this.columns).fill(0);
      this.moved = false;
    }
    const ends = this.ends;
    /** The slices whose cards were placed in this pass. */
    const touched = new Set<HTMLElement>();
    let index = from;
    for (; index < this.items.length; index++) {
      const item = this.items[index]!;
      const height = this.heights.get(item);
      if (height === undefined) break;
      if (!height) continue;
      const before = this.placements.get(item);
      const column = before && before.top < fold ? before.column : ends.indexOf(Math.min(...ends));
      const top = ends[column]!;
      ends[column] = top + height + gap;
      touched.add(item.parentElement!);
      // Unchanged places are not written again, so the browser has nothing new to lay out.
      if (before?.column === column && before.top === top) continue;
      this.placements.set(item, { column, top });
      item.style.gridArea = `1 / ${column + 1}`;
      this.offset(item);
    }
    this.placed = index;
    for (const slice of touched) this.fitSlice(slice);
    this.end = Math.max(0, ...ends.map((end) => end - gap));
    const height = `${this.end}px`;
    if (list.style.blockSize !== height) list.style.blockSize = height;
  }

  /** Moves `item` to its place's top, from its slice's start. */
  private offset(item: HTMLElement): void {
    item.style.marginBlockStart = `${this.placements.get(item)!.top - this.starts.get(item.parentElement!)!}px`;
  }

  /**
   * A slice whose cards are all placed starts at its highest card, so its box holds them all (their
   * margins are then never negative), and skips rendering as a whole while out of view, assumed as
   * tall as its cards reach until it has rendered once (then the browser remembers its height).
   */
  private fitSlice(slice: HTMLElement): void {
    let start = Infinity;
    let bottom = 0;
    for (const item of slice.children) {
      const height = this.heights.get(item);
      if (height === undefined || this.indexes.get(item)! >= this.placed) return;
      const placement = this.placements.get(item);
      if (!height || !placement) continue;
      start = Math.min(start, placement.top);
      bottom = Math.max(bottom, placement.top + height);
    }
    if (start === Infinity) return;
    if (start !== this.starts.get(slice)) {
      this.starts.set(slice, start);
      slice.style.insetBlockStart = `${start}px`;
      for (const item of slice.children) if (this.placements.has(item)) this.offset(item as HTMLElement);
    }
    // Not the first slice (the first screen), which skips nothing, as the styles' `.deferred .item` say.
    if (!slice.classList.contains('deferred')) return;
    const size = `auto none auto ${bottom - start}px`;
    if (slice.style.containIntrinsicSize !== size) slice.style.containIntrinsicSize = size;
    if (slice.classList.contains(GROUPED_CLASS)) return;
    slice.classList.add(GROUPED_CLASS);
    slice.style.contentVisibility = 'auto';
    for (const item of slice.children) (item as HTMLElement).style.contentVisibility = 'visible';
  }

  /**
   * One column, or a list about to be reused: takes back the inline styles placing set on the list,
   * its slices and its cards, and stops observing the cards (the list's width is still observed).
   */
  private release(): void {
    const list = this.list!;
    this.active = false;
    for (const name of [...Object.keys(LIST_STYLE), 'blockSize']) list.style[name as 'display'] = '';
    list.style.removeProperty(ITEM_SIZE);
    for (const slice of list.children) {
      for (const name of [...Object.keys(SLICE_STYLE), 'insetBlockStart', 'containIntrinsicSize', 'contentVisibility']) {
        (slice as HTMLElement).style[name as 'display'] = '';
      }
      slice.classList.remove(SLICE_CLASS, GROUPED_CLASS);
      for (const item of slice.children) {
        // Its containment stays (see CONTAINMENT): the slice's and the cards' content-visibility change here.
        item.setAttribute('style', `contain:${CONTAINMENT}`);
        this.observer?.unobserve(item);
      }
    }
    this.heights = new WeakMap();
    this.placements = new WeakMap();
    this.placed = 0;
  }
}
