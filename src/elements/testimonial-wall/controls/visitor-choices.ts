/**
 * What a visitor chose in a wall's toolbar, and how it narrows the owner's question. Pure functions (no
 * DOM), shared by the toolbar, the server renderer (a page's URL state) and the tests.
 *
 * The owner's attributes are the base every choice narrows, never widens: a search adds its words to
 * the owner's `query` (every word must match), a rating or type applies only where the owner set none,
 * a tag only among the owner's `tags`. Sorting reorders and narrows nothing, so it replaces the owner's.
 */
import type { ListTestimonialsParams, TestimonialType } from '../../../client/types.js';
import type { WarnFn } from '../../shared/warnings.js';

export const CONTROL_NAMES = ['search', 'rating', 'tags', 'sort', 'type'] as const;
export type ControlName = (typeof CONTROL_NAMES)[number];

export const SORT_CHOICES = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

export const TYPE_CHOICES = ['text', 'video'] as const;

/** The longest search a visitor may type (the proxy refuses a `query` over 256 characters with the owner's). */
export const SEARCH_MAX_LENGTH = 100;

export interface VisitorChoices {
  /** The visitor's words, as typed. */
  query?: string;
  rating?: number;
  tag?: string;
  sort?: SortChoice;
  type?: TestimonialType;
}

const SORTS: Record<SortChoice, Pick<ListTestimonialsParams, 'sort' | 'order'>> = {
  newest: { sort: 'date', order: 'desc' },
  oldest: { sort: 'date', order: 'asc' },
  highest: { sort: 'rating', order: 'desc' },
  lowest: { sort: 'rating', order: 'asc' },
};

/** The `controls` attribute read: known names in a fixed order; an unknown one is reported and left out. */
export function parseControls(value: string | null | undefined, report: WarnFn): ControlName[] {
  const names = new Set(
    (value ?? '')
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  );
  const unknown = [...names].filter((name) => !(CONTROL_NAMES as readonly string[]).includes(name));
  if (unknown.length)
    report(
      'TE-INVALID-CONTROLS',
      `controls: unknown ${unknown.map((name) => `"${name}"`).join(', ')} left out; it takes ${CONTROL_NAMES.join(', ')}.`,
    );
  return CONTROL_NAMES.filter((name) => names.has(name));
}

/**
 * The visitor's words as sent: trimmed, bounded, and with `@` as a space, so a visitor typing a
 * customer's e-mail address asks for its parts (which the proxy finds in public fields only, see
 * src/proxy/search-privacy.ts) rather than a query the proxy refuses with an error.
 */
export function searchWords(query: string | undefined): string {
  return (query ?? '').slice(0, SEARCH_MAX_LENGTH).replace(/@/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The sort the owner's attributes ask for, as one of the toolbar's four. */
export function ownerSort({ sort, order }: ListTestimonialsParams): SortChoice {
  const ascending = order === 'asc';
  return sort === 'rating' ? (ascending ? 'lowest' : 'highest') : ascending ? 'oldest' : 'newest';
}

/** Whether the visitor set anything (so "Reset" shows). */
export function hasChoices(choices: VisitorChoices): boolean {
  return !!searchWords(choices.query) || choices.rating !== undefined || !!choices.tag || !!choices.sort || !!choices.type;
}

/** The owner's question narrowed by the visitor's choices of the enabled controls. */
export function narrow(owner: ListTestimonialsParams, choices: VisitorChoices, enabled: readonly ControlName[]): ListTestimonialsParams {
  const params = { ...owner };
  const on = (name: ControlName) => enabled.includes(name);
  const words = on('search') ? searchWords(choices.query) : '';
  if (words) params.query = owner.query ? `${owner.query} ${words}` : words;
  if (on('rating') && choices.rating !== undefined && owner.rating === undefined) params.rating = choices.rating;
  if (on('tags') && choices.tag && (!owner.tags?.length || owner.tags.includes(choices.tag))) params.tags = [choices.tag];
  if (on('type') && choices.type && owner.type === undefined) params.type = choices.type;
  if (on('sort') && choices.sort) Object.assign(params, SORTS[choices.sort]);
  // The owner's first page is a place in the owner's list; a narrowed list starts at its own first.
  if (words || params.rating !== owner.rating || params.tags !== owner.tags || params.type !== owner.type) delete params.page;
  return params;
}

/** The page URL's parameters for each choice (`controls-url`). */
export const URL_KEYS = { query: 't-q', rating: 't-rating', tag: 't-tag', sort: 't-sort', type: 't-type' } as const;

/** The choices a page URL's query holds; anything invalid is left out (a link may be old or hand-made). */
export function choicesFromUrl(search: URLSearchParams): VisitorChoices {
  const choices: VisitorChoices = {};
  const query = search.get(URL_KEYS.query)?.slice(0, SEARCH_MAX_LENGTH);
  if (query?.trim()) choices.query = query;
  const rating = search.get(URL_KEYS.rating);
  if (rating && /^[0-5]$/.test(rating)) choices.rating = Number(rating);
  const tag = search.get(URL_KEYS.tag)?.trim();
  if (tag && tag.length <= 64) choices.tag = tag;
  const sort = search.get(URL_KEYS.sort);
  if ((SORT_CHOICES as readonly (string | null)[]).includes(sort)) choices.sort = sort as SortChoice;
  const type = search.get(URL_KEYS.type);
  if ((TYPE_CHOICES as readonly (string | null)[]).includes(type)) choices.type = type as TestimonialType;
  return choices;
}

/** `search` with the choices written in (and the toolbar's other parameters removed); the page's own are kept. */
export function choicesToUrl(search: URLSearchParams, choices: VisitorChoices): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.values(URL_KEYS)) next.delete(key);
  const values: Record<keyof VisitorChoices, string | undefined> = {
    query: choices.query?.trim() ? choices.query : undefined,
    rating: choices.rating?.toString(),
    tag: choices.tag,
    sort: choices.sort,
    type: choices.type,
  };
  for (const [name, value] of Object.entries(values)) if (value) next.set(URL_KEYS[name as keyof VisitorChoices], value);
  return next;
}
