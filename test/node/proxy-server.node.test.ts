/**
 * `createProxy`'s checks at creation, and the Node runner `serveProxy` over real sockets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProxy, type ProxyOptions } from '../../src/proxy/index.js';
import { serveProxy } from '../../src/node/proxy-server.js';
import { createSandbox } from '../../src/sandbox/index.js';

const SANDBOX_KEY = 'sandbox-key';
const UPSTREAM = 'http://sandbox.test/v1';

/** Runs `body` with TESTIMONIAL_API_KEY set to `value` (or unset), then puts the real one back. */
async function withEnvKey<T>(value: string | undefined, body: () => Promise<T> | T): Promise<T> {
  const saved = process.env.TESTIMONIAL_API_KEY;
  if (value === undefined) delete process.env.TESTIMONIAL_API_KEY;
  else process.env.TESTIMONIAL_API_KEY = value;
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env.TESTIMONIAL_API_KEY;
    else process.env.TESTIMONIAL_API_KEY = saved;
  }
}

describe('createProxy options', () => {
  const base: ProxyOptions = { upstream: UPSTREAM, apiKey: SANDBOX_KEY, fetch: createSandbox().fetch };

  it('refuses to start without a key, saying where the key goes', async () => {
    await withEnvKey(undefined, () => {
      assert.throws(() => createProxy({ upstream: UPSTREAM }), /no API key.*TESTIMONIAL_API_KEY/);
    });
  });

  it('reads the key from TESTIMONIAL_API_KEY and sends it upstream', async () => {
    const seen: (string | null)[] = [];
    const sandbox = createSandbox();
    await withEnvKey(SANDBOX_KEY, async () => {
      const proxy = createProxy({
        upstream: UPSTREAM,
        fetch: async (request) => {
          seen.push(request.headers.get('authorization'));
          return sandbox.fetch(request);
        },
      });
      assert.equal((await proxy.fetch(new Request('http://proxy.test/links'))).status, 200);
    });
    assert.deepEqual(seen, [`Bearer ${SANDBOX_KEY}`]);
  });

  it('an explicit apiKey wins over the environment', async () => {
    await withEnvKey('wrong-key', async () => {
      const proxy = createProxy(base);
      assert.equal((await proxy.fetch(new Request('http://proxy.test/links'))).status, 200);
    });
  });

  const invalid: [string, Partial<ProxyOptions>, RegExp][] = [
    ['an upstream that is not a URL', { upstream: 'sandbox' }, /upstream must be/],
    ['an upstream that is not http(s)', { upstream: 'ftp://files.test/v1' }, /upstream must be/],
    ['maxLimit 0', { maxLimit: 0 }, /maxLimit must be an integer from 1 to 1000/],
    ['maxLimit 1001', { maxLimit: 1001 }, /maxLimit/],
    ['maxLimit 2.5', { maxLimit: 2.5 }, /maxLimit/],
    ['a negative TTL', { cache: { ttlMs: -1 } }, /cache\.ttlMs/],
    ['a fractional maxEntries', { cache: { maxEntries: 1.5 } }, /cache\.maxEntries/],
    ['an origin with a path', { cors: { origins: ['https://site.test/page'] } }, /cors\.origins/],
    ['an origin that is no URL', { cors: { origins: ['site.test'] } }, /cors\.origins/],
    ['a rate limit of capacity 0', { rateLimit: { capacity: 0, refillPerSecond: 1 } }, /rateLimit\.capacity/],
    ['a rate limit that never refills', { rateLimit: { capacity: 5, refillPerSecond: 0 } }, /rateLimit\.refillPerSecond/],
    ['a basePath without a leading slash', { basePath: 'api' }, /basePath/],
  ];
  for (const [what, options, message] of invalid) {
    it(`refuses ${what} at creation`, () => {
      assert.throws(() => createProxy({ ...base, ...options }), message);
    });
  }

  it('refuses a key with spaces without repeating it', () => {
    const key = 'oops my secret key';
    assert.throws(
      () => createProxy({ ...base, apiKey: key }),
      (error: Error) => !error.message.includes('secret') && /apiKey/.test(error.message),
    );
  });
});

describe('serveProxy (Node)', () => {
  it('serves the proxy over HTTP, HEAD and preflight included', async (t) => {
    const served = await serveProxy({ port: 0, upstream: UPSTREAM, apiKey: SANDBOX_KEY, fetch: createSandbox().fetch });
    t.after(() => served.close());
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const list = await fetch(`${served.url}/testimonials?limit=3`);
    assert.equal(list.status, 200);
    const body = (await list.json()) as { total: number; testimonials: Record<string, unknown>[] };
    assert.equal(body.total, 3);
    assert.ok(
      body.testimonials.every((t) => t.approved === true && !('customer_email' in t)),
      'private data left the proxy',
    );
    const head = await fetch(`${served.url}/links`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const preflight = await fetch(`${served.url}/links`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://site.test', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.equal((await fetch(`${served.url}/links`, { method: 'DELETE' })).status, 405);
  });

  /** The answers to GET /links from a proxy allowing one request per client, sent as each forwarded IP. */
  async function limitedAnswers(trustProxyHeaders: boolean, forwardedFor: string[]): Promise<Response[]> {
    const rateLimit = { capacity: 1, refillPerSecond: 0.001 };
    const served = await serveProxy({
      port: 0,
      upstream: UPSTREAM,
      apiKey: SANDBOX_KEY,
      fetch: createSandbox().fetch,
      rateLimit,
      trustProxyHeaders,
    });
    try {
      const answers = [];
      for (const ip of forwardedFor) answers.push(await fetch(`${served.url}/links`, { headers: { 'X-Forwarded-For': ip } }));
      return answers;
    } finally {
      await served.close();
    }
  }

  it('rate-limits by socket address, ignoring X-Forwarded-For a visitor could forge', async () => {
    const answers = await limitedAnswers(false, ['192.0.2.1', '192.0.2.2']);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 429],
    );
    assert.ok(Number(answers[1]!.headers.get('retry-after')) > 0, 'Retry-After is a number of seconds');
  });

  it('with trustProxyHeaders, X-Forwarded-For tells clients apart', async () => {
    const answers = await limitedAnswers(true, ['192.0.2.1', '192.0.2.2', '192.0.2.1']);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 429],
    );
  });

  it('says clearly when the port is taken', async (t) => {
    const first = await serveProxy({ port: 0, upstream: UPSTREAM, apiKey: SANDBOX_KEY });
    t.after(() => first.close());
    await assert.rejects(
      serveProxy({ port: first.port, upstream: UPSTREAM, apiKey: SANDBOX_KEY }),
      /cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE/,
    );
  });
});
