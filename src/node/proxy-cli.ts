/**
 * `testimonial-elements proxy` / `npm run proxy -- ...`: the proxy on Node.
 *
 * Every option an operator needs has a flag and an environment variable (platforms such as Heroku,
 * Render or Fly set `PORT` and prefer configuration in the environment); a flag wins over its variable.
 * The key is read from `TESTIMONIAL_API_KEY` only. A `--key` flag is refused: a command line can be
 * read by every user of the machine (`ps`) and stays in shell history and CI logs.
 */
import { closeOnSignal, integerFlag, numberFlag, parseFlags, UsageError } from './cli-args.js';
import { COLLECT_FLAGS } from './collect-flags.js';
import {
  DEFAULT_BUSY_WAIT_MS,
  DEFAULT_CACHE,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_LIMIT,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPSTREAM_PER_SECOND,
  MAX_CONCURRENCY,
} from '../proxy/options.js';
import { DEFAULT_RENDER_CACHE_BYTES, DEFAULT_RENDER_CONCURRENCY, DEFAULT_RENDER_MAX_LIMIT } from '../proxy/render-routes.js';
import type { ItemReviewed } from '../ssr/json-ld.js';
import { DEFAULT_PROXY_PORT, serveProxy, type RendererModule, type ServeProxyOptions } from './proxy-server.js';
import { DEFAULT_SUMMARY_CONCURRENCY, DEFAULT_SUMMARY_MAX_PAGES, DEFAULT_SUMMARY_TTL_MS, MAX_SUMMARY_PAGES } from '../proxy/summary.js';

type Env = Record<string, string | undefined>;
type CacheFlags = NonNullable<ServeProxyOptions['cache']>;

const MB = 1024 * 1024;
/** A visitor's uncached keys given back per second with --uncached-limit: one new search every 2 s, past the burst. */
const DEFAULT_UNCACHED_REFILL = 0.5;
const DAY_S = 86_400;

interface Flag {
  name: string;
  env: string;
  boolean?: true;
  /** What goes after the flag in the usage line. */
  value?: string;
  help: string;
  /** Puts the (string) value into the options; throws a UsageError naming `--name` when it is wrong. */
  apply(options: ServeProxyOptions, raw: string, cache: CacheFlags): void;
}

const seconds = (name: string, raw: string, max: number) =>
  numberFlag(name, raw, (n) => n >= 0 && n <= max, `a number of seconds from 0 to ${max}`)!;
const megabytes = (name: string, raw: string) =>
  numberFlag(name, raw, (n) => n > 0 && n <= 4096, 'a number of megabytes above 0, at most 4096')!;

