/**
 * The shape check of a GET /links answer (spec 4.6), a module of its own: the elements ask for links
 * only from lazy chunks (the wall's form link, <testimonial-summary>), so the script-tag entry does not
 * carry it.
 */
import { isRecord } from './is-record.js';

const LINK_GROUPS = ['case_studies', 'forms', 'quick_links', 'sizzle_reels', 'walls_of_love', 'widgets'] as const;

/** `undefined` for a links object whose groups are arrays; else what is wrong, for the error message. */
export function checkLinks(body: unknown): string | undefined {
  if (!isRecord(body)) return 'no links object';
  const wrong = LINK_GROUPS.find((group) => body[group] !== undefined && !Array.isArray(body[group]));
  return wrong === undefined ? undefined : `a links group ${wrong} that is not an array`;
}
