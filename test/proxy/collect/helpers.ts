/**
 * A proxy with the collect route in front of the in-memory sandbox, a fake clock, and a log of what
 * reached the service, for the collect tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../../src/client/index.js';
import { createDiskUploadStore } from '../../../src/node/disk-upload-store.js';
import { createProxy, type CollectOptions, type ProxyOptions } from '../../../src/proxy/index.js';
import { createSandbox } from '../../../src/sandbox/index.js';

export const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
export const ORIGIN = 'http://site.test';
export const BASE = `${ORIGIN}/api`;
const UPSTREAM = 'http://sandbox.test/v1';
const KEY = 'sandbox-key';
export const START = Date.UTC(2026, 10, 25, 12);

export interface Setup {
  proxy: ReturnType<typeof createProxy>;
  /** The bodies of the writes that reached the service. */
  writes: Record<string, unknown>[];
  /** Every request that reached the service. */
  upstreamRequests: string[];
  advance(ms: number): void;
  now(): number;
  /** `fetch` through the proxy, a path under `/api`. */
  request(path: string, init?: RequestInit & { client?: string }): Promise<Response>;
  /** A form token, issued and then aged past the too-fast rule. */
  token(): Promise<string>;
  /** A JSON submission. */
  submit(body: Record<string, unknown>, client?: string): Promise<Response>;
  /** The service's own view, with the key (the admin side). */
  admin: ReturnType<typeof createClient>;
  logs: string[];
  close(): Promise<void>;
}

export async function setup(
  collect: Partial<CollectOptions> & { disk?: boolean } = {},
  proxyOptions: Partial<ProxyOptions> & { start?: number } = {},
): Promise<Setup> {
  const { start = START, ...proxyRest } = proxyOptions;
  let now = start;
  const clock = () => now;
  const sandbox = createSandbox();
  const writes: Record<string, unknown>[] = [];
  const upstreamRequests: string[] = [];
  const logs: string[] = [];
  const upstreamFetch = async (request: Request) => {
    upstreamRequests.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method !== 'GET') writes.push((await request.clone().json()) as Record<string, unknown>);
    return sandbox.fetch(request);
  };
  const { disk, ...collectOptions } = collect;
  const directory = disk ? await mkdtemp(join(tmpdir(), 'collect-test-')) : undefined;
  const proxy = createProxy({
    upstream: UPSTREAM,
    apiKey: KEY,
    fetch: upstreamFetch,
    basePath: '/api',
    clock,
    log: (line) => logs.push(line),
    ...proxyRest,
    collect: {
      secret: SECRET,
      rateLimit: { capacity: 1000, refillPerSecond: 1, clientKey: (request) => request.headers.get('x-test-client') ?? undefined },
      ...(directory ? { uploads: createDiskUploadStore({ directory, clock }) } : {}),
      ...collectOptions,
    },
  });
  const request = (path: string, { client = 'visitor', ...init }: RequestInit & { client?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-test-client', client);
    return proxy.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
  };
  const token = async () => {
    const answer = await request('/collect');
    const { token } = (await answer.json()) as { token: string };
    now += 5_000;
    return token;
  };
  return {
    proxy,
    writes,
    upstreamRequests,
    logs,
    advance: (ms) => void (now += ms),
    now: clock,
    request,
    token,
    submit: (body, client) =>
      request('/collect', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), client }),
    admin: createClient({ baseUrl: UPSTREAM, apiKey: KEY, fetch: sandbox.fetch }),
    close: async () => {
      if (directory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The `error` of a JSON refusal. */
export async function errorOf(answer: Response): Promise<{ status: number; code: string; message: string; field?: string }> {
  return ((await answer.json()) as { error: { status: number; code: string; message: string; field?: string } }).error;
}
