/**
 * The browser's sanitiser on Node: DOMPurify over jsdom (the DOM that DOMPurify's README names for
 * Node), handed to the very module the elements load in a browser (purify-segments.ts), so the policy
 * (security rule 1: only bare `<mark>` survives) is one, not a server twin.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { usePurifier } from '../elements/shared/purify-segments.js';
import { loadSanitizer } from '../elements/shared/sanitize.js';

let prepared = false;

/** Installs DOMPurify-over-jsdom and loads the sanitiser, so cards render highlighted text at once. */
export async function prepareServerSanitizer(): Promise<void> {
  if (!prepared) {
    // A window of its own, with no scripts and no resource loading (jsdom's defaults).
    usePurifier(createDOMPurify(new JSDOM('<!doctype html>').window as unknown as Parameters<typeof createDOMPurify>[0]));
    prepared = true;
  }
  await loadSanitizer();
}
