/**
 * `testimonial-elements/proxy`: the key-holding, read-only proxy between browsers and the service.
 *
 * `createProxy(options)` returns a Hono app and its standard Fetch handler (`Request -> Response`). It
 * uses nothing but Web APIs (fetch, URL, Web Crypto, timers), so the same handler runs on Node (see
 * `node.ts`), in Cloudflare's workerd, in Deno and in Vercel/Netlify edge functions. How it protects the
 * key and the visitors' data: `src/proxy/README.md`.
 */
import { Hono, type Context, type ExecutionContext, type MiddlewareHandler } from 'hono';
import { InvalidRequestError, createReadClient } from '../client/index.js';
import { JSON_CONTENT_TYPE, errorAnswer, ifNoneMatchHits, strongEtag, type CachedAnswer } from './answers.js';
import { AnswerCache, type CacheResult } from './cache.js';
import { createCorsPolicy, type CorsPolicy } from './cors.js';
import { resolveOptions, type ProxyOptions, type ResolvedProxyOptions } from './options.js';
import { clientFromHeaders, TokenBuckets } from './rate-limit.js';
import { linksPlan, listPlan, testimonialPlan, type ReadPlan } from './read-plans.js';
import { describeUpstreamFailure, type UpstreamFailure } from './upstream-failure.js';
import { guardedUpstreamFetch } from './upstream-fetch.js';
import { summaryPlan, summarySettings } from './summary.js';
import { cardRenderPlan, HTML_CONTENT_TYPE, RENDER_PATHS, rendererLoader, wallRenderPlan, type RenderContext } from './render-routes.js';
import { WorkGate } from './work-gate.js';
import { mountCollect } from './collect/routes.js';
import { UpstreamAdmission } from './upstream-admission.js';
import { SharedAnswers } from './shared-cache.js';

export type { ProxyOptions } from './options.js';
export type { CacheOptions, CacheState } from './cache.js';
export type { CorsOptions } from './cors.js';
export type { SummaryOptions } from './summary.js';
export type { AttributeKind, HtmlRenderer } from '../client/html-renderer.js';
export type { ProxyRenderOptions } from './render-routes.js';
export type { RateLimitOptions } from './rate-limit.js';
export type { SharedCache } from './shared-cache.js';
export type { PublicTestimonial, PublicTestimonialList } from '../client/public-fields.js';
export { PUBLIC_LINK_GROUPS, PRIVATE_LINK_GROUPS } from '../client/public-fields.js';
export * from './collect/public.js';

