/**
 * Full-text matching of GET /testimonials `query`, and the `<mark>…</mark>` highlighting the service puts
 * around matches inside `text` (spec 2.1: text "may contain `<mark>…</mark>` highlight markup").
 *
 * The query is split into words; a testimonial matches when every word occurs, case-insensitively, in
 * at least one of the searched fields. Markup never matches (searching for "mark" does not find every
 * highlighted text) and is never changed: matches are wrapped only in the text between tags, and never
 * inside an existing `<mark>` (no double wrapping). Nothing else is escaped or rewritten; the elements
 * sanitise what they render.
 */

/** Any tag-shaped run: `<mark>`, `</mark>`, and hostile markup such as `<script>` that fixtures carry. */
const TAG = /<\/?[A-Za-z][^>]*>/g;

export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

/** The text a reader sees: tags removed, so markup is never a match. */
export function withoutTags(text: string): string {
  return text.replace(TAG, '');
}

/** True when every word is found in at least one of the fields. */
export function matchesWords(words: readonly string[], fields: readonly (string | null | undefined)[]): boolean {
  const haystacks = fields.filter((field): field is string => typeof field === 'string').map((f) => f.toLowerCase());
  return words.every((word) => haystacks.some((haystack) => haystack.includes(word)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Wraps every occurrence of the words in `<mark>`, outside tags and outside existing marks. */
export function highlight(text: string, words: readonly string[]): string {
  if (!words.length) return text;
  // Longest first, so "fast" inside "faster" does not pre-empt a query word "faster".
  const pattern = new RegExp(
    [...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'gi',
  );
  let insideMark = 0;
  let out = '';
  let last = 0;
  const wrap = (segment: string) => (insideMark > 0 ? segment : segment.replace(pattern, (m) => `<mark>${m}</mark>`));
  for (const match of text.matchAll(TAG)) {
    out += wrap(text.slice(last, match.index));
    const tag = match[0];
    if (/^<mark\b/i.test(tag)) insideMark++;
    else if (/^<\/mark\s*>$/i.test(tag)) insideMark = Math.max(0, insideMark - 1);
    out += tag;
    last = match.index + tag.length;
  }
  return out + wrap(text.slice(last));
}
