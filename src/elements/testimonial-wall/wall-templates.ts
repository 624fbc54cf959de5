/**
 * The markup of the wall's layouts, states and skeletons. Pure functions of what the element knows, so
 * the element class keeps the behaviour and these keep the structure (list semantics, the WAI-ARIA
 * carousel pattern, the marquee's hidden copies).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Testimonial } from '../../client/types.js';
import type { MasonryBlock } from './masonry-blocks.js';
import type { WallLayout } from './wall-options.js';

/** Per-breakpoint item limits (`max-items-sm`, `-md`, `-lg`). */
export interface ItemLimits {
  sm?: number | undefined;
  md?: number | undefined;
  lg?: number | undefined;
}

const BREAKPOINTS = ['sm', 'md', 'lg'] as const;

/** Classes hiding the item at `index` at the breakpoints whose limit it is past. */
export function overLimitClasses(index: number, limits: ItemLimits): string {
  return BREAKPOINTS.filter((size) => limits[size] !== undefined && index >= limits[size]!)
    .map((size) => `over-${size}`)
    .join(' ');
}

/** Classes on the footer at the breakpoints where `count` items already fill the limit. */
export function cappedClasses(count: number, limits: ItemLimits): string {
  return BREAKPOINTS.filter((size) => limits[size] !== undefined && count >= limits[size]!)
    .map((size) => `capped-${size}`)
    .join(' ');
}

/** How many skeleton cards stand in for a page while it loads, per layout. */
export function skeletonCount(layout: WallLayout, pageSize: number): number {
  const reserve = layout === 'carousel' ? 3 : layout === 'marquee' ? 4 : 6;
  return Math.min(pageSize, reserve);
}

const skeletonCard = (classes = ''): TemplateResult =>
  html`<div class="item skeleton ${classes}" part="skeleton" aria-hidden="true">
    <span></span><span></span><span></span><span></span><span></span>
  </div>`;

/** Placeholders sized like cards, in the layout's own structure, so the space is taken before data comes. */
export function skeletonTemplate(layout: WallLayout, count: number, limits: ItemLimits, label: string): TemplateResult {
  const cards = Array.from({ length: count }, (_, index) =>
    skeletonCard(layout === 'carousel' ? 'slide' : layout === 'marquee' ? '' : overLimitClasses(index, limits)),
  );
  const busy = html`<span class="visually-hidden">Loading ${label.toLowerCase()}…</span>`;
  if (layout === 'carousel') {
    return html`<div class="carousel" aria-busy="true">${busy}<div class="track">${cards}</div></div>`;
  }
  if (layout === 'marquee') {
    return html`<div class="marquee static" aria-busy="true">
      ${busy}
      <div class="marquee-row"><div class="marquee-track"><div class="marquee-set">${cards}</div></div></div>
    </div>`;
  }
  return html`<div class="items" part="list" aria-busy="true">
    ${busy}
    <div class="batch">${cards}</div>
  </div>`;
}

/** Renders one testimonial (the element's card with its pass-through attributes). */
export type CardTemplate = (testimonial: Testimonial) => TemplateResult;

export interface ListContext {
  batches: readonly (readonly Testimonial[])[];
  card: CardTemplate;
  limits: ItemLimits;
  label: string;
  /** Rendered after the last item (the scroll-paging sentinel). */
  end: TemplateResult | typeof nothing;
}

/**
 * Masonry, grid and list: one list; blocks group items for layout only (no role). An open masonry
 * block is still gathering cards and stays hidden until it is complete.
 */
export function listTemplate(
  { card, limits, label, end }: ListContext,
  blocks: readonly MasonryBlock<Testimonial>[],
): TemplateResult {
  let index = 0;
  return html`<div class="items" part="list" role="list" aria-label=${label}>
      ${blocks.map(
        ({ items, open }, block) =>
          html`<div class="batch ${block > 0 ? 'deferred' : ''}" style="--_count: ${items.length}" ?hidden=${open}>
            ${items.map(
              (testimonial) =>
                html`<div class="item ${overLimitClasses(index++, limits)}" part="item" role="listitem" tabindex="-1">
                  ${card(testimonial)}
                </div>`,
            )}
          </div>`,
      )}
    </div>
    ${end}`;
}

export interface CarouselContext extends ListContext {
  /** How many slides there are in all (revealed or still waiting for their frame). */
  total: number;
  /** The rotation control, when autoplay is possible. */
  rotation: TemplateResult | typeof nothing;
  trackId: string;
  /** Whether slides are turning automatically right now. */
  rotating: boolean;
  /** Whether every slide is rendered (snap points are switched on then). */
  complete: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onKeydown: (event: KeyboardEvent) => void;
}

/** The WAI-ARIA carousel pattern: a labelled region, controls first, slides as labelled groups. */
export function carouselTemplate(context: CarouselContext): TemplateResult {
  const { batches, card, label, end, total, rotation, trackId, rotating, complete } = context;
  let index = 0;
  return html`<section class="carousel ${rotating ? 'rotating' : ''}" part="carousel" aria-roledescription="carousel" aria-label=${label}>
    <div class="carousel-controls" part="carousel-controls">
      ${rotation}
      <button type="button" part="previous" aria-controls=${trackId} aria-label="Previous testimonial" @click=${context.onPrevious}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" part="next" aria-controls=${trackId} aria-label="Next testimonial" @click=${context.onNext}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
    <div id=${trackId} class="track ${complete ? 'complete' : ''}" part="track" role="group" aria-label="Slides" tabindex="0" @keydown=${context.onKeydown}>
      ${batches.map(
        (batch, position) =>
          html`<div class="batch ${position > 0 ? 'deferred' : ''}" style="--_count: ${batch.length}">
            ${batch.map(
              (testimonial) =>
                html`<div class="item slide" part="slide" role="group" aria-roledescription="slide" aria-label="${++index} of ${total}" tabindex="-1">
                  ${card(testimonial)}
                </div>`,
            )}
          </div>`,
      )}
      ${end}
    </div>
  </section>`;
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
        (row, rowIndex) => html`<div class="marquee-row ${rowIndex % 2 ? 'reverse' : ''}" style="--_count: ${row.length}">
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
