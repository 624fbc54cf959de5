/**
 * Shortens highlighted text for the collapsed "Read more" state. The cut is made in the DOM content,
 * not only visually, so screen readers hear the same shortened text sighted readers see, and a wall of
 * 10,000-character testimonials does not lay out all of their text.
 */
import type { TextSegment } from '../shared/sanitize.js';

export interface ClampedText {
  readonly segments: readonly TextSegment[];
  /** Whether anything was cut off. */
  readonly clamped: boolean;
}

/** A cut this close to the limit may move back to the last word boundary (but no further). */
const WORD_BOUNDARY_REACH = 0.2;
const ELLIPSIS = '…';

function length(segments: readonly TextSegment[]): number {
  return segments.reduce((sum, segment) => sum + segment.text.length, 0);
}

/** Where to cut `text` at most `limit` characters in: at a space when one is near, never mid-surrogate. */
function cutPoint(text: string, limit: number): number {
  const space = text.lastIndexOf(' ', limit);
  if (space > limit * (1 - WORD_BOUNDARY_REACH)) return space;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/**
 * The segments cut to about `limit` characters (at a word boundary when one is near) plus "…".
 * Text shorter than `limit` + a fifth is left whole: cutting two words off a long text helps nobody.
 * A `limit` of 0 or less (or not a number) never clamps.
 */
export function clampSegments(segments: readonly TextSegment[], limit: number): ClampedText {
  const total = length(segments);
  if (!(limit > 0) || total <= limit * (1 + WORD_BOUNDARY_REACH)) return { segments, clamped: false };
  const plain = segments.map((segment) => segment.text).join('');
  let remaining = cutPoint(plain, Math.floor(limit));
  const kept: TextSegment[] = [];
  for (const segment of segments) {
    if (remaining <= 0) break;
    kept.push(segment.text.length <= remaining ? segment : { ...segment, text: segment.text.slice(0, remaining) });
    remaining -= segment.text.length;
  }
  const last = kept.at(-1);
  if (last) kept[kept.length - 1] = { ...last, text: last.text.trimEnd() };
  // The ellipsis is ours, not the customer's: never inside a highlight.
  if (last && !last.marked) kept[kept.length - 1] = { ...last, text: `${last.text.trimEnd()}${ELLIPSIS}` };
  else kept.push({ text: ELLIPSIS, marked: false });
  return { segments: kept, clamped: true };
}
