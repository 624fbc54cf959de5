/**
 * Child process of the proxy fault bench: an upstream on 127.0.0.1 answering every page with about
 * 150 KB of testimonials, the proxy (default options) in this process, and a flood of distinct list
 * queries through it (32 at a time). Prints one JSON line: memory before and after (after a GC), and
 * what the cache holds.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from '../src/proxy/index.js';

const queries = Number(process.argv[2] ?? 1000);
const CONCURRENCY = 32;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

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
const proxy = createProxy({ upstream, apiKey: 'bench-key', log: () => {} });

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
const MB = 1024 * 1024;
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
