/**
 * The two layouts that move: the carousel (the WAI-ARIA carousel pattern, arrow keys, autoplay) and the
 * marquee (endless rows). A chunk of its own, imported only by a wall whose `layout` is one of them, so
 * a masonry, grid or list wall downloads none of their templates, navigation, autoplay or styles.
 * Until it has arrived the wall shows the layout's skeleton, which is in the entry.
 */
import { html, nothing, type LitElement, type TemplateResult } from 'lit';
import type { Testimonial } from '../../client/types.js';
import { AutoplayController } from './autoplay-controller.js';

export { DEFAULT_AUTOPLAY_INTERVAL } from './autoplay-controller.js';
export { movingLayoutStyles } from './moving-layouts.styles.js';
import { currentSlideIndex, isRtl, keyToMove, scrollEdges, scrollToSlide, targetIndex, type SlideMove } from './carousel-navigation.js';
import type { MediaQueryController } from './media-query.js';
import { addEnglish, type LocalizeController } from '../shared/localize.js';
import { enMoving } from '../shared/translations/en-moving.js';

addEnglish(enMoving);
import { countStyle, type CardTemplate, type ListContext } from './wall-templates.js';

/** What the carousel needs of its wall. */
export interface CarouselWall {
  /** Whether a further page may be fetched now. */
  canPage(): boolean;
  loadMore(): Promise<void>;
  /** Tells screen readers, politely. */
  announce(text: string): void;
  /** The wall's words. */
  localize: LocalizeController;
}

export interface CarouselContext extends ListContext {
  /** How many slides there are in all (revealed or still waiting for their frame). */
  total: number;
  /** Whether every slide is rendered (snap points are switched on then). */
  complete: boolean;
  trackId: string;
}

/**
 * The carousel's behaviour and markup: previous and next (loading the next page at the end, else
 * wrapping around), arrow keys, Home and End on the track, and automatic rotation with its control.
 */
export class CarouselController {
  /** Automatic rotation; the wall sets `enabled` and `interval` from its attributes. */
  readonly rotation: AutoplayController;
  private total = 0;

  constructor(
    private readonly host: LitElement,
    private readonly reducedMotion: MediaQueryController,
    private readonly wall: CarouselWall,
  ) {
    this.rotation = new AutoplayController(host, reducedMotion, () => this.move('next', false));
  }

  /** Moves the carousel; at the end it loads the next page if there is one, else wraps around. */
  move(move: SlideMove, announce: boolean): void {
    const track = this.host.renderRoot.querySelector<HTMLElement>('.track');
    if (!track) return;
    const slides = [...track.querySelectorAll<HTMLElement>('.slide')];
    if (slides.length === 0) return;
    const { atStart, atEnd } = scrollEdges(track);
    const current = currentSlideIndex(track, slides);
    let index: number;
    // Several slides may be in view, so the end is where scrolling stops, not only the last slide.
    if (move === 'next' && (atEnd || current === slides.length - 1)) {
      if (this.wall.canPage()) {
        void this.wall.loadMore().then(() => this.move('next', announce));
        return;
      }
      index = 0;
    } else if (move === 'previous' && (atStart || current === 0)) {
      index = slides.length - 1;
    } else {
      index = targetIndex(move, current, slides.length);
    }
    scrollToSlide(track, slides[index]!, this.reducedMotion.matches ? 'auto' : 'smooth');
    if (announce) this.wall.announce(this.wall.localize.term('slideAnnounced', index + 1, this.total));
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
  render({ batches, card, label, end, total, complete, trackId }: CarouselContext): TemplateResult {
    this.total = total;
    const l = this.wall.localize;
    const slide = l.term('slide');
    const rotation = this.rotation.available
      ? html`<button type="button" part="rotation-control" aria-controls=${trackId} @click=${this.onRotationToggle}>
          ${l.term(this.rotation.stopped ? 'startRotation' : 'stopRotation')}
        </button>`
      : nothing;
    let index = 0;
    return html`<section
      class="carousel ${this.rotation.rotating ? 'rotating' : ''}"
      part="carousel"
      aria-roledescription=${l.term('carousel')}
      aria-label=${label}
    >
      <div class="carousel-controls" part="carousel-controls" lang=${l.lang}>
        ${rotation}
        <button type="button" part="previous" aria-controls=${trackId} aria-label=${l.term('previous')} @click=${this.onPrevious}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" part="next" aria-controls=${trackId} aria-label=${l.term('next')} @click=${this.onNext}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div
        id=${trackId}
        class="track ${complete ? 'complete' : ''}"
        part="track"
        role="group"
        aria-label=${l.term('slides')}
        tabindex="0"
        @keydown=${this.onTrackKeydown}
      >
        ${batches.map(
          (batch, position) =>
            html`<div class="batch ${position > 0 ? 'deferred' : ''}" ${countStyle(batch.length)}>
              ${batch.map(
                (testimonial) =>
                  html`<div class="item slide" part="slide" role="group" aria-roledescription=${slide} aria-label=${l.term('slideOf', ++index, total)} tabindex="-1">
                    ${card(testimonial)}
                  </div>`,
              )}
            </div>`,
        )}
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
  /** Moving (not under reduced motion, and every item is rendered so widths no longer change). */
  moving: boolean;
  paused: boolean;
  /** Whether the moving copies are rendered at all (never under reduced motion). */
  copies: boolean;
  toggle: TemplateResult | typeof nothing;
}

/** Item `index` goes to row `index % rows`, so rows stay even and reading order stays row by row. */
export function splitRows<T>(items: readonly T[], rows: number): T[][] {
  const count = Math.max(1, Math.min(rows, items.length));
  const out: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => out[index % count]!.push(item));
  return out;
}

/**
 * Endless rows: each row holds its items twice; the second copy is only there to close the loop, so it
 * is hidden from assistive technology and inert (no focus, no clicks).
 */
export function marqueeTemplate({ items, card, label, rows, moving, paused, copies, toggle }: MarqueeContext): TemplateResult {
  const classes = ['marquee', moving ? 'moving' : 'static', paused ? 'paused' : ''].join(' ');
  return html`${toggle === nothing ? nothing : html`<div class="marquee-controls">${toggle}</div>`}
    <div class=${classes} part="marquee" role="list" aria-label=${label}>
      ${splitRows(items, rows).map(
        (row, rowIndex) => html`<div class="marquee-row ${rowIndex % 2 ? 'reverse' : ''}" ${countStyle(row.length)}>
          <div class="marquee-track">
            <div class="marquee-set">
              ${row.map((testimonial) => html`<div class="item" part="item" role="listitem">${card(testimonial)}</div>`)}
            </div>
            ${copies
              ? html`<div class="marquee-set" aria-hidden="true" inert>
                  ${row.map((testimonial) => html`<div class="item">${card(testimonial)}</div>`)}
                </div>`
              : nothing}
          </div>
        </div>`,
      )}
    </div>`;
}
