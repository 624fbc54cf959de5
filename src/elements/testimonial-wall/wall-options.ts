/**
 * Turns the wall's attributes into a list query and display options.
 *
 * A wall on a marketing page must never break because of a typo in its markup, so every attribute is
 * judged on its own: an invalid value gets one clear console warning (`TE-INVALID-<ATTRIBUTE>`, see
 * ../shared/warnings.ts) and the documented default, while the other attributes keep working.
 * The query rules are the spec's own, from the shared validation module, so the wall, the client, the
 * sandbox and the proxy agree on what is valid.
 */
import { InvalidRequestError, LIST_QUERY_KEYS, parseQueryValue, validateListParam } from '../../client/validation.js';
import { LIMIT_DEFAULT, type ListTestimonialsParams } from '../../client/types.js';
import { warnInvalid, type WarnFn } from '../shared/warnings.js';

/** The list parameters of spec 4.1 a wall offers as attributes (`approved` is forced by the proxy). */
export const WALL_QUERY_KEYS = LIST_QUERY_KEYS.filter(
  (key): key is Exclude<(typeof LIST_QUERY_KEYS)[number], 'approved'> => key !== 'approved',
);

export type WallQueryKey = (typeof WALL_QUERY_KEYS)[number];

export const WALL_LAYOUTS = ['masonry', 'grid', 'list', 'carousel', 'marquee'] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

export const WALL_PAGING = ['button', 'scroll', 'none'] as const;
export type WallPaging = (typeof WALL_PAGING)[number];

/**
 * The list query the attributes ask for. Each attribute is validated alone with the spec's rules;
 * an invalid one is left out (so the service's default applies) after a warning. Attribute text is
 * read like a query string (`limit="20"`, `tags="a, b"` as a comma list); values set as properties
 * may be typed (`wall.limit = 20`, `wall.tags = ['a', 'b']`).
 */
export function listParamsFromAttributes(values: Partial<Record<WallQueryKey, unknown>>, report: WarnFn): ListTestimonialsParams {
  const params: Record<string, unknown> = {};
  for (const key of WALL_QUERY_KEYS) {
    const raw = values[key];
    // An absent attribute reads as null, an unset property as undefined; an empty one asks for nothing.
    if (raw === undefined || raw === null || raw === '') continue;
    try {
      // Attribute text is read as the query string's value would be (parseListQuery's rules for one key).
      const value = validateListParam(key, typeof raw === 'string' ? parseQueryValue(key, raw) : raw);
      if (value !== undefined) params[key] = value;
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      warnInvalid(report, key, raw, `is not valid (${error.message})`, 'the default');
    }
  }
  return params as ListTestimonialsParams;
}

/** How many testimonials one page holds: the spec's default when `limit` is not given. */
export function pageSize(params: ListTestimonialsParams): number {
  return params.limit ?? LIMIT_DEFAULT;
}
