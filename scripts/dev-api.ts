/**
 * The API of the demo server (`npm start`) and of the browser-test server, as one Node request handler:
 *
 * - `/api/*`  the key-holding proxy (`src/proxy`), as a page would use it in production;
 * - `/v1/*`   its upstream: the in-memory sandbox (`src/sandbox`), or nothing when the real service is used;
 * - `/media/*` the sandbox's sample media (posters, mp4, HLS), on the page's own origin.
 *
 * The sandbox builds media URLs from the request's origin, so the proxy is created per origin: a page
 * opened at http://127.0.0.1:5173 gets media from that origin, not from "localhost" (which would make
 * hls.js requests cross-origin).
 *
 * With `TESTIMONIAL_API_KEY` (and `TESTIMONIAL_API_URL`, the service's `{base_url}` ending in `/v1`)
 * set, the proxy talks to the real service instead and the sandbox is not mounted.
 *
 * In front of the sandbox the collect route is on (`POST /api/collect`, docs/collect.md), with a
 * secret of this process and the Node disk store in a temporary directory serving `/api/uploads/`, so
 * the form's demo page works; what it creates stays pending in the sandbox until the server stops.
 * Never against the real service: a demo must not file testimonials there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDiskUploadStore } from '../src/node/disk-upload-store.js';
import { fetchListener } from '../src/node/node-listener.js';
import { createProxy, type CollectOptions } from '../src/proxy/index.js';
import { createSandbox, LINK_GROUPS, type SandboxOptions } from '../src/sandbox/index.js';

type FetchHandler = (request: Request) => Promise<Response>;
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface DevApiOptions {
  /** Options of the sandbox (seed, latency, fault injection). */
  sandbox?: SandboxOptions;
  /** Defaults to `process.env`; tests pass `{}` so a developer's real key never reaches them. */
  env?: Record<string, string | undefined>;
  /** Where the proxy logs (an upstream that rejects the key, for example). */
  log?: (line: string) => void;
  /**
   * The origin the sandbox answers as, so its media URLs name it (a test serving media from an origin
   * of their own). Default: each request's own origin.
   */
  sandboxOrigin?: string;
  /** Options of the collect route in front of the sandbox (tests shorten `minFillMs`, for one). */
  collect?: Partial<CollectOptions>;
}

export interface DevApi {
  /** Handles the request and returns true, or returns false when the path is not the API's. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** `sandbox` or the real service's base URL: for the start banner. */
  readonly upstream: string;
}

const SANDBOX_KEY = 'sandbox-key';

export function createDevApi(options: DevApiOptions = {}): DevApi {
  const env = options.env ?? process.env;
  const realKey = env.TESTIMONIAL_API_KEY;
  const realUrl = env.TESTIMONIAL_API_URL;
  if (realKey && !realUrl) {
    throw new Error('TESTIMONIAL_API_KEY is set but TESTIMONIAL_API_URL is not: set it to the service base URL ending in /v1.');
  }

  const sandbox = realKey ? undefined : createSandbox({ key: SANDBOX_KEY, ...options.sandbox });
  const proxies = new Map<string, NodeHandler>();
  const collect = sandbox ? demoCollect(options.collect) : undefined;

  function proxyFor(origin: string): NodeHandler {
    let handler = proxies.get(origin);
    if (!handler) {
      const proxy = sandbox
        ? createProxy({
            upstream: `${origin}/v1`,
            apiKey: SANDBOX_KEY,
            fetch: sandboxFetch(sandbox.fetch),
            log: options.log,
            // The proxy sees paths without /api (see mountedAt): uploads are addressed through it.
            collect: { ...collect, publicUrl: `${origin}/api` },
          })
        : createProxy({ upstream: realUrl!, apiKey: realKey!, log: options.log });
      handler = mountedAt('/api', proxy.fetch);
      proxies.set(origin, handler);
    }
    return handler;
  }

  const sandboxHandler = sandbox ? fetchListener(sandbox.fetch) : undefined;

  return {
    upstream: sandbox ? 'sandbox' : realUrl!,
    async handle(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      if (path === '/api' || path.startsWith('/api/')) {
        await proxyFor(options.sandboxOrigin ?? originOf(req))(req, res);
        return true;
      }
      if (sandboxHandler && (path.startsWith('/v1/') || path.startsWith('/media/'))) {
        await sandboxHandler(req, res);
        return true;
      }
      return false;
    },
  };
}

/** The demo's collect route: a secret and an upload directory of this process, filed under the sandbox's first form. */
function demoCollect(overrides: Partial<CollectOptions> = {}): CollectOptions {
  return {
    secret: randomBytes(32).toString('base64url'),
    // Created by the first upload, not before: a server never sent a file leaves nothing behind.
    uploads: createDiskUploadStore({
      directory: join(tmpdir(), `testimonial-demo-uploads-${process.pid}-${randomBytes(6).toString('hex')}`),
    }),
    formId: LINK_GROUPS.forms[0].id,
    tags: ['website-form', 'demo'],
    consent: {
      text: 'I agree that Fieldnote may publish my testimonial, my name and the photo or video I send on its website.',
      version: 'v1',
    },
    ...overrides,
  };
}

/** A `fetch` that answers from the in-process sandbox, so the proxy needs no socket to reach it. */
function sandboxFetch(handler: FetchHandler): typeof fetch {
  return (input, init) => handler(new Request(input, init));
}

/** Serves a Fetch handler whose routes start at `/` under a path prefix. */
function mountedAt(prefix: string, handler: FetchHandler): NodeHandler {
  return fetchListener((request: Request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // `duplex` is required by Node's fetch for a streamed body (the proxy answers such methods 405).
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers, signal: request.signal };
    if (hasBody) Object.assign(init, { body: request.body, duplex: 'half' });
    return handler(new Request(url, init));
  });
}

function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? '127.0.0.1';
  return `http://${host}`;
}
