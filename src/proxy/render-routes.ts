/**
 * `GET /render/wall?…` and `GET /render/card/:id`: the same read questions as `/testimonials` and
 * `/testimonials/:id` (same validation, approved only, same public fields), answered as an HTML fragment
 * (a server-rendered `<testimonial-wall>` or `<testimonial-card>`) that a server-side include pastes
 * into a page: a PHP `include`, a WordPress shortcode, an edge HTML rewriter.
 *
 * The proxy itself renders nothing: the server renderer (`testimonial-elements/ssr`) sanitises with
 * DOMPurify over jsdom, which needs Node. So the routes exist only when an {@link HtmlRenderer} is
 * passed (`render` option): the Node runner (`serveProxy`, the `proxy` command) passes one; a Worker
 * build does not, does not bundle jsdom, and answers these paths 404 with a message that says why.
 */
import { InvalidRequestError, LIST_QUERY_KEYS, type TestimonialReadClient } from '../client/index.js';
import type { PublicTestimonial, PublicTestimonialList } from '../client/public-fields.js';
import type { AttributeKind, HtmlRenderer } from '../client/html-renderer.js';
import { checkQueryLimits } from './query-limits.js';
import { listPlan, testimonialPlan, type ReadPlan } from './read-plans.js';

export interface ProxyRenderOptions {
  /**
   * The renderer, or a function that loads it on the first HTML request (the Node runner's: a proxy
   * that is never asked for HTML never loads Lit's server renderer and jsdom). A load that fails is
   * logged, answered 500, and tried again on the next request.
   */
  renderer: HtmlRenderer | (() => Promise<HtmlRenderer>);
  /**
   * Where browsers reach this proxy, written as the wall's `endpoint` for paging after take-over, e.g.
   * `https://example.com/api` or `/api`. Default: the request's origin and the base path, which is
   * wrong when the include is fetched through another address (`http://127.0.0.1:8788`) than browsers use.
   */
  publicUrl?: string;
}

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
export const RENDER_PATHS = ['/render/wall', '/render/card/:id'] as const;

const TRUE = new Set(['', 'true', '1']);
const FALSE = new Set(['false', '0']);

/**
 * The element attributes of a query, checked against `allowed`: an unknown name, a repeated one or a
 * boolean given a value other than true/false is a 400 naming it. Sorted, so equal questions share one
 * cache entry.
 */
export function renderAttributes(search: URLSearchParams, allowed: ReadonlyMap<string, AttributeKind>): Record<string, string> {
  const attributes: [string, string][] = [];
  for (const name of new Set(search.keys())) {
    const kind = allowed.get(name);
    if (kind === undefined) {
      throw new InvalidRequestError(name, `Unknown parameter ${name}: allowed are ${[...allowed.keys()].join(', ')}.`);
    }
    const values = search.getAll(name);
    if (name === 'tags') {
      attributes.push([name, values.join(',')]);
      continue;
    }
    if (values.length > 1) throw new InvalidRequestError(name, `${name} is given ${values.length} times; give it once.`);
    const value = values[0]!;
    if (kind === 'string') attributes.push([name, value]);
    else if (TRUE.has(value)) attributes.push([name, '']);
    else if (!FALSE.has(value))
      throw new InvalidRequestError(name, `${name} is on or off: give it bare, or true or false; got "${value}".`);
  }
  return Object.fromEntries(attributes.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The renderer, loaded once (a failed load is tried again next time). */
export function rendererLoader(renderer: ProxyRenderOptions['renderer']): () => Promise<HtmlRenderer> {
  if (typeof renderer !== 'function') return async () => renderer;
  let loading: Promise<HtmlRenderer> | undefined;
  return () =>
    (loading ??= renderer().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const cacheKey = (route: string, attributes: Record<string, string>) => `${route}?${new URLSearchParams(attributes).toString()}`;

/** `/render/wall`: the list query goes to the service as on `/testimonials`; the rest are the wall's attributes. */
export function wallRenderPlan(
  client: TestimonialReadClient,
  search: URLSearchParams,
  maxLimit: number,
  renderer: HtmlRenderer,
  endpoint: string,
): ReadPlan {
  checkQueryLimits(search);
  const attributes = renderAttributes(search, renderer.wallAttributes);
  const listQuery = new URLSearchParams([...search].filter(([key]) => (LIST_QUERY_KEYS as readonly string[]).includes(key)));
  const list = listPlan(client, listQuery, maxLimit);
  // The wall asks for the pages after the first with the limit the first was read with.
  if (attributes.limit !== undefined && Number(attributes.limit) > maxLimit) attributes.limit = String(maxLimit);
  return {
    key: `${cacheKey('/render/wall', attributes)}&endpoint=${encodeURIComponent(endpoint)}`,
    format: 'html',
    load: async () => renderer.wall((await list.load()) as PublicTestimonialList, attributes, endpoint),
  };
}

/** `/render/card/:id`: approved only, as on `/testimonials/:id`; the query holds the card's attributes. */
export function cardRenderPlan(client: TestimonialReadClient, rawId: string, search: URLSearchParams, renderer: HtmlRenderer): ReadPlan {
  checkQueryLimits(search);
  const attributes = renderAttributes(search, renderer.cardAttributes);
  const read = testimonialPlan(client, rawId);
  return {
    key: `/render${cacheKey(read.key, attributes)}`,
    format: 'html',
    load: async () => renderer.card((await read.load()) as PublicTestimonial, attributes),
  };
}
