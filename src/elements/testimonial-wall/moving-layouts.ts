/**
 * The two layouts that move: the carousel (the WAI-ARIA carousel pattern, arrow keys, autoplay) and the
 * marquee (endless rows). A chunk of its own, imported only by a wall whose `layout` is one of them, so
 * a masonry, grid or list wall downloads none of their templates, navigation, autoplay or styles.
 * Until it has arrived the wall shows the layout's skeleton, which is in the entry (or, taken over from
 * the server, the server's markup). The server renders them with this code too (src/ssr).
 */
import { adoptStyles, html, nothing, type LitElement, type ReactiveController, type TemplateResult } from 'lit';
import { memo } from '../shared/memo.js';
import type { Testimonial } from '../../client/types.js';
import { AutoplayController, DEFAULT_AUTOPLAY_INTERVAL } from './autoplay-controller.js';

export { DEFAULT_AUTOPLAY_INTERVAL } from './autoplay-controller.js';
export { movingLayoutStyles } from './moving-layouts.styles.js';
import { movingLayoutStyles } from './moving-layouts.styles.js';
// Only moving walls follow prefers-reduced-motion: the controller comes with them, not in the entry.
export { MediaQueryController } from '../shared/media-query.js';
import { reducedMotion, type MediaQueryController } from '../shared/media-query.js';
import {
  currentSlideIndex,
  isRtl,
  keyToMove,
  lastStartIndex,
  overlapsInline,
  scrollEdges,
  scrollToSlide,
  targetIndex,
  type SlideMove,
} from './carousel-navigation.js';
import { language, type LocalizedHost, type Words } from '../shared/localize.js';
import { countStyle, type CardTemplate, type ListContext } from './wall-templates.js';

/** What the carousel needs of its wall. */
export interface CarouselWall {
  /** Whether a further page may be fetched now. */
  canPage(): boolean;
  loadMore(): Promise<void>;
  /** Tells screen readers, politely. */
  announce(text: string): void;
  /** The wall's words. */
  words: Words;
}

/** What a wall showing the carousel or the marquee holds once this chunk is here (see prepareMovingLayout). */
export interface MovingParts {
  /** Follows prefers-reduced-motion for the carousel's rotation and the marquee's motion. */
  reducedMotion: MediaQueryController;
  /** The wall's styles hold the moving layouts' (adopted; on the server, written by the renderer). */
  stylesAdopted: boolean;
  carousel?: CarouselController;
  /** The reader paused the marquee (its button); a new value renders the wall again. */
  paused: boolean;
  togglePaused: () => void;
}

export interface MovingLayoutOptions extends CarouselWall {
  layout: string;
  autoplay: boolean;
  /** `autoplay-interval`, checked; `undefined` is the carousel's default. */
  interval: number | undefined;
}

/**
 * On each update of a wall, before render (so render only reads): for the carousel or the marquee,
 * follows reduced motion and adopts the moving layouts' styles (once); for the carousel, makes its
 * controller and keeps its rotation in step with the attributes; a wall that left the carousel has its
 * rotation stopped. Returns the wall's parts, the same object from one call to the next.
 */
export function prepareMovingLayout(
  wall: LitElement,
  parts: MovingParts | undefined,
  options: MovingLayoutOptions,
): MovingParts | undefined {
  const { layout } = options;
  if (layout === 'carousel' || layout === 'marquee') {
    if (!parts) {
      const made: MovingParts = {
        reducedMotion: reducedMotion(wall),
        stylesAdopted: false,
        paused: false,
        togglePaused: () => {
          made.paused = !made.paused;
          wall.requestUpdate();
        },
      };
      parts = made;
    }
    // A wall rendered on the server has no render root (nor sheets to adopt): the renderer writes the
    // moving layouts' styles (see TestimonialWall.serverShadow).
    if (!parts.stylesAdopted && wall.renderRoot) {
      parts.stylesAdopted = true;
      // The class's own styles first (a subclass's included), then the moving layouts'.
      const { elementStyles } = wall.constructor as typeof LitElement;
      adoptStyles(wall.renderRoot as ShadowRoot, [...elementStyles, movingLayoutStyles]);
    }
  }
  if (layout !== 'carousel' || !parts) {
    if (parts?.carousel) parts.carousel.rotation.enabled = false;
    return parts;
  }
  parts.carousel ??= new CarouselController(wall, parts.reducedMotion, options);
  parts.carousel.rotation.enabled = options.autoplay;
  parts.carousel.rotation.interval = options.interval ?? DEFAULT_AUTOPLAY_INTERVAL;
  return parts;
}

/** What a wall gives movingTemplate: its list, and what the carousel and the marquee need besides. */
export interface MovingContext extends CarouselContext {
  rows: number;
  lang: string;
  words: Words;
}

