/**
 * DOMPurify and what is done with its output, in one module that `sanitize.ts` imports on first need:
 * code that only runs on sanitised text travels with the sanitiser, not in every page's entry.
 *
 * In a browser DOMPurify works on the page's window. On Node (server rendering) there is no window:
 * `testimonial-elements/ssr` hands over a DOMPurify made on a jsdom window (`usePurifier`), and the
 * policy, the segment walk and everything after stay this module's: one policy for both.
 *
 * DOMPurify parses each text into a new document (in a browser too: ~1 ms a text, a sixth of a wall's
 * script when a sixth of its texts carry a highlight, issue 23). Most texts that reach it are not
 * markup at all, only highlights (`<mark>` and `</mark>`, written by the service) or a bare `&`
 * ("Ember & Oak"): for those alone the HTML parser's answer is known without parsing, and
 * {@link plainHighlights} builds it directly. Everything else, every text with any other `<`, a
 * character reference, or marks that nest or do not pair, goes to DOMPurify.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { TextSegment } from './text-segment.js';

/** The exact DOMPurify configuration of DESIGN security rule 1. */
export const SANITIZE_CONFIG = Object.freeze({
  ALLOWED_TAGS: ['mark'],
  ALLOWED_ATTR: [] as string[],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
});

/** `NodeFilter.SHOW_TEXT`, written out: a DOM made by jsdom on Node has no global `NodeFilter`. */
const SHOW_TEXT = 4;

let purifier: Purifier = DOMPurify;

/** Where segments already made are kept, by their text (the server's: see usePurifier). */
export type KeptSegments = Pick<Map<string, readonly TextSegment[]>, 'get' | 'set'>;

let kept: KeptSegments | undefined;

/**
 * Sanitises with `instance` from now on: a DOMPurify made on a window of its own (jsdom on Node, for
 * server rendering). The configuration stays {@link SANITIZE_CONFIG}. With `keep`, each text's segments
 * are kept there and given again: a server renders the same testimonials again and again, and walking a
 * jsdom fragment cost it more than the rest of a card's text.
 */
export function usePurifier(instance: Purifier, keep?: KeptSegments): void {
  if (!instance.isSupported) throw new Error("usePurifier: this DOMPurify has no working DOM (give DOMPurify a window, e.g. jsdom's).");
  purifier = instance;
  kept = keep;
}

/**
 * Whether a text node sits inside a `<mark>`: its ancestors walked, not `closest('mark')`, which on
 * jsdom builds a selector engine for every new document, and DOMPurify makes one per text (issue 24:
 * 90% of the time of a server-rendered highlight).
 */
function insideMark(node: Node): boolean {
  for (let element = node.parentElement; element; element = element.parentElement) if (element.localName === 'mark') return true;
  return false;
}

/** The text runs of a sanitised fragment, each marked when it sits inside a `<mark>`. */
function segmentsOf(fragment: DocumentFragment): TextSegment[] {
  const segments: TextSegment[] = [];
  const walker = fragment.ownerDocument.createTreeWalker(fragment, SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (text === '') continue;
    const marked = insideMark(node);
    const last = segments.at(-1);
    if (last && last.marked === marked) segments[segments.length - 1] = { text: last.text + text, marked };
    else segments.push({ text, marked });
  }
  return segments;
}

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

/** DOMPurify's segments of `dirty`, always parsed (what {@link plainHighlights} must equal; tests compare them). */
export function purifiedSegments(dirty: string): TextSegment[] {
  return segmentsOf(purifier.sanitize(dirty, { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true }));
}

/** Sanitises `dirty` (only bare `<mark>` survives) and returns it as segments; no HTML string is kept. */
export function sanitizeToSegments(dirty: string): readonly TextSegment[] {
  let segments = kept?.get(dirty);
  if (!segments) {
    segments = plainHighlights(dirty) ?? purifiedSegments(dirty);
    kept?.set(dirty, segments);
  }
  return segments;
}
