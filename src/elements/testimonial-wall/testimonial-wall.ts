import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { WidgetReadClient } from '../../client/index.js';
import { canonicalListQuery } from '../../client/query.js';
import type { ListTestimonialsParams, Testimonial, TestimonialList } from '../../client/types.js';
import { CardDisplayElement } from '../shared/card-display.js';
import { errorMessage } from '../shared/events.js';
import { lazyModule } from '../shared/lazy-module.js';
import { OUTBOUND_REL } from '../shared/safe-url.js';
import type { ServerShadow } from '../shared/testimonial-element.js';
import { styleProperties } from '../shared/style-properties.js';
import { takeOver } from '../shared/take-over.js';
import { ChunkedList, DEFAULT_CHUNK_SIZE } from './chunked-list.js';
import type { FormLinkController } from './form-link.js';
import { isMoving, LayoutChunks, movingLayouts } from './layout-chunks.js';
import type { ScrollPaging } from './scroll-paging.js';
import { WallData } from './wall-data.js';
import {
  listParamsFromAttributes,
  pageSize,
  WALL_LAYOUTS,
  WALL_PAGING,
  WALL_QUERY_KEYS,
  type WallLayout,
  type WallPaging,
} from './wall-options.js';
import { pickCount, pickOption, warnInvalid } from '../shared/warnings.js';
import { styles } from './testimonial-wall.styles.js';
import {
  limitClasses,
  listTemplate,
  skeletonCount,
  skeletonTemplate,
  type CardTemplate,
  type ItemLimits,
  type ListContext,
} from './wall-templates.js';
import type { MovingParts } from './moving-layouts.js';
import type { WallControls } from './controls/wall-controls.js';

export type { TestimonialWallErrorEvent, TestimonialWallLoadEvent } from '../shared/events.js';

/** Properties that change the question asked of the API. */
const QUESTION_PROPERTIES = ['endpoint', 'client', 'testimonials', 'controls', ...WALL_QUERY_KEYS] as const;

/** Properties the wall hands to its cards: a change renders the slices already shown again. */
const CARD_PROPERTIES = [...Object.keys(CardDisplayElement.properties), 'strings'] as (keyof CardDisplayElement)[];

// Only walls with a call to action read GET /links: that code waits in a chunk of its own (~0.15 KB gzip
// off every other wall's download).
const formLinks = lazyModule(() => import('./form-link.js'));

/** The visitor's toolbar (`controls`): only walls that have one load it. */
export const wallControls = lazyModule(() => import('./controls/wall-controls.js'));

/** `paging="scroll"`'s sentinel and its observer: a chunk that only walls paging on scroll load. */
const scrollPagingModule = lazyModule(() => import('./scroll-paging.js'));

