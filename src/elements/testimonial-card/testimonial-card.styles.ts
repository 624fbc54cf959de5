import { unsafeCSS } from 'lit';
import { css } from '../shared/css.js';
import { focusRing, reducedMotion, tokens, visuallyHidden } from '../shared/tokens.styles.js';

const card = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    font-family: var(--_t-font);
    font-size: var(--_t-font-size);
    line-height: 1.5;
    color: var(--_t-text);
    --_avatar-size: var(--testimonial-avatar-size, 3rem);
  }
  :host([hidden]) {
    display: none;
  }
  :host([variant='compact']) {
    --_avatar-size: var(--testimonial-avatar-size, 2.25rem);
    --_t-spacing: var(--testimonial-spacing, 0.75rem);
    font-size: calc(var(--_t-font-size) * 0.9375);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  /* The card, its error state and its content: columns of the same rhythm. */
  .card,
  .error,
  figure {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_t-spacing) * 0.75);
  }

  /* An <article> or a <div>: no margin to reset. */
  .card,
  .error {
    height: 100%;
    padding: calc(var(--_t-spacing) * 1.25);
    background: var(--_t-background);
    color: var(--_t-text);
    border: 1px solid var(--_t-border);
    border-radius: var(--_t-radius);
    box-shadow: var(--_t-shadow);
    overflow-wrap: anywhere;
  }
  figure {
    margin: 0;
  }
  /* Links, and "Read more", a button drawn as one. */
  a,
  .read-more {
    color: var(--_t-accent);
    text-underline-offset: 0.15em;
  }
  a:hover {
    text-decoration-thickness: 2px;
  }
  p {
    margin: 0;
  }
`;

const header = css`
  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--_t-spacing) * 0.75);
    min-width: 0;
  }
  .avatar {
    flex: none;
    display: grid;
    place-items: center;
    width: var(--_avatar-size);
    height: var(--_avatar-size);
    border-radius: 50%;
    overflow: hidden;
    background: var(--_t-surface);
    color: var(--_t-text);
    font-weight: 650;
    font-size: calc(var(--_avatar-size) * 0.38);
    border: 1px solid var(--_t-border);
  }
  .avatar img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .identity {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .name {
    margin: 0;
    font-size: 1em;
    font-weight: 650;
    line-height: 1.3;
  }
  .name a {
    color: inherit;
  }
  /*
   * Text links get a target of at least 24 px in height (WCAG 2.5.8) without changing the line: padding
   * on an inline box grows what a pointer can hit, not the line it sits in.
   */
  .name a,
  .footer a {
    padding-block: max(0.3em, 0.3125rem);
  }
  /* What is said about the customer, and the footer: smaller, muted. */
  .tagline,
  .company,
  .username,
  .footer {
    color: var(--_t-muted);
    font-size: 0.875em;
  }
  .company {
    display: inline-flex;
    align-items: center;
    gap: 0.375em;
  }
  /*
   * Logos (the company's image) are often wide: the height is the line's, the width the logo's own
   * (whole, never cropped).
   */
  .company img {
    width: auto;
    max-width: 6em;
    height: 1.25em;
    object-fit: contain;
    border-radius: 0.25em;
  }
`;

const body = css`
  .rating {
    display: flex;
    width: max-content;
    line-height: 0;
  }
  /* As wide as its viewBox says for that height. */
  .stars {
    height: var(--testimonial-star-size, 1.125em);
  }
  .empty {
    fill: var(--_t-star-empty);
  }
  .full {
    fill: var(--_t-star);
  }
  /* Forced colours leave SVG fills alone: full stars in the text's colour, empty ones an outline. */
  @media (forced-colors: active) {
    .stars {
      --_t-star: CanvasText;
      --_t-star-empty: Canvas;
      stroke: CanvasText;
    }
  }
  .stars:dir(rtl) {
    transform: scaleX(-1);
  }
  blockquote {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_t-spacing) * 0.5);
  }
  .title {
    font-weight: 650;
  }
  .text {
    white-space: pre-line;
  }
  mark {
    background: var(--_t-mark);
    color: var(--_t-mark-text);
    border-radius: 0.15em;
    padding: 0 0.1em;
  }
  .read-more {
    align-self: flex-start;
    padding: 0.25em 0;
    border: 0;
    background: none;
    font: inherit;
    font-weight: 650;
    text-decoration: underline;
    cursor: pointer;
  }
