/**
 * The browser's sanitiser on Node: DOMPurify over jsdom (the DOM that DOMPurify's README names for
 * Node), handed to the very module the elements load in a browser (purify-segments.ts), so the policy
 * (security rule 1: only bare `<mark>` survives) is one, not a server twin.
 *
 * DOMPurify parses each text into a new jsdom document, which made it a quarter of a server render
 * (issue 24). Most texts that reach it are not markup at all, only highlights (`<mark>` and `</mark>`,
 * written by the service) or a bare `&` ("Ember & Oak"): for those alone the HTML parser's answer is
 * known without parsing, and {@link plainHighlights} builds it directly. Everything else, every text
 * with any other `<`, a character reference, or marks that nest or do not pair, goes to DOMPurify.
 */
import createDOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { JSDOM } from 'jsdom';
import { SANITIZE_CONFIG, usePurifier, type KeptSegments } from '../elements/shared/purify-segments.js';
import { loadSanitizer } from '../elements/shared/sanitize.js';
import type { TextSegment } from '../elements/shared/text-segment.js';

/**
 * What the HTML parser changes or reads as markup, besides a bare `<mark>` / `</mark>`: any other `<`,
 * a `&` that starts a character reference (a letter, a digit or `#` after it), a carriage return (the
 * parser makes line breaks of it) and NUL (dropped in body text).
 */
const NOT_PLAIN = /<(?!\/?mark>)|&[#\dA-Za-z]|[\r\0]/;

/**
 * The segments DOMPurify gives a text made only of characters and highlights, each `<mark>` closed by
 * the next `</mark>` before another opens; `undefined` for any other text. For such a text the HTML
 * parser makes text nodes and `<mark>` elements with exactly those characters (`&` not followed by a
 * letter, a digit or `#` is an `&`), and DOMPurify keeps them all: a `<mark>` with no attributes is
 * allowed, text is text. Empty runs are left out, as the segment walk leaves out empty text.
 */
export function plainHighlights(text: string): TextSegment[] | undefined {
  if (NOT_PLAIN.test(text)) return undefined;
  const segments: TextSegment[] = [];
  const parts = text.split(/(<\/?mark>)/);
  let marked = false;
  for (const part of parts) {
    if (part === '<mark>' || part === '</mark>') {
      // `<mark>` inside a mark nests, a `</mark>` without one is dropped by the parser: DOMPurify's.
      if (marked === (part === '<mark>')) return undefined;
      marked = !marked;
    } else if (part !== '') {
      const last = segments.at(-1);
      if (last?.marked === marked) segments[segments.length - 1] = { text: last.text + part, marked };
      else segments.push({ text: part, marked });
    }
  }
  // A `<mark>` left open runs to the end of the text in the parser; it is DOMPurify's case too.
  return marked ? undefined : segments;
}

/** How many texts' segments the server keeps, and the longest text it keeps them for. */
const KEPT_TEXTS = 1024;
const KEPT_TEXT_MAX = 16_384;

/**
 * The segments of the texts the server has sanitised (see usePurifier): a server renders the same
 * testimonials again and again (each wall, page and language that shows them), and DOMPurify parses
 * each into a new jsdom document, whose walk is jsdom's too. A bounded number, short texts only.
 */
const keptSegments = new Map<string, readonly TextSegment[]>();
const keep: KeptSegments = {
  get: (text) => keptSegments.get(text),
  set(text, segments) {
    if (keptSegments.size < KEPT_TEXTS && text.length <= KEPT_TEXT_MAX) keptSegments.set(text, segments);
    return keptSegments;
  },
};

/**
 * DOMPurify for purify-segments.ts, with the plain texts above built as the fragment DOMPurify would
 * return (in one jsdom document made once), and anything else handed to DOMPurify itself.
 */
function serverPurifier(purifier: Purifier, document: Document): Purifier {
  const sanitize = (dirty: string, config: Record<string, unknown>): DocumentFragment => {
    const cardPolicy = config.RETURN_DOM_FRAGMENT && config.ALLOWED_TAGS === SANITIZE_CONFIG.ALLOWED_TAGS;
    const segments = cardPolicy ? plainHighlights(dirty) : undefined;
    if (!segments) return purifier.sanitize(dirty, { ...config, RETURN_DOM_FRAGMENT: true });
    const fragment = document.createDocumentFragment();
    for (const { text, marked } of segments) {
      const node = document.createTextNode(text);
      if (marked) fragment.appendChild(document.createElement('mark')).appendChild(node);
      else fragment.appendChild(node);
    }
    return fragment;
  };
  return Object.assign(Object.create(purifier) as Purifier, { sanitize });
}

let prepared = false;

/** Installs DOMPurify-over-jsdom and loads the sanitiser, so cards render highlighted text at once. */
export async function prepareServerSanitizer(): Promise<void> {
  if (!prepared) {
    // A window of its own, with no scripts and no resource loading (jsdom's defaults).
    const { window } = new JSDOM('<!doctype html>');
    const purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    usePurifier(serverPurifier(purifier, window.document), keep);
    prepared = true;
  }
  await loadSanitizer();
}
