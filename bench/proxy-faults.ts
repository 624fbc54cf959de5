/**
 * Proxy under failure (issue 14): the time a visitor waits for an answer with each misbehaving
 * upstream of the fault suite (test/proxy/fault-upstream.ts, on 127.0.0.1), without and with an
 * expired cached copy, and the proxy's memory after a flood of distinct queries (measured in a child
 * process of its own, bench/proxy-flood.ts, so the bench's browser and builds do not count).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createProxy, type ProxyOptions } from '../src/proxy/index.js';
import { refusedBase, startFaultUpstream, type Fault, type FaultUpstream } from '../test/proxy/fault-upstream.js';
import { figure, log, QUICK, ROOT, withTimeout, type Figure } from './support.js';

/** Short enough to keep the run short; the figures say how the times follow from them. */
const SETTINGS = QUICK ? { timeoutMs: 1_000, retries: 1, staleAfterMs: 500 } : { timeoutMs: 3_000, retries: 1, staleAfterMs: 2_500 };
export const FAULTS: (Exclude<Fault, 'ok'> | 'refused')[] = [
  'refused',
  'reset',
  'hang',
  'slow',
  'error-500',
  'busy-429',
  'not-json',
  'wrong-type',
  'oversized',
  'redirect',
];
export const FLOOD_QUERIES = QUICK ? 500 : 2_000;

async function timed(proxy: {
  fetch: (request: Request) => Promise<Response>;
}): Promise<{ ms: number; status: number; cache: string | null }> {
  const started = performance.now();
  const response = await proxy.fetch(new Request('http://proxy.bench/links'));
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, cache: response.headers.get('x-cache') };
}

function proxyOn(upstream: string, clock: () => number, options: Partial<ProxyOptions> = {}) {
  const { timeoutMs, retries, staleAfterMs } = SETTINGS;
  return createProxy({ upstream, apiKey: 'bench-key', timeoutMs, retries, cache: { staleAfterMs }, log: () => {}, clock, ...options });
}

async function faultTable(upstream: FaultUpstream, refused: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const fault of FAULTS) {
    let now = Date.now();
    const clock = () => now;
    const base = fault === 'refused' ? refused : upstream.base(fault);
    const without = await timed(proxyOn(base, clock));
    // With a copy: the copy comes from the healthy live upstream, then the fault starts.
    let refuse = false;
    const fetch = (request: Request, init?: RequestInit) =>
      globalThis.fetch(
        refuse ? new Request(request.url.replace(/^http:\/\/[^/]+\/live\/v1/, refused.replace(/\/v1$/, '/v1')), request) : request,
        init,
      );
    const withCopyProxy = proxyOn(upstream.base('live'), clock, fault === 'refused' ? { fetch } : {});
    upstream.setLive('ok');
    await timed(withCopyProxy);
    now += 61_000;
    if (fault === 'refused') refuse = true;
    else upstream.setLive(fault);
    const withCopy = await timed(withCopyProxy);
    upstream.setLive('ok');
    log(
      `fault ${fault}: ${without.status} in ${without.ms.toFixed(0)} ms without a copy; ${withCopy.status} ${withCopy.cache} in ${withCopy.ms.toFixed(0)} ms with one`,
    );
    figures.push(
      figure(
        `proxy.fault.${fault}.no_copy_ms`,
        without.ms,
        'ms',
        `${fault}: time to the ${without.status} without a cached copy (timeout ${SETTINGS.timeoutMs} ms, ${SETTINGS.retries} retry)`,
      ),
      figure(
        `proxy.fault.${fault}.copy_ms`,
        withCopy.ms,
        'ms',
        `${fault}: time to the ${withCopy.cache ?? withCopy.status} answer with an expired copy (staleAfterMs ${SETTINGS.staleAfterMs})`,
      ),
    );
  }
  return figures;
}

interface FloodResult {
  queries: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  heapAfterMb: number;
  cacheMb: number;
  cacheEntries: number;
  pageKb: number;
}

