/**
 * `testimonial-elements/client`: the API client, its types, request validation and query encoding.
 * No dependencies, no DOM: it runs in pages, workers, Node and edge runtimes.
 */
export * from './types.js';
export * from './validation.js';
export * from './summary.js';
export { encodeListQuery, type EncodeListQueryOptions, type TagsEncoding } from './query.js';
export { TestimonialApiError, isRetryableStatus, type TestimonialApiErrorInit, type TestimonialApiErrorKind } from './errors.js';
export { parseRetryAfter } from './retry.js';
export type { SleepFunction } from './abort.js';
export type { FetchFunction } from './transport.js';
export {
  DEFAULT_MAX_PAGES,
  createClient,
  createReadClient,
  type ClientOptions,
  type PaginateOptions,
  type RequestOptions,
  type TestimonialClient,
  type TestimonialReadClient,
  type WidgetReadClient,
} from './client.js';
export * from './collect.js';
