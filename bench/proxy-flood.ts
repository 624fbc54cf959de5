/**
 * Child process of the proxy fault bench: `bench/proxy-flood.ts list|summary|render N`.
 *
 * - `list`: an upstream on 127.0.0.1 answering every page with about 150 KB of testimonials, the proxy
 *   (default options) in this process, and a flood of N distinct list queries through it (32 at a
 *   time). Prints one JSON line: memory before and after (after a GC), and what the cache holds.
 * - `summary` and `render` (issue 29): the sandbox on 127.0.0.1 with N testimonials, the proxy (default
 *   bounds, the real server renderer) in this process, and 100 concurrent distinct `/summary` questions
 *   or 150 concurrent `/render/wall?limit=100&label=…` (presentation-only variations). Prints one JSON
 *   line: upstream calls, answers and refusals, peak RSS growth, and the slowest cached `/testimonials`
 *   answer taken every 50 ms while the flood ran.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from '../src/proxy/index.js';
import { serveSandbox } from '../src/node/sandbox-server.js';

const mode = process.argv[2] ?? 'list';
const queries = Number(process.argv[3] ?? 1000);
const CONCURRENCY = 32;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const MB = 1024 * 1024;

/** Floods the proxy's route with `paths` all at once; meanwhile a cached answer is timed every 50 ms. */
async function hostileFlood(paths: string[]): Promise<void> {
  const sandbox = await serveSandbox({ port: 0, testimonials: queries });
  let upstreamCalls = 0;
  const { createProxyRenderer } = await import('../src/node/proxy-renderer.js');
  const proxy = createProxy({
    upstream: sandbox.url,
    apiKey: 'sandbox-key',
    log: () => {},
    fetch: (request, init) => (upstreamCalls++, fetch(request, init)),
    render: { renderer: createProxyRenderer() },
    // The walks' and renders' own bounds are measured here, not the cap on upstream calls per second.
    upstreamPerSecond: false,
  });
  const get = (path: string) => proxy.fetch(new Request(`http://proxy.bench${path}`));
  await (await get('/testimonials?limit=10')).arrayBuffer();
  const warm = mode === 'render' ? await get('/render/wall?limit=100') : undefined;
  await warm?.arrayBuffer();
  const callsBefore = upstreamCalls;
  gc();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let cachedMaxMs = 0;
  let cachedMisses = 0;
  let done = false;
  const prober = (async () => {
    while (!done) {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      const started = performance.now();
      const response = await get('/testimonials?limit=10');
      await response.arrayBuffer();
      cachedMaxMs = Math.max(cachedMaxMs, performance.now() - started);
      if (response.headers.get('x-cache') !== 'HIT') cachedMisses++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    paths.map(async (path) => {
      const response = await get(path);
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const floodMs = performance.now() - started;
  done = true;
  await prober;
  await sandbox.close();
  process.stdout.write(
    `${JSON.stringify({
      mode,
      requests: paths.length,
      testimonials: queries,
      answered: statuses.filter((status) => status === 200).length,
      refused: statuses.filter((status) => status === 503).length,
      upstreamCalls: upstreamCalls - callsBefore,
      rssGrowthMb: (rssPeak - rssBefore) / MB,
      cachedMaxMs,
      cachedMisses,
      floodMs,
    })}\n`,
  );
}

if (mode === 'summary') {
  // 100 distinct questions the service is asked differently: rating × type × language × integration.
  const filters = ['', 'rating=0', 'rating=1', 'rating=2', 'rating=3', 'rating=4', 'rating=5'].flatMap((rating) =>
    ['', 'type=text', 'type=video'].flatMap((type) =>
      ['', 'lang=en', 'lang=fr', 'integration=g2', 'integration=trustpilot'].map((other) =>
        [rating, type, other].filter(Boolean).join('&'),
      ),
    ),
  );
  await hostileFlood(filters.slice(0, 100).map((query) => `/summary?${query}`));
  process.exit(0);
}
if (mode === 'render') {
  await hostileFlood(Array.from({ length: 150 }, (_, i) => `/render/wall?limit=100&label=flush${i}`));
  process.exit(0);
}

function page(pageNumber: number): string {
  const testimonials = Array.from({ length: 100 }, (_, i) => ({
    id: `p${pageNumber}-t${i}`,
    type: 'text',
    integration: 'twitter',
    title: 'A long testimonial',
    text: `Page ${pageNumber} item ${i}: ${'This product changed how our team works, every single day. '.repeat(22)}`,
    rating: 5,
    approved: true,
    customer_name: 'Ada',
    customer_email: 'ada@private.test',
    date: '2024-05-17T09:30:00Z',
    created_at: '2024-05-17T09:30:00Z',
    tags: ['home'],
  }));
  return JSON.stringify({ total: testimonials.length, testimonials });
}

const server = createServer((req, res) => {
  const pageNumber = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(page(pageNumber));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
// Every page is a distinct key on purpose (memory under a flood), so no cap on upstream calls per second.
const proxy = createProxy({ upstream, apiKey: 'bench-key', log: () => {}, upstreamPerSecond: false });

gc();
const rssBefore = process.memoryUsage().rss;
let next = 1;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next <= queries) {
      const response = await proxy.fetch(new Request(`http://proxy.bench/testimonials?page=${next++}`));
      if (response.status !== 200) throw new Error(`page answered ${response.status}`);
      await response.arrayBuffer();
    }
  }),
);
gc();
const memory = process.memoryUsage();
const cache = proxy.cacheSize();
process.stdout.write(
  `${JSON.stringify({
    queries,
    rssBeforeMb: rssBefore / MB,
    rssAfterMb: memory.rss / MB,
    heapAfterMb: memory.heapUsed / MB,
    cacheMb: cache.bytes / MB,
    cacheEntries: cache.entries,
    pageKb: page(1).length / 1000,
  })}\n`,
);
server.closeAllConnections();
server.close();
