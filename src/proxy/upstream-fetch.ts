/**
 * The proxy's own `fetch` for upstream calls: what the service may send back before the client reads
 * it. Every rule here turns a bad answer into a failure that is not retried and is answered 502:
 *
 * - Redirects are not followed (`redirect: 'manual'`): a 3xx would otherwise fetch another host's body
 *   with our key's authority and cache it under our routes.
 * - An error answer's body is never read: the proxy neither passes one on nor logs one, so there is no
 *   reason to download it (a 50 MB error page costs nothing).
 * - A 2xx must say it is JSON.
 * - A body is read as a stream and given up as soon as it passes `maxBodyBytes` (the connection is
 *   closed then), so a huge answer is neither buffered nor cached.
 */
import { TestimonialApiError, type FetchFunction } from '../client/index.js';
import { readAtMost } from '../client/read-at-most.js';

/** `code` of the failures raised here; their message is a full sentence of the proxy's own. */
export const REFUSED_ANSWER = 'upstream_answer_refused';

/** `GET /v1/testimonials`: method and path, never the query (a visitor wrote it). */
export function routeOf(method: string, url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: keep what was given, it is ours (the client builds every URL).
  }
  return `${method} ${path}`;
}

function refused(request: Request, response: Response, problem: string): TestimonialApiError {
  // Not read, so close it now rather than when the garbage collector finds it.
  response.body?.cancel().catch(() => {});
  return new TestimonialApiError({
    kind: 'invalid_response',
    status: response.status,
    code: REFUSED_ANSWER,
    message: `the service answered ${routeOf(request.method, request.url)} with ${problem}`,
    method: request.method,
    url: request.url,
  });
}

/** Wraps `fetch` (the global one when `undefined`) with the rules above. */
export function guardedUpstreamFetch(fetch: FetchFunction | undefined, maxBodyBytes: number): FetchFunction {
  const send: FetchFunction = fetch ?? ((request, init) => globalThis.fetch(request, init));
  return async (request, init) => {
    const response = await send(new Request(request, { redirect: 'manual' }), { ...init, redirect: 'manual' });
    const { status, headers } = response;
    if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
      throw refused(request, response, `a redirect (HTTP ${status}), which the proxy does not follow: is upstream the service's base URL?`);
    }
    if (!response.ok) {
      response.body?.cancel().catch(() => {});
      return new Response(null, { status, headers });
    }
    if (!/\bjson\b/i.test(headers.get('content-type') ?? '')) {
      throw refused(request, response, `HTTP ${status} that is not JSON (Content-Type ${headers.get('content-type') ?? 'missing'})`);
    }
    const tooLarge = `a body larger than maxBodyBytes (${maxBodyBytes} bytes)`;
    if (Number(headers.get('content-length') ?? 0) > maxBodyBytes) throw refused(request, response, tooLarge);
    const body = response.body ? await readAtMost(response.body, maxBodyBytes) : null;
    if (body === undefined) throw refused(request, response, tooLarge);
    return new Response(body, { status, headers });
  };
}
