import { css } from '../shared/css.js';
import { focusRing, reducedMotion, visuallyHidden } from '../shared/tokens.styles.js';

/**
 * No theme palette of its own: the player sits on a page or inside a card, so its text inherits the
 * colour around it and its accent follows the public token, then the enclosing card's theme (whose
 * private tokens inherit into this shadow root), then the light default.
 */
const player = css`
  :host {
    display: block;
    /*
     * The containing block of the visually hidden live region below the frame: otherwise it is the
     * nearest positioned box outside, past a carousel's scroller, and a player in a slide far along the
     * track stretched the page that wide (2,407 px on a 412 px phone, Lighthouse's poster "in view").
     */
    position: relative;
    --_v-accent: var(--testimonial-color-accent, var(--_t-accent, #0a5fc2));
    --_v-radius: var(--testimonial-radius, var(--_t-radius, 0.75rem));
    --_v-spacing: var(--testimonial-spacing, var(--_t-spacing, 1rem));
    --_t-focus: var(--testimonial-focus-color, var(--_v-accent));
    --_v-background: var(--video-testimonial-background, #000);
    --_v-play-size: var(--video-testimonial-play-size, 4rem);
    --_v-play-background: var(--video-testimonial-play-background, rgb(0 0 0 / 0.7));
    --_v-play-color: var(--video-testimonial-play-color, #fff);
    /*
     * Focus over the media: a white band on the edge and a black one inside it, so one of the two holds
     * at least 4.5:1 against any poster or frame of video (an accent-coloured ring vanishes over blue).
     */
    --_v-ring: 2px solid #fff;
    --_v-ring-inner: inset 0 0 0 4px #000;
  }

  :host([hidden]) {
    display: none;
  }

  [part='frame'] {
    position: relative;
    /* The page's choice wins, then the video's own ratio, so the box never changes size on play. */
    aspect-ratio: var(--video-testimonial-aspect-ratio, var(--_v-ratio, 16 / 9));
    overflow: hidden;
    border-radius: var(--_v-radius);
    background: var(--_v-background);
  }

  /*
   * The focused <video>'s ring, drawn on top of it inside the frame: the video's own outline would be
   * clipped by the frame (Chromium) or not drawn at all (Firefox).
   */
  [part='frame']::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
    pointer-events: none;
  }

  [part='frame']:has(> [part='video']:focus-visible)::after,
  [part='play-button']:focus-visible {
    outline: var(--_v-ring);
    outline-offset: -2px;
    box-shadow: var(--_v-ring-inner);
  }

  [part='video']:focus-visible {
    outline: none;
  }

  [part='video'],
  [part='poster'] {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    display: block;
  }

  [part='video'] {
    object-fit: contain;
    background: var(--_v-background);
  }

  [part='video'][data-phase='poster'],
  [part='video'][data-phase='failed'] {
    visibility: hidden;
  }

  /* The whole poster, letterboxed: a landscape poster in a portrait player keeps its words. */
  [part='poster'] {
    object-fit: contain;
  }

  [part='play-button'] {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    width: 100%;
    margin: 0;
    padding: 0;
    border: 0;
    background: transparent;
    color: var(--_v-play-color);
    cursor: pointer;
  }

  [part='play-button']:focus-visible {
    /* Inside the frame: the frame clips anything drawn outside it. */
    border-radius: var(--_v-radius);
  }

  .play-icon {
    display: grid;
    place-items: center;
    width: var(--_v-play-size);
    height: var(--_v-play-size);
    border-radius: 50%;
    background: var(--_v-play-background);
    box-shadow: 0 0 0 2px rgb(255 255 255 / 0.85);
    transition: transform 150ms ease;
  }

  [part='play-button']:hover .play-icon,
  [part='play-button']:focus-visible .play-icon {
    transform: scale(1.08);
  }

  .play-icon svg {
    width: 45%;
    height: 45%;
    margin-inline-start: 8%;
    fill: currentColor;
  }

  [part='duration'] {
    position: absolute;
    inset-block-end: 0.5rem;
    inset-inline-end: 0.5rem;
    padding: 0.125rem 0.45rem;
    border-radius: 0.25rem;
    background: rgb(0 0 0 / 0.75);
    color: #fff;
    font-size: 0.8125em;
    font-variant-numeric: tabular-nums;
    line-height: 1.4;
    pointer-events: none;
  }

  /* Top corner: the native controls take the bottom edge. */
  [part='captions-button'] {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-end: 0.5rem;
    min-width: 2.75rem;
    min-height: 2rem;
    padding: 0.25rem 0.5rem;
    border: 2px solid #fff;
    border-radius: 0.25rem;
    background: rgb(0 0 0 / 0.75);
    color: #fff;
    font: 700 0.8125rem/1 system-ui, sans-serif;
    letter-spacing: 0.05em;
    cursor: pointer;
  }

  [part='captions-button'][aria-pressed='true'] {
    background: #fff;
    color: #000;
  }

  [part='captions-button']:focus-visible {
    outline: var(--_v-ring);
    outline-offset: 2px;
    box-shadow: 0 0 0 2px #000;
  }

  [part='error'] {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 0.75rem;
    padding: var(--_v-spacing);
    background: rgb(0 0 0 / 0.72);
    color: #fff;
    text-align: center;
  }

  [part='error'] p {
    margin: 0;
    max-width: 32ch;
  }

  [part='retry-button'] {
    font: inherit;
    padding: 0.375rem 0.875rem;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }

  [part='retry-button']:focus-visible {
    outline-color: #fff;
  }

  [part='transcript'] {
    margin-block-start: 0.5rem;
  }

  /* Outside a card (no --_t-accent) it stands on the page: the page's colour reads on it, light or dark. */
  [part='transcript'] summary {
    cursor: pointer;
    width: fit-content;
    color: var(--testimonial-color-accent, var(--_t-accent, currentColor));
  }

  [part='transcript'] summary:focus-visible {
    outline: 2px solid var(--_t-focus);
    outline-offset: 2px;
    border-radius: 2px;
  }

  .transcript-text {
    margin: 0.5rem 0 0;
    white-space: pre-line;
  }

  /*
   * Forced colours drop the frame's black, the disc's fill and its shadow: the frame gets a border and
   * the disc system button colours, so a player without a poster is still a box with a play button.
   */
  @media (forced-colors: active) {
    [part='frame'] {
      border: 1px solid CanvasText;
    }

    .play-icon {
      forced-color-adjust: none;
      background: ButtonFace;
      color: ButtonText;
      box-shadow: none;
      border: 2px solid ButtonText;
    }

    [part='captions-button'] {
      forced-color-adjust: none;
      border-color: ButtonText;
      background: ButtonFace;
      color: ButtonText;
    }

    [part='captions-button'][aria-pressed='true'] {
      border-color: Highlight;
      background: Highlight;
      color: HighlightText;
    }
  }
`;

export const videoTestimonialStyles = [focusRing, visuallyHidden, player, reducedMotion];
