/**
 * A run of text, highlighted or not: what `sanitize.ts` hands the elements and its lazy DOMPurify chunk
 * (`purify-segments.ts`) produces. A leaf of its own, so that the chunk needs nothing from the module
 * that loads it. Concatenating the `text` of all segments gives the plain text.
 */
export interface TextSegment {
  readonly text: string;
  readonly marked: boolean;
}