/**
 * The carousel's or the marquee's markup, for the layout `parts` were prepared for (prepareMovingLayout);
 * `undefined` for any other layout, which the wall renders as a list.
 */
export function movingTemplate(parts: MovingParts | undefined, layout: string, context: MovingContext): TemplateResult | undefined {
  if (layout === 'carousel' && parts?.carousel) return parts.carousel.render(context);
  if (layout !== 'marquee' || !parts) return undefined;
  const { paused, togglePaused } = parts;
  return marqueeTemplate({ ...context, items: context.batches.flat(), still: parts.reducedMotion.matches, paused, togglePaused });
}

export interface CarouselContext extends ListContext {
  /** How many slides there are in all (revealed or still waiting for their frame). */
  total: number;
  /** Whether every slide is rendered (snap points are switched on then). */
  complete: boolean;
}

let carouselCount = 0;

/**
 * The carousel's behaviour and markup: previous and next (loading the next page at the end, else
 * wrapping around), arrow keys, Home and End on the track, and automatic rotation with its control.
 *
 * Slides out of view are `inert`: Tab reaches only the slides shown (it never scrolls a hidden one
 * into view, which sent readers back to slide 1), and, unless the carousel turns by itself, they take
 * no height, so the track is as tall as the slides in view.
 */
export class CarouselController implements ReactiveController {
  /** Automatic rotation; the wall sets `enabled` and `interval` from its attributes. */
  readonly rotation: AutoplayController;
  private total = 0;
  /** Slides already marked in view or not; newly rendered ones are marked after the update. */
  private readonly seen = new WeakSet<Element>();
  /**
   * The slides a move is taking the track to: shown as it starts, and not made inert again until the
   * track gets there. Marked away before the scroll had begun (a slow frame, a loaded machine), they
   * took no height again, and Firefox snapped the track back to where it was, dropping the move.
   */
  private heading = new Set<Element>();
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /** A wall that changes width shows more or fewer slides: they are marked again then too. */
  private resizeObserver: ResizeObserver | undefined;
  private observedTrack: Element | null = null;
  /** The track's id, which the buttons name in aria-controls (unique on the page, though the shadow root would do). */
  private readonly trackId = `testimonial-wall-track-${++carouselCount}`;

  constructor(
    private readonly host: LitElement,
    private readonly reducedMotion: MediaQueryController,
    private readonly wall: CarouselWall,
  ) {
    this.rotation = new AutoplayController(host, reducedMotion, () => this.move('next', false));
    host.addController(this);
  }

  /** Slides rendered by this update are marked before the first frame shows them, at their height. */
  hostUpdated(): void {
    const track = this.host.renderRoot.querySelector('[part="track"]');
    if (track !== this.observedTrack) {
      this.hostDisconnected();
      this.observedTrack = track;
      this.resizeObserver ??= new ResizeObserver(this.onTrackScroll);
      if (track) this.resizeObserver.observe(track);
    }
    this.markInView(false);
  }

  hostDisconnected(): void {
    clearTimeout(this.restTimer);
    this.resizeObserver?.disconnect();
    this.observedTrack = null;
  }

  /**
   * Makes the slides out of view inert and those in view not: all of them, or those not marked yet.
   * A slice out of view is not laid out (content-visibility): its box answers for its slides.
   */
  private markInView(all: boolean): void {
    const track = this.host.renderRoot.querySelector<HTMLElement>('[part="track"]');
    if (!track) return;
    const view = track.getBoundingClientRect();
    for (const batch of track.children) {
      const near = overlapsInline(batch.getBoundingClientRect(), view);
      for (const slide of batch.children as HTMLCollectionOf<HTMLElement>) {
        if (!all && this.seen.has(slide)) continue;
        this.seen.add(slide);
        const away = !near || !overlapsInline(slide.getBoundingClientRect(), view);
        if (this.heading.has(slide)) {
          if (away) continue;
          this.heading.delete(slide);
        }
        // A slide holding focus stays reachable, even scrolled away, so focus never drops to <body>.
        if (slide.inert !== away && !slide.matches(':focus-within')) slide.inert = away;
      }
    }
  }

  /**
   * Marks the slides again once the track rests (a swipe, the scrollbar, a move, a new width; not in
   * the ResizeObserver's callback, since marking changes the track's height). Not while it moves:
   * a change of layout then makes the browser snap anew, which cut smooth scrolls short in Firefox.
   */
  private readonly onTrackScroll = (event?: unknown): void => {
    clearTimeout(this.restTimer);
    // Where the browser says when a scroll ends (scrollend), the slides are marked then: 100 ms after
    // the last scroll event came mid-scroll when a frame took longer (a loaded machine), and Firefox,
    // snapping anew, took the track back to where the move began.
    if (event instanceof Event && event.type === 'scroll' && 'onscrollend' in (event.currentTarget as Element)) return;
    this.restTimer = setTimeout(() => this.markInView(true), 100);
  };

