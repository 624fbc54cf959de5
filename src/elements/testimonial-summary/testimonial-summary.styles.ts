import { css } from '../shared/css.js';
import { focusRing, reducedMotion, tokens, visuallyHidden } from '../shared/tokens.styles.js';

/**
 * Every state of a variant has the same block size (skeleton, content, empty, error), so nothing below
 * the summary moves when the numbers arrive (unless a narrow box makes its words wrap).
 *
 * The summary paints no background of its own unless it is dark or floating: what it writes on the
 * page then takes the page's colour (`--_ink`, muted words too), which reads on a light page and on a
 * dark one alike; its buttons bring their own background. A dark summary, and the floating panel, write
 * in the theme's colours on the theme's background.
 */
const summaryStyles = css`
  :host {
    display: block;
    font-family: var(--_t-font);
    font-size: var(--_t-font-size);
    --_ink: var(--testimonial-color-text, currentColor);
    --_ink-muted: var(--testimonial-color-muted, currentColor);
    color: var(--_ink);
    line-height: 1.25;
    --_avatar: var(--testimonial-summary-avatar-size, 2rem);
    --_badge-size: 2.5rem;
    --_avatars-size: calc(var(--_avatar) + 0.5rem);
    --_histogram-size: 10.5rem;
  }
  :host([hidden]) {
    display: none;
  }
  /* Dark is a dark panel whatever the page behind it, as the wall is. */
  :host([theme='dark']),
  .floating {
    --_ink: var(--_t-text);
    --_ink-muted: var(--_t-muted);
    color: var(--_ink);
    background: var(--_t-background);
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      --_ink: var(--_t-text);
      --_ink-muted: var(--_t-muted);
      color: var(--_ink);
      background: var(--_t-background);
    }
  }
  .badge {
    min-block-size: var(--_badge-size);
  }
  .avatars {
    min-block-size: var(--_avatars-size);
  }
  .histogram {
    block-size: var(--_histogram-size);
  }
  .summary,
  .skeleton,
  .message {
    box-sizing: border-box;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    max-inline-size: 100%;
  }
  /* Fit-content, not max-content: in a narrow box the words wrap instead of scrolling sideways (1.4.10). */
  .summary.avatars,
  .summary.badge {
    inline-size: fit-content;
  }
  .summary.histogram {
    flex-direction: column;
    align-items: stretch;
    justify-content: space-between;
    inline-size: min(100%, 20rem);
  }
  .picture {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    min-inline-size: 0;
  }
  /* The stars are text clipped to a gradient: filled up to the average, empty after (from the right in rtl). */
  .stars {
    font-size: var(--testimonial-star-size, 1.125em);
    letter-spacing: 0.05em;
    line-height: 1;
    color: transparent;
    background: linear-gradient(to right, var(--_t-star) var(--_fill), var(--_t-star-empty) var(--_fill));
    -webkit-background-clip: text;
    background-clip: text;
  }
  .stars:dir(rtl) {
    background: linear-gradient(to left, var(--_t-star) var(--_fill), var(--_t-star-empty) var(--_fill));
    -webkit-background-clip: text;
    background-clip: text;
  }
  .average {
    font-weight: 700;
  }
  .count {
    color: var(--_ink-muted);
  }
  .faces {
    display: inline-flex;
  }
  .avatar {
    display: inline-grid;
    place-items: center;
    inline-size: var(--_avatar);
    block-size: var(--_avatar);
    border-radius: 50%;
    border: 2px solid var(--_t-background);
    background: var(--_t-surface);
    color: var(--_t-text);
    flex: none;
    font-size: calc(var(--_avatar) * 0.38);
    font-weight: 600;
    overflow: hidden;
  }
  .avatar + .avatar {
    margin-inline-start: calc(var(--_avatar) * -0.3);
  }
  .avatar img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  .bars {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .row {
    display: grid;
    grid-template-columns: 2.5em 1fr 3.5em;
    align-items: center;
    gap: 0.5rem;
    block-size: 1.25rem;
  }
  .label,
  .value {
    color: var(--_ink-muted);
    font-variant-numeric: tabular-nums;
  }
  .value {
    text-align: end;
  }
  .bar {
    block-size: 0.5rem;
    border-radius: 0.25rem;
    background: var(--_t-star-empty);
    overflow: hidden;
  }
  .fill {
    display: block;
    block-size: 100%;
    inline-size: var(--_share, 0%);
    background: var(--testimonial-summary-bar-color, var(--_t-star));
  }
  .skeleton {
    inline-size: min(100%, 14rem);
    border-radius: var(--_t-radius);
    background: var(--_t-skeleton);
  }
  .skeleton.histogram {
    inline-size: min(100%, 20rem);
  }
  .message {
    color: var(--_ink-muted);
    flex-wrap: wrap;
  }
  .message.badge,
  .message.avatars {
    block-size: auto;
    min-block-size: var(--_badge-size);
  }
  .message.avatars {
    min-block-size: var(--_avatars-size);
  }
  .message.histogram {
    block-size: auto;
    min-block-size: var(--_histogram-size);
  }
  button {
    font: inherit;
    color: var(--_t-accent);
    background: var(--_t-background);
    border: 1px solid var(--_t-border);
    border-radius: 0.375rem;
    padding: 0.125rem 0.5rem;
    cursor: pointer;
  }
  .link {
    display: inline-block;
    max-inline-size: 100%;
    color: inherit;
    text-decoration: none;
    border-radius: var(--_t-radius);
  }
  .link:hover .count {
    text-decoration: underline;
  }
  /* Forced colours would draw five whole stars (the text's colour) and drop the bars' fill: system colours instead. */
  @media (forced-colors: active) {
    .stars,
    .bar {
      forced-color-adjust: none;
      --_t-star: CanvasText;
      --_t-star-empty: Canvas;
    }
    .stars {
      -webkit-text-stroke: 1px CanvasText;
    }
    .bar {
      background: Canvas;
      outline: 1px solid CanvasText;
    }
    .fill {
      background: CanvasText;
    }
  }
`;

