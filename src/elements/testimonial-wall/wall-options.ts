/**
 * Turns the wall's attributes into a list query and display options.
 *
 * A wall on a marketing page must never break because of a typo in its markup, so every attribute is
 * judged on its own: an invalid value gets one clear console warning (naming the attribute, the value
 * and what is used instead) and the documented default, while the other attributes keep working.
 * The query rules are the spec's own, from the shared validation module, so the wall, the client, the
 * sandbox and the proxy agree on what is valid.
 */
import { InvalidRequestError, LIST_QUERY_KEYS, parseListQuery, validateListParams } from '../../client/validation.js';
import { LIMIT_DEFAULT, type ListTestimonialsParams } from '../../client/types.js';

/** The list parameters of spec 4.1 a wall offers as attributes (`approved` is forced by the proxy). */
export const WALL_QUERY_KEYS = LIST_QUERY_KEYS.filter(
  (key): key is Exclude<(typeof LIST_QUERY_KEYS)[number], 'approved'> => key !== 'approved',
);

export type WallQueryKey = (typeof WALL_QUERY_KEYS)[number];

export const WALL_LAYOUTS = ['masonry', 'grid', 'list', 'carousel', 'marquee'] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

export const WALL_PAGING = ['button', 'scroll', 'none'] as const;
export type WallPaging = (typeof WALL_PAGING)[number];

export const WALL_THEMES = ['light', 'dark', 'auto'] as const;
export type WallTheme = (typeof WALL_THEMES)[number];

/** Receives one sentence about an attribute that was ignored. */
export type WarnFn = (message: string) => void;

export const warnOnConsole: WarnFn = (message) => console.warn(`<testimonial-wall>: ${message}`);

/** The value as a reader of the markup would write it, for warnings. */
function quoted(value: unknown): string {
  return Array.isArray(value) ? `"${value.join(',')}"` : typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * The list query the attributes ask for. Each attribute is validated alone with the spec's rules;
 * an invalid one is left out (so the service's default applies) after a warning. Attribute text is
 * read like a query string (`limit="20"`, `tags="a, b"` as a comma list); values set as properties
 * may be typed (`wall.limit = 20`, `wall.tags = ['a', 'b']`).
 */
export function listParamsFromAttributes(
  values: Partial<Record<WallQueryKey, unknown>>,
  warn: WarnFn = warnOnConsole,
): ListTestimonialsParams {
  const params: ListTestimonialsParams = {};
  for (const key of WALL_QUERY_KEYS) {
    const raw = values[key];
    // An absent attribute reads as null, an unset property as undefined; an empty one asks for nothing.
    if (raw === undefined || raw === null || raw === '') continue;
    try {
      const parsed =
        typeof raw === 'string' ? parseListQuery(new URLSearchParams([[key, raw]])) : validateListParams({ [key]: raw });
      Object.assign(params, parsed);
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      warn(`${key}=${quoted(raw)} is ignored: ${error.message} Using the default instead.`);
    }
  }
  return params;
}

/** How many testimonials one page holds: the spec's default when `limit` is not given. */
export function pageSize(params: ListTestimonialsParams): number {
  return params.limit ?? LIMIT_DEFAULT;
}

/** One of `allowed`, or `fallback` with a warning when the attribute holds something else. */
export function pickOption<T extends string>(
  attribute: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  warn: WarnFn = warnOnConsole,
): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  warn(`${attribute}=${quoted(value)} is not one of ${allowed.join(', ')}. Using ${fallback}.`);
  return fallback;
}

/**
 * A whole number of at least `min`, or `undefined` (no value) with a warning. Used by the display
 * attributes (`max-items-*`, `marquee-rows`, `autoplay-interval`).
 */
export function pickCount(attribute: string, value: unknown, min: number, warn: WarnFn = warnOnConsole): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof count === 'number' && Number.isInteger(count) && count >= min) return count;
  warn(`${attribute}=${quoted(value)} must be a whole number of at least ${min}. Using the default.`);
  return undefined;
}