  /**
   * Moves the carousel; at the end it loads the next page if there is one, else wraps around. With
   * several slides in view, the end is the last slide that can reach the start edge.
   */
  move(move: SlideMove, announce: boolean): void {
    const track = this.host.renderRoot.querySelector<HTMLElement>('.track');
    if (!track) return;
    const slides = [...track.querySelectorAll<HTMLElement>('.slide')];
    if (slides.length === 0) return;
    const { atStart, atEnd } = scrollEdges(track);
    const last = lastStartIndex(track, slides);
    const current = Math.min(currentSlideIndex(track, slides), last);
    let index: number;
    if (move === 'next' && (atEnd || current === last)) {
      if (this.wall.canPage()) {
        // On once the new slides are rendered and laid out (the next frame: Firefox may not have sized
        // a new slice before it), so the move counts them and scrolls to where they are.
        void this.wall
          .loadMore()
          .then(() => this.host.updateComplete)
          .then(() => new Promise(requestAnimationFrame))
          .then(() => this.move('next', announce));
        return;
      }
      index = 0;
    } else if (move === 'previous' && (atStart || current === 0)) {
      index = last;
    } else {
      index = targetIndex(move, current, last + 1);
    }
    // Slides are equally wide: as many are in view as there are from the last start to the end.
    const lastShown = Math.min(index + slides.length - last, this.total);
    // The slides it goes to are shown (and the track takes their height) as the move starts, so the
    // layout changes with the reader's action, not while the track scrolls. So are their slices: one
    // not rendered yet (content-visibility) took its real height only as it came into view, mid-scroll,
    // and Firefox snapped back. The scroll then starts in the next frame, once it is laid out (at once,
    // Firefox scrolled as if the slice were not there).
    const heading = slides.slice(index, lastShown);
    let rendered = true;
    for (const slide of heading) {
      slide.inert = false;
      const slice = slide.parentElement!;
      if (slice.classList.contains('deferred') && slice.style.contentVisibility !== 'visible') {
        slice.style.contentVisibility = 'visible';
        rendered = false;
      }
    }
    this.heading = new Set(heading);
    const scroll = () => scrollToSlide(track, slides[index]!, this.reducedMotion.matches ? 'auto' : 'smooth');
    if (rendered) scroll();
    else requestAnimationFrame(scroll);
    if (!announce) return;
    const w = this.wall.words;
    this.wall.announce(
      lastShown > index + 1
        ? w('Testimonials {0} to {1} of {2}.', index + 1, lastShown, this.total)
        : w('Testimonial {0} of {1}.', index + 1, this.total),
    );
  }

  private readonly onTrackKeydown = (event: KeyboardEvent): void => {
    if (event.target !== event.currentTarget) return;
    const move = keyToMove(event.key, isRtl(event.currentTarget as Element));
    if (!move) return;
    event.preventDefault();
    this.move(move, true);
  };

  private readonly onPrevious = (): void => this.move('previous', true);
  private readonly onNext = (): void => this.move('next', true);
  private readonly onRotationToggle = (): void => this.rotation.toggle();

  /** The WAI-ARIA carousel pattern: a labelled region, controls first, slides as labelled groups. */
  render({ batches, card, label, end, total, complete }: CarouselContext): TemplateResult {
    const { trackId } = this;
    this.total = total;
    const w = this.wall.words;
    const slide = w('slide');
    const rotation = this.rotation.available
      ? html`<button type="button" part="rotation-control" aria-controls=${trackId} @click=${this.onRotationToggle}>
          ${w(this.rotation.stopped ? 'Start automatic slide show' : 'Stop automatic slide show')}
        </button>`
      : nothing;
    let index = 0;
    return html`<section
      class="carousel ${this.rotation.rotating ? 'rotating' : ''} ${this.rotation.available ? 'autoplay' : ''}"
      part="carousel"
      aria-roledescription=${w('carousel')}
      aria-label=${label}
    >
      <div class="carousel-controls" part="carousel-controls" lang=${language(this.host as LocalizedHost).lang}>
        ${rotation}
        <button type="button" part="previous" aria-controls=${trackId} aria-label=${w('Previous testimonial')} @click=${this.onPrevious}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" part="next" aria-controls=${trackId} aria-label=${w('Next testimonial')} @click=${this.onNext}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div
        id=${trackId}
        class="track ${complete ? 'complete' : ''}"
        part="track"
        role="group"
        aria-label=${w('Slides')}
        tabindex="0"
        @keydown=${this.onTrackKeydown}
        @scroll=${this.onTrackScroll}
        @scrollend=${this.onTrackScroll}
      >
        ${batches.map((batch, position) => {
          const first = index;
          index += batch.length;
          // Rendered once, as the list's slices are (listTemplate).
          return memo([batch, first, total, card, slide], () => {
            let number = first;
            return html`<div class="batch ${position > 0 ? 'deferred' : ''}" ${countStyle(batch.length)}>
              ${batch.map(
                (testimonial) =>
                  html`<div class="item slide" part="slide" role="group" aria-roledescription=${slide} aria-label=${w('{0} of {1}', ++number, total)} tabindex="-1">
                    ${card(testimonial)}
                  </div>`,
              )}
            </div>`;
          });
        })}
        ${end}
      </div>
    </section>`;
  }
}

