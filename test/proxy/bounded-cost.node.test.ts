/**
 * Issue 29: the proxy's costly routes under hostile visitors. Floods of distinct `/summary` and
 * `/render/wall` questions against a fast in-process upstream (the sandbox, or the stub), bounded in
 * count and time; the tests count upstream calls, concurrent work and memory, and check that a cached
 * answer is served while the flood runs. Figures at scale: `npm run bench` (`proxy.flood.*`).
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { createProxy, type HtmlRenderer, type ProxyOptions } from '../../src/proxy/index.js';
import { resolveOptions } from '../../src/proxy/options.js';
import { parseProxyArgs } from '../../src/node/proxy-cli.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { APPROVED_ID, TEST_KEY, createStubUpstream } from './stub-upstream.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ORIGIN = 'http://proxy.test';
const MB = 1024 * 1024;

/**
 * The memory held at the moments that matter (`probe()`: each upstream call, each render), as the heap
 * and buffers after a full GC, so live data and not garbage that a later GC would have freed: the
 * peak above the start.
 */
function memoryTracker() {
  const live = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const start = live();
  let peak = start;
  return { probe: () => void (peak = Math.max(peak, live())), growthMb: () => (peak - start) / MB };
}

/** Counts what reaches `fetch` and how much of it runs at once; `probe` is called on each call. */
function counting(fetch: (request: Request) => Promise<Response>) {
  const counts = { calls: 0, inFlight: 0, peakInFlight: 0 };
  const hooks = { probe: () => {} };
  return {
    counts,
    hooks,
    fetch: async (request: Request) => {
      counts.calls++;
      hooks.probe();
      counts.peakInFlight = Math.max(counts.peakInFlight, ++counts.inFlight);
      try {
        return await fetch(request);
      } finally {
        counts.inFlight--;
      }
    },
  };
}