/**
 * Floating: fixed in a bottom corner, above the page, never wider than 22rem nor higher than a quarter
 * of the viewport (a small share of a phone's screen), sliding in unless motion is reduced.
 */
const floatingStyles = css`
  :host([placement='bottom-start']),
  :host([placement='bottom-end']) {
    --_offset: var(--testimonial-summary-offset, 1rem);
    position: fixed;
    inset-block-end: var(--_offset);
    z-index: var(--testimonial-summary-z-index, 1000);
    max-inline-size: min(22rem, calc(100vw - 2 * var(--_offset)));
  }
  :host([placement='bottom-start']) {
    inset-inline-start: var(--_offset);
  }
  :host([placement='bottom-end']) {
    inset-inline-end: var(--_offset);
  }
  .floating {
    display: flex;
    align-items: flex-start;
    gap: 0.25rem;
    max-block-size: 25vh;
    overflow: auto;
    padding: 0.5rem 0.5rem 0.5rem 0.75rem;
    border: 1px solid var(--_t-border);
    border-radius: var(--_t-radius);
    background: var(--_t-background);
    box-shadow: var(--_t-shadow);
    animation: testimonial-summary-in 0.25s ease-out;
  }
  /* Floating, the words stay on one line (at most 22rem wide, a small share of a phone's screen). */
  .floating .picture {
    flex-wrap: nowrap;
  }
  .floating .count {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .floating.yielding {
    visibility: hidden;
  }
  .close {
    flex: none;
    border: none;
    color: var(--_t-muted);
    font-size: 1.25rem;
    line-height: 1;
    padding: 0.25rem 0.375rem;
  }
  @keyframes testimonial-summary-in {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }
`;

export const styles = [tokens, summaryStyles, floatingStyles, focusRing, reducedMotion, visuallyHidden];
