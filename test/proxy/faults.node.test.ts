/**
 * The proxy in front of small misbehaving upstreams on 127.0.0.1 (fault-upstream.ts), with Node's own
 * fetch and real sockets: what a visitor gets for each fault, with and without a cached copy, that the
 * log holds the proxy's words and never an upstream body, and that no upstream socket outlives its
 * attempt (issue 14). Deadlines and timeouts are small and configured; no assertion on time beyond
 * "answered before the hanging attempt's timeout", with wide margins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProxy, type ProxyOptions } from '../../src/proxy/index.js';
import { collectGarbage, eventually, startFaultUpstream, type Fault, type FaultUpstream } from './fault-upstream.js';

const KEY = 'fault-suite-key';

describe('proxy under a failing upstream (127.0.0.1)', () => {
  let upstream: FaultUpstream;
  before(async () => {
    upstream = await startFaultUpstream();
  });
  after(() => upstream.close());

  function proxyFor(fault: Fault, options: Partial<ProxyOptions> = {}) {
    const logs: string[] = [];
    const proxy = createProxy({ upstream: upstream.base(fault), apiKey: KEY, retries: 0, log: (line) => logs.push(line), ...options });
    const get = async (path: string) => {
      const response = await proxy.fetch(new Request(`http://proxy.test${path}`));
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    return { get, logs };
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
});
