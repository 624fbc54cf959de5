/**
 * The browser's sanitiser on Node: DOMPurify over jsdom (the DOM that DOMPurify's README names for
 * Node), handed to the very module the elements load in a browser (purify-segments.ts), so the policy
 * (security rule 1: only bare `<mark>` survives) is one, not a server twin.
 *
 * DOMPurify parses each text into a new jsdom document, which made it a quarter of a server render
 * (issue 24). Most texts that reach it are not markup at all, only highlights (`<mark>` and `</mark>`,
 * written by the service) or a bare `&` ("Ember & Oak"): for those alone the HTML parser's answer is
 * known without parsing, and `plainHighlights` (purify-segments.ts, the browser's too) builds it
 * directly. Everything else, every text with any other `<`, a character reference, or marks that nest
 * or do not pair, goes to DOMPurify.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { usePurifier, type KeptSegments } from '../elements/shared/purify-segments.js';
import { loadSanitizer } from '../elements/shared/sanitize.js';
import type { TextSegment } from '../elements/shared/text-segment.js';

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

let prepared = false;

/** Installs DOMPurify-over-jsdom and loads the sanitiser, so cards render highlighted text at once. */
export async function prepareServerSanitizer(): Promise<void> {
  if (!prepared) {
    // A window of its own, with no scripts and no resource loading (jsdom's defaults).
    const { window } = new JSDOM('<!doctype html>');
    const purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    usePurifier(purifier, keep);
    prepared = true;
  }
  await loadSanitizer();
}
