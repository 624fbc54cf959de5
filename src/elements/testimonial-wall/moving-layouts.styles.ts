import { css } from '../shared/css.js';

/**
 * What only moving walls need: slices of slides, controls, scrolling, snap points and the marquee's
 * motion. The boxes their skeletons use (track, slide, rows standing still) are in the wall's own styles.
 */
export const movingLayoutStyles = css`
  /* Smooth scrolling, which the shared reducedMotion styles turn off for readers who asked for less motion. */
  .track {
    overscroll-behavior-x: contain;
    scroll-behavior: smooth;
    scroll-padding-inline: 2px;
  }

  .slide {
    scroll-snap-align: start;
  }

  .carousel .batch.deferred {
    content-visibility: auto;
  }

  /*
   * Carousel slices are rows of their own inside the track, so adding one lays out only that slice,
   * not every slide before it.
   */
  .carousel .batch {
    display: flex;
    flex: none;
    gap: var(--_gap);
    align-items: flex-start;
    /*
     * As wide as its slides and the gaps between them, whether rendered or not (Firefox sized a slice
     * by its cards' own widths, and the track scrolled on into empty space).
     */
    inline-size: calc(var(--_count, 1) * (var(--_slide) + var(--_gap)) - var(--_gap));
    contain-intrinsic-size: auto none auto var(--_item-size);
    /*
     * Style containment all along, not only while content-visibility skips it: a slice turned to is made
     * visible (moving-layouts.ts), and Chromium answers any change of an element's style containment by
     * walking every element of the document for its counters in that frame, inside the reader's action.
     */
    contain: style;
  }

  /*
   * Slides out of view (inert, see CarouselController) take no height, so the track is as tall as the
   * slides in view, and changes height only when the reader moves it. Not while the carousel turns by
   * itself: it keeps the height of its tallest slide then, since a page must never move on its own.
   */
  [part='carousel']:not(.autoplay) .slide[inert] {
    max-block-size: 0;
  }

  .carousel-controls,
  .marquee-controls {
    display: flex;
    justify-content: flex-end;
    gap: 0.5rem;
  }

  /* Room for the focus ring (2px, 2px off) of a button at the wall's corner, which an ancestor may clip. */
  .marquee-controls {
    padding: 4px 4px 0;
  }

  /* The glyphs point the way the buttons go: in right to left, "next" is on the left. */
  .carousel-controls span:dir(rtl) {
    display: inline-block;
    transform: scaleX(-1);
  }

  /*
   * Snap points only once every slide is in place: the browser recomputes all of them at each layout,
   * which would make a long list cost more with every slice.
   */
  .track.complete {
    scroll-snap-type: x mandatory;
  }

  /* Two copies of each row, each at least as wide as the wall, slide by half their width: no seam. */
  .marquee.moving .marquee-set {
    flex-wrap: nowrap;
    min-inline-size: 100cqi;
    justify-content: space-around;
  }

  .marquee.moving .marquee-track {
    inline-size: max-content;
    animation: testimonial-wall-marquee calc(var(--_count, 1) * var(--testimonial-wall-marquee-item-duration, 6s)) linear
      infinite;
  }

  .marquee.moving .reverse .marquee-track {
    animation-direction: reverse;
  }

  .marquee:hover .marquee-track,
  .marquee:focus-within .marquee-track,
  .marquee.paused .marquee-track {
    animation-play-state: paused;
  }

  @keyframes testimonial-wall-marquee {
    to {
      transform: translateX(-50%);
    }
  }

  :host(:dir(rtl)) .marquee-track {
    animation-name: testimonial-wall-marquee-rtl;
  }

  @keyframes testimonial-wall-marquee-rtl {
    to {
      transform: translateX(50%);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .marquee .marquee-track {
      animation: none !important;
    }
    .marquee-set[aria-hidden='true'] {
      display: none;
    }
  }
`;
