/**
 * The same proxy rules (proxy-cases.ts) inside Cloudflare's workerd runtime: worker-entry.ts is bundled
 * in memory with esbuild and run by miniflare (its workerd binary comes from npm; nothing leaves the
 * machine). The cases talk to the worker through `dispatchFetch` only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bundleWorker } from '../support/bundle-worker.js';
import { Miniflare } from 'miniflare';
import { PROXY_ORIGIN, readAnswer, type HarnessConfig, type HarnessState, type ProxyHarness, type RequestSpec } from './harness.js';
import { registerProxyCases } from './proxy-cases.js';
import type { UpstreamMode } from './stub-upstream.js';
import { eventually, OVERSIZED_TOTAL_BYTES, startFaultUpstream, type FaultUpstream } from './fault-upstream.js';

/** Bundles worker-entry.ts (and the proxy, Hono, the client) into one ES module for workerd. */
function bundleProxyWorker(): Promise<string> {
  return bundleWorker(new URL('./worker-entry.ts', import.meta.url));
}

class WorkerdHarness implements ProxyHarness {
  constructor(private readonly mf: Miniflare) {}

  private async call(name: string, payload: unknown = null): Promise<unknown> {
    const response = await this.mf.dispatchFetch(`${PROXY_ORIGIN}/__harness/${name}`, { method: 'POST', body: JSON.stringify(payload) });
    const text = await response.text();
    assert.equal(response.status, 200, `harness ${name} failed in workerd: ${text}`);
    return JSON.parse(text) as unknown;
  }

  async setup(config?: HarnessConfig) {
    await this.call('setup', config ?? {});
  }
  async request(path: string, init: RequestSpec = {}) {
    const response = await this.mf.dispatchFetch(`${PROXY_ORIGIN}${path}`, { method: init.method ?? 'GET', headers: init.headers });
    return readAnswer(response as unknown as Response);
  }
  async requestAll(paths: string[]) {
    return Promise.all(paths.map((path) => this.request(path)));
  }
  async state() {
    return (await this.call('state')) as HarnessState;
  }
  async upstream(mode: UpstreamMode, holdUntilArrivals?: number) {
    await this.call('upstream', { mode, holdUntilArrivals });
  }
  async advance(ms: number) {
    await this.call('advance', { ms });
  }
  async direct(path: string) {
    return this.call('direct', { path });
  }
}

describe('proxy in workerd (miniflare)', () => {
  let mf: Miniflare;
  let harness: WorkerdHarness;

  before(async () => {
    // Modules listed by hand: miniflare would otherwise walk the imports and refuse the sandbox's
    // variable `import()` of node:fs, which never runs in workerd (no Node there).
    mf = new Miniflare({
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: await bundleProxyWorker() }],
      compatibilityDate: '2024-09-23',
    });
    harness = new WorkerdHarness(mf);
  });
  after(async () => {
    await mf?.dispose();
  });

  registerProxyCases('workerd', () => harness);

  describe("with workerd's own fetch to misbehaving upstreams on 127.0.0.1", () => {
    let upstream: FaultUpstream;
    before(async () => {
      upstream = await startFaultUpstream();
    });
    after(() => upstream?.close());

    it('a redirect is not followed: 502, and the other host is never asked', async () => {
      await harness.setup({ upstreamUrl: upstream.base('redirect') });
      const answer = await harness.request('/links');
      assert.equal(answer.status, 502, answer.body);
      assert.equal(upstream.requests('redirect'), 1);
      assert.equal(upstream.redirectTargetHits(), 0);
    });

    it('a body over maxBodyBytes is 502, and the read stops near the cap', async () => {
      await harness.setup({ upstreamUrl: upstream.base('oversized'), proxy: { maxBodyBytes: 100_000 } });
      const answer = await harness.request('/links');
      assert.equal(answer.status, 502, answer.body);
      assert.ok(await eventually(() => upstream.busySockets() === 0, 5_000), 'the oversized answer is still being sent');
      assert.ok(upstream.oversizedBytesWritten() < OVERSIZED_TOTAL_BYTES / 4, `${upstream.oversizedBytesWritten()} bytes were sent`);
    });

    it('a hanging upstream is 504 at the timeout, and its connection is closed', async () => {
      await harness.setup({ upstreamUrl: upstream.base('hang'), proxy: { timeoutMs: 300 } });
      const answers = await harness.requestAll(['/testimonials?page=1', '/testimonials?page=2', '/testimonials?page=3']);
      assert.deepEqual(
        answers.map((a) => a.status),
        [504, 504, 504],
      );
      assert.ok(await eventually(() => upstream.busySockets() === 0, 2_000), `${upstream.busySockets()} connections still hold a request`);
    });
  });
});