export interface MarqueeContext {
  items: readonly Testimonial[];
  card: CardTemplate;
  label: string;
  rows: number;
  /** The reader asked for less motion: the rows stand still, with no copies and no pause button. */
  still: boolean;
  /** Every item is rendered, so widths no longer change: the rows may move. */
  complete: boolean;
  paused: boolean;
  /** The language of the wall's words, and the words, for the pause button. */
  lang: string;
  words: Words;
  /** The pause button was pressed. */
  togglePaused: () => void;
}

/** Item `index` goes to row `index % rows`, so rows stay even and reading order stays row by row. */
export function splitRows<T>(items: readonly T[], rows: number): T[][] {
  const count = Math.max(1, Math.min(rows, items.length));
  const out: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => out[index % count]!.push(item));
  return out;
}

/**
 * Focus inside the moving rows stops them (`:focus-within` pauses the animation) and brings the
 * focused card into view: the row's animation is set to the moment the card is fully in sight (its
 * start at the row's start when it does not fit). Without this, Tab reached cards that had slid out
 * of the row. The card is one of the first copy, which spans the first half of the track, so that
 * moment lies within the current iteration and the real card, never its copy, is the one shown.
 */
function showFocusedCard(event: FocusEvent): void {
  const item = (event.target as Element).closest('.item');
  const track = item?.closest<HTMLElement>('.marquee-track');
  const animation = track?.getAnimations()[0];
  const duration = Number(animation?.effect?.getTiming().duration);
  if (!item || !track || !animation || !duration) return;
  const row = track.parentElement!.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  const rtl = isRtl(track);
  const shift =
    box.width > row.width
      ? rtl
        ? row.right - box.right
        : row.left - box.left
      : Math.max(row.left - box.left, 0) + Math.min(row.right - box.right, 0);
  if (!shift) return;
  // The track moves from translateX(0) to ∓50% of its width in one iteration, linearly.
  const translated = new DOMMatrixReadOnly(getComputedStyle(track).transform).m41 + shift;
  const progress = Math.min(1, Math.abs(translated) / (track.offsetWidth / 2));
  const reversed = getComputedStyle(track).animationDirection === 'reverse';
  const iterationStart = Math.floor(Number(animation.currentTime) / duration) * duration;
  animation.currentTime = iterationStart + (reversed ? 1 - progress : progress) * duration;
}

/**
 * Endless rows: each row holds its items twice; the second copy is only there to close the loop, so it
 * is hidden from assistive technology and inert (no focus, no clicks).
 */
export function marqueeTemplate({
  items,
  card,
  label,
  rows,
  still,
  complete,
  paused,
  lang,
  words,
  togglePaused,
}: MarqueeContext): TemplateResult {
  const classes = ['marquee', !still && complete ? 'moving' : 'static', paused ? 'paused' : ''].join(' ');
  return html`${
    still
      ? nothing
      : // No white space around the button: the controls hold it alone, as before it moved here.
        html`<div class="marquee-controls"><button type="button" part="marquee-toggle" lang=${lang} @click=${togglePaused}>
            ${words(paused ? 'Play moving testimonials' : 'Pause moving testimonials')}
          </button></div>`
  }
    <div class=${classes} part="marquee" role="list" aria-label=${label} @focusin=${showFocusedCard}>
      ${splitRows(items, rows).map(
        (row, rowIndex) => html`<div class="marquee-row ${rowIndex % 2 ? 'reverse' : ''}" ${countStyle(row.length)}>
          <div class="marquee-track">
            <div class="marquee-set">
              ${row.map((testimonial) => html`<div class="item" part="item" role="listitem">${card(testimonial)}</div>`)}
            </div>
            ${
              !still
                ? html`<div class="marquee-set" aria-hidden="true" inert>
                  ${row.map((testimonial) => html`<div class="item">${card(testimonial)}</div>`)}
                </div>`
                : nothing
            }
          </div>
        </div>`,
      )}
    </div>`;
}
