/**
 * Design tokens shared by the elements. Public custom properties (`--testimonial-*`, documented on each
 * element) configure the looks; each element reads private copies (`--_t-*`) that fall back to a
 * default per theme. Public properties set on the element or on any ancestor win over every theme.
 *
 * `theme="light"` (and no attribute) is light, `theme="dark"` dark, `theme="auto"` follows
 * `prefers-color-scheme`. Every default pair meets WCAG AA contrast (text ≥ 4.5:1, UI ≥ 3:1).
 */
import { unsafeCSS } from 'lit';
import { css } from './css.js';

/** Values as the CSS minifier would write them: it sees only `css` literals, not these strings. */
const light = {
  background: '#ffffff',
  surface: '#f6f8fa',
  text: '#1f2328',
  muted: '#59636e',
  accent: '#0a5fc2',
  border: '#d1d9e0',
  star: '#9a6700',
  'star-empty': '#c8d1da',
  mark: '#fff1a8',
  'mark-text': '#1f2328',
  shadow: '0 1px 3px rgb(31 35 40/.12),0 1px 2px rgb(31 35 40/.08)',
  skeleton: '#e6eaef',
} as const;

const dark = {
  background: '#161b22',
  surface: '#212830',
  text: '#e6edf3',
  muted: '#9ea8b3',
  accent: '#6cb2ff',
  border: '#3d444d',
  star: '#e3b341',
  'star-empty': '#4a525c',
  mark: '#5c4b00',
  'mark-text': '#fff8dc',
  shadow: '0 1px 3px rgb(0 0 0/.5)',
  skeleton: '#2a313a',
} as const;

type Palette = Record<keyof typeof light, string>;

/**
 * The public property (`--testimonial-…`) that overrides each private colour property (`--_t-…`) whose
 * public name is not `color-<name>` (`--_t-text` is `--testimonial-color-text`): -21 B gzip of the entry
 * against a table of all twelve.
 */
const PUBLIC_COLOR_PROPERTIES: Partial<Palette> = {
  star: 'star-color',
  'star-empty': 'star-empty-color',
  mark: 'mark-background',
  'mark-text': 'mark-color',
  shadow: 'shadow',
  skeleton: 'skeleton-color',
};

/**
 * The private colour properties of one palette, each overridable by its public property
 * (`--_t-star-empty:var(--testimonial-star-empty-color,#c8d1da);`…), written out from the tables
 * above: ~50 B gzip smaller in the entry than twelve hand-written lines with their indentation.
 */
function palette(colors: Palette) {
  const properties = Object.entries(colors).map(
    ([name, value]) => `--_t-${name}:var(--testimonial-${PUBLIC_COLOR_PROPERTIES[name as keyof Palette] ?? `color-${name}`},${value});`,
  );
  return unsafeCSS(`${properties.join('')}color-scheme:${colors === dark ? 'dark' : 'light'};`);
}

/** Custom-property defaults and the light/dark/auto themes, for every element's `:host`. */
export const tokens = css`
  :host {
    ${palette(light)}
    --_t-font: var(--testimonial-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_t-font-size: var(--testimonial-font-size, 1rem);
    --_t-radius: var(--testimonial-radius, 0.75rem);
    --_t-spacing: var(--testimonial-spacing, 1rem);
    --_t-focus: var(--testimonial-focus-color, var(--_t-accent));
  }
  :host([theme='dark']) {
    ${palette(dark)}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${palette(dark)}
    }
  }
`;

/** A visible focus ring for keyboard users only (`:focus-visible`), on links and buttons. */
export const focusRing = css`
  a:focus-visible,
  button:focus-visible,
  [tabindex]:focus-visible {
    outline: 2px solid var(--_t-focus);
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

/** Stops transitions and animations for people who asked the system for less motion. */
export const reducedMotion = css`
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

/** Text only screen readers hear. */
export const visuallyHidden = css`
  /* The wall's "Skip testimonials" link and its end too, until focused. */
  .visually-hidden,
  .skip:not(:focus) {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