`;

const media = css`
  /* The media and the tags: lists that wrap, with no bullets or indent. */
  .media,
  .tags {
    display: flex;
    flex-wrap: wrap;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .media {
    /* The height of the row: each image, and each video (16:9, the ratio of a src-only player). */
    --_t-media: var(--testimonial-media-size, 6rem);
    gap: calc(var(--_t-spacing) * 0.5);
  }
  .media img {
    display: block;
    width: var(--_t-media);
    height: var(--_t-media);
    /* Whole, never cropped (a wide logo or screenshot would lose its sides). */
    object-fit: contain;
    border-radius: calc(var(--_t-radius) * 0.5);
    background: var(--_t-surface);
  }
  .media video-testimonial,
  .video {
    display: block;
    width: 100%;
    border-radius: calc(var(--_t-radius) * 0.75);
    overflow: hidden;
    background: var(--_t-surface);
  }
  /*
   * A video among the media is a thumbnail as tall as the images, so the row is never taller than the
   * one the loading skeleton keeps (.sizer::after): the whole card's width at 16:9 moved what followed a
   * card loaded by id down by ~550 px at 1280 wide (issue 23). Defined or not, the box is the same.
   */
  .media video-testimonial {
    --video-testimonial-aspect-ratio: 16 / 9;
    width: calc(var(--_t-media) * 16 / 9);
    aspect-ratio: 16 / 9;
  }
  .poster {
    position: relative;
    display: block;
    width: 100%;
    height: 100%;
    color: inherit;
  }
  .poster img {
    display: block;
    width: 100%;
    height: 100%;
    /* Whole, as the player shows it (issue 13, item 15): a landscape poster in a portrait frame is letterboxed, never cut. */
    object-fit: contain;
  }
  .poster-label {
    position: absolute;
    inset: auto 0 0;
    padding: 0.5em 0.75em;
    background: rgb(0 0 0 / 0.72);
    color: #fff;
    font-weight: 650;
  }
`;

const footer = css`
  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    margin-top: auto;
  }
  .tags {
    gap: 0.375em;
  }
  .tag {
    padding: 0.125em 0.5em;
    border-radius: 999px;
    background: var(--_t-surface);
    color: var(--_t-text);
    border: 1px solid var(--_t-border);
    font-size: 0.8125em;
  }
`;

const variants = css`
  :host([variant='compact']) .media {
    --_t-media: var(--testimonial-media-size, 4rem);
  }
  :host([variant='quote']) .card {
    text-align: center;
    align-items: center;
  }
  :host([variant='quote']) figure {
    align-items: center;
  }
  :host([variant='quote']) blockquote {
    font-size: 1.25em;
    line-height: 1.45;
  }
  :host([variant='quote']) .text::before {
    content: '\\201C';
  }
  :host([variant='quote']) .text::after {
    content: '\\201D';
  }
  :host([variant='quote']) .text:dir(rtl)::before {
    content: '\\201D';
  }
  :host([variant='quote']) .text:dir(rtl)::after {
    content: '\\201C';
  }
  :host([variant='quote']) .header {
    flex-direction: column;
    gap: 0.5em;
  }
  :host([variant='quote']) .identity,
  :host([variant='quote']) .footer {
    align-items: center;
    justify-content: center;
  }
  :host([variant='quote']) .read-more {
    align-self: center;
  }
`;

const states = css`
  .skeleton {
    min-height: var(--testimonial-skeleton-height, 12rem);
  }
  /*
   * The skeleton: the live region (renderState) over a card of the placeholder testimonial, which
   * sizes it and shows as blocks where the card has its header, rating, words and footer.
   */
  .state {
    display: grid;
    height: 100%;
  }
  .state > * {
    grid-area: 1 / 1;
  }
  .sizer {
    animation: pulse 1.6s ease-in-out infinite;
  }
  .sizer * {
    visibility: hidden;
  }
  .sizer :is(.card, .header, .rating, .quote, .footer) {
    visibility: visible;
    color: transparent;
  }
  .sizer :is(.header, .rating, .quote, .footer) {
    border-radius: 0.375rem;
    background: var(--_t-skeleton);
  }
  /* Room for a row of attached images, which a text testimonial may have (.media). */
  .sizer::after {
    content: '';
    display: block;
    height: calc(var(--testimonial-media-size, 6rem) + var(--_t-spacing));
  }
  @keyframes pulse {
    50% {
      opacity: 0.55;
    }
  }
  .error {
    align-items: flex-start;
  }
  .error > span {
    font-weight: 700;
  }
  [part='retry'] {
    padding: 0.375em 0.875em;
    border: 1px solid var(--_t-border);
    border-radius: 0.5em;
    background: var(--_t-surface);
    color: var(--_t-text);
    font: inherit;
    cursor: pointer;
  }
`;

/**
 * One sheet, not eleven: every card's shadow root adopts it, and the browser matches each element of
 * every card against each sheet its root adopts (a wall of 100 cards adopted 1,100).
 */
export const styles = unsafeCSS(
  [tokens, card, header, body, media, footer, variants, states, focusRing, reducedMotion, visuallyHidden].join(''),
);
