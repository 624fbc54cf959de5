/**
 * The three read questions the proxy passes on, each turned into a cache key and a loader. Every
 * question is validated before anything is sent, and every answer is the public copy of the service's.
 */
import {
  LIMIT_DEFAULT,
  TestimonialApiError,
  encodeListQuery,
  parseListQuery,
  validateTestimonialId,
  type ListTestimonialsParams,
  type TestimonialReadClient,
} from '../client/index.js';
import { NotPublicError, isApproved, publicLinks, publicTestimonial, publicTestimonialList } from '../client/public-fields.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- QUERY_LIMITS is imported for the {@link} of the docs below
import { checkQueryLimits, type QUERY_LIMITS } from './query-limits.js';
import { checkSearchQuery, publicSearchMatch } from './search-privacy.js';

export interface ReadPlan {
  /** Route plus canonical query: equal questions share one entry and one upstream call. */
  key: string;
  /** Asks the service and returns the public answer, ready for `JSON.stringify` (or the HTML, for `html`). */
  load: () => Promise<unknown>;
  /** `html`: `load` resolves to an HTML fragment sent as it is (the `/render/*` routes). Default `json`. */
  format?: 'json' | 'html';
}

const DIGITS = /^\d+$/;

/**
 * The list query the service is asked, within {@link QUERY_LIMITS}: `approved` is whatever the browser sent replaced by `true`, and
 * `limit` is lowered to `maxLimit` (a page asking for more gets fewer, not an error; a `limit` that is
 * not a positive integer is still refused by the parser).
 */
export function publicListParams(search: URLSearchParams, maxLimit: number): ListTestimonialsParams {
  checkQueryLimits(search);
  const query = new URLSearchParams(search);
  query.delete('approved');
  const limits = query.getAll('limit');
  if (limits.length === 1 && DIGITS.test(limits[0]!) && Number(limits[0]) > maxLimit) query.set('limit', String(maxLimit));
  const params = parseListQuery(query);
  checkSearchQuery(params.query);
  return { ...params, approved: true, limit: Math.min(params.limit ?? LIMIT_DEFAULT, maxLimit) };
}

export function listPlan(client: TestimonialReadClient, search: URLSearchParams, maxLimit: number): ReadPlan {
  const params = publicListParams(search, maxLimit);
  return {
    key: `/testimonials?${encodeListQuery(params).toString()}`,
    load: async () => publicTestimonialList(await client.listTestimonials(params), publicSearchMatch(params.query)),
  };
}

export function testimonialPlan(client: TestimonialReadClient, rawId: string): ReadPlan {
  const id = validateTestimonialId(rawId);
  return {
    key: `/testimonials/${id}`,
    load: async () => {
      const testimonial = await client.getTestimonial(id).catch((error: unknown) => {
        throw error instanceof TestimonialApiError && error.kind === 'http' && error.status === 404 ? new NotPublicError() : error;
      });
      if (!isApproved(testimonial)) throw new NotPublicError();
      return publicTestimonial(testimonial);
    },
  };
}

export function linksPlan(client: TestimonialReadClient): ReadPlan {
  return { key: '/links', load: async () => publicLinks(await client.getLinks()) };
}
