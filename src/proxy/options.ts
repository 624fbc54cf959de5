/**
 * The options of `createProxy`, their defaults, and the checks that turn a mistake into a clear error
 * when the proxy is created rather than on the first visitor's request. No message ever repeats the key.
 */
import { LIMIT_MAX, LIMIT_MIN, type FetchFunction } from '../client/index.js';
import type { CacheOptions } from './cache.js';
import type { CorsOptions } from './cors.js';
import { validateRateLimitOptions, type RateLimitOptions } from './rate-limit.js';
import { validateUpstreamPerSecond } from './upstream-admission.js';
import type { SharedCache } from './shared-cache.js';
import type { SummaryOptions } from './summary-options.js';
import type { CollectOptions } from './collect/options.js';
import { readEnv } from './env.js';
import {
  DEFAULT_RENDER_CACHE_BYTES,
  DEFAULT_RENDER_CONCURRENCY,
  DEFAULT_RENDER_MAX_LIMIT,
  type ProxyRenderOptions,
} from './render-routes.js';
import type { HtmlRenderer } from '../client/html-renderer.js';

export interface ProxyOptions {
  /** The service's `{base_url}`, ending in `/v1` (or the sandbox's, e.g. `http://127.0.0.1:8787/v1`). */
  upstream: string;
  /**
   * The project's API key. Defaults to the `TESTIMONIAL_API_KEY` environment variable where the
   * runtime has one (`process.env`); on Cloudflare Workers pass `env.TESTIMONIAL_API_KEY`.
   */
  apiKey?: string;
  /** A `fetch` for upstream calls instead of the global one (`createSandbox().fetch` in tests). */
  fetch?: FetchFunction;
  /** Where the routes live when the platform hands over the full path, e.g. `/api`. Default: `/`. */
  basePath?: string;
  /** Largest `limit` passed on; a larger one is lowered to it (not refused). 1–1000, default 100. */
  maxLimit?: number;
  cache?: Partial<CacheOptions>;
  /** `GET /summary`: its cache TTL (default 10 min), its bound on upstream pages (default 50 of 1000) and on walks at once (2). */
  summary?: SummaryOptions;
  cors?: CorsOptions;
  /** Per-client token bucket; off (`false`) by default. */
  rateLimit?: RateLimitOptions | false;
  /**
   * Per-client token bucket of UNCACHED keys: only a request that would make an upstream call takes a
   * token (cached answers, and requests joining a call under way, cost nothing), so a visitor typing a
   * search is never stopped and a script enumerating keys is. Past it: the stale copy, else 429 with
   * `Retry-After`. Off (`false`) by default; for a public proxy e.g. `{ capacity: 30, refillPerSecond: 0.5 }`.
   */
  uncachedLimit?: RateLimitOptions | false;
  /**
   * Upstream calls per second at most, all clients together (one second's worth may go at once); past
   * it: the stale copy, else 429 `upstream_cap` with `Retry-After`. Per process (per isolate on edge
   * runtimes). Default 20; 0 or `false`: no cap.
   */
  upstreamPerSecond?: number | false;
  /**
   * A cache shared by every isolate of an edge deployment, in front of the in-memory one (same freshness,
   * stale-while-revalidate and stale-if-error rules), so the service sees one call per key per TTL rather
   * than one per isolate. Defaults to `caches.default` where the runtime has it (Cloudflare Workers);
   * any Web `Cache` may be passed; `false` turns it off.
   */
  sharedCache?: SharedCache | false;
  /**
   * The HTML routes `/render/wall` and `/render/card/:id`, with the server renderer they need. Off by
   * default: the renderer runs on Node only (jsdom), so an edge build leaves it out and bundles none of
   * it. `serveProxy` (Node) turns them on.
   */
  render?: ProxyRenderOptions | false;
  /** The write route `POST /collect` and its uploads (docs/collect.md). Off by default: read-only. */
  collect?: CollectOptions;
  /**
   * How long a summary walk or a render waits for a free slot (`summary.concurrency`,
   * `render.concurrency`) before the answer is the stale copy or 503 `proxy_busy` with `Retry-After`,
   * in ms (default 5000).
   */
  busyWaitMs?: number;
  /** Time allowed for one upstream attempt, in ms (default 10 000); past it the answer is 504. */
  timeoutMs?: number;
  /**
   * Largest upstream body read, in bytes (default 4 MiB); past it the read stops, the connection is
   * closed and the answer is 502 (nothing cached).
   */
  maxBodyBytes?: number;
  /** Retries of a failed upstream read (network error, timeout, 5xx); default 1. */
  retries?: number;
  /** Where lines for the site owner go (a rejected key, an unreachable service). Default `console.warn`. */
  log?: (line: string) => void;
  /** Milliseconds since the epoch; tests pass a fake clock to move the cache and the buckets in time. */
  clock?: () => number;
}

