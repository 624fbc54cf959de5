/**
 * The question and the answer of the proxy's `GET /summary` (not a route of the service, which has no
 * aggregates: the proxy computes it by walking the approved testimonials). The element and the proxy
 * share these rules, so they agree on what a valid question is and on the canonical query string.
 */
import { encodeListQuery } from './query.js';
import type { Integration, ListTestimonialsParams } from './types.js';
import { InvalidRequestError, parseListQuery } from './validation.js';

/** The list filters of spec 4.1 that make sense for a summary (no sort, paging or full-text search). */
export const SUMMARY_FILTER_KEYS = ['type', 'integration', 'tags', 'lang', 'rating'] as const;
export type SummaryFilterKey = (typeof SUMMARY_FILTER_KEYS)[number];

/** How many recent customers a summary lists at most, and by default. */
export const SUMMARY_AVATARS_MAX = 12;
export const SUMMARY_AVATARS_DEFAULT = 5;

/**
 * How many tags a summary lists at most (the most used): a row of filters, not an index. A walk
 * counts at most {@link SUMMARY_TAGS_COUNTED} distinct names (tags first seen after that are not
 * counted), so a project with endless distinct tags cannot grow the proxy's memory.
 */
export const SUMMARY_TAGS_MAX = 30;
export const SUMMARY_TAGS_COUNTED = 1000;
/** A tag name longer than this is no filter anyone clicks: it is left out of the count. */
export const SUMMARY_TAG_LENGTH_MAX = 100;

export interface SummaryQuery {
  filters: Pick<ListTestimonialsParams, SummaryFilterKey>;
  /** Recent customers to list, 0 to {@link SUMMARY_AVATARS_MAX}. */
  avatars: number;
}

/** One recent customer: the name as given, the avatar only when it passed the safe-URL check. */
export interface SummaryCustomer {
  name: string;
  avatar: string | null;
}

/** The answer of `GET /summary`. */
export interface SummaryData {
  /** Approved testimonials that match the filters (of those read, when `partial`). */
  count: number;
  /** How many of them carry a rating above 0; the average is theirs. */
  rated: number;
  /** Mean rating of the rated ones, rounded to two decimals; `null` when none is rated. */
  average: number | null;
  /** Rated testimonials per star, `"1"` to `"5"` (a fractional rating counts at its nearest star). */
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  /** Testimonials per integration of spec 2.5, most first; the others came from no integration. */
  integrations: Partial<Record<Integration, number>>;
  /**
   * Testimonials per tag, most first (ties by name), at most {@link SUMMARY_TAGS_MAX} tags: what a wall's
   * visitor controls offer as tag filters. Always there in the proxy's answer; optional for summaries built by hand.
   */
  tags?: Record<string, number>;
  /** The most recent customers (by testimonial date), newest first, each name once. */
  recent: SummaryCustomer[];
  /** True when the proxy stopped at its bound before the last page: the figures cover the newest testimonials read. */
  partial: boolean;
}

const AVATARS_PATTERN = /^\d{1,2}$/;

/**
 * Strict parse of the query string of `GET /summary`: the filters with the list's own rules, and
 * `avatars`. Anything else (`sort`, `page`, `query`, a typo) is an {@link InvalidRequestError} naming it.
 */
export function parseSummaryQuery(search: URLSearchParams): SummaryQuery {
  const filters = new URLSearchParams();
  let avatars = SUMMARY_AVATARS_DEFAULT;
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    if (key === 'avatars') {
      const raw = values[0] ?? '';
      if (values.length > 1 || !AVATARS_PATTERN.test(raw) || Number(raw) > SUMMARY_AVATARS_MAX) {
        throw new InvalidRequestError(
          'avatars',
          `avatars must be given once, an integer from 0 to ${SUMMARY_AVATARS_MAX}; got "${values.join(',')}".`,
        );
      }
      avatars = Number(raw);
    } else if ((SUMMARY_FILTER_KEYS as readonly string[]).includes(key)) {
      for (const value of values) filters.append(key, value);
    } else {
      throw new InvalidRequestError(key, `Unknown query parameter ${key}: a summary takes ${SUMMARY_FILTER_KEYS.join(', ')} and avatars.`);
    }
  }
  return { filters: parseListQuery(filters), avatars };
}

/** The canonical query string of a summary question: equal questions, equal strings (the cache key). */
export function encodeSummaryQuery({ filters, avatars }: SummaryQuery): string {
  const query = encodeListQuery(filters);
  query.set('avatars', String(avatars));
  return query.toString();
}
