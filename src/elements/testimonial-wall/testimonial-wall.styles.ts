import { css } from '../shared/css.js';
import { focusRing, reducedMotion, tokens, visuallyHidden } from '../shared/tokens.styles.js';

/**
 * Breakpoints are the wall's own width (container queries), not the viewport's, so a wall in a sidebar
 * behaves like a wall on a phone: small below 36rem, medium from 36rem, large from 60rem.
 */
const wallStyles = css`
  :host {
    display: block;
    font-family: var(--_t-font);
    font-size: var(--_t-font-size);
    --_gap: var(--testimonial-wall-gap, 1rem);
    --_columns: var(--testimonial-wall-columns, 3);
    --_column-width: var(--testimonial-wall-column-width, 18rem);
    background: var(--testimonial-wall-background, transparent);
  }

  :host([hidden]) {
    display: none;
  }

  /*
   * A dark wall is a dark panel, gaps included, whatever the page behind it, and its text takes the
   * theme's colour. Otherwise the wall paints no background, so what it writes on the page (the call
   * to action) takes the page's colour, which reads on the page whether it is light or dark.
   */
  :host([theme='dark']) {
    background: var(--testimonial-wall-background, var(--_t-background));
    color: var(--_t-text);
  }

  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      background: var(--testimonial-wall-background, var(--_t-background));
      color: var(--_t-text);
    }
  }

  .wall {
    /*
     * The skeleton's height once it has given way (--_held, set on every render of the element, see
     * TestimonialWall): the wall's least height, and a sixth of it the assumed height of a card not yet
     * rendered (one of the skeleton's six boxes where they stood in one column, a phone's; less where
     * they stood in rows, where masonry sets its own from its rows: masonry-layout.ts), at least 12rem.
     * A page's --testimonial-wall-item-size wins. Unset in the server's markup, which has no card not
     * yet rendered (no deferred slice).
     */
    min-block-size: var(--_held);
    --_item-size: var(--testimonial-wall-item-size, max(12rem, var(--_held) / 6));
    container: testimonial-wall / inline-size;
    /* Its least height (the skeleton's, see TestimonialWall) is room below, not taller rows of .carousel, .marquee. */
    align-content: start;
    position: relative;
  }

  /* At the wall's end, below that room too, so scroll paging starts when the reader reaches it. */
  .wall > .sentinel {
    position: absolute;
    bottom: 0;
  }

  /* Items are divs (blocks): the least size a grid or flex item may shrink to. */
  .item {
    min-inline-size: 0;
  }

  /* Its ring is the focus ring's (a tabindex), with the card's corners. */
  .item:focus-visible {
    border-radius: var(--_t-radius);
  }

  /* Cards of a grid row are as tall as the row. */
  .grid testimonial-card {
    block-size: 100%;
  }

  /*
   * Out-of-view cards skip rendering (content-visibility) with an assumed size until they come near.
   * Not the first slice of a list: it is the first screen, and content skipped in its first frame
   * would show at the assumed size for a frame, then at its own, moving what follows.
   */
  .masonry .deferred .item,
  .grid .deferred .item,
  .list .batch.deferred {
    content-visibility: auto;
  }

  .list .batch {
    contain-intrinsic-size: auto none auto calc(var(--_count, 1) * (var(--_item-size) + var(--_gap)));
  }

  /*
   * Grid and masonry columns; appending adds below, nothing placed moves. Masonry's chunk then makes
   * each slice a grid of these columns and places every card under the column that ends highest
   * (masonry-layout.ts); until it has, as when rendered on the server, it is a grid.
   */
  .masonry .items,
  .grid .items {
    display: grid;
    gap: var(--_gap);
    grid-template-columns: repeat(
      auto-fill,
      minmax(max(min(100%, var(--_column-width)), (100% - (var(--_columns) - 1) * var(--_gap)) / var(--_columns)), 1fr)
    );
  }

  /* List slices are columns of their own: adding one lays out only that slice. */
  .list .items,
  .list .batch {
    display: flex;
    flex-direction: column;
    gap: var(--_gap);
  }

  .masonry .batch,
  .grid .batch {
    display: contents;
  }

  /* Slides not yet seen too: assumed as tall as the skeleton was, so the track keeps that height. */
  .masonry .item,
  .grid .item,
  .slide {
    contain-intrinsic-size: auto none auto var(--_item-size);
  }

  /*
   * Carousel: native horizontal scrolling with snap points, so touch swipes work with no script. Only
   * the boxes the skeleton shows are here; how the carousel scrolls and the marquee moves is in
   * moving-layouts.styles.ts, loaded with those layouts.
   */
  .carousel {
    display: grid;
    gap: 0.5rem;
  }

  .skeleton-controls {
    display: flex;
    visibility: hidden;
  }

  .track {
    --_per-view: min(var(--_columns), 1);
    /* Slides are sized from the wall's width (cqi), since they sit inside slices, not the track itself. */
    --_slide: calc((100cqi - 4px - (var(--_per-view) - 1) * var(--_gap)) / var(--_per-view));
    display: flex;
    align-items: flex-start;
    gap: var(--_gap);
    /* Not a vertical scroller: slides out of view may be taller than the track (moving-layouts.styles). */
    overflow: auto hidden;
    scrollbar-width: thin;
    padding: 2px;
  }

  .slide {
    flex: 0 0 var(--_slide);
  }

  @container testimonial-wall (width >= 36rem) {
    .track {
      --_per-view: min(var(--_columns), 2);
    }
  }

  /* Three from 60rem: in the block of the large limits below (one query, not two). */

  .sentinel {
    inline-size: 1px;
    block-size: 1px;
    flex: 0 0 1px;
  }

  /* Marquee: the rows as they stand still (the skeleton, reduced motion); moving-layouts.styles moves them. */
  .marquee {
    display: grid;
    gap: var(--_gap);
    overflow: hidden;
  }

  .marquee-row {
    overflow: hidden;
    /* Room for the cards' shadows, which the row would otherwise clip. */
    padding-block: 2px 6px;
  }

  .marquee-track {
    display: flex;
  }

  .marquee-set {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_gap);
    padding-inline-end: var(--_gap);
    min-inline-size: 0;
    align-items: flex-start;
  }

  .marquee-set .item {
    flex: 0 0 min(var(--_column-width), 85cqi);
  }

  /* Per-breakpoint item limits (max-items-sm / -md / -lg), and no "Load more" once a limit is reached. */
  @container testimonial-wall (width < 36rem) {
    .over-sm,
    .capped-sm .load-more {
      display: none !important;
    }
  }

  @container testimonial-wall (36rem <= width < 60rem) {
    .over-md,
    .capped-md .load-more {
      display: none !important;
    }
  }

  @container testimonial-wall (width >= 60rem) {
    .track {
      --_per-view: min(var(--_columns), 3);
    }

    .over-lg,
    .capped-lg .load-more {
      display: none !important;
    }
  }

  /*
   * Skeleton (see skeletonTemplate): its first box holds a card's own skeleton, which sizes it; the
   * others are empty boxes made as tall by the layout: rows of 1fr (each as tall as the tallest), a
   * stretched track, the marquee's wrapped row as a grid of its columns. A page's
   * --testimonial-wall-item-size still sets their height.
   */
  .skeleton {
    /* Unset, the property makes this invalid at computed-value time: auto, its initial value. */
    block-size: var(--testimonial-wall-item-size);
    overflow: hidden;
  }

  /* Stretched, not at the start as the set's and the track's cards are: a box's height is its row's. */
  .items[aria-busy],
  [aria-busy] .marquee-set {
    display: grid;
    grid-auto-rows: 1fr;
    align-items: normal;
  }

  /*
   * The columns the wrapped flex row had (its cards' width, its gap), as wide as the track: left to its
   * content, a flex item's grid of auto-fill columns measures one column wide.
   */
  [aria-busy] .marquee-set {
    flex: 1;
    grid-template-columns: repeat(auto-fill, min(var(--_column-width), 85cqi));
  }

  [aria-busy] .track {
    align-items: normal;
  }

  .skeleton:empty {
    border-radius: var(--_t-radius);
    background: var(--_t-skeleton);
    animation: pulse 1.6s ease-in-out infinite;
  }

  @keyframes pulse {
    50% {
      opacity: 0.55;
    }
  }

  /*
   * "Skip testimonials" and the end it leads to: out of sight until focused, then drawn over the
   * cards, so showing them moves nothing.
   */
  .skip {
    position: absolute;
    z-index: 1;
    border-radius: var(--_t-radius);
    background: var(--_t-background);
    color: var(--_t-accent);
  }

  .skip:focus {
    padding: 0.5rem 1rem;
  }


  /* States and controls. */
  .message,
  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75rem;
  }

  .message {
    padding: var(--_t-spacing);
    border-radius: var(--_t-radius);
    background: var(--_t-surface);
    color: var(--_t-text);
  }

  .footer {
    margin-block-start: var(--_gap);
  }

  button {
    font: inherit;
    color: var(--_t-text);
    background: var(--_t-background);
    border: 1px solid var(--_t-border);
    border-radius: 999px;
    padding: 0.5rem 1rem;
    min-block-size: 2.5rem;
    min-inline-size: 2.5rem;
    cursor: pointer;
  }

  button:hover {
    border-color: var(--_t-accent);
  }

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.75;
  }

  .cta {
    color: var(--testimonial-color-accent, currentColor);
    font-weight: 600;
    text-underline-offset: 0.2em;
  }
`;

export const styles = [tokens, focusRing, reducedMotion, visuallyHidden, wallStyles];