/** Runs `bench/proxy-flood.ts mode count` in a process of its own and reads its one JSON line. */
async function floodProcess<T>(mode: 'list' | 'summary' | 'render', count: number): Promise<T> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/proxy-flood.ts', mode, String(count)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the ${mode} flood process exited (${code}) without a result`)));
  });
  return JSON.parse(await withTimeout(line, 300_000, `the ${mode} flood`)) as T;
}

interface HostileFloodResult {
  requests: number;
  testimonials: number;
  answered: number;
  refused: number;
  upstreamCalls: number;
  rssGrowthMb: number;
  cachedMaxMs: number;
  cachedMisses: number;
  floodMs: number;
}

/** Testimonials in the sandbox behind the `/summary` and `/render/wall` floods (issue 29). */
export const HOSTILE_FLOOD_TESTIMONIALS = QUICK ? 5_000 : 20_000;

/**
 * Issue 29: 100 concurrent distinct `/summary` questions and 150 concurrent `/render/wall` with distinct
 * labels, default bounds: what reached the service, the peak RSS growth, and the slowest cached answer
 * meanwhile (the sandbox runs in the same process, so its own work counts in that time).
 */
async function hostileFloods(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const route of ['summary', 'render'] as const) {
    const result = await floodProcess<HostileFloodResult>(route, HOSTILE_FLOOD_TESTIMONIALS);
    const what = `${result.requests} concurrent distinct /${route === 'render' ? 'render/wall?limit=100&label=…' : 'summary?…'} over ${result.testimonials} testimonials, default bounds`;
    log(
      `${what}: ${result.answered} answered, ${result.refused} refused (503), ${result.upstreamCalls} upstream calls, RSS +${result.rssGrowthMb.toFixed(0)} MB, slowest cached answer ${result.cachedMaxMs.toFixed(0)} ms (${result.cachedMisses} not HIT), ${(result.floodMs / 1000).toFixed(1)} s`,
    );
    figures.push(
      figure(`proxy.flood.${route}.upstream_calls`, result.upstreamCalls, 'calls', `upstream calls during ${what}`),
      figure(`proxy.flood.${route}.rss_growth_mb`, result.rssGrowthMb, 'MB', `peak RSS growth during ${what}`),
      figure(`proxy.flood.${route}.cached_max_ms`, result.cachedMaxMs, 'ms', `slowest cached /testimonials answer during ${what}`),
      figure(`proxy.flood.${route}.refused`, result.refused, 'requests', `answered 503 with Retry-After during ${what}`),
    );
  }
  return figures;
}

async function flood(): Promise<Figure[]> {
  const result = await floodProcess<FloodResult>('list', FLOOD_QUERIES);
  log(
    `flood of ${result.queries} distinct queries (${result.pageKb.toFixed(0)} KB pages): RSS ${result.rssBeforeMb.toFixed(0)} → ${result.rssAfterMb.toFixed(0)} MB, heap ${result.heapAfterMb.toFixed(0)} MB, cache ${result.cacheMb.toFixed(1)} MB in ${result.cacheEntries} entries`,
  );
  const what = `after ${result.queries} distinct queries of ${result.pageKb.toFixed(0)} KB upstream pages, default cache`;
  return [
    figure('proxy.flood.rss_mb', result.rssAfterMb, 'MB', `proxy process RSS ${what}`),
    figure('proxy.flood.rss_growth_mb', result.rssAfterMb - result.rssBeforeMb, 'MB', `RSS growth ${what}`),
    figure('proxy.flood.heap_mb', result.heapAfterMb, 'MB', `V8 heap used ${what}, after a GC`),
    figure('proxy.flood.cache_mb', result.cacheMb, 'MB', `bytes the cache holds ${what} (budget 32 MiB)`),
  ];
}

export async function measureProxyFaults(): Promise<Figure[]> {
  const upstream = await startFaultUpstream();
  try {
    return [...(await faultTable(upstream, await refusedBase())), ...(await flood()), ...(await hostileFloods())];
  } finally {
    await upstream.close();
  }
}