/** Whether `promise` is still pending. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([promise, Promise.resolve(marker)])) === marker;
}

async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer();
  if (response.status === 503) {
    assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/, 'a busy answer says when to come back');
  } else {
    assert.equal(response.status, 200);
  }
  return response.status;
}

describe('GET /summary under a flood of distinct questions (issue 29, items 1 and 2)', () => {
  // 2,500 testimonials: about 1,700 approved, two upstream pages of 1000 per walk.
  const sandbox = createSandbox({ seed: 3, testimonials: 2500 });

  function setup(options: Partial<ProxyOptions> = {}) {
    const upstream = counting(sandbox.fetch);
    const proxy = createProxy({
      upstream: 'http://sandbox.test/v1',
      apiKey: 'sandbox-key',
      retries: 0,
      fetch: upstream.fetch,
      log: () => {},
      // The walks' own gate is under test here, not the cap on upstream calls per second.
      upstreamPerSecond: false,
      ...options,
    });
    return { counts: upstream.counts, hooks: upstream.hooks, get: (path: string) => proxy.fetch(new Request(`${ORIGIN}${path}`)) };
  }

  it('runs at most summary.concurrency walks at once, refuses the rest with 503 and Retry-After, and keeps cached answers coming', async () => {
    const { counts, hooks, get } = setup({ busyWaitMs: 300 });
    assert.equal((await get('/testimonials?limit=3')).status, 200);
    const callsBefore = counts.calls;
    // 42 distinct upstream questions (the avatars count is not one: the client shares identical pages).
    const questions = ['', 'rating=0', 'rating=1', 'rating=2', 'rating=3', 'rating=4', 'rating=5'].flatMap((rating) =>
      ['', 'type=text', 'type=video'].flatMap((type) =>
        ['', 'lang=en'].map((lang) => `/summary?${[rating, type, lang].filter(Boolean).join('&')}`),
      ),
    );
    const memory = memoryTracker();
    hooks.probe = memory.probe;
    const result = await (async () => {
      const flood = Promise.all(questions.map(async (path) => statusOf(await get(path))));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      const cached = await get('/testimonials?limit=3');
      const cachedMs = performance.now() - started;
      const floodStillRunning = await pending(flood);
      return { statuses: await flood, cached, cachedMs, floodStillRunning };
    })();
    hooks.probe = () => {};
    const growthMb = memory.growthMb();
    const { statuses, cached, cachedMs, floodStillRunning } = result;
    const answered = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 503).length;
    console.log(
      `# summary flood: memory +${growthMb.toFixed(0)} MB, ${counts.calls - callsBefore} upstream calls, peak ${counts.peakInFlight} at once, ${answered} answered, ${refused} refused, cached answer in ${cachedMs.toFixed(0)} ms`,
    );
    assert.equal(cached.status, 200);
    assert.equal(cached.headers.get('x-cache'), 'HIT');
    assert.ok(floodStillRunning, 'the cached answer came before the flood was over');
    assert.ok(cachedMs < 2000, `the cached answer took ${cachedMs.toFixed(0)} ms under the flood`);
    assert.ok(refused >= questions.length - 2 - 16, `the line holds 2 walks and 16 waiting; ${refused} of ${questions.length} refused`);
    assert.ok(answered >= 2, `${answered} walks answered`);
    assert.ok(counts.peakInFlight <= 2, `${counts.peakInFlight} upstream requests at once`);
    // A refused question costs no upstream call; an answered one is one walk of at most two pages.
    assert.ok(counts.calls - callsBefore <= answered * 2, `${counts.calls - callsBefore} upstream calls for ${answered} walks`);
    // 4–7 MB on an idle machine, up to 14 MB with another test file beside it (more of the two walks'
    // pages alive at a probe); the old code, with every walk at once, held 23 MB.
    assert.ok(growthMb < 18, `memory grew by ${growthMb.toFixed(0)} MB during the flood`);
  });

  it('serves the stale copy instead of 503 when the walks are busy', async () => {
    const clock = { now: Date.UTC(2026, 10, 1) };
    // An upstream slow enough that the first walk still holds the only slot when the second asks.
    const slow = async (request: Request) => (await new Promise((resolve) => setTimeout(resolve, 100)), sandbox.fetch(request));
    const { get } = setup({ busyWaitMs: 1, summary: { concurrency: 1 }, clock: () => clock.now, fetch: slow });
    assert.equal((await get('/summary?avatars=1')).status, 200);
    clock.now += 11 * 60_000;
    const blocker = get('/summary?avatars=2');
    const stale = await get('/summary?avatars=1');
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('x-cache'), 'STALE');
    assert.equal((await blocker).status, 200);
  });

  it('validates rating (0–5) and bounds the filters as on /testimonials, before anything is sent', async () => {
    const { counts, get } = setup();
    const longTag = 't'.repeat(12_000);
    const manyTags = Array.from({ length: 1500 }, (_, i) => `t${i}`).join(',');
    for (const [path, field] of [
      ['/summary?rating=6', 'rating'],
      ['/summary?rating=-1', 'rating'],
      ['/summary?rating=100', 'rating'],
      ['/testimonials?rating=7', 'rating'],
      [`/summary?tags=${manyTags}`, 'tags'],
      [`/summary?tags=${longTag}`, 'tags'],
      [`/summary?lang=${'x'.repeat(300)}`, 'lang'],
    ] as const) {
      const response = await get(path);
      assert.equal(response.status, 400, path.slice(0, 60));
      assert.equal(((await response.json()) as { error: { field: string } }).error.field, field, path.slice(0, 60));
    }
    assert.equal(counts.calls, 0, 'nothing was sent upstream');
    assert.equal((await get('/summary?rating=0')).status, 200, 'rating 0 (no rating) is a filter of the spec');
  });
});

/** A renderer whose walls weigh `wallBytes` of HTML, counting its renders and how many run at once. */
function heavyRenderer(wallBytes: number, options: { fail?: boolean } = {}) {
  const counts = { renders: 0, inFlight: 0, peakInFlight: 0 };
  const hooks = { probe: () => {} };
  const render = async (text: string) => {
    counts.renders++;
    counts.peakInFlight = Math.max(counts.peakInFlight, ++counts.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.fail) throw new TypeError('the renderer broke');
      hooks.probe();
      return `<testimonial-wall>${text}${'x'.repeat(wallBytes)}</testimonial-wall>`;
    } finally {
      counts.inFlight--;
    }
  };
  const renderer: HtmlRenderer = {
    wallAttributes: new Map([
      ['label', 'string'],
      ['limit', 'string'],
      ['layout', 'string'],
      ['no-rating', 'boolean'],
    ]),
    cardAttributes: new Map([['lang', 'string']]),
    wall: (list, attributes) => render(`${list.testimonials.length} ${attributes.label ?? ''}`),
    card: (testimonial) => render(testimonial.id),
  };
  return { renderer, counts, hooks };
}