/**
 * @tagname testimonial-wall
 * @summary A wall of testimonials from the API (through the key-holding proxy) or from given data: five
 * layouts, paging, honest loading, empty and error states, space reserved while it loads.
 *
 * Layouts: `masonry` (default), `grid`, `list`, `carousel` (WAI-ARIA carousel pattern, scroll-snap,
 * arrow keys, optional `autoplay`), `marquee` (endless moving rows; static under reduced motion; shows
 * the first page only). Paging: `button` (default, "Load more"; in the carousel, "next" on the last slide
 * fetches the next page), `scroll` (loads when the end comes into view), `none`. `loadMore()` fetches the
 * next page whatever the paging. Invalid attribute values are reported on the console and replaced by
 * the default. The carousel and the marquee come in a chunk of their own, fetched by the first wall
 * that shows one (its skeleton stands in meanwhile), and so does masonry's placement of cards under
 * the shortest column; should that fail, the wall shows a list.
 *
 * While the first page loads, six skeleton boxes (three in the carousel, four in the marquee) reserve
 * the space: the first holds a card of a placeholder text as long as `text-limit`, with a row of
 * images (as tall as the tallest text card can be at that width), the others are as tall, and the
 * wall keeps that height once the cards are in, so nothing below it moves down or up when they come
 * (a smaller `text-limit` reserves less).
 * Long lists render in slices sized to a 30 ms budget per frame from the marginal cost of a card;
 * slices already shown are not rendered again.
 *
 * Keyboard: a wall that shows testimonials starts with a "Skip testimonials" link, seen only while
 * focused, which moves focus to the end of the testimonials (the next Tab reaches "Load more" or the
 * call to action, then leaves the wall). A skip link rather than one Tab stop with arrow keys inside:
 * the cards hold links and buttons of their own ("Read more", sources, videos) that readers expect to
 * reach with Tab, and arrow keys inside a list of rich content are a pattern few would guess. "Load
 * more" stays focusable while the page loads (`aria-disabled`), then focus goes to the first new
 * testimonial. The carousel's slides out of view are inert, so Tab enters only the slides shown; in
 * the marquee, focus stops the motion and brings the focused card into view. `aria-label` on the
 * wall names its list or carousel, as `label` does, and wins over it.
 *
 * The carousel is as tall as the slides in view and changes height only as the reader moves it; with
 * `autoplay` it keeps the height of its tallest slide, so that the page never moves on its own.
 * Masonry places each card under the column that ends highest; cards in view keep their column when
 * a page arrives, and each slice is a grid of its own, so a slice that arrives lays out its own cards
 * only.
 *
 * Breakpoints follow the wall's own width (container queries): small below 36rem, medium from 36rem,
 * large from 60rem. `max-items-sm`, `max-items-md` and `max-items-lg` limit how many testimonials
 * masonry, grid and list show at each (the rest stay hidden, and "Load more" with them).
 *
 * @csspart wall - The wrapper of everything (the container-query container).
 * @csspart skip - The "Skip testimonials" link, shown while focused.
 * @csspart list - The list of testimonials (masonry, grid, list) and its skeleton.
 * @csspart item - One list item holding a card.
 * @csspart skeleton - A placeholder box while the first page loads (the first holds a placeholder card).
 * @csspart empty - The message shown when there is no testimonial.
 * @csspart error - The message shown when loading failed.
 * @csspart retry - The button that repeats a failed request.
 * @csspart footer - The row under the wall with "Load more" and the call to action.
 * @csspart load-more - The "Load more" button.
 * @csspart cta - The "Leave a testimonial" link.
 * @csspart carousel - The carousel region.
 * @csspart carousel-controls - The carousel's buttons.
 * @csspart rotation-control - The button that stops and starts automatic rotation.
 * @csspart previous - The "previous testimonial" button.
 * @csspart next - The "next testimonial" button.
 * @csspart track - The carousel's scrolling track.
 * @csspart slide - One carousel slide.
 * @csspart marquee - The moving rows.
 * @csspart marquee-toggle - The button that pauses and resumes the moving rows.
 * @csspart controls - The visitor's toolbar (`controls`), above the testimonials.
 * @csspart controls-search - The toolbar's search form (a `search` landmark).
 * @csspart search - The search field.
 * @csspart controls-toolbar - The toolbar's filters and order (role `toolbar`).
 * @csspart controls-reset - The toolbar's "Reset" button, shown once the visitor set anything.
 *
 * @attr {boolean} controls-url - With `controls`: keeps the visitor's choices in the page URL's query (`?t-q=…&t-rating=…`), so a filtered wall can be linked and Back undoes a choice (docs/wall-controls.md).
 *
 * @cssproperty --testimonial-wall-columns - The most columns (masonry, grid) or slides in view (carousel). Default 3.
 * @cssproperty --testimonial-wall-column-width - The narrowest a column may get before one is dropped. Default 18rem.
 * @cssproperty --testimonial-wall-gap - Space between cards. Default 1rem.
 * @cssproperty --testimonial-wall-item-size - Assumed height of a card: the reserved size of cards not yet in view, and, when set, the skeleton's height. Default: the skeleton is as tall as the tallest text card; cards not in view are assumed one of its boxes tall once it has given way (a sixth of its height where its six boxes stand in one column, its height over its rows in a masonry of several columns), and at least 12rem.
 * @cssproperty --testimonial-wall-background - Behind the cards. Default transparent; the theme's background when dark.
 * @cssproperty --testimonial-wall-marquee-item-duration - Time each testimonial takes to pass in the marquee. Default 6s.
 *
 * @fires {TestimonialWallLoadEvent} testimonial-wall-load - A page arrived: `detail.testimonials` (the ones added) and `detail.page`.
 * @fires {TestimonialWallErrorEvent} testimonial-wall-error - A request failed: `detail.error`, `detail.message`, `detail.page`.
 */
