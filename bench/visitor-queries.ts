/**
 * `visitor-queries` (issue 26): upstream calls per 1,000 visitor queries, on one Node proxy and on the
 * edge build (README's Cloudflare recipe, `test/proxy/edge-worker.ts`) in four isolates of one
 * miniflare, with and without the shared cache. The queries are a realistic mix from 60 visitors: the
 * prefixes a debounced search field sends while a few words are typed, rating and type filters, sorts,
 * and the same popular keys asked by many visitors; 20 in flight at a time. Default options but the
 * cap on upstream calls per second, turned off so that the figure counts what the caches save (the cap
 * refuses, it does not save: `visitors.node_refused_default` says what it does at its default, with
 * the queries arriving at a busy page's pace on the proxy's clock).
 */
import { createProxy } from '../src/proxy/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { bundleEdgeWorker, countingSandbox, startEdgeFleet, type EdgeFleet } from '../test/proxy/edge-fleet.js';
import { figure, log, QUICK, type Figure } from './support.js';

const QUERIES = 1_000;
const VISITORS = 60;
const IN_FLIGHT = 20;
const ISOLATES = 4;
/** Queries per second of the paced run at the default cap: a busy page, 60 visitors typing at once. */
const PACE = 50;

const WORDS = ['teacher', 'support', 'easy setup', 'fast', 'customer service', 'price', 'onboarding', 'team'];

/** A small seeded generator: the same mix every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** 1,000 queries, as [visitor, path]: each visitor's session in order, the sessions interleaved. */
export function visitorQueries(): [number, string][] {
  const next = random(26);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sessions: string[][] = Array.from({ length: VISITORS }, () => []);
  let count = 0;
  for (let visitor = 0; count < QUERIES; visitor = (visitor + 1) % VISITORS) {
    const session = sessions[visitor]!;
    const filters = new URLSearchParams({ limit: '12' });
    if (next() < 0.3) filters.set('rating', String(3 + Math.floor(next() * 3)));
    if (next() < 0.2) filters.set('type', pick(['text', 'video']));
    if (next() < 0.2) filters.set('sort', pick(['rating', 'date']));
    // The wall as it loads, then a search typed: a request per pause (every 2 to 4 characters).
    session.push(`/testimonials?${filters}`);
    const word = pick(WORDS);
    for (let length = 2 + Math.floor(next() * 2); length <= word.length && count < QUERIES; length += 2 + Math.floor(next() * 3)) {
      session.push(`/testimonials?${new URLSearchParams({ ...Object.fromEntries(filters), query: word.slice(0, length) })}`);
    }
    session.push(`/testimonials?${new URLSearchParams({ ...Object.fromEntries(filters), query: word })}`);
    count = sessions.reduce((sum, queries) => sum + queries.length, 0);
  }
  const mixed: [number, string][] = [];
  for (let turn = 0; mixed.length < QUERIES; turn++) {
    for (let visitor = 0; visitor < VISITORS && mixed.length < QUERIES; visitor++) {
      const path = sessions[visitor]![turn];
      if (path) mixed.push([visitor, path]);
    }
  }
  return mixed;
}

/** Sends the queries, IN_FLIGHT at a time; the statuses counted. */
async function send(queries: [number, string][], get: (visitor: number, path: string) => Promise<Response>) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < queries.length) {
        const [visitor, path] = queries[next++]!;
        const response = await get(visitor, path);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/**
 * One Node proxy in this process. `perSecond`: the queries arrive at that pace on the proxy's clock
 * (the default cap is then what refuses or not); without it, no cap.
 */
async function nodeProxy(queries: [number, string][], perSecond?: number) {
  const sandbox = createSandbox({ key: 'sandbox-key' });
  let calls = 0;
  let now = Date.now();
  const proxy = createProxy({
    upstream: 'http://sandbox.bench/v1',
    apiKey: 'sandbox-key',
    fetch: (request) => (calls++, sandbox.fetch(request)),
    log: () => {},
    clock: () => now,
    ...(perSecond === undefined ? { upstreamPerSecond: false } : {}),
  });
  const statuses = await send(queries, (visitor, path) => {
    if (perSecond !== undefined) now += 1000 / perSecond;
    return proxy.fetch(new Request(`http://proxy.bench${path}`, { headers: { 'CF-Connecting-IP': `198.51.100.${visitor}` } }));
  });
  return { calls, statuses };
}

async function edge(queries: [number, string][], script: string, shared: boolean) {
  const sandbox = await countingSandbox();
  let fleet: EdgeFleet | undefined;
  try {
    fleet = await startEdgeFleet(script, ISOLATES, {
      TESTIMONIAL_API_URL: sandbox.url,
      UPSTREAM_PER_SECOND: '0',
      ...(shared ? {} : { SHARED_CACHE: 'off' }),
    });
    // Each request lands in any isolate, as a data centre spreads them.
    let turn = 0;
    const statuses = await send(queries, (visitor, path) => fleet!.get(turn++ % ISOLATES, path, `198.51.100.${visitor}`));
    return { calls: sandbox.calls.length, statuses };
  } finally {
    await fleet?.dispose();
    await sandbox.close();
  }
}

const ok = (statuses: Map<number, number>) => statuses.get(200) ?? 0;

export async function measureVisitorQueries(): Promise<Figure[]> {
  const queries = visitorQueries();
  const distinct = new Set(queries.map(([, path]) => path)).size;
  const perThousand = (calls: number) => (calls / queries.length) * 1000;
  const node = await nodeProxy(queries);
  const capped = await nodeProxy(queries, PACE);
  log(`visitor queries: ${queries.length} queries, ${distinct} distinct keys; node ${node.calls} calls`);
  const script = await bundleEdgeWorker();
  const edgeShared = await edge(queries, script, true);
  // The comparison costs a second fleet; a quick run keeps to the shared cache.
  const edgeAlone = QUICK ? undefined : await edge(queries, script, false);
  for (const [what, run] of [
    ['node', node],
    ['edge', edgeShared],
    ['edge without shared cache', edgeAlone],
  ] as const) {
    if (run && ok(run.statuses) !== queries.length) throw new Error(`${what}: ${JSON.stringify([...run.statuses])} of ${queries.length}`);
  }
  return [
    figure('visitors.distinct_keys_per_1000', perThousand(distinct), 'keys', 'distinct keys in 1,000 visitor queries (the floor)'),
    figure('visitors.node_upstream_per_1000', perThousand(node.calls), 'calls', 'upstream calls per 1,000 queries, one Node proxy'),
    figure(
      'visitors.node_refused_default',
      queries.length - ok(capped.statuses),
      'answers',
      `429s of 1,000 arriving at ${PACE}/s, default cap (20 upstream calls/s)`,
    ),
    figure(
      'visitors.edge_upstream_per_1000',
      perThousand(edgeShared.calls),
      'calls',
      `upstream calls per 1,000 queries, edge build, ${ISOLATES} isolates, shared cache`,
    ),
    figure(
      'visitors.edge_alone_upstream_per_1000',
      edgeAlone && perThousand(edgeAlone.calls),
      'calls',
      `the same without the shared cache (each isolate its own memory)`,
    ),
  ];
}