const FLAGS: Flag[] = [
  {
    name: 'upstream',
    env: 'TESTIMONIAL_API_URL',
    value: 'URL',
    help: 'the service base URL ending in /v1 (the sandbox: http://127.0.0.1:8787/v1); required',
    apply: (o, raw) => void (o.upstream = raw),
  },
  {
    name: 'port',
    env: 'PORT',
    value: 'N',
    help: `port to listen on, 0 for any free one (default ${DEFAULT_PROXY_PORT})`,
    apply: (o, raw) => void (o.port = integerFlag('port', raw, 0, 65535)),
  },
  {
    name: 'host',
    env: 'TESTIMONIAL_PROXY_HOST',
    value: 'ADDR',
    help: 'address to listen on (default 127.0.0.1; 0.0.0.0 for all)',
    apply: (o, raw) => void (o.host = raw),
  },
  {
    name: 'base-path',
    env: 'TESTIMONIAL_PROXY_BASE_PATH',
    value: 'PATH',
    help: 'where the routes live, e.g. /api (default /)',
    apply: (o, raw) => void (o.basePath = raw),
  },
  {
    name: 'origins',
    env: 'TESTIMONIAL_PROXY_ORIGINS',
    value: 'a,b',
    help: 'comma-separated origins allowed by CORS (default *)',
    apply: (o, raw) => {
      const origins = raw
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      if (origins.length === 0) throw new UsageError('--origins needs at least one origin, e.g. https://example.com.');
      o.cors = { origins };
    },
  },
  {
    name: 'rate-limit',
    env: 'TESTIMONIAL_PROXY_RATE_LIMIT',
    value: 'N',
    help: 'requests each client may make at once; turns the per-client limit on (default off)',
    apply: (o, raw) =>
      void (o.rateLimit = { refillPerSecond: 1, ...(o.rateLimit || {}), capacity: integerFlag('rate-limit', raw, 1, 100_000)! }),
  },
  {
    name: 'rate-refill',
    env: 'TESTIMONIAL_PROXY_RATE_REFILL',
    value: 'N',
    help: 'requests given back to each client per second, with --rate-limit (default 1)',
    apply: (o, raw) => {
      const refillPerSecond = numberFlag('rate-refill', raw, (n) => n > 0 && n <= 100_000, 'a number of requests per second above 0')!;
      if (!o.rateLimit) throw new UsageError('--rate-refill needs --rate-limit (the burst each client may make).');
      o.rateLimit = { ...o.rateLimit, refillPerSecond };
    },
  },
  {
    name: 'uncached-limit',
    env: 'TESTIMONIAL_PROXY_UNCACHED_LIMIT',
    value: 'N',
    help: 'uncached keys (requests that would ask the service) each client may ask at once; cached answers cost nothing (default off)',
    apply: (o, raw) =>
      void (o.uncachedLimit = {
        refillPerSecond: DEFAULT_UNCACHED_REFILL,
        ...(o.uncachedLimit || {}),
        capacity: integerFlag('uncached-limit', raw, 1, 100_000)!,
      }),
  },
  {
    name: 'uncached-refill',
    env: 'TESTIMONIAL_PROXY_UNCACHED_REFILL',
    value: 'N',
    help: `uncached keys given back to each client per second, with --uncached-limit (default ${DEFAULT_UNCACHED_REFILL})`,
    apply: (o, raw) => {
      const refillPerSecond = numberFlag('uncached-refill', raw, (n) => n > 0 && n <= 100_000, 'a number of keys per second above 0')!;
      if (!o.uncachedLimit) throw new UsageError('--uncached-refill needs --uncached-limit (the burst of new keys each client may ask).');
      o.uncachedLimit = { ...o.uncachedLimit, refillPerSecond };
    },
  },
  {
    name: 'upstream-per-second',
    env: 'TESTIMONIAL_PROXY_UPSTREAM_PER_SECOND',
    value: 'N',
    help: `upstream calls per second at most, all clients together; past it the stale copy or 429 (0 = no cap, default ${DEFAULT_UPSTREAM_PER_SECOND})`,
    apply: (o, raw) =>
      void (o.upstreamPerSecond = numberFlag(
        'upstream-per-second',
        raw,
        (n) => n >= 0 && n <= 100_000,
        'a number of calls per second, 0 for no cap',
      )),
  },
  {
    name: 'trust-proxy-headers',
    env: 'TESTIMONIAL_PROXY_TRUST_PROXY_HEADERS',
    boolean: true,
    help: 'tell clients apart by CF-Connecting-IP / X-Forwarded-For, not the socket: only behind a CDN or load balancer that sets them',
    apply: (o) => void (o.trustProxyHeaders = true),
  },
  {
    name: 'max-limit',
    env: 'TESTIMONIAL_PROXY_MAX_LIMIT',
    value: 'N',
    help: `largest limit passed on; larger ones are lowered to it (1-1000, default ${DEFAULT_MAX_LIMIT})`,
    apply: (o, raw) => void (o.maxLimit = integerFlag('max-limit', raw, 1, 1000)),
  },
  {
    name: 'ttl',
    env: 'TESTIMONIAL_PROXY_TTL',
    value: 'S',
    help: `seconds an answer stays fresh in the cache (default ${DEFAULT_CACHE.ttlMs / 1000})`,
    apply: (_o, raw, cache) => void (cache.ttlMs = integerFlag('ttl', raw, 0, DAY_S)! * 1000),
  },
  {
    name: 'stale-after',
    env: 'TESTIMONIAL_PROXY_STALE_AFTER',
    value: 'S',
    help: `with an expired answer on hand, seconds a visitor waits for the service before getting it; the refresh goes on (default ${DEFAULT_CACHE.staleAfterMs / 1000})`,
    apply: (_o, raw, cache) => void (cache.staleAfterMs = seconds('stale-after', raw, 60) * 1000),
  },
  {
    name: 'stale-if-error',
    env: 'TESTIMONIAL_PROXY_STALE_IF_ERROR',
    value: 'S',
    help: `seconds after it expired an answer may stand in while the service fails (default ${DEFAULT_CACHE.staleIfErrorMs / 1000})`,
    apply: (_o, raw, cache) => void (cache.staleIfErrorMs = integerFlag('stale-if-error', raw, 0, 30 * DAY_S)! * 1000),
  },
  {
    name: 'cache-entries',
    env: 'TESTIMONIAL_PROXY_CACHE_ENTRIES',
    value: 'N',
    help: `answers kept in memory, 0 for none (default ${DEFAULT_CACHE.maxEntries})`,
    apply: (_o, raw, cache) => void (cache.maxEntries = integerFlag('cache-entries', raw, 0, 1_000_000)),
  },
  {
    name: 'cache-mb',
    env: 'TESTIMONIAL_PROXY_CACHE_MB',
    value: 'MB',
    help: `megabytes of answers kept in memory (default ${DEFAULT_CACHE.maxBytes / MB})`,
    apply: (_o, raw, cache) => void (cache.maxBytes = Math.round(megabytes('cache-mb', raw) * MB)),
  },
  {
    name: 'max-body-mb',
    env: 'TESTIMONIAL_PROXY_MAX_BODY_MB',
    value: 'MB',
    help: `largest upstream answer read, in megabytes; a larger one is 502 (default ${DEFAULT_MAX_BODY_BYTES / MB})`,
    apply: (o, raw) => void (o.maxBodyBytes = Math.round(megabytes('max-body-mb', raw) * MB)),
  },
  {
    name: 'summary-ttl',
    env: 'TESTIMONIAL_PROXY_SUMMARY_TTL',
    value: 'S',
    help: `seconds a GET /summary answer stays fresh (default ${DEFAULT_SUMMARY_TTL_MS / 1000})`,
    apply: (o, raw) => void (o.summary = { ...o.summary, ttlMs: integerFlag('summary-ttl', raw, 0, DAY_S)! * 1000 }),
  },
  {
    name: 'summary-max-pages',
    env: 'TESTIMONIAL_PROXY_SUMMARY_MAX_PAGES',
    value: 'N',
    help: `upstream pages of 1000 read at most for one summary; past them it is partial (1-${MAX_SUMMARY_PAGES}, default ${DEFAULT_SUMMARY_MAX_PAGES})`,
    apply: (o, raw) => void (o.summary = { ...o.summary, maxPages: integerFlag('summary-max-pages', raw, 1, MAX_SUMMARY_PAGES) }),
  },
  {
    name: 'summary-concurrency',
    env: 'TESTIMONIAL_PROXY_SUMMARY_CONCURRENCY',
    value: 'N',
    help: `summary walks at once; the next wait --busy-wait, then get the stale copy or 503 (1-${MAX_CONCURRENCY}, default ${DEFAULT_SUMMARY_CONCURRENCY})`,
    apply: (o, raw) => void (o.summary = { ...o.summary, concurrency: integerFlag('summary-concurrency', raw, 1, MAX_CONCURRENCY) }),
  },
  {
    name: 'render-concurrency',
    env: 'TESTIMONIAL_PROXY_RENDER_CONCURRENCY',
    value: 'N',
    help: `HTML renders at once; the next wait --busy-wait, then get the stale copy or 503 (1-${MAX_CONCURRENCY}, default ${DEFAULT_RENDER_CONCURRENCY})`,
    apply: (o, raw) => void (o.render = { ...(o.render || {}), concurrency: integerFlag('render-concurrency', raw, 1, MAX_CONCURRENCY) }),
  },
  {
    name: 'render-max-limit',
    env: 'TESTIMONIAL_PROXY_RENDER_MAX_LIMIT',
    value: 'N',
    help: `largest limit of a rendered wall, at most --max-limit (1-1000, default ${DEFAULT_RENDER_MAX_LIMIT})`,
    apply: (o, raw) => void (o.render = { ...(o.render || {}), maxLimit: integerFlag('render-max-limit', raw, 1, 1000) }),
  },
  {
    name: 'render-cache-mb',
    env: 'TESTIMONIAL_PROXY_RENDER_CACHE_MB',
    value: 'MB',
    help: `megabytes of rendered HTML kept, apart from the JSON answers (default ${DEFAULT_RENDER_CACHE_BYTES / MB})`,
    apply: (o, raw) => void (o.render = { ...(o.render || {}), cacheBytes: Math.round(megabytes('render-cache-mb', raw) * MB) }),
  },
  {
    name: 'busy-wait',
    env: 'TESTIMONIAL_PROXY_BUSY_WAIT',
    value: 'S',
    help: `seconds a summary walk or a render waits for a free slot before the stale copy or 503 (default ${DEFAULT_BUSY_WAIT_MS / 1000})`,
    apply: (o, raw) => void (o.busyWaitMs = seconds('busy-wait', raw, 60) * 1000),
  },
  {
    name: 'public-url',
    env: 'TESTIMONIAL_PROXY_PUBLIC_URL',
    value: 'URL',
    help: 'where browsers reach this proxy, written into rendered walls for paging, e.g. https://example.com/api (default: the address the request came to)',
    apply: (o, raw) => void (o.render = { ...(o.render || {}), publicUrl: raw }),
  },
  {
    name: 'item-reviewed',
    env: 'TESTIMONIAL_PROXY_ITEM_REVIEWED',
    value: 'JSON',
    help: 'review JSON-LD after rendered walls and cards, about this item, e.g. \'{"@type":"SoftwareApplication","name":"Acme"}\'',
    apply: (o, raw) => {
      let itemReviewed: ItemReviewed;
      try {
        itemReviewed = JSON.parse(raw) as ItemReviewed;
      } catch {
        throw new UsageError('--item-reviewed must be a JSON object such as \'{"@type":"Product","name":"Acme"}\'.');
      }
      o.render = { ...(o.render || {}), jsonLd: { itemReviewed } };
    },
  },
  {
    name: 'no-render',
    env: 'TESTIMONIAL_PROXY_NO_RENDER',
    boolean: true,
    help: 'no HTML routes (/render/wall, /render/card/:id), and never load the server renderer',
    apply: (o) => void (o.render = false),
  },
  {
    name: 'timeout',
    env: 'TESTIMONIAL_PROXY_TIMEOUT',
    value: 'S',
    help: `seconds allowed for one upstream attempt, then 504 (default ${DEFAULT_TIMEOUT_MS / 1000})`,
    apply: (o, raw) => void (o.timeoutMs = seconds('timeout', raw, 600) * 1000),
  },
  {
    name: 'retries',
    env: 'TESTIMONIAL_PROXY_RETRIES',
    value: 'N',
    help: `retries of a failed upstream read (0-10, default ${DEFAULT_RETRIES})`,
    apply: (o, raw) => void (o.retries = integerFlag('retries', raw, 0, 10)),
  },
  ...COLLECT_FLAGS,
];

