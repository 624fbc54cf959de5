/**
 * Issue 26, item 2, on one Node proxy: visitors' queries cost the service only when they are new. A
 * client's bucket of uncached keys (`uncachedLimit`) and the cap on upstream calls per second for
 * everyone (`upstreamPerSecond`); both answer 429 with `Retry-After`, or the stale copy when there is one.
 * A fake clock moves the buckets; the sandbox is the upstream.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProxy, type ProxyOptions } from '../../src/proxy/index.js';
import { parseProxyArgs } from '../../src/node/proxy-cli.js';
import { createSandbox } from '../../src/sandbox/index.js';

const START = Date.UTC(2026, 0, 1);

function setup(options: Partial<ProxyOptions>) {
  const sandbox = createSandbox({ key: 'sandbox-key' });
  const calls: string[] = [];
  const logs: string[] = [];
  let now = START;
  const proxy = createProxy({
    upstream: 'http://sandbox.test/v1',
    apiKey: 'sandbox-key',
    retries: 0,
    fetch: (request) => (calls.push(new URL(request.url).search), sandbox.fetch(request)),
    log: (line) => logs.push(line),
    clock: () => now,
    ...options,
  });
  const get = async (path: string, client = '198.51.100.1') => {
    const response = await proxy.fetch(new Request(`http://proxy.test${path}`, { headers: { 'CF-Connecting-IP': client } }));
    const text = await response.text();
    return { status: response.status, cache: response.headers.get('x-cache'), retryAfter: response.headers.get('retry-after'), text };
  };
  return { get, calls, logs, advance: (ms: number) => void (now += ms) };
}

function errorOf(text: string): { status: number; code: string; message: string } {
  return (JSON.parse(text) as { error: { status: number; code: string; message: string } }).error;
}

describe("a client's bucket of uncached keys (uncachedLimit)", () => {
  const options = { uncachedLimit: { capacity: 3, refillPerSecond: 0.5 }, upstreamPerSecond: false } as const;

  it('lets a visitor type (cached keys cost nothing) and throttles a client enumerating keys, 429 with the wait said', async () => {
    const { get, calls, advance } = setup(options);
    // A visitor typing "tea", pausing, and the same questions again and again: three new keys.
    for (const query of ['te', 'tea', 'te', 'tea', 'te', 'tea', 'teacher'])
      assert.equal((await get(`/testimonials?query=${query}`)).status, 200);
    assert.equal(calls.length, 3);
    // A fourth new key is one too many for now.
    const refused = await get('/testimonials?query=teachers');
    assert.equal(refused.status, 429);
    assert.equal(refused.retryAfter, '2');
    assert.deepEqual(errorOf(refused.text), {
      status: 429,
      code: 'rate_limited',
      message: 'Too many new questions from you in a short time; try again in 2 s.',
    });
    assert.equal(calls.length, 3, 'nothing was sent for the refused key');
    // Cached answers still come, for this client too, and another client is not affected.
    assert.equal((await get('/testimonials?query=tea')).status, 200);
    assert.equal((await get('/testimonials?query=teachers', '198.51.100.2')).status, 200);
    // Its tokens come back.
    advance(2_000);
    assert.equal((await get('/testimonials?query=students')).status, 200);
    assert.equal((await get('/testimonials?query=parents')).status, 429);
  });

  it('serves the stale copy instead of a 429 when there is one', async () => {
    // A TTL shorter than a token's refill: the bucket is still empty when the copies expire.
    const { get, calls, advance } = setup({ ...options, cache: { ttlMs: 1_000 } });
    for (const query of ['a', 'b', 'c']) await get(`/testimonials?query=${query}`);
    advance(1_001);
    const answer = await get('/testimonials?query=a');
    assert.equal(answer.status, 200);
    assert.equal(answer.cache, 'STALE');
    assert.equal(calls.length, 3);
  });
});

describe('the cap on upstream calls per second (upstreamPerSecond)', () => {
  it('holds for a flood of distinct keys from many clients: 429 upstream_cap with Retry-After, said once in the log', async () => {
    const { get, calls, logs, advance } = setup({ upstreamPerSecond: 4 });
    const flood = await Promise.all(Array.from({ length: 20 }, (_, index) => get(`/testimonials?query=w${index}`, `203.0.113.${index}`)));
    assert.equal(calls.length, 4);
    const refused = flood.filter((answer) => answer.status === 429);
    assert.equal(refused.length, 16);
    for (const answer of refused) {
      assert.equal(answer.retryAfter, '1');
      assert.equal(errorOf(answer.text).code, 'upstream_cap');
    }
    assert.equal(logs.length, 1, logs.join('\n'));
    assert.match(logs[0]!, /cap of 4 upstream calls per second was reached/);
    // Cached answers are not counted; a second later, the next four go.
    assert.equal((await get('/testimonials?query=w0')).status, 200);
    advance(1_000);
    const next = await Promise.all(Array.from({ length: 6 }, (_, index) => get(`/testimonials?query=v${index}`)));
    assert.deepEqual(
      next.map((answer) => answer.status),
      [200, 200, 200, 200, 429, 429],
    );
  });

  it('is 20 a second by default, and off with 0', async () => {
    const capped = setup({});
    await Promise.all(Array.from({ length: 25 }, (_, index) => capped.get(`/testimonials?query=w${index}`, `203.0.113.${index}`)));
    assert.equal(capped.calls.length, 20);
    const free = setup({ upstreamPerSecond: 0 });
    await Promise.all(Array.from({ length: 25 }, (_, index) => free.get(`/testimonials?query=w${index}`)));
    assert.equal(free.calls.length, 25);
  });

  it('refuses a bad value when the proxy is made', () => {
    const base = { upstream: 'http://sandbox.test/v1', apiKey: 'k' };
    assert.throws(() => createProxy({ ...base, upstreamPerSecond: -1 }), /upstreamPerSecond must be a number ≥ 0/);
    assert.throws(
      () => createProxy({ ...base, uncachedLimit: { capacity: 0, refillPerSecond: 1 } }),
      /uncachedLimit.capacity must be a number above 0/,
    );
  });
});

describe('their flags and variables', () => {
  it('--uncached-limit, --uncached-refill, --upstream-per-second, and the environment', () => {
    const options = parseProxyArgs(['--upstream', 'http://x.test/v1', '--uncached-limit', '30', '--upstream-per-second', '5'], {});
    assert.ok(options !== 'help');
    assert.deepEqual(options.uncachedLimit, { capacity: 30, refillPerSecond: 0.5 });
    assert.equal(options.upstreamPerSecond, 5);
    const fromEnv = parseProxyArgs([], {
      TESTIMONIAL_API_URL: 'http://x.test/v1',
      TESTIMONIAL_PROXY_UNCACHED_LIMIT: '10',
      TESTIMONIAL_PROXY_UNCACHED_REFILL: '2',
      TESTIMONIAL_PROXY_UPSTREAM_PER_SECOND: '0',
    });
    assert.ok(fromEnv !== 'help');
    assert.deepEqual(fromEnv.uncachedLimit, { capacity: 10, refillPerSecond: 2 });
    assert.equal(fromEnv.upstreamPerSecond, 0);
    assert.throws(
      () => parseProxyArgs(['--upstream', 'http://x.test/v1', '--uncached-refill', '1'], {}),
      /--uncached-refill needs --uncached-limit/,
    );
  });
});
