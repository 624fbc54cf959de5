/**
 * The proxy on Node's HTTP server. The handler is the same Fetch handler that runs on edge runtimes;
 * this file only adds the socket: listening, the client's address for the rate limit, and closing.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { createFetchServer, reachableHost } from './node-listener.js';
import { loadWithPeers } from '../peer-dependencies.js';
import type { JsonLdOptions } from '../ssr/json-ld.js';
import type { createProxyRenderer } from './proxy-renderer.js';
import { createProxy, type ProxyOptions, type RateLimitOptions, type TestimonialProxy } from '../proxy/index.js';
import type { HtmlRenderer } from '../client/html-renderer.js';
import type { ProxyRenderOptions } from '../proxy/render-routes.js';
import { DEFAULT_COLLECT, type CollectOptions } from '../proxy/collect/options.js';
import { createDiskUploadStore } from './disk-upload-store.js';

export { createDiskUploadStore, type DiskUploadStoreOptions } from './disk-upload-store.js';

/** The module that makes Node's renderer (`src/node/proxy-renderer.ts`), loaded on start. */
export type RendererModule = { createProxyRenderer: typeof createProxyRenderer };

/** The HTML routes on Node: on unless `false`. `publicUrl` and the bounds: see `ProxyRenderOptions`. */
export interface ServeRenderOptions extends Omit<ProxyRenderOptions, 'renderer'> {
  /** Review JSON-LD after every rendered wall and card (README: "JSON-LD"). Default none. */
  jsonLd?: JsonLdOptions;
  /** A renderer of your own instead of `testimonial-elements/ssr`'s. */
  renderer?: HtmlRenderer;
  /** How the renderer's module is loaded (the bundled command passes its own path). */
  loadRenderer?: () => Promise<RendererModule>;
}

/**
 * A specifier esbuild does not follow: the command's bundle (dist/node/cli.js) must not carry Lit's server
 * renderer and jsdom, optional peers that are loaded from the package when the proxy starts.
 */
const RENDERER_MODULE = './proxy-renderer.js';

/** The collect route on Node: `createProxy`'s options, and the disk store. */
export interface ServeCollectOptions extends CollectOptions {
  /** Keep uploads in this directory and serve them under `{base}/uploads/` (instead of `uploads`). */
  uploadDirectory?: string;
}

export interface ServeProxyOptions extends Omit<ProxyOptions, 'render' | 'collect'> {
  /** The write route `POST {base}/collect`, off unless given (docs/collect.md). */
  collect?: ServeCollectOptions;
  /**
   * The HTML routes `/render/wall` and `/render/card/:id`: on by default on Node, with the renderer
   * of `testimonial-elements/ssr`, loaded on the first HTML request (when its peers `@lit-labs/ssr` and
   * `jsdom` are missing, those requests answer 500 and the log says what to install). `false` turns
   * them off.
   */
  render?: ServeRenderOptions | false;
  /** 0 picks a free port (see `url` of the result). Default 8788. */
  port?: number;
  /** Default `127.0.0.1`: reachable from this machine only until you say otherwise. */
  host?: string;
  /**
   * Rate-limit clients by `CF-Connecting-IP` / `X-Forwarded-For` instead of the socket's address. Only
   * behind a CDN or load balancer that sets them: a visitor can write those headers themselves.
   */
  trustProxyHeaders?: boolean;
}

export interface ServedProxy {
  /** Where it listens, e.g. `http://127.0.0.1:8788` (the routes are `${url}/testimonials` and so on). */
  url: string;
  port: number;
  proxy: TestimonialProxy;
  server: Server;
  close(): Promise<void>;
}

export const DEFAULT_PROXY_PORT = 8788;

export async function serveProxy({
  port = DEFAULT_PROXY_PORT,
  host = '127.0.0.1',
  trustProxyHeaders = false,
  render: renderOptions,
  ...options
}: ServeProxyOptions): Promise<ServedProxy> {
  // A server reached directly cannot trust forwarding headers: its clients are its sockets.
  const addresses = new WeakMap<Request, string>();
  const bySocket = <T extends RateLimitOptions | false | undefined>(limit: T): T =>
    limit && !limit.clientKey && !trustProxyHeaders ? { ...limit, clientKey: (request: Request) => addresses.get(request) } : limit;
  const render = await nodeRender(renderOptions);
  const collect = collectOnNode(options.collect, options.clock, bySocket);
  const proxy = createProxy({
    ...options,
    rateLimit: bySocket(options.rateLimit),
    uncachedLimit: bySocket(options.uncachedLimit),
    render,
    ...(collect ? { collect } : {}),
  });
  // No default host: a request without Host is refused with a body that says so.
  const server = createFetchServer((request, env) => {
    const address = (env as HttpBindings).incoming.socket.remoteAddress;
    if (address !== undefined) addresses.set(request, address);
    return proxy.fetch(request);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(`The proxy cannot listen on ${host}:${port}: ${error.code ?? error.message}.`, { cause: error }));
    });
    server.listen(port, host, resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${reachableHost(host)}:${actualPort}`,
    port: actualPort,
    proxy,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The collect route on Node: its per-client limit tells clients apart by their socket (unless told to
 * trust forwarding headers), and `uploadDirectory` is the disk store serving `{base}/uploads/`.
 */
function collectOnNode(
  options: ServeCollectOptions | undefined,
  clock: (() => number) | undefined,
  bySocket: (limit: RateLimitOptions) => RateLimitOptions,
): CollectOptions | undefined {
  if (!options) return undefined;
  const { uploadDirectory, ...collect } = options;
  if (uploadDirectory !== undefined) {
    if (collect.uploads) throw new TypeError('serveProxy: collect takes uploadDirectory or uploads, not both.');
    collect.uploads = createDiskUploadStore({ directory: uploadDirectory, ...(clock ? { clock } : {}) });
  }
  collect.rateLimit = bySocket(collect.rateLimit ?? DEFAULT_COLLECT.rateLimit);
  return collect;
}

/**
 * The render option of `createProxy` on Node: the SSR renderer, loaded on the first HTML request (a
 * proxy never asked for HTML never loads jsdom), or at start when JSON-LD is configured, so that a
 * refused `itemReviewed` stops the start instead of failing visitors' requests.
 */
async function nodeRender(options: ServeRenderOptions | false | undefined): Promise<ProxyOptions['render']> {
  if (options === false) return false;
  const { jsonLd, renderer, loadRenderer = () => import(RENDERER_MODULE) as Promise<RendererModule>, ...routeOptions } = options ?? {};
  if (renderer) return { renderer, ...routeOptions };
  const load = async () => (await loadWithPeers(loadRenderer, 'ssr')).createProxyRenderer(jsonLd ? { jsonLd } : {});
  return { renderer: jsonLd ? await load() : load, ...routeOptions };
}
