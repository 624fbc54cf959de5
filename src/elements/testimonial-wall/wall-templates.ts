/**
 * The markup of the wall's list layouts (masonry, grid, list), states and skeletons (of every layout).
 * Pure functions of what the element knows, so the element class keeps the behaviour and these keep
 * the structure. The carousel and the marquee are in `moving-layouts.ts`, a chunk of their own.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { memo } from '../shared/memo.js';
import { styleProperties, type StylePropertiesFunction } from '../shared/style-properties.js';
import type { Testimonial } from '../../client/types.js';
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { PLACEHOLDER_TESTIMONIAL } from '../shared/placeholder-testimonial.js';
import type { WallLayout } from './wall-options.js';

/** Per-breakpoint item limits (`max-items-sm`, `-md`, `-lg`). */
export interface ItemLimits {
  sm?: number | undefined;
  md?: number | undefined;
  lg?: number | undefined;
}

const BREAKPOINTS = ['sm', 'md', 'lg'] as const;

/**
 * `--_count` (how many items a slice holds, for its assumed size), as an element binding: set with
 * CSSOM, which a strict Content-Security-Policy allows (see {@link styleProperties}).
 */
export const countStyle = (count: number): ReturnType<StylePropertiesFunction> => styleProperties({ '--_count': String(count) });

/**
 * Classes naming the breakpoints whose limit `count` reaches: `over-*` on the item at index `count`
 * (hidden there), `capped-*` on the footer when `count` items are shown (its "Load more" hidden there).
 */
export function limitClasses(prefix: 'over' | 'capped', count: number, limits: ItemLimits): string {
  return BREAKPOINTS.filter((size) => limits[size] !== undefined && count >= limits[size]!)
    .map((size) => `${prefix}-${size}`)
    .join(' ');
}

/** How many skeleton cards stand in for a page while it loads, per layout. */
export function skeletonCount(layout: WallLayout, pageSize: number): number {
  const reserve = layout === 'carousel' ? 3 : layout === 'marquee' ? 4 : 6;
  return Math.min(pageSize, reserve);
}

/**
 * Placeholders as tall as the tallest card, in the layout's own structure, so the space is taken before
 * data comes; the wall then keeps it (see TestimonialWall), so shorter cards move nothing up either.
 * Only the first holds a card: the wall's card of {@link PLACEHOLDER_TESTIMONIAL}, which shows the
 * card's own skeleton, as tall as the tallest text card at this width, in the wall's variant and font.
 * The others are empty boxes the layout makes as tall (rows of `1fr`, a stretched track: see the
 * skeleton's styles), so a wall builds one card before its data, not six: on a page of many walls, that
 * upgrade is what the first paint waited for.
 */
export function skeletonTemplate(
  layout: WallLayout,
  count: number,
  limits: ItemLimits,
  loading: string,
  card: CardTemplate,
): TemplateResult {
  const cards = Array.from(
    { length: count },
    (_, index) =>
      html`<div class="item skeleton ${layout === 'carousel' ? 'slide' : layout === 'marquee' ? '' : limitClasses('over', index, limits)}" part="skeleton" aria-hidden="true" inert
        >${index ? nothing : card(PLACEHOLDER_TESTIMONIAL)}</div>`,
  );
  const busy = html`<span class="visually-hidden">${loading}</span>`;
  if (layout === 'carousel') {
    // An unseen button (visibility: hidden, so never focused nor heard) holds the controls' row, so
    // the track starts where the carousel's will.
    return html`<div class="carousel" aria-busy="true"
      >${busy}<div class="skeleton-controls"><button>‹</button></div
      ><div class="track">${cards}</div></div
    >`;
  }
  if (layout === 'marquee') {
    return html`<div class="marquee static" aria-busy="true"
      >${busy}<div class="marquee-row"><div class="marquee-track"><div class="marquee-set">${cards}</div></div></div
    ></div>`;
  }
  return html`<div class="items" part="list" aria-busy="true">${busy}${cards}</div>`;
}

/**
 * Renders one testimonial (the element's card with its pass-through attributes). A new function
 * whenever what the cards are given changes: slices already shown are rendered again only then.
 */
export type CardTemplate = (testimonial: CardTestimonial) => TemplateResult;

export interface ListContext {
  batches: readonly (readonly Testimonial[])[];
  card: CardTemplate;
  limits: ItemLimits;
  label: string;
  /** Rendered after the last item (the scroll-paging sentinel). */
  end: TemplateResult | typeof nothing;
}

/**
 * Masonry, grid and list: one list; slices group items for layout only (no role). A slice is rendered
 * once (`memo`): revealing the next one costs its own cards, not a new template of every card shown.
 * No white space between the tags of a slice: each run of it was a text node per card.
 */
export function listTemplate({ batches, card, limits, label, end }: ListContext): TemplateResult {
  let start = 0;
  return html`<div class="items" part="list" role="list" aria-label=${label}
      >${batches.map((items, batch) => {
        let index = start;
        start += items.length;
        return memo(
          [items, index, card, limits.sm, limits.md, limits.lg],
          () =>
            html`<div class="batch ${batch > 0 ? 'deferred' : ''}" ${countStyle(items.length)}
              >${items.map(
                (testimonial) =>
                  html`<div class="item ${limitClasses('over', index++, limits)}" part="item" role="listitem" tabindex="-1"
                    >${card(testimonial)}</div>`,
              )}</div>`,
        );
      })}</div>${end}`;
}
