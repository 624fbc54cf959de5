/**
 * One proxy under test with its counting upstream, a fake clock and a log, driven through a small async
 * interface. `LocalHarness` runs it in this Node process; the workerd test runs the same core inside
 * workerd (worker-entry.ts) and drives it over `dispatchFetch`, so one table of cases
 * (proxy-cases.ts) checks both runtimes. Web APIs only: this file is bundled into the worker.
 */
import type { ExecutionContext } from 'hono';
import { createProxy, type ProxyOptions, type TestimonialProxy } from '../../src/proxy/index.js';
import { TEST_KEY, createStubUpstream, type StubUpstream, type UpstreamMode } from './stub-upstream.js';

/** What a case may configure; plain JSON, so it can travel into a worker. */
export interface HarnessConfig {
  /** `stub`: fixed data with private fields (default); `sandbox`: the in-memory sandbox. */
  upstream?: 'stub' | 'sandbox';
  /** A real upstream base URL (a server on 127.0.0.1), asked with the runtime's own fetch instead of the stub. */
  upstreamUrl?: string;
  proxy?: Pick<ProxyOptions, 'maxLimit' | 'cache' | 'cors' | 'basePath' | 'timeoutMs' | 'retries' | 'maxBodyBytes'> & {
    rateLimit?: { capacity: number; refillPerSecond: number; clientKeyHeader?: string };
  };
}

export interface HarnessState {
  upstreamRequests: string[];
  upstreamAuthorizations: (string | null)[];
  logs: string[];
  /** Bytes of the `oversized` upstream body that were read. */
  oversizedBytesPulled: number;
}

/** An answer read whole, so it can be checked more than once and cross a process boundary. */
export interface ProxyAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export interface RequestSpec {
  method?: string;
  headers?: Record<string, string>;
}

export interface ProxyHarness {
  setup(config?: HarnessConfig): Promise<void>;
  request(path: string, init?: RequestSpec): Promise<ProxyAnswer>;
  /** Sends all at once and waits for every answer. */
  requestAll(paths: string[]): Promise<ProxyAnswer[]>;
  state(): Promise<HarnessState>;
  upstream(mode: UpstreamMode, holdUntilArrivals?: number): Promise<void>;
  advance(ms: number): Promise<void>;
  /** The upstream's own JSON answer to `GET /v1${path}` with the key (not counted, not through the proxy). */
  direct(path: string): Promise<unknown>;
}

export const PROXY_ORIGIN = 'http://proxy.test';
const UPSTREAM = 'http://upstream.test/v1';
const START = Date.UTC(2026, 0, 1);

/** The proxy and its surroundings; lives in whichever runtime runs the proxy. */
export class HarnessCore {
  private proxy!: TestimonialProxy;
  private stub!: StubUpstream;
  private logs: string[] = [];
  private now = START;
  private arrivals = 0;
  private base: ((request: Request) => Promise<Response>) | undefined;

  constructor(private readonly sandboxFetch: () => (request: Request) => Promise<Response>) {}

  setup(config: HarnessConfig = {}): void {
    this.logs = [];
    this.now = START;
    this.arrivals = 0;
    this.base = config.upstream === 'sandbox' ? this.sandboxFetch() : undefined;
    this.stub = createStubUpstream(() => this.arrivals, this.base);
    const { rateLimit, ...proxyOptions } = config.proxy ?? {};
    const header = rateLimit?.clientKeyHeader;
    this.proxy = createProxy({
      upstream: config.upstreamUrl ?? UPSTREAM,
      apiKey: TEST_KEY,
      fetch: config.upstreamUrl ? undefined : this.stub.fetch,
      retries: 0,
      log: (line) => this.logs.push(line),
      clock: () => this.now,
      // The in-isolate rules are tested here; the shared cache outlives a setup (shared-cache tests).
      sharedCache: false,
      ...proxyOptions,
      rateLimit: rateLimit && {
        capacity: rateLimit.capacity,
        refillPerSecond: rateLimit.refillPerSecond,
        ...(header ? { clientKey: (request: Request) => request.headers.get(header) ?? undefined } : {}),
      },
    });
  }

  fetch(request: Request, env?: unknown, context?: ExecutionContext): Promise<Response> {
    this.arrivals++;
    return this.proxy.fetch(request, env, context);
  }

  state(): HarnessState {
    return {
      upstreamRequests: [...this.stub.requests],
      upstreamAuthorizations: [...this.stub.authorizations],
      logs: [...this.logs],
      oversizedBytesPulled: this.stub.oversizedBytesPulled,
    };
  }

  upstream(mode: UpstreamMode, holdUntilArrivals?: number): void {
    this.stub.mode = mode;
    this.stub.holdUntilArrivals = holdUntilArrivals;
  }

  advance(ms: number): void {
    this.now += ms;
  }

  async direct(path: string): Promise<unknown> {
    const request = new Request(`${UPSTREAM}${path}`, { headers: { Authorization: `Bearer ${TEST_KEY}` } });
    const response = await (this.base ?? createStubUpstream(() => 0).fetch)(request);
    return response.json();
  }
}

export function toRequest(path: string, init: RequestSpec = {}): Request {
  return new Request(`${PROXY_ORIGIN}${path}`, { method: init.method ?? 'GET', headers: init.headers });
}

export async function readAnswer(response: Response): Promise<ProxyAnswer> {
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The harness in this process. */
export class LocalHarness implements ProxyHarness {
  constructor(private readonly core: HarnessCore) {}

  async setup(config?: HarnessConfig) {
    this.core.setup(config);
  }
  async request(path: string, init?: RequestSpec) {
    return readAnswer(await this.core.fetch(toRequest(path, init)));
  }
  async requestAll(paths: string[]) {
    return Promise.all(paths.map((path) => this.request(path)));
  }
  async state() {
    return this.core.state();
  }
  async upstream(mode: UpstreamMode, holdUntilArrivals?: number) {
    this.core.upstream(mode, holdUntilArrivals);
  }
  async advance(ms: number) {
    this.core.advance(ms);
  }
  async direct(path: string) {
    return this.core.direct(path);
  }
}