const flagColumn = (flag: Flag) => `--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
const width = Math.max(...FLAGS.map((flag) => flagColumn(flag).length));

export const USAGE = [
  'usage: testimonial-elements proxy --upstream URL [options]',
  '',
  'Every option can also come from the environment variable beside it; a flag wins over its variable.',
  ...FLAGS.map((flag) => `  ${flagColumn(flag).padEnd(width)}  ${flag.help} [${flag.env}]`),
  `  ${'-h, --help'.padEnd(width)}  show this help`,
  '',
  'The API key is read from the TESTIMONIAL_API_KEY environment variable, never from a flag.',
  'A public proxy: --origins your site, --rate-limit (e.g. 60), --uncached-limit (e.g. 30), and --trust-proxy-headers only behind a CDN.',
].join('\n');

const KEY_FLAG = /^--(?:api-?)?key(?:=|$)/;
const TRUE = /^(?:1|true|yes|on)$/i;
const FALSE = /^(?:0|false|no|off)?$/i;

/** The options of `argv`, each flag missing there taken from `env`. */
export function parseProxyArgs(argv: readonly string[], env: Env = process.env): ServeProxyOptions | 'help' {
  if (argv.some((arg) => KEY_FLAG.test(arg))) {
    throw new UsageError(
      '--key is refused: a key on the command line is visible to every user of this machine and stays in shell history. Set TESTIMONIAL_API_KEY instead.',
    );
  }
  const values = parseFlags(argv, {
    ...Object.fromEntries(FLAGS.map((flag) => [flag.name, { type: flag.boolean ? 'boolean' : 'string' }] as const)),
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const options = { upstream: '' } as ServeProxyOptions;
  const cache: CacheFlags = {};
  for (const flag of FLAGS) {
    const given = values[flag.name];
    if (given !== undefined) {
      if (given !== false) flag.apply(options, given === true ? '' : given, cache);
      continue;
    }
    const raw = env[flag.env];
    if (raw === undefined) continue;
    try {
      if (!flag.boolean) flag.apply(options, raw, cache);
      else if (TRUE.test(raw)) flag.apply(options, '', cache);
      else if (!FALSE.test(raw)) throw new UsageError(`--${flag.name} is on or off: 1 or 0; got "${raw}".`);
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`${flag.env}: ${error.message}`);
      throw error;
    }
  }
  if (!options.upstream) {
    throw new UsageError(
      '--upstream (or TESTIMONIAL_API_URL) is required: the service base URL ending in /v1, e.g. http://127.0.0.1:8787/v1.',
    );
  }
  if (Object.keys(cache).length) options.cache = cache;
  return options;
}

/**
 * Runs the proxy until SIGINT/SIGTERM. Mistakes print one line and set exit status 2. `loadRenderer`
 * loads the HTML routes' renderer from where the command lives (its bundle does not carry it).
 */
export async function runProxyCli(argv: string[], loadRenderer?: () => Promise<RendererModule>): Promise<void> {
  let options: ServeProxyOptions | 'help';
  try {
    options = parseProxyArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`testimonial-elements proxy: ${error.message} (--help for usage)`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  let served;
  try {
    served = await serveProxy(
      options.render === false || !loadRenderer ? options : { ...options, render: { ...options.render, loadRenderer } },
    );
  } catch (error) {
    // Configuration errors (no key, bad upstream URL, port taken): their messages never hold the key.
    console.error(`testimonial-elements proxy: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  const mode = options.collect ? `read-only but POST ${served.url}/collect` : 'read-only';
  console.log(`testimonial proxy listening on ${served.url} → ${options.upstream} (${mode}; key from TESTIMONIAL_API_KEY)`);
  if (options.render !== false)
    console.log(`  HTML fragments: ${served.url}/render/wall?layout=grid, ${served.url}/render/card/<id> (--no-render turns them off)`);
  closeOnSignal(() => served.close());
}
