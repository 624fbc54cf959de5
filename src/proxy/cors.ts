/**
 * Cross-origin rules of the proxy. Its answers are public and it never reads cookies, so it never allows
 * credentials; origins are either everyone (`*`) or an exact list. With a list, every answer carries
 * `Vary: Origin` (echoed or not), so a CDN never hands one origin's answer to another.
 */

export interface CorsOptions {
  /** `*` (the default) or the exact origins allowed, e.g. `['https://example.com']`. */
  origins?: '*' | readonly string[];
}

/** Request headers a page may send (the client sends `Accept`; `If-None-Match` revalidates). */
const ALLOWED_REQUEST_HEADERS = 'Accept, Accept-Language, Content-Type, If-None-Match';
/** Answer headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = 'ETag, X-Cache, Age, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

export interface CorsPolicy {
  /** Adds the CORS headers an answer to a request from `origin` gets (none for a refused origin). */
  apply(headers: Headers, origin: string | null): void;
  /** Adds the headers of a preflight answer for a route that allows `methods`. */
  applyPreflight(headers: Headers, origin: string | null, methods: readonly string[]): void;
}

function normaliseOrigin(origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new TypeError(`createProxy: cors.origins: "${origin}" is not an origin such as https://example.com.`);
  }
  if (parsed.origin === 'null' || parsed.origin !== origin.replace(/\/$/, '') || parsed.pathname !== '/') {
    throw new TypeError(`createProxy: cors.origins: "${origin}" is not an origin (scheme://host[:port], no path).`);
  }
  return parsed.origin;
}

export function createCorsPolicy({ origins = '*' }: CorsOptions = {}): CorsPolicy {
  const anyOrigin = origins === '*' || (Array.isArray(origins) && origins.includes('*'));
  if (!anyOrigin && !Array.isArray(origins)) {
    throw new TypeError('createProxy: cors.origins must be "*" or an array of origins.');
  }
  const allowed = new Set(anyOrigin ? [] : (origins as readonly string[]).map(normaliseOrigin));

  /** The value of `Access-Control-Allow-Origin` for `origin`, or undefined when it is refused. */
  function allowOrigin(origin: string | null): string | undefined {
    if (anyOrigin) return '*';
    return origin !== null && allowed.has(origin) ? origin : undefined;
  }

  function applyCommon(headers: Headers, origin: string | null): boolean {
    if (!anyOrigin) headers.append('Vary', 'Origin');
    const allow = allowOrigin(origin);
    if (allow === undefined) return false;
    headers.set('Access-Control-Allow-Origin', allow);
    return true;
  }

  return {
    apply(headers, origin) {
      if (applyCommon(headers, origin)) headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    },
    applyPreflight(headers, origin, methods) {
      if (!applyCommon(headers, origin)) return;
      headers.set('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '));
      headers.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
      headers.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    },
  };
}
