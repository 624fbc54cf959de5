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
import type { AttributeKind, HtmlRenderer } from '../client/html-renderer.js';
import type { PublicTestimonial, PublicTestimonialList } from '../client/public-fields.js';
import { checkQueryLimits } from './query-limits.js';
import { listPlan, testimonialPlan, type ReadPlan } from './read-plans.js';
import type { WorkGate } from './work-gate.js';

export interface ProxyRenderOptions {
  /**
   * The renderer, or a function that loads it on the first HTML request (the Node runner's: a proxy
   * that is never asked for HTML never loads Lit's server renderer and jsdom). A load that fails is
   * logged, answered 500, and tried again on the next request.
   */
  renderer: HtmlRenderer | (() => Promise<HtmlRenderer>);
  /**
   * Where browsers reach this proxy, written as the wall's `endpoint` for paging after take-over, e.g.
   * `https://example.com/api` or `/api`. Default: the base path (`/api`, or `/`), relative, so the page's own origin: never the request's
   * `Host`, which would make one host's HTML answer another's.
   */
  publicUrl?: string;
  /**
   * The render routes' own ceiling on `limit` (1–1000, default {@link DEFAULT_RENDER_MAX_LIMIT}; never
   * above `maxLimit`): it bounds a fragment's size (a card is about 20 KB of HTML, so 100 are 2 MB).
   */
  maxLimit?: number;
  /** Renders at once (default {@link DEFAULT_RENDER_CONCURRENCY}); the next wait up to `busyWaitMs`, then 503. */
  concurrency?: number;
  /**
   * Bytes of rendered HTML kept (default 8 MiB), apart from the JSON answers' cache, so renders with new
   * labels or themes evict other renders, never a JSON answer. The data is read through the JSON cache.
   */
  cacheBytes?: number;
}

export const DEFAULT_RENDER_MAX_LIMIT = 50;
export const DEFAULT_RENDER_CONCURRENCY = 2;
export const DEFAULT_RENDER_CACHE_BYTES = 8 * 1024 * 1024;

/** A renderer's failure: answered 500 and logged as the proxy's own, never as the service's. */
export class RenderFailure extends Error {
  override readonly name = 'RenderFailure';

  constructor(route: string, cause: unknown) {
    // The error's name only: a message may hold what a visitor wrote in the query.
    super(`rendering ${route} failed (${cause instanceof Error ? cause.name : typeof cause})`, { cause });
  }
}

/** What a render plan needs beside the question. */
export interface RenderContext {
  renderer: HtmlRenderer;
  /** The answer of a JSON read plan through the JSON routes' cache: one entry per data question, whatever the presentation. */
  read: (plan: ReadPlan) => Promise<unknown>;
  /** Bounds the renders running at once. */
  gate: WorkGate;
  /** The render routes' `limit` ceiling. */
  maxLimit: number;
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

/** The data through the JSON cache, then the render within the gate; a renderer's error is a {@link RenderFailure}. */
function renderLoad<T>(route: string, data: ReadPlan, { read, gate }: RenderContext, render: (value: T) => Promise<string>) {
  return async () => {
    const value = (await read(data)) as T;
    return gate.run(() => render(value).catch((error: unknown) => Promise.reject(new RenderFailure(route, error))));
  };
}

/** `/render/wall`: the list query goes to the service as on `/testimonials`; the rest are the wall's attributes. */
export function wallRenderPlan(client: TestimonialReadClient, search: URLSearchParams, endpoint: string, context: RenderContext): ReadPlan {
  checkQueryLimits(search);
  const { renderer, maxLimit } = context;
  const attributes = renderAttributes(search, renderer.wallAttributes);
  renderer.checkAttributes?.(attributes);
  const listQuery = new URLSearchParams([...search].filter(([key]) => (LIST_QUERY_KEYS as readonly string[]).includes(key)));
  const list = listPlan(client, listQuery, maxLimit);
  // The wall asks for the pages after the first with the limit the first was read with.
  if (attributes.limit !== undefined && Number(attributes.limit) > maxLimit) attributes.limit = String(maxLimit);
  return {
    key: `${cacheKey('/render/wall', attributes)}&endpoint=${encodeURIComponent(endpoint)}`,
    format: 'html',
    load: renderLoad<PublicTestimonialList>('/render/wall', list, context, (data) => renderer.wall(data, attributes, endpoint)),
  };
}

/** `/render/card/:id`: approved only, as on `/testimonials/:id`; the query holds the card's attributes. */
export function cardRenderPlan(client: TestimonialReadClient, rawId: string, search: URLSearchParams, context: RenderContext): ReadPlan {
  checkQueryLimits(search);
  const { renderer } = context;
  const attributes = renderAttributes(search, renderer.cardAttributes);
  renderer.checkAttributes?.(attributes);
  const read = testimonialPlan(client, rawId);
  return {
    key: `/render${cacheKey(read.key, attributes)}`,
    format: 'html',
    load: renderLoad<PublicTestimonial>('/render/card/:id', read, context, (data) => renderer.card(data, attributes)),
  };
}
