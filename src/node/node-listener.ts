/**
 * What the Node runners of the proxy and the sandbox share around @hono/node-server: an HTTP server for
 * a Fetch handler that answers a request it cannot make a `Request` of (HTTP/1.0 without `Host`, a
 * malformed `Host` or request target) with 400 and a JSON body that says why, where the library answers
 * an empty 400; and the address to print for the one listened on.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { ApiErrorBody } from '../client/types.js';
import { withCompression } from './compression.js';

type FetchCallback = Parameters<typeof getRequestListener>[0];

/** Our sentences for the library's reasons; any other reason is quoted. */
const REASONS: Record<string, string> = {
  'Missing host header': 'The request has no Host header: send one (an HTTP/1.0 request too), such as "Host: example.com".',
  'Invalid host header': 'The Host header is not a host name with an optional port.',
  'Invalid URL': 'The Host header and the request target do not make a valid URL.',
};

function jsonError(status: number, code: string, message: string): Response {
  const body: ApiErrorBody = { error: { status, code, message } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The answer to a request the listener could not read, or to a handler that threw instead of answering. */
export function listenerErrorAnswer(error: unknown): Response {
  if (error instanceof RequestError) {
    return jsonError(400, 'invalid_request', REASONS[error.message] ?? `The request cannot be read: ${error.message}.`);
  }
  // The handlers answer their own errors; this is a bug or a timeout, without details for the client.
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return jsonError(timedOut ? 504 : 500, 'internal_error', 'The server failed to answer.');
}

/**
 * A `node:http` request listener for `fetch`, its text answers compressed per `Accept-Encoding`: what
 * our servers and the demo's middleware (scripts/dev-api.ts) serve a Fetch handler with. `defaultHost`
 * stands in for a missing `Host` header (HTTP/1.0 allows one to be missing); without it such a request
 * is the 400 above.
 */
export function fetchListener(fetch: FetchCallback, defaultHost?: string): ReturnType<typeof getRequestListener> {
  return getRequestListener(withCompression(fetch), { hostname: defaultHost, errorHandler: listenerErrorAnswer });
}

/** An HTTP server for `fetch` (see fetchListener). */
export function createFetchServer(fetch: FetchCallback, defaultHost?: string): Server {
  return createServer(fetchListener(fetch, defaultHost));
}

/** A wildcard address is where a server listens, not where to send requests: loopback instead, URL-ready. */
export function reachableHost(host: string): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
}
