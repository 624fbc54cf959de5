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
  const cache = new AnswerCache<string>(
    { ...OPTIONS, ...options },
    () => now,
    (value) => value.length,
  );
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
    assert.deepEqual(
      results.map((r) => [r.value, r.state]),
      [
        ['v', 'MISS'],
        ['v', 'MISS'],
        ['v', 'MISS'],
      ],
    );
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
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.equal(calls, 1);
    await assert.rejects(cache.get('k', failing, always), /down/);
    assert.equal(calls, 2);
  });

  it('an error that may not be covered forgets the entry', async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => 'v', always);
    advance(1_000);
    await assert.rejects(
      cache.get(
        'k',
        async () => Promise.reject(new Error('gone')),
        () => ({ stale: false }),
      ),
      /gone/,
    );
    await assert.rejects(
      cache.get('k', async () => Promise.reject(new Error('down')), always),
      /down/,
    );
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

describe('AnswerCache byte budget and stale deadline (issue 14)', () => {
  it('evicts the least recently used entries by bytes as well as by count', async () => {
    const { cache } = setup({ maxEntries: 100, maxBytes: 10 });
    const put = (key: string, value: string) => cache.get(key, async () => value, always);
    await put('a', 'aaaa');
    await put('b', 'bbbb');
    await put('a', 'unused');
    await put('c', 'cccc');
    assert.deepEqual(cache.size, { entries: 2, bytes: 8 });
    assert.equal((await put('a', 'x')).state, 'HIT');
    assert.equal((await put('b', 'bbbb')).state, 'MISS');
    await put('big', 'x'.repeat(11));
    assert.equal((await put('big', 'x')).state, 'MISS', 'an answer over the whole budget was kept');
  });

  it('with an expired copy, a slow load is answered STALE at the deadline and still stored when it ends', async () => {
    const { cache, advance } = setup({ staleAfterMs: 20 });
    await cache.get('k', async () => 'old', always);
    advance(1_000);
    let release!: (value: string) => void;
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = await cache.get('k', slow, always);
    assert.deepEqual([first.value, first.state], ['old', 'STALE']);
    assert.ok(first.refreshing, 'the refresh under way is handed over');
    const second = await cache.get('k', slow, always);
    assert.deepEqual([second.value, second.state, calls], ['old', 'STALE', 1]);
    release('new');
    await first.refreshing;
    const third = await cache.get('k', slow, always);
    assert.deepEqual([third.value, third.state, calls], ['new', 'HIT', 1]);
  });

  it('without a copy the load is awaited whatever the deadline', async () => {
    const { cache } = setup({ staleAfterMs: 0 });
    const result = await cache.get('k', () => new Promise<string>((resolve) => setTimeout(() => resolve('v'), 30)), always);
    assert.deepEqual([result.value, result.state], ['v', 'MISS']);
  });

  it('a failure asking for quiet keeps the stale copy without a new load until then', async () => {
    const { cache, advance } = setup({ staleIfErrorMs: 60_000 });
    await cache.get('k', async () => 'old', always);
    advance(1_000);
    let calls = 0;
    const busy = async () => {
      calls++;
      throw new Error('busy');
    };
    const quiet = () => ({ stale: true, quietMs: 20_000 });
    assert.equal((await cache.get('k', busy, quiet)).state, 'STALE');
    advance(19_000);
    assert.equal((await cache.get('k', busy, quiet)).state, 'STALE');
    assert.equal(calls, 1);
    advance(1_000);
    await cache.get('k', busy, quiet);
    assert.equal(calls, 2);
  });
});
