/**
 * The proxy in front of small misbehaving upstreams on 127.0.0.1 (fault-upstream.ts), with Node's own
 * fetch and real sockets: what a visitor gets for each fault, with and without a cached copy, that the
 * log holds the proxy's words and never an upstream body, and that no upstream socket outlives its
 * attempt (issue 14). Deadlines and timeouts are small and configured; no assertion on time beyond
 * "answered before the hanging attempt's timeout", with wide margins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FetchFunction } from '../../src/client/index.js';
import { createProxy, type ProxyOptions } from '../../src/proxy/index.js';
import {
  BUSY_RETRY_AFTER_S,
  collectGarbage,
  eventually,
  OVERSIZED_TOTAL_BYTES,
  refusedBase,
  SECRET_ERROR_TEXT,
  startFaultUpstream,
  type Fault,
  type FaultUpstream,
} from './fault-upstream.js';

const KEY = 'fault-suite-key';
const TIMEOUT_MS = 2_000;
const STALE_AFTER_MS = 50;

type Case = Exclude<Fault, 'ok'> | 'refused';

/** What a visitor without a cached copy gets. */
const WITHOUT_COPY: Record<Case, { status: number; code: string }> = {
  refused: { status: 503, code: 'upstream_unreachable' },
  reset: { status: 503, code: 'upstream_unreachable' },
  hang: { status: 504, code: 'upstream_timeout' },
  slow: { status: 504, code: 'upstream_timeout' },
  'error-500': { status: 502, code: 'upstream_error' },
  'busy-429': { status: 503, code: 'upstream_busy' },
  'not-json': { status: 502, code: 'upstream_error' },
  'wrong-type': { status: 502, code: 'upstream_error' },
  oversized: { status: 502, code: 'upstream_error' },
  redirect: { status: 502, code: 'upstream_error' },
};

describe('proxy under a failing upstream (127.0.0.1)', () => {
  let upstream: FaultUpstream;
  let refused: string;
  const logs: string[] = [];
  before(async () => {
    upstream = await startFaultUpstream();
    refused = await refusedBase();
  });
  after(() => upstream.close());

  /** A proxy on the `live` upstream (or one where nothing listens), on a clock the test moves. */
  function proxyFor(fault: Case | 'live', options: Partial<ProxyOptions> = {}) {
    let now = Date.UTC(2026, 0, 1);
    const base = fault === 'refused' ? refused : upstream.base(fault === 'live' ? 'live' : fault);
    const proxy = createProxy({
      upstream: base,
      apiKey: KEY,
      retries: 0,
      timeoutMs: TIMEOUT_MS,
      maxBodyBytes: 256 * 1024,
      cache: { staleAfterMs: STALE_AFTER_MS },
      log: (line) => logs.push(line),
      clock: () => now,
      ...options,
    });
    const get = async (path: string) => {
      const response = await proxy.fetch(new Request(`http://proxy.test${path}`));
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    return { get, advance: (ms: number) => (now += ms) };
  }

  it('timed-out attempts close their upstream connections at once, even after their Request was garbage-collected', async () => {
    const { get } = proxyFor('hang', { timeoutMs: 400 });
    const before = upstream.busySockets();
    const count = 12;
    const answers = Array.from({ length: count }, (_, i) => get(`/testimonials?page=${i + 1}`));
    assert.ok(await eventually(() => upstream.requests('hang') >= count, 5_000), 'every request reached the upstream');
    collectGarbage();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    assert.deepEqual(new Set(statuses), new Set([504]));
    const closed = await eventually(() => upstream.busySockets() === before, 1_000);
    assert.ok(closed, `${upstream.busySockets() - before} upstream connections still hold a timed-out request`);
  });

  for (const [fault, expected] of Object.entries(WITHOUT_COPY) as [Case, (typeof WITHOUT_COPY)[Case]][]) {
    it(`${fault} without a cached copy: ${expected.status} ${expected.code}, no upstream body, no socket left busy`, async () => {
      // A short timeout: here the visitor has nothing else to wait for.
      const { get } = proxyFor(fault, { timeoutMs: 500 });
      const answer = await get('/links');
      assert.equal(answer.status, expected.status, answer.body);
      assert.equal((JSON.parse(answer.body) as { error: { code: string } }).error.code, expected.code);
      assert.ok(!answer.body.includes(SECRET_ERROR_TEXT), 'the upstream body was passed on');
      if (fault === 'busy-429') assert.equal(answer.headers.get('retry-after'), String(BUSY_RETRY_AFTER_S));
      if (fault !== 'refused') {
        assert.ok(
          await eventually(() => upstream.busySockets(fault) === 0, 1_000),
          `${upstream.busySockets(fault)} upstream sockets still busy`,
        );
      }
      // Nothing was cached: the next visitor asks again.
      await get('/links');
      if (fault !== 'refused') assert.equal(upstream.requests(fault) >= 2, true, 'the failure was cached');
    });

    it(`${fault} with a cached copy: the copy (STALE), before the attempt's timeout`, async () => {
      const { get, advance } = proxyFor('live', fault === 'refused' ? { fetch: refusedAfterCopy() } : {});
      upstream.setLive('ok');
      const fresh = await get('/links');
      assert.equal(fresh.status, 200, fresh.body);
      advance(61_000);
      if (fault !== 'refused') upstream.setLive(fault);
      refuse = fault === 'refused';
      const started = Date.now();
      const answer = await get('/links');
      const elapsed = Date.now() - started;
      refuse = false;
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.headers.get('x-cache'), 'STALE');
      assert.equal(answer.body, fresh.body);
      assert.ok(elapsed < TIMEOUT_MS * 0.75, `answered after ${elapsed} ms (timeout ${TIMEOUT_MS} ms)`);
    });
  }

  /** The live upstream for the copy, then a port where nothing listens while `refuse` is set. */
  let refuse = false;
  function refusedAfterCopy(): FetchFunction {
    return (request, init) =>
      globalThis.fetch(
        refuse ? new Request(request.url.replace(/^http:\/\/[^/]+\/live/, refused.replace(/\/v1$/, '')), request) : request,
        init,
      );
  }

  it('an oversized body is not read to its end', () => {
    assert.ok(upstream.oversizedBytesWritten() < OVERSIZED_TOTAL_BYTES / 4, `${upstream.oversizedBytesWritten()} bytes were sent`);
  });

  it('redirects were never followed', () => {
    assert.equal(upstream.redirectTargetHits(), 0);
  });

  it("no log line holds an upstream body, and every one is the proxy's own sentence", () => {
    assert.ok(logs.length > 0, 'the failures were logged');
    for (const line of logs) {
      assert.ok(!line.includes(SECRET_ERROR_TEXT), `an upstream body reached the log: ${line}`);
      assert.match(line, /^testimonial proxy: /);
    }
  });

  it('every upstream socket that carried a request is closed once the background refreshes end', async () => {
    assert.ok(
      await eventually(() => upstream.busySockets() === 0, TIMEOUT_MS + 1_000),
      `${upstream.busySockets()} upstream sockets still busy`,
    );
  });
});