describe('/render/* under a flood (issue 29, items 3, 6 and 8)', () => {
  function setup(options: Partial<ProxyOptions> = {}, wallBytes = 1024 * 1024, fail = false) {
    const stub = createStubUpstream(() => 0);
    const heavy = heavyRenderer(wallBytes, { fail });
    const lines: string[] = [];
    const proxy = createProxy({
      upstream: 'http://upstream.test/v1',
      apiKey: TEST_KEY,
      fetch: stub.fetch,
      log: (line) => lines.push(line),
      render: { renderer: heavy.renderer },
      ...options,
    });
    const get = (path: string, headers: Record<string, string> = {}) => proxy.fetch(new Request(`${ORIGIN}${path}`, { headers }));
    return { stub, proxy, get, lines, ...heavy };
  }

  it('presentation-only parameters neither ask the service again nor push the JSON answers out, and renders are bounded', async () => {
    const { stub, get, counts, hooks, proxy } = setup({ busyWaitMs: 2000 });
    assert.equal((await get('/testimonials?limit=100')).status, 200);
    const [, callsBefore] = [await get('/render/wall?limit=100&label=first'), stub.requests.length];
    const memory = memoryTracker();
    hooks.probe = memory.probe;
    const statuses = await (async () => {
      // 60 labels of 1 MB walls: 60 MB of HTML, twice the JSON cache's 32 MiB.
      const flood = Promise.all(Array.from({ length: 60 }, async (_, i) => statusOf(await get(`/render/wall?limit=100&label=flush${i}`))));
      await new Promise((resolve) => setTimeout(resolve, 10));
      const cached = await get('/testimonials?limit=100');
      assert.equal(cached.headers.get('x-cache'), 'HIT');
      assert.ok(await pending(flood), 'the cached answer came before the flood was over');
      return flood;
    })();
    hooks.probe = () => {};
    const growthMb = memory.growthMb();
    console.log(`# render flood: memory +${growthMb.toFixed(0)} MB, ${counts.renders} renders, peak ${counts.peakInFlight} at once`);
    assert.ok(statuses.filter((status) => status === 200).length >= 4);
    assert.equal(stub.requests.length, callsBefore, 'every label was rendered from the cached data: no upstream call');
    assert.ok(counts.peakInFlight <= 4, `${counts.peakInFlight} renders at once`);
    const json = await get('/testimonials?limit=100');
    assert.equal(json.headers.get('x-cache'), 'HIT', 'the JSON answer survived 60 MB of renders');
    assert.ok(proxy.cacheSize().bytes < MB, 'no render went into the JSON answers’ cache');
    assert.ok(growthMb < 80, `memory grew by ${growthMb.toFixed(0)} MB during the flood`);
  });

  it('hands a render slot on between tasks, so a cached answer is not held up by a row of synchronous renders', async () => {
    // Renders that are synchronous work, as the real one (jsdom, DOMPurify) largely is.
    let rendered = 0;
    const renderer: HtmlRenderer = {
      ...heavyRenderer(10).renderer,
      wall: async (_list, attributes) => {
        const until = performance.now() + 30;
        while (performance.now() < until);
        rendered++;
        return `<testimonial-wall>${attributes.label}</testimonial-wall>`;
      },
    };
    const { get } = setup({ busyWaitMs: 5000, render: { renderer, concurrency: 1 } });
    assert.equal((await get('/testimonials?limit=3')).status, 200);
    await (await get('/render/wall?label=warm')).text();
    rendered = 0;
    const flood = Promise.all(Array.from({ length: 8 }, async (_, i) => statusOf(await get(`/render/wall?label=row${i}`))));
    await new Promise((resolve) => setTimeout(resolve, 1));
    assert.equal((await get('/testimonials?limit=3')).headers.get('x-cache'), 'HIT');
    assert.ok(rendered < 8, `the cached answer came between two renders, not after the row of ${rendered}`);
    assert.deepEqual(await flood, Array(8).fill(200));
  });

  it('bounds a rendered wall with its own limit ceiling (default 50, never above maxLimit)', async () => {
    const wide = setup({ maxLimit: 1000 }, 10);
    assert.equal((await wide.get('/render/wall?limit=1000')).status, 200);
    assert.match(wide.stub.requests.at(-1)!, /limit=50\b/);
    const own = setup({ maxLimit: 1000, render: { renderer: heavyRenderer(10).renderer, maxLimit: 200 } }, 10);
    assert.equal((await own.get('/render/wall?limit=1000')).status, 200);
    assert.match(own.stub.requests.at(-1)!, /limit=200\b/);
    const low = setup({ maxLimit: 20 }, 10);
    assert.equal((await low.get('/render/wall?limit=1000')).status, 200);
    assert.match(low.stub.requests.at(-1)!, /limit=20\b/);
    assert.throws(() => setup({ render: { renderer: heavyRenderer(10).renderer, maxLimit: 0 } }), /render\.maxLimit/);
    assert.throws(() => setup({ render: { renderer: heavyRenderer(10).renderer, concurrency: 0 } }), /render\.concurrency/);
    assert.throws(() => setup({ summary: { concurrency: 65 } }), /summary\.concurrency/);
  });

  it('a renderer’s failure is a 500 of the proxy’s own, logged as such, never the service’s fault', async () => {
    const { get, lines } = setup({}, 10, true);
    const response = await get('/render/wall?label=x');
    assert.equal(response.status, 500);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'render_failed');
    assert.deepEqual(lines, ['testimonial proxy: rendering /render/wall failed (TypeError)']);
  });

  it('writes the configured public URL or a relative endpoint, never the request’s Host, so hosts share one answer', async () => {
    const calls: string[] = [];
    const renderer: HtmlRenderer = {
      ...heavyRenderer(10).renderer,
      wall: async (_list, _attributes, endpoint) => (calls.push(endpoint), `<testimonial-wall endpoint="${endpoint}"></testimonial-wall>`),
    };
    const { get } = setup({ render: { renderer } });
    const one = await get('/render/wall', { Host: 'one.test' });
    const other = await get('/render/wall', { Host: 'evil.test' });
    assert.equal(await other.text(), await one.text());
    assert.equal(other.headers.get('x-cache'), 'HIT', 'one cache entry, whatever the Host');
    assert.deepEqual(calls, ['/']);
    const based = setup({ basePath: '/api', render: { renderer } });
    await based.get('/api/render/wall');
    assert.equal(calls.at(-1), '/api');
  });

  it('redacts the key as a whole token only: a one-letter key does not mangle the log', () => {
    const lines: string[] = [];
    const short = resolveOptions({ upstream: 'http://upstream.test/v1', apiKey: 'k', log: (line) => lines.push(line) });
    short.log('upstream rejected the API key; key=k, Bearer k.');
    const long = resolveOptions({ upstream: 'http://upstream.test/v1', apiKey: TEST_KEY, log: (line) => lines.push(line) });
    long.log(`Authorization: Bearer ${TEST_KEY}; ${TEST_KEY}x stays`);
    assert.deepEqual(lines, [
      'upstream rejected the API key; key=[API key], Bearer [API key].',
      `Authorization: Bearer [API key]; ${TEST_KEY}x stays`,
    ]);
  });

  it('the command line and the environment set the bounds', () => {
    const options = parseProxyArgs(
      ['--upstream', 'http://127.0.0.1:8787/v1', '--summary-concurrency', '3', '--render-concurrency', '2', '--render-max-limit', '20'],
      { TESTIMONIAL_PROXY_RENDER_CACHE_MB: '4', TESTIMONIAL_PROXY_BUSY_WAIT: '1.5' },
    );
    assert.ok(options !== 'help');
    assert.equal(options.summary?.concurrency, 3);
    assert.equal(options.busyWaitMs, 1500);
    assert.deepEqual(options.render, { concurrency: 2, maxLimit: 20, cacheBytes: 4 * MB });
    assert.throws(() => parseProxyArgs(['--upstream', 'http://x.test/v1', '--render-concurrency', '0'], {}), /--render-concurrency/);
  });

  it('/render/card shares the card’s data with /testimonials/:id', async () => {
    const { get, stub } = setup({}, 10);
    assert.equal((await get(`/testimonials/${APPROVED_ID}`)).status, 200);
    const calls = stub.requests.length;
    for (const lang of ['fr', 'de', 'it']) assert.equal((await get(`/render/card/${APPROVED_ID}?lang=${lang}`)).status, 200);
    assert.equal(stub.requests.length, calls);
  });
});