export class TestimonialWall extends CardDisplayElement {
  static override styles = styles;
  static override properties = {
    endpoint: {},
    client: { attribute: false },
    testimonials: { attribute: false },
    sort: {},
    order: {},
    rating: {},
    type: {},
    integration: {},
    tags: {},
    query: {},
    lang: { noAccessor: true },
    limit: {},
    page: {},
    layout: {},
    paging: {},
    label: {},
    hostLabel: { attribute: 'aria-label' },
    autoplay: { type: Boolean },
    autoplayInterval: { attribute: 'autoplay-interval' },
    marqueeRows: { attribute: 'marquee-rows' },
    maxItemsSm: { attribute: 'max-items-sm' },
    maxItemsMd: { attribute: 'max-items-md' },
    maxItemsLg: { attribute: 'max-items-lg' },
    cta: {},
    controls: {},
  };

  /** The proxy's base URL; the wall requests `${endpoint}/testimonials` and `${endpoint}/links`. */
  endpoint?: string;

  /** A client of your own (`createReadClient` with a custom `fetch` or another base URL); used instead of `endpoint`. */
  client?: WidgetReadClient;

  /** Testimonials to show as they are, with no request. */
  testimonials?: Testimonial[];

  /** Spec 4.1 `sort`: `date` or `rating`. */
  sort?: string;
  /** Spec 4.1 `order`: `asc` or `desc`. */
  order?: string;
  /** Spec 4.1 `rating`: only testimonials with this rating. */
  rating?: string | number;
  /** Spec 4.1 `type`: `text` or `video`. */
  type?: string;
  /** Spec 4.1 `integration`: only testimonials imported from this source. */
  integration?: string;
  /** Spec 4.1 `tags`: tag names, comma-separated in the attribute; any of them matches. */
  tags?: string | string[];
  /** Spec 4.1 `query`: full-text search. */
  query?: string;
  /**
   * Spec 4.1 `lang`: testimonials written in or translated into this language. The native `lang`
   * attribute, so the cards also show that translation.
   */
  override lang!: string;
  /** Spec 4.1 `limit`: testimonials per page, 1 to 1000 (100 by default). */
  limit?: string | number;
  /** Spec 4.1 `page`: the first page to show (pages count from 1). */
  page?: string | number;

  /** `masonry`, `grid`, `list`, `carousel` or `marquee`. */
  layout: WallLayout = 'masonry';
  /** `button` ("Load more"), `scroll` (when the end comes into view) or `none`. */
  paging: WallPaging = 'button';
  /** Accessible name of the list or carousel; give walls on one page different names. Default: "Testimonials" in the wall's language. */
  label?: string;
  /**
   * `aria-label` on the wall names its list or carousel, as `label` does, and wins over it (the wall
   * itself has no role, so a name on it alone would be read by nobody).
   */
  hostLabel?: string | null;

  /** Carousel: turn slides automatically (never under reduced motion; pauses on hover and focus). */
  autoplay = false;
  /** Carousel: milliseconds between slides when `autoplay` is set (default 5000, at least 1000). */
  autoplayInterval?: string | number;
  /** Marquee: how many rows (default 1). */
  marqueeRows?: string | number;
  /** Masonry, grid, list: the most testimonials shown while the wall is narrower than 36rem. */
  maxItemsSm?: string | number;
  /** Masonry, grid, list: the most testimonials shown while the wall is 36rem to 60rem wide. */
  maxItemsMd?: string | number;
  /** Masonry, grid, list: the most testimonials shown while the wall is 60rem wide or wider. */
  maxItemsLg?: string | number;
  /**
   * Shows a "Leave a testimonial" link to the first form of GET /links. The attribute's text, when
   * given, replaces the link's words.
   */
  cta?: string | null;
  /**
   * The visitor's toolbar above the cards: any of `search rating tags sort type`, space-separated
   * (docs/wall-controls.md). The owner's attributes stay the base every visitor choice narrows. With
   * the attribute `controls-url`, the choices are kept in the page URL (`?t-q=…`).
   */
  controls?: string;

  // Set by willUpdate, before every render.
  private listParams!: ListTestimonialsParams;
  private pagingValue!: WallPaging;
  private itemLimits!: ItemLimits;
  private marqueeRowCount!: number;
  /** The skeleton as last rendered: whether this render shows it. */
  private shownSkeleton: TemplateResult | undefined;
  /** Whether the current question's first page is fully rendered (the footer may show from then on). */
  private placed?: boolean;
  private askedClient: WidgetReadClient | undefined;
  private askedKey: string | undefined;
  private shownTestimonials: Testimonial[] | undefined;
  /**
   * The first page a server rendered this wall from (`testimonial-elements/ssr`): set by the server
   * renderer, or read from the data island when the browser takes the wall over. Used once, instead of
   * asking for page 1.
   */
  private serverPage: TestimonialList | undefined;
  /** Whether the wall is far out of view (see createRenderRoot); `heldQuestion`: a question waits for it to near. */
  private farAway?: boolean;
  private heldQuestion?: boolean;

