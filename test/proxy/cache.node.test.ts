/**
 * AnswerCache on its own. The end-to-end cases (proxy-cases.ts) cannot tell its sharing of misses from
 * the client's own sharing of identical GETs, so the cache's is proved here, with a counting loader.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerCache, type CacheOptions } from '../../src/proxy/cache.js';

const OPTIONS: CacheOptions = { ttlMs: 1_000, maxEntries: 10, maxBytes: 1_000, staleIfErrorMs: 10_000, staleAfterMs: 1_000 };

function setup(options: Partial<CacheOptions> = {}) {
  let now = 0;
  const cache = new AnswerCache<string>({ ...OPTIONS, ...options }, () => now, (value) => value.length);
  return { cache, advance: (ms: number) => (now += ms) };
}

const always = () => ({ stale: true });

describe('AnswerCache', () => {
  it('concurrent misses of one key share one load', async () => {
    const { cache } = setup();
    let calls = 0;
    const releases: ((value: string) => void)[] = [];
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => releases.push(resolve));
    };
    const pending = [cache.get('k', load, always), cache.get('k', load, always), cache.get('k', load, always)];
    for (const release of releases) release('v');
    const results = await Promise.all(pending);
    assert.equal(calls, 1);
    assert.deepEqual(results.map((r) => [r.value, r.state]), [['v', 'MISS'], ['v', 'MISS'], ['v', 'MISS']]);
    assert.equal((await cache.get('k', load, always)).state, 'HIT');
  });

  it('a failed load is shared too, and the next request tries again', async () => {
    const { cache } = setup();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('down');
    };
    const results = await Promise.allSettled([cache.get('k', failing, always), cache.get('k', failing, always)]);
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
    assert.equal(calls, 1);
    await assert.rejects(cache.get('k', failing, always), /down/);
    assert.equal(calls, 2);
  });

  it('an error that may not be covered forgets the entry', async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => 'v', always);
    advance(1_000);
    await assert.rejects(cache.get('k', async () => Promise.reject(new Error('gone')), () => ({ stale: false })), /gone/);
    await assert.rejects(cache.get('k', async () => Promise.reject(new Error('down')), always), /down/);
  });

  it('evicts the least recently used entry first', async () => {
    const { cache } = setup({ maxEntries: 2, staleIfErrorMs: 0 });
    const states = async (...keys: string[]) => {
      const out = [];
      for (const key of keys) out.push((await cache.get(key, async () => key, always)).state);
      return out;
    };
    assert.deepEqual(await states('a', 'b', 'a', 'c'), ['MISS', 'MISS', 'HIT', 'MISS']);
    assert.deepEqual(await states('a', 'c', 'b'), ['HIT', 'HIT', 'MISS']);
  });

  it('maxEntries 0 keeps nothing', async () => {
    const { cache } = setup({ maxEntries: 0, staleIfErrorMs: 0 });
    await cache.get('k', async () => 'v', always);
    assert.equal((await cache.get('k', async () => 'v', always)).state, 'MISS');
  });
});
