/**
 * The proxy on Node's HTTP server. The handler is the same Fetch handler that runs on edge runtimes;
 * this file only adds the socket: listening, the client's address for the rate limit, and closing.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { createFetchServer, reachableHost } from '../node-listener.js';
import { createProxy, type ProxyOptions, type TestimonialProxy } from './index.js';

export interface ServeProxyOptions extends ProxyOptions {
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
  ...options
}: ServeProxyOptions): Promise<ServedProxy> {
  // A server reached directly cannot trust forwarding headers: its clients are its sockets.
  const addresses = new WeakMap<Request, string>();
  const rateLimit =
    options.rateLimit && !options.rateLimit.clientKey && !trustProxyHeaders
      ? { ...options.rateLimit, clientKey: (request: Request) => addresses.get(request) }
      : options.rateLimit;
  const proxy = createProxy({ ...options, rateLimit });
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