  private readonly chunks = new ChunkedList<Testimonial>(this);
  /** The layout shown, and the chunks of those that need one. */
  private readonly layoutChunks = new LayoutChunks(this, this.reportProblem, () => this.chunks.batches[0]);
  /** Made once its chunk is here, for a wall with `paging="scroll"`. */
  private scrollPaging: ScrollPaging | undefined;
  /** Reduced motion and the carousel: made once the moving layouts' chunk is here, for a wall that shows one of them. */
  private movingParts: MovingParts | undefined;
  /** `autoplay-interval`, checked; `undefined` is the carousel's default. */
  private autoplayIntervalValue: number | undefined;
  private formLink: FormLinkController | undefined;
  private visitorControls: WallControls | undefined;
  /** The owner's question (the attributes); `params` is it narrowed by the visitor. */
  private ownerQuestion: ListTestimonialsParams = {};
  /** Whom the call to action asks for its link; `undefined` when there is none to show. */
  private formLinkClient: WidgetReadClient | undefined;
  private readonly wallData = new WallData(this, {
    onPage: (testimonials, page) => this.onPage(testimonials, page),
    onError: (error, page) => this.onPageError(error, page),
  });

  /** Fetches and appends the next page (no duplicates); does nothing when there is none or one is loading. */
  loadMore(): Promise<void> {
    return this.wallData.loadMore();
  }

  /** The server's first page, as the data island gives it in the browser. @internal */
  override takeServerData(page: TestimonialList): void {
    this.serverPage = page;
  }

  /** A carousel or marquee wall adopts the moving layouts' styles in the browser: the server writes them. @internal */
  static override serverShadow(wall: TestimonialWall): ServerShadow {
    return isMoving(wall.layout) ? { sheet: 'moving-layouts' } : {};
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    // A server-rendered carousel or marquee keeps the server's markup until its chunk is here (the
    // skeleton would stand in for it, and move what follows), then is drawn anew in the same task.
    // A wall with a toolbar keeps the server's markup until the toolbar's chunk is here too.
    this.serverPage = takeOver(this, () =>
      Promise.all([isMoving(this.layout) && movingLayouts.load(), this.controls && wallControls.load()]),
    );
    // A wall more than a screen's height below the viewport asks for nothing until it nears it; its
    // skeleton keeps its space. Which it is, is read from the skeleton's box in the frame before the
    // first paint (the layout that paint needs anyway): a wall nearer asks then, not after the near
    // chunk's two files and its observer's first answer (250–400 ms later on a slow network); a far
    // one loads that chunk, whose observer tells it when it nears. Once, in the browser only; should
    // the chunk fail to load, the wall does without.
    this.farAway = true;
    requestAnimationFrame(() => {
      if (this.getBoundingClientRect().y < 2 * innerHeight) this.near(true);
      else
        import('./near.js').then(
          (module) => module.default(this),
          () => this.near(true),
        );
    });
    return super.createRenderRoot();
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    // `lang` keeps its native accessor (so cards and :lang() see it), so Lit must not write the
    // attribute back into it: a removal would set the property to null, and the attribute to "null".
    // The wall only needs to know it changed.
    if (name === 'lang') {
      this.requestUpdate('lang', old ?? '');
      return;
    }
    super.attributeChangedCallback(name, old, value);
  }

  /** Told by the near observer (`near.ts`) whether the wall is within a screen's height of the viewport. @internal */
  near(isNear: boolean): void {
    // Near: a question held back is asked, a layout's or toolbar's chunk fetched (see willUpdate).
    this.farAway = !isNear;
    this.requestUpdate();
  }

