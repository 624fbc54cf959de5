/**
 * Several isolates of the edge build (edge-worker.ts, README's Cloudflare recipe) in one miniflare: each
 * Worker of a miniflare is an isolate of its own with its own memory, and they share `caches.default`,
 * as the isolates of one Cloudflare data centre do. Their upstream is the sandbox on 127.0.0.1, which
 * counts the calls it gets. Used by edge-cache.node.test.ts and the bench (`proxy.edge.*`).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundleWorker } from '../support/bundle-worker.js';
import { Miniflare } from 'miniflare';
import { createFetchServer } from '../../src/node/node-listener.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export const EDGE_KEY = 'sandbox-key';

/** The sandbox on 127.0.0.1 (port 0), counting the calls it answers. */
export async function countingSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ key: EDGE_KEY, ...options });
  const calls: string[] = [];
  /** When each call came (performance.now()). */
  const times: number[] = [];
  const server: Server = createFetchServer((request) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    times.push(performance.now());
    return sandbox.fetch(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls,
    times,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** edge-worker.ts bundled as wrangler does it (esbuild, ES module, the workerd conditions). */
export function bundleEdgeWorker(): Promise<string> {
  return bundleWorker(new URL('./edge-worker.ts', import.meta.url));
}

export interface EdgeFleet {
  /** GET `path` (under `/api`) from isolate `index` (taken modulo the count), as `client` (its IP). */
  get(index: number, path: string, client?: string): Promise<Response>;
  dispose(): Promise<void>;
}

/** `isolates` Workers of the edge build, with the given Worker variables. */
export async function startEdgeFleet(script: string, isolates: number, bindings: Record<string, string>): Promise<EdgeFleet> {
  const names = Array.from({ length: isolates }, (_, index) => `edge-${index}`);
  const mf = new Miniflare({
    workers: names.map((name) => ({
      name,
      // Listed by hand: miniflare would otherwise walk the imports and refuse the sandbox's variable
      // `import()` of node:fs (never bundled here, but the same rule as workerd.node.test.ts).
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      compatibilityDate: '2024-09-23',
      bindings: { TESTIMONIAL_API_KEY: EDGE_KEY, ...bindings },
    })),
  });
  // A Worker's service binding (its Fetcher), typed here by hand: miniflare's types name workerd's.
  type Fetcher = { fetch(url: string, init: RequestInit): Promise<unknown> };
  const workers = (await Promise.all(names.map((name) => mf.getWorker(name)))) as unknown as Fetcher[];
  return {
    async get(index, path, client = '198.51.100.1') {
      const worker = workers[index % workers.length]!;
      const ask = async () =>
        (await worker.fetch(`https://proxy.example/api${path}`, { headers: { 'CF-Connecting-IP': client } })) as unknown as Response;
      try {
        return await ask();
      } catch (error) {
        // Miniflare reaches workerd over kept-alive connections: one workerd closes as idle just as a
        // request is sent on it fails with "other side closed" before any answer (seen on a loaded
        // machine after a test's sleep). That is the harness's transport, not the proxy: ask once more.
        if (!closedBeforeAnswer(error)) throw error;
        return ask();
      }
    },
    dispose: () => mf.dispose(),
  };
}

/** undici's error for a connection the other side closed before answering. */
function closedBeforeAnswer(error: unknown): boolean {
  return error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';
}
