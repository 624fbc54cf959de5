/**
 * Query-string encoding of GET /testimonials (spec 4.1).
 *
 * The encoding is canonical: keys always come in the spec's order and tag names are de-duplicated and
 * sorted, so two requests that ask the same question produce the same URL. The client's request
 * sharing and the proxy's cache both key on that URL, so `{ tags: ['b', 'a'] }` and
 * `{ tags: ['a', 'b', 'a'] }` must not become two requests or two cache entries.
 */
import type { ListTestimonialsParams } from './types.js';
import { InvalidRequestError, LIST_QUERY_KEYS } from './validation.js';

/**
 * How `tags` travel in the query string: `repeat` (`tags=a&tags=b`, the default, see DESIGN) or
 * `comma` (`tags=a,b`) for services that only read one value.
 */
export type TagsEncoding = 'repeat' | 'comma';

export interface EncodeListQueryOptions {
  tags?: TagsEncoding;
}

/** Writes the tag names of one query (de-duplicated and sorted, at least one) into it. */
export type TagsWriter = (search: URLSearchParams, names: readonly string[]) => void;

/** `tags=a&tags=b`: the default. */
export const repeatTags: TagsWriter = (search, names) => {
  for (const name of names) search.append('tags', name);
};

/** `tags=a,b`. A separate function, so code that never joins tags (the elements) does not carry it. */
const commaTags: TagsWriter = (search, names) => {
  // A comma inside a name would split it in two on the other side.
  const withComma = names.find((name) => name.includes(','));
  if (withComma !== undefined) {
    throw new InvalidRequestError(
      'tags',
      `The tag "${withComma}" holds a comma, which the comma-joined tags encoding cannot carry; use tags: 'repeat'.`,
    );
  }
  search.append('tags', names.join(','));
};

/** The writer of a {@link TagsEncoding}. */
export function tagsWriter(encoding: TagsEncoding): TagsWriter {
  return encoding === 'repeat' ? repeatTags : commaTags;
}

/**
 * Encodes list parameters into a query string with a canonical key order. `undefined` and `null` values
 * and an empty tag list are left out; booleans become `true`/`false`. It does not validate: the client
 * runs `validateListParams` first.
 */
export function encodeListQuery(params: ListTestimonialsParams = {}, { tags = 'repeat' }: EncodeListQueryOptions = {}): URLSearchParams {
  return canonicalListQuery(params, tagsWriter(tags));
}

/** {@link encodeListQuery} with the tags written by `writeTags` (repeated by default). */
export function canonicalListQuery(params: ListTestimonialsParams, writeTags: TagsWriter = repeatTags): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of LIST_QUERY_KEYS) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    if (key === 'tags') {
      const names = [...new Set(value as readonly string[])].sort();
      if (names.length > 0) writeTags(search, names);
    } else {
      search.append(key, String(value));
    }
  }
  return search;
}