  /** Resolves once the wall has rendered everything it was given, slice after slice. */
  protected override async getUpdateComplete(): Promise<boolean> {
    // Whoever waits for the wall to be complete gets every card, however far out of view it is.
    if (this.farAway) this.near(true);
    let complete = await super.getUpdateComplete();
    while (this.isConnected && (!this.chunks.done || this.layoutChunks.awaiting || (this.formLinkClient && !this.formLink))) {
      await (this.layoutChunks.awaiting
        ? this.layoutChunks.settled()
        : this.chunks.done
          ? formLinks.load().catch(() => undefined)
          : this.chunks.settled);
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const first = !this.hasUpdated;
    const report = this.reportProblem;
    // Far out of view, the wall asks nothing and loads neither its toolbar's chunk (nor its summary) nor
    // its layout's until near (a held question is asked then; data in hand is built, behind the skeleton
    // of a layout whose chunk waits). A server-rendered first page, whose chunks createRenderRoot
    // loaded, shows at once wherever the wall is.
    const wanted = !this.farAway || this.serverPage;
    if (first || WALL_QUERY_KEYS.some((key) => changed.has(key)))
      this.ownerQuestion = listParamsFromAttributes(Object.fromEntries(WALL_QUERY_KEYS.map((key) => [key, this[key]])), report);
    // The toolbar, once its chunk is here (the owner's question is asked meanwhile; a failed load is on the console).
    if (
      this.controls &&
      wanted &&
      !(this.visitorControls ??= wallControls.loaded?.wallControls(
        this,
        () => this.ownerQuestion,
        () => this.currentClient(),
      ))
    )
      void wallControls.load().then(() => this.requestUpdate('controls', null));
    this.listParams = this.visitorControls?.narrow(this.ownerQuestion) ?? this.ownerQuestion;
    // Shown again while its chunk waits: fetched once wanted (a chunk that failed shows a list, no longer waiting).
    if (first || changed.has('layout') || this.layoutChunks.awaiting) {
      this.layoutChunks.show(pickOption(report, 'layout', this.layout, WALL_LAYOUTS, 'masonry'), wanted);
    }
    // Cheap, and each problem is reported once: checked on every update, like the cards' display options.
    this.pagingValue = pickOption(report, 'paging', this.paging, WALL_PAGING, 'button');
    if (this.pagingValue === 'scroll') this.requestScrollPaging();
    this.itemLimits = {
      sm: pickCount(report, 'max-items-sm', this.maxItemsSm, 0),
      md: pickCount(report, 'max-items-md', this.maxItemsMd, 0),
      lg: pickCount(report, 'max-items-lg', this.maxItemsLg, 0),
    };
    this.marqueeRowCount = pickCount(report, 'marquee-rows', this.marqueeRows, 1) ?? 1;
    this.autoplayIntervalValue = pickCount(report, 'autoplay-interval', this.autoplayInterval, 1000);
    this.setUpMovingLayout();
    if (CARD_PROPERTIES.some((key) => changed.has(key))) this.cardTemplate = this.newCardTemplate();
    if (first || this.heldQuestion || QUESTION_PROPERTIES.some((key) => changed.has(key))) this.askQuestion(wanted);
    if (first || (['cta', 'endpoint', 'client'] as const).some((key) => changed.has(key))) {
      this.requestFormLink();
    }
    if (this.chunks.done && this.wallData.status !== 'loading' && !this.layoutChunks.awaiting) this.placed = true;
  }

  /**
   * Makes scroll paging once its chunk is here. Scroll paging waits while the visitor is at the end
   * of the wall: they skipped past it. Should the chunk fail to load (offline, say), "Load more"
   * pages instead: what it shows tells the visitor, and the failed request is on the console.
   */
  private requestScrollPaging(): void {
    if (this.scrollPaging) return;
    scrollPagingModule.load().then(
      ({ ScrollPaging }) => {
        this.scrollPaging ??= new ScrollPaging(
          this,
          () => this.pagingPossible && this.chunks.done,
          () => this.endFocused || void this.loadMore(),
        );
        this.requestUpdate();
      },
      () => (this.paging = 'button'),
    );
  }

  /** Asks for the call to action's link once its chunk is here (or forgets it when `cta` went away). */
  private requestFormLink(): void {
    const client = (this.formLinkClient = this.cta !== undefined && this.cta !== null ? this.currentClient() : undefined);
    if (!client && !this.formLink) return;
    formLinks.load().then(
      ({ FormLinkController }) => (this.formLink ??= new FormLinkController(this, this.reportProblem)).request(this.formLinkClient),
      (error: unknown) => {
        this.reportProblem(
          'TE-LINKS-FAILED',
          `cta: the call to action's code could not be loaded (${errorMessage(error)}); no call to action is shown.`,
        );
        this.formLinkClient = undefined;
        this.requestUpdate();
      },
    );
  }

  /** Once the moving layouts' chunk is here: see prepareMovingLayout there. */
  private setUpMovingLayout(): void {
    this.movingParts = movingLayouts.loaded?.prepareMovingLayout(this, this.movingParts, {
      layout: this.layoutChunks.shown,
      autoplay: this.autoplay,
      interval: this.autoplayIntervalValue,
      canPage: () => this.pagingPossible,
      loadMore: () => this.loadMore(),
      announce: (text) => this.announce(text),
      words: this.w,
    });
  }

  /**
   * Shows given testimonials, or asks the API when the question (client or query) changed: now if
   * `wanted` (see willUpdate), else once the wall nears the viewport.
   */
  private askQuestion(wanted: unknown): void {
    this.configError = this.heldQuestion = undefined;
    if (this.testimonials !== undefined) {
      if (this.shownTestimonials === this.testimonials) return;
      this.shownTestimonials = this.testimonials;
      this.askedClient = this.askedKey = undefined;
      this.placed = false;
      this.wallData.clear();
      // TE-INVALID-TESTIMONIALS, in the words every invalid attribute's warning uses.
      const valid = Array.isArray(this.testimonials);
      if (!valid) warnInvalid(this.reportProblem, 'testimonials', this.testimonials, 'is not an array of testimonials', 'none');
      // Data in hand is built at once, wherever the wall is.
      this.chunks.replace(valid ? this.testimonials : []);
      return;
    }
    this.shownTestimonials = undefined;
    const client = this.currentClient();
    const key = canonicalListQuery(this.listParams).toString();
    if (client === this.askedClient && key === this.askedKey) return;
    // Far out of view: asked once near (willUpdate asks a held question again).
    if ((this.heldQuestion = !wanted)) return;
    this.askedClient = client;
    this.askedKey = key;
    // A visitor's question keeps the cards shown until its answer is in (the toolbar holds the height).
    if (!this.visitorControls?.refreshing) {
      this.placed = false;
      this.chunks.replace([]);
    }
    if (client) {
      void this.wallData.load(client, this.listParams, this.serverPage);
      this.serverPage = undefined;
    } else {
      this.wallData.clear();
    }
  }

  /** The client to ask: the one given, else the page-wide one of `endpoint`; reports a bad endpoint. */
  private currentClient(): WidgetReadClient | undefined {
    return this.client ?? this.endpointClient(this.endpoint, 'testimonial-wall-error', { page: 1 });
  }

  private onPage(testimonials: Testimonial[], page: number): void {
    const feed = this.wallData.feed;
    if (feed && feed.items.length === testimonials.length) {
      // A page that came with the wall (server rendering) is shown whole at once, as the server showed
      // it; a fetched one arrives after the first render and is revealed slice by slice. On a phone
      // (narrower than two of the default 18rem columns and their gap) the first slice is a screenful,
      // not a desktop's eight: at 4× CPU the eight made the task the answer arrives in the longest after
      // the demo's first paint. The skeleton stood six boxes in one column (fewer for a shorter page,
      // which then comes whole), each as tall as the tallest text card, about twice a typical one (the
      // sandbox's: 250–470 px against 790 at 390 px wide): twice six over its height is cards per pixel
      // of screen, three on the demo's phone (`slice` takes the whole part; a height of 0, no skeleton
      // laid out, makes the default). The cards after them are assumed a box tall (see the styles' --_held).
      // Wider, the default: masonry of two columns or more places a slice a frame after it comes, and a
      // first slice short of the screen would move the next one up in view.
      // Read only in the browser: on the server the page came with the wall.
      this.chunks.replace(
        feed.items,
        this.serverPage
          ? Infinity
          : innerWidth < 592
            ? Math.min(DEFAULT_CHUNK_SIZE, 1 + (12 * innerHeight) / this.skeletonHeight)
            : undefined,
      );
    } else {
      this.chunks.append(testimonials);
      this.announce(
        testimonials.length > 0 ? this.w('{0} more testimonials loaded.', testimonials.length) : this.w('No more testimonials.'),
      );
    }
    this.dispatchTestimonialEvent('testimonial-wall-load', { testimonials, page });
  }

  /** The accessible name of the list or carousel: the host's `aria-label`, else `label`. */
  private get accessibleName(): string {
    return this.hostLabel?.trim() || this.label || this.w('Testimonials');
  }

  /**
   * A reader gets a short sentence, told politely (a page that did not load is no emergency); what
   * went wrong (HTTP status, URL) is for the developer: the console and the event.
   */
  private onPageError(error: unknown, page: number): void {
    this.tellFailure('testimonial-wall-error', error, 'TE-LOAD-FAILED', `Could not load page ${page}. `, this.failure, { page });
  }

  /** What the reader is told when the first page, or a further one, failed. */
  private get failure(): string {
    return this.w(this.wallData.status === 'ready' ? 'Could not load more testimonials.' : 'Could not load testimonials.');
  }

  private get pagingPossible(): boolean {
    return this.layoutChunks.shown !== 'marquee' && this.pagingValue !== 'none' && this.wallData.canLoadMore;
  }

  private get endFocused(): boolean {
    return this.shadowRoot?.activeElement?.matches('span.skip') ?? false;
  }

  /** The first testimonial from `index` on, as rendered. */
  private itemAt(index: number): HTMLElement | undefined {
    return this.renderRoot.querySelectorAll<HTMLElement>('.items .item, .track .slide')[index];
  }

  /** "Load more" (busy while a page loads: aria-disabled keeps it focusable); focus by the base's rule. */
  private onLoadMoreClick(): void {
    const firstNew = this.chunks.total;
    if (this.wallData.moreStatus !== 'loading')
      void this.keepFocus(this.loadMore(), () => this.itemAt(firstNew) ?? this.renderRoot.querySelector('[part=retry]'));
  }

  /**
   * "Skip testimonials": focus goes to the end of the list, so the next Tab leaves the testimonials.
   * The end is a Tab stop only while it holds focus: Chromium moves on from an element that is not
   * one (tabindex -1) in a shadow tree to the tree's first Tab stop, not the one after it.
   */
  private onSkip(event: Event): void {
    event.preventDefault();
    const end = this.renderRoot.querySelector<HTMLElement>('span.skip')!;
    end.tabIndex = 0;
    // Focused at once; the slices in between then render as they near the viewport, at their own height
    // rather than the one assumed (content-visibility), and push the end on: the focus rule keeps it in view.
    void this.keepFocus(end.focus(), () => end);
  }

  private onSkipEndBlur(event: Event): void {
    (event.target as HTMLElement).tabIndex = -1;
  }

  private readonly onRetry = (): void => {
    const firstNew = this.chunks.total;
    void this.retry(
      () => this.wallData.retry(),
      () => this.itemAt(firstNew),
    );
  };

  /** The card of one testimonial; a new function when what the cards are given changes (see CardTemplate). */
  private cardTemplate = this.newCardTemplate();

  private newCardTemplate(): CardTemplate {
    // What only the card's script reads goes as properties: a property the card already holds is no
    // work, where an attribute binding wrote each card's attributes (a toggleAttribute per `no-*` flag
    // even when off: six calls a card) and the card converted them back. `variant` and `theme` stay
    // attributes: the card's styles select on them.
    return (testimonial) =>
      html`<testimonial-card
        .testimonial=${testimonial}
        variant=${this.cardDisplay.variant ?? nothing}
        theme=${this.cardDisplay.theme ?? nothing}
        .noDate=${this.noDate}
        .noRating=${this.noRating}
        .noSource=${this.noSource}
        .noAvatar=${this.noAvatar}
        .noMedia=${this.noMedia}
        .showTags=${this.showTags}
        .strings=${this.strings}
        .headingLevel=${this.cardDisplay.headingLevel}
        .textLimit=${this.cardDisplay.textLimit}
      ></testimonial-card>`;
  }

  private renderItems(): TemplateResult {
    const context: ListContext = {
      batches: this.chunks.batches,
      card: this.cardTemplate,
      limits: this.itemLimits,
      label: this.accessibleName,
      end: this.pagingValue === 'scroll' && this.scrollPaging?.canPage() ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing,
    };
    const moving = movingLayouts.loaded?.movingTemplate(this.movingParts, this.layoutChunks.shown, {
      ...context,
      complete: this.chunks.done,
      total: this.chunks.total,
      rows: this.marqueeRowCount,
      lang: this.currentLanguage.lang,
      words: this.w,
    });
    return moving ?? listTemplate(context);
  }

  private renderSkeleton(): TemplateResult {
    return (this.shownSkeleton = skeletonTemplate(
      this.layoutChunks.shown,
      skeletonCount(this.layoutChunks.shown, pageSize(this.listParams)),
      this.itemLimits,
      this.w('Loading testimonials…'),
      this.cardTemplate,
    ));
  }

  private renderBody(): TemplateResult | typeof nothing {
    // The endpoint's problem is on the console (see currentClient), for whoever set it.
    const { w } = this;
    const locale = this.currentLanguage;
    if (this.configError !== undefined) return this.renderError(this.failure);
    const { status } = this.wallData;
    if (status === 'error' || (status === 'loading' && this.retrying)) return this.renderError(this.failure, this.onRetry);
    // The skeleton stays until the words of the wall's language have arrived.
    if ((status === 'loading' && !this.visitorControls?.refreshing) || !locale.lang || this.heldQuestion) return this.renderSkeleton();
    if (status === 'idle' && this.testimonials === undefined) return nothing;
    if (this.chunks.total === 0)
      return html`<div class="message" part="empty" lang=${locale.lang}>${this.visitorControls?.empty() || w('No testimonials to show yet.')}</div>`;
    if (this.layoutChunks.awaiting) return this.renderSkeleton();
    return html`<a class="skip" part="skip" href="#" @click=${this.onSkip}>${w('Skip testimonials')}</a>
      ${this.renderItems()}
      <span class="skip" tabindex="-1" @blur=${this.onSkipEndBlur}>${w('End of testimonials')}</span>`;
  }

  /**
   * Appears once the first page is placed and the call to action is known, so it never pushes what is
   * already on screen; it stays while later pages render.
   */
  private renderFooter(): TemplateResult | typeof nothing {
    const { status, moreStatus } = this.wallData;
    const ready = status === 'ready' || (status === 'idle' && this.testimonials !== undefined);
    // The call to action is known: none asked for, or its link answered.
    const ctaSettled = !this.formLinkClient || this.formLink?.settled;
    if (!ready || !this.placed || !ctaSettled || this.configError !== undefined) return nothing;
    // The carousel pages with its own "next" button at the last slide; the marquee shows one page.
    const loadMore =
      this.pagingValue === 'button' &&
      !isMoving(this.layoutChunks.shown) &&
      (this.wallData.feed?.hasMore ?? false) &&
      moreStatus !== 'error' &&
      !this.retrying
        ? html`<button
            type="button"
            class="load-more"
            part="load-more"
            lang=${this.currentLanguage.lang}
            aria-disabled=${moreStatus === 'loading' ? 'true' : nothing}
            @click=${this.onLoadMoreClick}
          >
            ${this.w(moreStatus === 'loading' ? 'Loading…' : 'Load more')}
          </button>`
        : nothing;
    const failure = moreStatus === 'error' || this.retrying ? this.renderError(this.failure, this.onRetry) : nothing;
    const words = this.cta?.trim();
    const cta = this.formLink?.href
      ? html`<a class="cta" part="cta" href=${this.formLink!.href} rel=${OUTBOUND_REL} lang=${words ? nothing : this.currentLanguage.lang}>
          ${words || this.w('Leave a testimonial')}
        </a>`
      : nothing;
    if (loadMore === nothing && failure === nothing && cta === nothing) return nothing;
    const capped = this.layoutChunks.shown === 'carousel' ? '' : limitClasses('capped', this.chunks.total, this.itemLimits);
    return html`<div class="footer ${capped}" part="footer">${loadMore}${failure}${cta}</div>`;
  }

  protected override render(): TemplateResult {
    // The wall's words say the language they are in (`pt` for `pt-BR`, English for a language without
    // words), on each of them: the cards take their content's language from the page.
    const body = this.renderBody();
    // Once its skeleton has given way, the wall is at least as tall as it was (see skeletonHeight): cards
    // shorter than the skeleton (as tall as the tallest text card) move nothing below the wall up. The
    // styles also size cards not yet rendered from it.
    const held = styleProperties({ '--_held': `${body === this.shownSkeleton ? 0 : this.skeletonHeight}px` });
    return html`<div class="wall ${this.layoutChunks.shown}" part="wall" dir=${this.wordsDir} ${held}>
      ${this.visitorControls?.render(this.currentLanguage)} ${body} ${this.renderFooter()}
      ${this.renderLiveRegion()}
    </div>`;
  }
}