export interface ResolvedProxyOptions {
  upstream: string;
  apiKey: string;
  fetch: FetchFunction | undefined;
  basePath: string;
  maxLimit: number;
  cache: CacheOptions;
  cors: CorsOptions;
  rateLimit: RateLimitOptions | false;
  uncachedLimit: RateLimitOptions | false;
  upstreamPerSecond: number;
  sharedCache: SharedCache | undefined;
  render: ResolvedRenderOptions | false;
  busyWaitMs: number;
  timeoutMs: number;
  maxBodyBytes: number;
  retries: number;
  log: (line: string) => void;
  clock: () => number;
}

export type ResolvedRenderOptions = Required<Omit<ProxyRenderOptions, 'publicUrl'>> & Pick<ProxyRenderOptions, 'publicUrl'>;

const MIB = 1024 * 1024;
export const DEFAULT_CACHE: CacheOptions = {
  ttlMs: 60_000,
  maxEntries: 500,
  maxBytes: 32 * MIB,
  staleIfErrorMs: 600_000,
  staleAfterMs: 2_500,
};
export const DEFAULT_MAX_LIMIT = 100;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 1;
export const DEFAULT_MAX_BODY_BYTES = 4 * MIB;
export const DEFAULT_BUSY_WAIT_MS = 5_000;
export const DEFAULT_UPSTREAM_PER_SECOND = 20;
/** Most slots a gate may have: past a few, the work no longer waits its turn and the bound is gone. */
export const MAX_CONCURRENCY = 64;

function nonNegative(name: string, value: unknown, { integer = false } = {}): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= 0 && (!integer || Number.isInteger(value));
  if (!ok) throw new TypeError(`createProxy: ${name} must be ${integer ? 'an integer' : 'a number'} ≥ 0; got ${String(value)}.`);
  return value as number;
}

/** An integer option from `min` to `max`, or its default when not given. */
export function integerOption(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw new TypeError(`createProxy: ${name} must be an integer from ${min} to ${max}; got ${String(value)}.`);
  }
  return value as number;
}

function resolveUpstream(upstream: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof upstream === 'string' ? new URL(upstream) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      // Not repeated: a URL is where people paste credentials.
      "createProxy: upstream must be the service's absolute http(s) base URL ending in /v1, e.g. http://127.0.0.1:8787/v1.",
    );
  }
  return upstream as string;
}

function resolveBasePath(basePath: unknown): string {
  if (basePath === undefined) return '';
  if (typeof basePath !== 'string' || !/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(basePath)) {
    throw new TypeError(`createProxy: basePath must be a path starting with /, e.g. /api; got ${JSON.stringify(basePath)}.`);
  }
  return basePath.replace(/\/+$/, '');
}

