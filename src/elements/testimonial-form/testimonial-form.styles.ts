import { css } from '../shared/css.js';
import { focusRing, reducedMotion, tokens, visuallyHidden } from '../shared/tokens.styles.js';

/**
 * Native controls in the theme's colours; every border and focus ring is a system colour under forced
 * colours (the browser's own), and the error text keeps a marker besides its colour.
 */
const formStyles = css`
  :host {
    display: block;
    max-inline-size: var(--testimonial-form-max-width, 40rem);
    font-family: var(--_t-font);
    font-size: var(--_t-font-size);
    line-height: 1.4;
    color: var(--_t-text);
  }
  :host([hidden]) {
    display: none;
  }
  .box {
    background: var(--_t-background);
    border: 1px solid var(--_t-border);
    border-radius: var(--_t-radius);
    padding: var(--_t-spacing);
  }
  .loading {
    min-block-size: 20rem;
  }
  form {
    display: grid;
    gap: var(--_t-spacing);
  }
  .field {
    display: grid;
    gap: 0.35rem;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  legend,
  label {
    font-weight: 600;
    padding: 0;
  }
  .required,
  .hint {
    font-weight: 400;
    color: var(--_t-muted);
    margin: 0;
  }
  input:not([type='radio'], [type='checkbox'], [type='file']),
  textarea {
    font: inherit;
    color: var(--_t-text);
    background: var(--_t-surface);
    border: 1px solid var(--_t-muted);
    border-radius: calc(var(--_t-radius) / 2);
    padding: 0.5rem 0.6rem;
    box-sizing: border-box;
    inline-size: 100%;
  }
  textarea {
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: var(--_t-error) !important;
    border-width: 2px !important;
  }
  input:focus-visible,
  textarea:focus-visible,
  .success:focus-visible {
    outline: 2px solid var(--_t-focus);
    outline-offset: 2px;
  }
  .stars {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
  }
  .star {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    font-weight: 400;
    color: var(--_t-star);
  }
  .consent {
    grid-template-columns: auto 1fr;
    align-items: start;
  }
  .consent label {
    font-weight: 400;
  }
  .consent .error {
    grid-column: 1 / -1;
  }
  .error {
    color: var(--_t-error);
    margin: 0;
    font-weight: 600;
  }
  .error::before {
    content: '⚠ ';
  }
  .media {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .media li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .media img {
    width: 4rem;
    height: 4rem;
    object-fit: cover;
    border-radius: 0.25rem;
  }
  .upload,
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  progress {
    inline-size: 10rem;
    accent-color: var(--_t-accent);
  }
  video {
    display: block;
    inline-size: 100%;
    max-block-size: 20rem;
    background: #000;
    border-radius: calc(var(--_t-radius) / 2);
  }
  .status {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  .status:empty {
    display: none;
  }
  button {
    font: inherit;
    color: var(--_t-text);
    background: var(--_t-surface);
    border: 1px solid var(--_t-muted);
    border-radius: calc(var(--_t-radius) / 2);
    padding: 0.4rem 0.8rem;
    cursor: pointer;
  }
  .submit {
    justify-self: start;
    color: var(--_t-background);
    background: var(--_t-accent);
    border-color: var(--_t-accent);
    font-weight: 600;
    padding: 0.6rem 1.2rem;
  }
  [aria-disabled='true'] {
    cursor: progress;
    opacity: 0.8;
  }
  .trap {
    position: absolute;
    inset-inline-start: -10000px;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
  }
  .success {
    font-size: 1.1em;
  }
  :host {
    --_t-error: var(--testimonial-color-error, #b3261e);
  }
  :host([theme='dark']) {
    --_t-error: var(--testimonial-color-error, #ff8a80);
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      --_t-error: var(--testimonial-color-error, #ff8a80);
    }
  }
  @media (forced-colors: active) {
    .box,
    input,
    textarea,
    button {
      border-color: CanvasText;
    }
    .submit {
      forced-color-adjust: auto;
    }
    .error {
      color: CanvasText;
    }
  }
`;

export const styles = [tokens, focusRing, reducedMotion, visuallyHidden, formStyles];
