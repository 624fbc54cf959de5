/**
 * Compression of a Fetch handler's text answers on Node, per `Accept-Encoding` (br, then gzip). Edge
 * runtimes and CDNs compress themselves; Node's HTTP server does not, and a page of 8 testimonials is
 * ~10 KB of JSON raw, ~3 KB gzipped.
 *
 * A compressed answer is another representation of the same resource (RFC 9110 §8.8.3), so a strong
 * ETag cannot stay as it is: it becomes weak (`"x"` -> `W/"x"`). `If-None-Match` compares weakly, so
 * a client revalidating with `W/"x"` still gets its 304 from the handler, whose tag is turned weak again
 * when that is the form the client holds. The handler's own caches never see the compressed bytes.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/** Hono's node-server types its callback's answer `unknown`: anything but a `Response` passes through. */
type FetchLike<E> = (request: Request, env: E) => unknown;

/** Below this a compressed body saves less than its headers and the CPU cost (Hono's `compress` uses 1 KiB too). */
export const MIN_COMPRESSED_BYTES = 1024;

/** Text types worth compressing; `text/event-stream` is a stream that must reach the client as written. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to use for `Accept-Encoding`, br before gzip, honouring `q=0` (RFC 9110 §12.5.3). */
export function chooseEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding): number => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((encoding) => weight(encoding) > 0);
  return best.sort((a, b) => weight(b) - weight(a))[0];
}

function weakened(etag: string | null): string | null {
  return etag && !etag.startsWith('W/') ? `W/${etag}` : etag;
}

function withVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * `response` with `Vary: Accept-Encoding`, its body untouched: in place where its headers can change,
 * so @hono/node-server still sends a string body whole with its length rather than chunked.
 */
function varied(response: Response): Response {
  try {
    withVary(response.headers);
    return response;
  } catch {
    // The headers of a `fetch` answer are immutable.
    const headers = new Headers(response.headers);
    withVary(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function compressible(response: Response): boolean {
  return (
    response.body !== null &&
    response.status !== 206 &&
    !response.headers.has('Content-Encoding') &&
    !/\bno-transform\b/i.test(response.headers.get('Cache-Control') ?? '') &&
    COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '')
  );
}

/**
 * The answer of `handler`, compressed when the client accepts it and it is text worth compressing.
 * HEAD gets the headers GET would get (RFC 9110 §9.3.2: its encoding, Vary, weak ETag and compressed
 * length), so it is answered as a GET whose body is left out: whether an answer is compressed depends
 * on its length, which only the body tells.
 */
export function withCompression<E>(handler: FetchLike<E>): FetchLike<E> {
  const compressed = compressedAnswers(handler);
  return async (request, env) => {
    if (request.method !== 'HEAD') return compressed(request, env);
    const answer = await compressed(new Request(request, { method: 'GET' }), env);
    if (!(answer instanceof Response)) return answer;
    const headers = new Headers(answer.headers);
    // Node's server gives a GET's text body its length; HEAD says it too, the body read and left out.
    // Anything else (a file, a stream) is not read: its length is said already or not at all.
    if (answer.body && !headers.has('Content-Length') && COMPRESSIBLE.test(headers.get('Content-Type') ?? ''))
      headers.set('Content-Length', String((await answer.arrayBuffer()).byteLength));
    else await answer.body?.cancel();
    return new Response(null, { status: answer.status, statusText: answer.statusText, headers });
  };
}

function compressedAnswers<E>(handler: FetchLike<E>): FetchLike<E> {
  return async (request, env) => {
    const response: unknown = await handler(request, env);
    if (!(response instanceof Response)) return response;
    const encoding = chooseEncoding(request.headers.get('Accept-Encoding'));
    if (response.status === 304) {
      // The 304 carries the tag of what the client holds: the weak one if it holds a compressed copy.
      const etag = response.headers.get('ETag');
      const weak = weakened(etag);
      if (etag && weak !== etag && encoding && (request.headers.get('If-None-Match') ?? '').includes(weak!)) {
        const headers = new Headers(response.headers);
        headers.set('ETag', weak!);
        withVary(headers);
        return new Response(null, { status: 304, statusText: response.statusText, headers });
      }
      return response;
    }
    if (!compressible(response)) return response;
    const declaredLength = Number(response.headers.get('Content-Length') ?? Infinity);
    if (!encoding || declaredLength < MIN_COMPRESSED_BYTES) return varied(response);
    const headers = new Headers(response.headers);
    withVary(headers);
    const init = { status: response.status, statusText: response.statusText, headers };
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength >= MIN_COMPRESSED_BYTES) {
      const compressedBody =
        encoding === 'br'
          ? // Quality 5: most of quality 11's saving on JSON at a small fraction of its time per answer.
            await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
          : await gzipAsync(body, { level: 6 });
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(compressedBody.byteLength));
      const etag = weakened(headers.get('ETag'));
      if (etag) headers.set('ETag', etag);
      return new Response(compressedBody, init);
    }
    // Sent with its length, as the handler's own answer would have been, not chunked.
    headers.set('Content-Length', String(body.byteLength));
    return new Response(body, init);
  };
}