function resolveRender(render: ProxyOptions['render']): ResolvedRenderOptions | false {
  if (render === undefined || render === false) return false;
  const { renderer } = render ?? {};
  if (typeof renderer !== 'function' && (typeof renderer?.wall !== 'function' || typeof renderer.card !== 'function')) {
    throw new TypeError(
      'createProxy: render.renderer must be an HtmlRenderer or a function that loads one (serveProxy on Node makes one from testimonial-elements/ssr).',
    );
  }
  const { publicUrl } = render;
  if (publicUrl !== undefined && !/^(?:https?:\/\/[^/?#\s]+|\/(?!\/))[^?#\s]*$/.test(publicUrl)) {
    throw new TypeError(
      `createProxy: render.publicUrl must be an http(s) URL or a path starting with /, without query; got ${JSON.stringify(publicUrl)}.`,
    );
  }
  return {
    renderer: renderer as HtmlRenderer | (() => Promise<HtmlRenderer>),
    ...(publicUrl === undefined ? {} : { publicUrl: publicUrl.replace(/\/+$/, '') }),
    maxLimit: integerOption('render.maxLimit', render.maxLimit, DEFAULT_RENDER_MAX_LIMIT, LIMIT_MIN, LIMIT_MAX),
    concurrency: integerOption('render.concurrency', render.concurrency, DEFAULT_RENDER_CONCURRENCY, 1, MAX_CONCURRENCY),
    cacheBytes: nonNegative('render.cacheBytes', render.cacheBytes ?? DEFAULT_RENDER_CACHE_BYTES, { integer: true }),
  };
}

/** The platform's shared cache (`caches.default` on Cloudflare Workers), or the one given. */
function resolveSharedCache(sharedCache: ProxyOptions['sharedCache']): SharedCache | undefined {
  if (sharedCache === false) return undefined;
  const cache = sharedCache ?? (globalThis as { caches?: { default?: SharedCache } }).caches?.default;
  if (cache === undefined) return undefined;
  if (typeof cache?.match !== 'function' || typeof cache.put !== 'function' || typeof cache.delete !== 'function') {
    throw new TypeError('createProxy: sharedCache must be a Web Cache (caches.default, await caches.open(name)) or false.');
  }
  return cache;
}

/** The key where it stands alone: not inside a longer run of the characters keys are made of. */
function keyToken(apiKey: string): RegExp {
  const escaped = apiKey.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g');
}

export function resolveOptions(options: ProxyOptions): ResolvedProxyOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createProxy: pass an options object such as { upstream: "http://127.0.0.1:8787/v1" }.');
  }
  const apiKey = options.apiKey ?? readEnv('TESTIMONIAL_API_KEY');
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new Error(
      'createProxy: no API key. Set the TESTIMONIAL_API_KEY environment variable on the server (or pass apiKey); the proxy exists so that the key stays there.',
    );
  }
  const maxLimit = options.maxLimit ?? DEFAULT_MAX_LIMIT;
  if (!Number.isInteger(maxLimit) || maxLimit < LIMIT_MIN || maxLimit > LIMIT_MAX) {
    throw new TypeError(`createProxy: maxLimit must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}; got ${String(maxLimit)}.`);
  }
  const cache = { ...DEFAULT_CACHE, ...options.cache };
  nonNegative('cache.ttlMs', cache.ttlMs);
  nonNegative('cache.maxEntries', cache.maxEntries, { integer: true });
  nonNegative('cache.maxBytes', cache.maxBytes, { integer: true });
  nonNegative('cache.staleIfErrorMs', cache.staleIfErrorMs);
  nonNegative('cache.staleAfterMs', cache.staleAfterMs);
  const rateLimit = options.rateLimit ? validateRateLimitOptions(options.rateLimit) : false;
  const uncachedLimit = options.uncachedLimit ? validateRateLimitOptions(options.uncachedLimit, 'uncachedLimit') : false;
  const log = options.log ?? ((line: string) => console.warn(line));
  return {
    upstream: resolveUpstream(options.upstream),
    apiKey,
    fetch: options.fetch,
    basePath: resolveBasePath(options.basePath),
    maxLimit,
    cache,
    cors: options.cors ?? {},
    rateLimit,
    uncachedLimit,
    upstreamPerSecond: validateUpstreamPerSecond(options.upstreamPerSecond ?? DEFAULT_UPSTREAM_PER_SECOND),
    sharedCache: resolveSharedCache(options.sharedCache),
    render: resolveRender(options.render),
    busyWaitMs: nonNegative('busyWaitMs', options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS),
    timeoutMs: nonNegative('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    maxBodyBytes: nonNegative('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, { integer: true }),
    retries: nonNegative('retries', options.retries ?? DEFAULT_RETRIES, { integer: true }),
    // Belt and braces: whatever a message holds, the key never reaches the log. Whole tokens only: a
    // short key replaced inside words ("as[API key]ed") mangled the line and told the key.
    log: (line) => log(line.replace(keyToken(apiKey), '[API key]')),
    clock: options.clock ?? Date.now,
  };
}
