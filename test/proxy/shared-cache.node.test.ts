/**
 * The shared cache's rules (src/proxy/shared-cache.ts) on Node, with a fake clock: two proxies stand for
 * two isolates and share one Web `Cache` (an in-memory one here; workerd's in edge-cache.node.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CachedAnswer } from '../../src/proxy/answers.js';
import { createProxy, type SharedCache } from '../../src/proxy/index.js';
import { SharedAnswers } from '../../src/proxy/shared-cache.js';
import { createSandbox } from '../../src/sandbox/index.js';

/** The three methods of a Web Cache the proxy uses, over a Map (no expiry: the proxy counts freshness). */
function mapCache(): SharedCache {
  const entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  return {
    async match(url) {
      const entry = entries.get(url);
      return entry && new Response(entry.body.slice(0), { headers: entry.headers });
    },
    async put(url, response) {
      entries.set(url, { body: await response.arrayBuffer(), headers: new Headers(response.headers) });
    },
    async delete(url) {
      return entries.delete(url);
    },
  };
}

function isolates(count: number) {
  const sandbox = createSandbox({ key: 'sandbox-key' });
  const shared = mapCache();
  const calls: string[] = [];
  const state = { now: Date.UTC(2026, 0, 1), failing: false };
  const proxies = Array.from({ length: count }, () =>
    createProxy({
      upstream: 'http://sandbox.test/v1',
      apiKey: 'sandbox-key',
      retries: 0,
      log: () => {},
      clock: () => state.now,
      sharedCache: shared,
      cache: { ttlMs: 10_000 },
      fetch: (request) => {
        calls.push(new URL(request.url).pathname);
        return state.failing ? Promise.reject(new TypeError('fetch failed')) : sandbox.fetch(request);
      },
    }),
  );
  const get = async (index: number, path: string) => {
    const response = await proxies[index]!.fetch(new Request(`http://proxy.test${path}`));
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      age: response.headers.get('age'),
      body: await response.text(),
    };
  };
  return { get, calls, state, sandbox };
}

describe('the shared cache in front of each isolate', () => {
  it("serves another isolate's answer fresh, counted from when it was fetched", async () => {
    const { get, calls, state } = isolates(2);
    const first = await get(0, '/testimonials?limit=3');
    assert.equal(first.cache, 'MISS');
    state.now += 4_000;
    const second = await get(1, '/testimonials?limit=3');
    assert.deepEqual([second.status, second.cache, second.age], [200, 'HIT', '4']);
    assert.equal(second.body, first.body);
    assert.equal(calls.length, 1);
    // Its TTL ends 10 s after the fetch, not after isolate 1 got it: then one refresh.
    state.now += 6_000;
    assert.equal((await get(1, '/testimonials?limit=3')).cache, 'MISS');
    assert.equal((await get(0, '/testimonials?limit=3')).cache, 'HIT');
    assert.equal(calls.length, 2);
  });

  it('an isolate without a copy of its own serves the shared one while the service fails, and leaves the service alone', async () => {
    const { get, calls, state } = isolates(3);
    await get(0, '/links');
    state.now += 11_000;
    state.failing = true;
    const stale = await get(1, '/links');
    assert.deepEqual([stale.status, stale.cache], [200, 'STALE']);
    assert.equal(calls.length, 2);
    // Another isolate, meanwhile: the copy, and no call (the failed refresh holds the lease a while).
    assert.deepEqual([(await get(2, '/links')).cache, calls.length], ['STALE', 2]);
  });

  it('a testimonial that is no longer public is 404 in every isolate, whatever the shared cache held', async () => {
    const { get, state, sandbox } = isolates(2);
    const list = JSON.parse((await get(0, '/testimonials?limit=1')).body) as { testimonials: { id: string }[] };
    const id = list.testimonials[0]!.id;
    assert.equal((await get(0, `/testimonials/${id}`)).status, 200);
    const update = new Request(`http://sandbox.test/v1/testimonials/${id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer sandbox-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ approved: false }),
    });
    assert.equal((await sandbox.fetch(update)).status, 200);
    state.now += 11_000;
    assert.equal((await get(0, `/testimonials/${id}`)).status, 404);
    assert.equal((await get(1, `/testimonials/${id}`)).status, 404, 'isolate 1 got the old copy from the shared cache');
  });

  it('an isolate held back until another has filled and let go of the key does not ask the service again', async () => {
    // Seen in CI on a loaded machine: isolate B found no fresh copy, then stalled; meanwhile A took the
    // lease, asked the service, stored the answer and dropped the lease; B, resuming, found no lease and
    // asked again. B must look at the copy once more when it wins the lease.
    const shared = mapCache();
    const options = { ttlMs: 10_000, maxEntries: 10, maxBytes: 1e6, staleIfErrorMs: 60_000, staleAfterMs: 500 };
    let calls = 0;
    const kept: Promise<unknown>[] = [];
    const fill = {
      load: async (): Promise<CachedAnswer> => {
        calls++;
        return { body: new TextEncoder().encode(`answer ${calls}`), etag: `"${calls}"`, contentType: 'application/json' };
      },
      cover: () => ({ stale: true }),
      keepAlive: (work: Promise<unknown>) => void kept.push(work),
    };
    let resumeB!: () => void;
    const aDone = new Promise<void>((resolve) => (resumeB = resolve));
    // B's first look at the lease waits until A is done with the key.
    const heldBack: SharedCache = {
      match: async (url) => {
        if (url.includes('/lease/')) await aDone;
        return shared.match(url);
      },
      put: (url, response) => shared.put(url, response),
      delete: (url) => shared.delete(url),
    };
    const a = new SharedAnswers(shared, 'upstream', options, Date.now, 1_000);
    const b = new SharedAnswers(heldBack, 'upstream', options, Date.now, 1_000);
    const fromB = b.get('/links', fill);
    const fromA = await a.get('/links', fill);
    await Promise.all(kept);
    resumeB();
    const answerB = await fromB;
    await Promise.all(kept);
    assert.equal(calls, 1, 'B asked the service although A had just stored the answer');
    assert.equal(new TextDecoder().decode(answerB.body), new TextDecoder().decode(fromA.body));
    assert.equal(await shared.match('https://testimonial-proxy.internal/lease/upstream/links'), undefined, 'B left its lease behind');
  });
});
