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

/** A run of text, highlighted or not. Concatenating the `text` of all segments gives the plain text. */
export interface TextSegment {
  readonly text: string;
  readonly marked: boolean;
}

/** DOMPurify with the configuration of security rule 1, and the segment walk: imported on first need. */
const sanitizer = lazyModule(() => import('./purify-segments.js'));

/** Whether the text could hold markup or entities, and so must go through DOMPurify. */
export function needsSanitizer(text: string): boolean {
  return text.includes('<') || text.includes('&');
}

/** Loads DOMPurify once; later calls share the same promise (a failed load is tried again). */
export function loadSanitizer(): Promise<void> {
  return sanitizer.load().then(() => undefined);
}

/** Whether DOMPurify has been loaded (for tests and for rendering synchronously when it has). */
export function isSanitizerLoaded(): boolean {
  return sanitizer.loaded !== undefined;
}

/**
 * The segments of a text, synchronously: plain text always; text with markup only once DOMPurify is
 * loaded (otherwise `undefined`: call {@link loadSanitizer} and ask again).
 */
export function highlightSegmentsSync(text: string): TextSegment[] | undefined {
  if (text === '') return [];
  if (!needsSanitizer(text)) return [{ text, marked: false }];
  return sanitizer.loaded?.sanitizeToSegments(text);
}

/** The segments of a text, loading DOMPurify when the text needs it. */
export async function toHighlightSegments(text: string): Promise<TextSegment[]> {
  const ready = highlightSegmentsSync(text);
  if (ready) return ready;
  await loadSanitizer();
  return highlightSegmentsSync(text) ?? [];
}

/** Elements whose content DOMPurify drops as well, so the fallback does not show it for a moment. */
const CONTENT_DROPPED = 'script, style, template, noscript, noembed, noframes, iframe, object, svg, math, title, xmp, head';

/**
 * What the text looks like without its markup, for the moment before DOMPurify has loaded: parsed by
 * an inert `DOMParser` document (no script runs and nothing loads there) and read back as text, so
 * neither raw tags nor entities flash on screen. Rendered as text, never as HTML.
 */
export function markupFreeText(text: string): string {
  if (!needsSanitizer(text)) return text;
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html');
  for (const element of doc.querySelectorAll(CONTENT_DROPPED)) element.remove();
  return doc.body?.textContent ?? '';
}

/** Renders segments: text through text bindings, highlights in a literal `<mark>`. */
export function renderSegments(segments: readonly TextSegment[]): Array<TemplateResult | string> {
  return segments.map((segment) => (segment.marked ? html`<mark>${segment.text}</mark>` : segment.text));
}
