/**
 * Testimonial text may carry `<mark>` highlights (the service wraps search matches in them). DESIGN
 * security rule 1: only bare `<mark>` survives and DOMPurify does the sanitising; text without `<` or
 * `&` cannot hold markup, needs no sanitiser and is rendered as text.
 *
 * DOMPurify is imported on first need, so a page of plain-text testimonials never downloads it. The
 * sanitised result is turned into {@link TextSegment}s that the elements render through Lit text
 * bindings and a literal `<mark>` in their own template: no sanitised HTML string is ever parsed into
 * the page, so not even a DOMPurify bypass could add an element other than `<mark>`.
 */
import { html, type TemplateResult } from 'lit';
import { lazyModule } from './lazy-module.js';
import type { TextSegment } from './text-segment.js';

export type { TextSegment } from './text-segment.js';

/** DOMPurify with the configuration of security rule 1, and the segment walk: imported on first need. */
const sanitizer = lazyModule(() => import('./purify-segments.js'));

/** Whether the text could hold markup or entities, and so must go through DOMPurify. */
export function needsSanitizer(text: string): boolean {
  return /[<&]/.test(text);
}

/** Loads DOMPurify once; later calls share the same promise (a failed load is tried again). */
export function loadSanitizer(): Promise<unknown> {
  return sanitizer.load();
}

/** Whether DOMPurify has been loaded (for tests and for rendering synchronously when it has). */
export function isSanitizerLoaded(): boolean {
  return sanitizer.loaded !== undefined;
}

/**
 * The segments of a text, synchronously: plain text always; text with markup only once DOMPurify is
 * loaded (otherwise `undefined`: call {@link loadSanitizer} and ask again).
 */
export function highlightSegmentsSync(text: string): readonly TextSegment[] | undefined {
  if (text === '') return [];
  if (!needsSanitizer(text)) return [{ text, marked: false }];
  return sanitizer.loaded?.sanitizeToSegments(text);
}

/** The segments of a text, loading DOMPurify when the text needs it. */
export async function toHighlightSegments(text: string): Promise<readonly TextSegment[]> {
  const ready = highlightSegmentsSync(text);
  if (ready) return ready;
  await loadSanitizer();
  return highlightSegmentsSync(text) ?? [];
}

/** Elements whose content DOMPurify drops as well, so the fallback does not show it for a moment. */
const CONTENT_DROPPED = 'script,style,template,noscript,noembed,noframes,iframe,object,svg,math,title,xmp';

/** The name of the library's Trusted Types policy: a page whose CSP lists `trusted-types` must list it. */
export const TRUSTED_TYPES_POLICY = 'testimonial-elements';

/**
 * What the preview asks of a Trusted Types policy. TypeScript's DOM types do not have Trusted Types
 * yet: a TrustedHTML is typed here as the string it stands for.
 */
interface HtmlPolicy {
  createHTML(html: string): string;
}

/**
 * Where Trusted Types are enforced, `innerHTML` takes TrustedHTML only, even in an inert document. The
 * library's policy makes it, created on first need and only where Trusted Types exist; it passes the
 * text through unchanged, and what it makes only ever reaches the inert document of
 * {@link markupFreeText}, never the page (DOMPurify, with a policy of its own, sanitises what is
 * shown). Where the page's CSP refuses the policy, the preview is empty until DOMPurify has loaded.
 */
let previewPolicy: HtmlPolicy | undefined;

/** `window.trustedTypes`, as far as it is used here. */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: HtmlPolicy): HtmlPolicy;
  /** An empty TrustedHTML, which needs no policy. */
  readonly emptyHTML: string;
}

function createPreviewPolicy(): HtmlPolicy {
  const { trustedTypes } = globalThis as { trustedTypes?: TrustedTypesFactory };
  try {
    return trustedTypes?.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (html) => html }) ?? { createHTML: (html) => html };
  } catch {
    return { createHTML: () => trustedTypes!.emptyHTML };
  }
}

/**
 * What the text looks like without its markup, for the moment before DOMPurify has loaded: parsed in
 * an inert document (one without a window: no script runs and nothing loads there) and read back as
 * text, so neither raw tags nor entities flash on screen. Rendered as text, never as HTML.
 */
export function markupFreeText(text: string): string {
  if (!needsSanitizer(text)) return text;
  previewPolicy ??= createPreviewPolicy();
  const { body } = document.implementation.createHTMLDocument();
  body.innerHTML = previewPolicy.createHTML(text);
  body.querySelectorAll(CONTENT_DROPPED).forEach((element) => element.remove());
  return body.textContent;
}

/** Renders segments: text through text bindings, highlights in a literal `<mark>`. */
export function renderSegments(segments: readonly TextSegment[]): Array<TemplateResult | string> {
  return segments.map((segment) => (segment.marked ? html`<mark>${segment.text}</mark>` : segment.text));
}