export interface TestimonialProxy {
  /** The Hono app, to mount in a bigger Hono app (`app.route('/api', proxy.app)`). */
  app: Hono;
  /**
   * The standard Fetch handler; bound, so it can be passed around alone. On Cloudflare Workers pass the
   * execution context too (`export default { fetch: proxy.fetch }` does), so a refresh that outlives a
   * stale answer is kept alive with `waitUntil`.
   */
  fetch: (request: Request, env?: unknown, context?: ExecutionContext) => Promise<Response>;
  /** What the answer cache holds now (for a health page or a metric): entries and bytes. */
  cacheSize(): { entries: number; bytes: number };
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of the proxy and the methods it answers. Every method not listed gets 405 and OPTIONS is
 * the CORS preflight. The table is read-only; the one write route, `POST /collect`, is mounted apart
 * (`collect/routes.ts`) and only when `options.collect` asks for it.
 */
interface ProxyRoute {
  path: string;
  methods: readonly Method[];
  handle: (c: Context) => Promise<Response>;
}

const READ_METHODS: readonly Method[] = ['GET', 'HEAD'];

/**
 * Where a route's answers come from: its in-memory cache, then the shared cache (edge runtimes), then
 * one upstream call, admitted by the proxy's limits (upstream-admission.ts).
 */
interface AnswerSource {
  settings: ResolvedProxyOptions;
  cache: AnswerCache<CachedAnswer>;
  shared?: SharedAnswers;
  admission?: UpstreamAdmission;
}

export function createProxy(options: ProxyOptions): TestimonialProxy {
  const settings = resolveOptions(options);
  // Only the read endpoints: the proxy cannot send a write, even by mistake.
  const client = createReadClient({
    baseUrl: settings.upstream,
    apiKey: settings.apiKey,
    fetch: guardedUpstreamFetch(settings.fetch, settings.maxBodyBytes),
    retries: settings.retries,
    timeoutMs: settings.timeoutMs,
    // A longer wait than the stale deadline is not waited for: the stale copy, or a 503 passing the
    // Retry-After on, answers at once.
    maxRetryAfterMs: settings.cache.staleAfterMs,
    userAgent: 'testimonial-elements-proxy',
  });
  const answerBytes = (answer: CachedAnswer) => answer.body.byteLength + answer.etag.length;
  const memory = (cacheOptions: ResolvedProxyOptions['cache']) =>
    new AnswerCache<CachedAnswer>(cacheOptions, settings.clock, answerBytes, (answer) => answer.shared?.storedAt);
  const admission = new UpstreamAdmission(settings.uncachedLimit, settings.upstreamPerSecond, settings.clock, settings.log);
  // A fill may take every attempt's timeout: as long a lease lives, and a waiting isolate waits.
  const fillMs = settings.timeoutMs * (settings.retries + 1);
  const source = (routeSettings: ResolvedProxyOptions): AnswerSource => ({
    settings: routeSettings,
    cache: memory(routeSettings.cache),
    admission,
    shared: settings.sharedCache && new SharedAnswers(settings.sharedCache, settings.upstream, routeSettings.cache, settings.clock, fillMs),
  });
  const json = source(settings);
  const cache = json.cache;
  const cors = createCorsPolicy(settings.cors);
  const readThrough = cachedReader(json);
  // Summaries get a cache of their own, with its own (longer) TTL.
  const summary = summarySettings(settings, options.summary);
  const readSummary = cachedReader(source(summary.settings));

  const routes: ProxyRoute[] = [
    {
      path: '/testimonials',
      methods: READ_METHODS,
      handle: readThrough((c) => listPlan(client, new URL(c.req.url).searchParams, settings.maxLimit)),
    },
    { path: '/testimonials/:id', methods: READ_METHODS, handle: readThrough((c) => testimonialPlan(client, c.req.param('id') ?? '')) },
    { path: '/links', methods: READ_METHODS, handle: readThrough(() => linksPlan(client)) },
    {
      path: '/summary',
      methods: READ_METHODS,
      handle: readSummary((c) => summaryPlan(client, new URL(c.req.url).searchParams, summary.maxPages, summary.gate)),
    },
  ];
  const { render } = settings;
  if (render) {
    // The wall's take-over in the browser pages through this address (see ProxyRenderOptions.publicUrl);
    // never the request's Host, so the answer is the same whoever asks.
    const endpoint = render.publicUrl ?? (settings.basePath || '/');
    const search = (c: Context) => new URL(c.req.url).searchParams;
    const loadRenderer = rendererLoader(render.renderer);
    // Rendered HTML has a budget of its own, so renders cannot push the JSON answers out. A render
    // itself calls no one (its data reads, through the JSON answers' source, are what is admitted).
    const readRendered = cachedReader({ settings, cache: memory({ ...settings.cache, maxBytes: render.cacheBytes }) });
    const renderContext = {
      gate: new WorkGate('renders', render.concurrency, settings.busyWaitMs),
      maxLimit: Math.min(render.maxLimit, settings.maxLimit),
    };
    // The renderer first (it knows the elements' attributes, which the query is checked against).
    const withRenderer = (plan: (c: Context, context: RenderContext) => ReadPlan) => async (c: Context) => {
      const renderer = await loadRenderer();
      return readRendered((context) => plan(context, { ...renderContext, renderer, read: readData(json, context) }))(c);
    };
    routes.push(
      {
        path: '/render/wall',
        methods: READ_METHODS,
        handle: withRenderer((c, context) => wallRenderPlan(client, search(c), endpoint, context)),
      },
      {
        path: '/render/card/:id',
        methods: READ_METHODS,
        handle: withRenderer((c, context) => cardRenderPlan(client, c.req.param('id') ?? '', search(c), context)),
      },
    );
  }

  const app = settings.basePath ? new Hono().basePath(settings.basePath) : new Hono();
  app.use('*', commonHeaders(cors));
  const limit = rateLimiter(settings);
  for (const route of routes) {
    const allow = [...route.methods, 'OPTIONS'].join(', ');
    app.options(route.path, (c) => preflight(c, cors, route.methods));
    app.on([...route.methods], route.path, limit, route.handle);
    app.all(route.path, (c) =>
      errorAnswer(405, 'method_not_allowed', `${c.req.method} is not allowed here: this proxy is read-only (allowed: ${allow}).`, {
        headers: { Allow: allow },
      }),
    );
  }
  if (!render) {
    for (const path of RENDER_PATHS) {
      app.all(path, () =>
        errorAnswer(
          404,
          'not_found',
          'HTML rendering is not enabled on this proxy: it needs the server renderer (testimonial-elements/ssr), which runs on Node. The Node proxy (serveProxy, the proxy command) serves it; elsewhere use the JSON routes.',
        ),
      );
    }
  }
  if (options.collect) mountCollect(app, options.collect, { settings, preflight: (c, methods) => preflight(c, cors, methods) });
  const answered = `/testimonials, /testimonials/:id, /links, /summary${render ? ', /render/wall and /render/card/:id' : ''}`;
  app.notFound((c) => errorAnswer(404, 'not_found', `No route ${new URL(c.req.url).pathname}: this proxy answers ${answered}.`));
  app.onError((error) => {
    settings.log(`testimonial proxy: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return errorAnswer(500, 'internal_error', 'The proxy failed to answer; the site owner can find why in its log.');
  });

  return {
    app: app as unknown as Hono,
    fetch: async (request, env, context) => app.fetch(request, env, context),
    cacheSize: () => cache.size,
  };
}

/** CORS on every answer but preflights (which set their own), and no MIME sniffing of our JSON. */
function commonHeaders(cors: CorsPolicy): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (c.req.method !== 'OPTIONS') cors.apply(c.res.headers, c.req.header('Origin') ?? null);
  };
}

function preflight(c: Context, cors: CorsPolicy, methods: readonly Method[]): Response {
  const headers = new Headers();
  cors.applyPreflight(headers, c.req.header('Origin') ?? null, methods);
  return new Response(null, { status: 204, headers });
}

function rateLimiter(settings: ResolvedProxyOptions): MiddlewareHandler {
  const { rateLimit } = settings;
  if (!rateLimit) return async (_c, next) => next();
  const buckets = new TokenBuckets(rateLimit, settings.clock);
  const clientOf = rateLimit.clientKey ?? clientFromHeaders;
  return async (c, next) => {
    // Clients nothing identifies share one bucket: a limit for all rather than none.
    const decision = buckets.take(clientOf(c.req.raw) ?? 'unidentified');
    if (decision.allowed) return next();
    const seconds = decision.retryAfterSeconds;
    return errorAnswer(429, 'rate_limited', `Too many requests; try again in ${seconds} s.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  };
}

/** What a failed load means for an expired answer on hand (see AnswerCache.get). */
function cover(error: unknown) {
  const { staleAllowed, retryAfterMs } = describeUpstreamFailure(error);
  return { stale: staleAllowed, quietMs: retryAfterMs };
}

/**
 * The answer of `read` for the request `c`: from memory, else from the shared cache, else from one
 * upstream call that the proxy's limits admit (a cached answer costs the client nothing).
 */
async function answerOf(source: AnswerSource, read: ReadPlan, c: Context): Promise<CacheResult<CachedAnswer>> {
  const { settings, cache, shared, admission } = source;
  const upstream = () => loadAnswer(settings, read, admission && (() => admission.admit(c.req.raw)));
  const fill = shared ? () => shared.get(read.key, { load: upstream, cover, keepAlive: (work) => keepAlive(c, work) }) : upstream;
  const result = await cache.get(read.key, fill, cover);
  // Fetched just now by this isolate, or found in the shared cache (fresh, or expired while another refreshes).
  return result.state === 'MISS' && result.value.shared ? { ...result, state: result.value.shared.state } : result;
}

/**
 * The value of a JSON read plan (what a render is made from): a render with a new label or theme asks
 * the service nothing when its data is cached.
 */
function readData(source: AnswerSource, c: Context) {
  const decoder = new TextDecoder();
  return async (plan: ReadPlan): Promise<unknown> => JSON.parse(decoder.decode((await answerOf(source, plan, c)).value.body)) as unknown;
}

/**
 * The pipeline of every read route: validate (400 before anything is sent), answer from the cache or
 * one shared upstream call, rebuild the public answer, tag it, and honour `If-None-Match`.
 */
function cachedReader(source: AnswerSource) {
  const { settings } = source;
  return (plan: (c: Context) => ReadPlan) =>
    async (c: Context): Promise<Response> => {
      let read: ReadPlan;
      try {
        read = plan(c);
      } catch (error) {
        if (!(error instanceof InvalidRequestError)) throw error;
        return errorAnswer(400, 'invalid_request', error.message, { field: error.field });
      }
      try {
        const result = await answerOf(source, read, c);
        if (result.refreshing) keepAlive(c, result.refreshing);
        return answer(settings, result, c.req.header('If-None-Match') ?? null);
      } catch (error) {
        return failureAnswer(describeUpstreamFailure(error));
      }
    };
}

/** On edge runtimes, a refresh still running when the answer goes out is kept alive until it ends. */
function keepAlive(c: Context, refreshing: Promise<unknown>): void {
  let context: ExecutionContext;
  try {
    context = c.executionCtx;
  } catch {
    // Node and tests: no execution context, and nothing ends a promise early.
    return;
  }
  context.waitUntil(refreshing.catch(() => {}));
}

function failureAnswer(failure: UpstreamFailure): Response {
  const { retryAfterMs } = failure;
  const headers = retryAfterMs === undefined ? undefined : { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) };
  return errorAnswer(failure.status, failure.code, failure.message, { headers });
}

/** Failures already logged: a render's data read fails through two loads, and is logged once. */
const logged = new WeakSet<object>();

/**
 * One upstream call, once `admit` lets it go (it throws when a limit refuses); its failure is logged
 * here, once, however many requests were waiting on it.
 */
async function loadAnswer(settings: ResolvedProxyOptions, read: ReadPlan, admit?: () => void): Promise<CachedAnswer> {
  try {
    admit?.();
    const value = await read.load();
    const html = read.format === 'html';
    const body = new TextEncoder().encode(html ? String(value) : JSON.stringify(value));
    return { body, etag: await strongEtag(body), contentType: html ? HTML_CONTENT_TYPE : JSON_CONTENT_TYPE };
  } catch (error) {
    const { log } = describeUpstreamFailure(error);
    const once = typeof error === 'object' && error !== null;
    if (log !== undefined && !(once && logged.has(error))) settings.log(log);
    if (once) logged.add(error);
    throw error;
  }
}

function cacheControl(settings: ResolvedProxyOptions, result: CacheResult<CachedAnswer>): string {
  // A stale answer stands in for an outage: let nobody keep it, so the next request tries again.
  if (result.state === 'STALE') return 'public, max-age=0, s-maxage=0, must-revalidate';
  const ttl = Math.floor(settings.cache.ttlMs / 1000);
  const staleIfError = Math.floor(settings.cache.staleIfErrorMs / 1000);
  return `public, max-age=${ttl}, s-maxage=${ttl}, stale-while-revalidate=${ttl}, stale-if-error=${staleIfError}`;
}

function answer(settings: ResolvedProxyOptions, result: CacheResult<CachedAnswer>, ifNoneMatch: string | null): Response {
  const { body, etag, contentType } = result.value;
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': cacheControl(settings, result),
    'X-Cache': result.state,
    Age: String(Math.max(0, Math.floor((settings.clock() - result.storedAt) / 1000))),
  });
  if (ifNoneMatchHits(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', contentType);
  return new Response(body, { status: 200, headers });
}
