/**
 * Bounds on what a visitor may ask, checked before anything is parsed further or sent upstream: without
 * them, `tags=` with thousands of names made a 27 KB upstream URL, a 431 from the service, a new upstream
 * call for every variation and a 27 KB log line. Generous for any wall; a 400 naming the field otherwise.
 */
import { InvalidRequestError } from '../client/index.js';

export const QUERY_LIMITS = {
  /** Tag names in one list query (repeated and comma-separated names together). */
  maxTags: 20,
  /** Characters of one tag name. */
  maxTagLength: 64,
  /** Characters of any other parameter's value (`query` is the one that can be long). */
  maxValueLength: 256,
  /** Characters of the whole query string. */
  maxQueryLength: 2048,
  /** Largest `rating` filter: ratings are 1–5, 0 for none (spec 2.1); any other integer was a new cache key and walk. */
  maxRating: 5,
} as const;

function shortName(key: string): string {
  return key.length > 40 ? `${key.slice(0, 40)}…` : key;
}

export function checkQueryLimits(search: URLSearchParams): void {
  const { maxTags, maxTagLength, maxValueLength, maxQueryLength, maxRating } = QUERY_LIMITS;
  // Whole numbers only: anything else is left to the parser's own message.
  const rating = search.get('rating');
  if (rating !== null && /^-?\d+$/.test(rating) && !(Number(rating) >= 0 && Number(rating) <= maxRating)) {
    throw new InvalidRequestError('rating', `rating must be an integer from 0 (no rating) to ${maxRating}; got ${rating}.`);
  }
  const tags = search
    .getAll('tags')
    .flatMap((value) => value.split(','))
    .filter(Boolean);
  if (tags.length > maxTags) {
    throw new InvalidRequestError('tags', `tags may name at most ${maxTags} tags; got ${tags.length}.`);
  }
  const longTag = tags.find((tag) => tag.length > maxTagLength);
  if (longTag !== undefined) {
    throw new InvalidRequestError('tags', `A tag name is at most ${maxTagLength} characters; got one of ${longTag.length}.`);
  }
  const lengths = new Map<string, number>();
  for (const [key, value] of search) {
    if (key !== 'tags' && value.length > maxValueLength) {
      const name = shortName(key);
      throw new InvalidRequestError(name, `${name} is at most ${maxValueLength} characters; got ${value.length}.`);
    }
    lengths.set(key, (lengths.get(key) ?? 0) + key.length + value.length + 2);
  }
  const total = search.toString().length;
  if (total > maxQueryLength) {
    const [largest] = [...lengths].sort((a, b) => b[1] - a[1])[0]!;
    const name = shortName(largest);
    throw new InvalidRequestError(name, `The query is at most ${maxQueryLength} characters; got ${total}, most of it in ${name}.`);
  }
}
