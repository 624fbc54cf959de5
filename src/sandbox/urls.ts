/**
 * Absolute URLs in answers. Fixtures store links to the sandbox itself (media, public pages) as
 * `sandbox:/path` references; each answer turns them into `{base}/path`, where the base is the configured
 * public URL or, in process without one, `{origin}{mount prefix}` of the request being answered, so a
 * sandbox called at `http://host/x/v1` links its media at `http://host/x/media/…` and a page on another
 * origin gets URLs it can fetch.
 */
const REFERENCE = 'sandbox:';

/** The top-level route segments of the sandbox; whatever precedes the first of them is the mount prefix. */
const ROUTE_ROOTS = ['v1', 'media', 'p'] as const;

export function sandboxRef(path: `/${string}`): string {
  return `${REFERENCE}${path}`;
}

/** Splits a request path into the mount prefix and the path the sandbox routes on. */
export function splitMountPrefix(pathname: string): { prefix: string; path: string } {
  const segments = pathname.split('/');
  const index = segments.findIndex((segment, i) => i > 0 && (ROUTE_ROOTS as readonly string[]).includes(segment));
  if (index < 0) return { prefix: '', path: pathname };
  return { prefix: segments.slice(0, index).join('/'), path: `/${segments.slice(index).join('/')}` };
}

/**
 * A public URL as links start: `{origin}{path}` without a trailing `/` or `/v1` (the sandbox's root, where
 * `/v1` and `/media` live). Undefined unless it is an absolute http: or https: URL without query,
 * fragment or credentials.
 */
export function publicBase(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || /[?#]/.test(value) || url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}`;
}

/** `{origin}{prefix}` of a request URL: the base that `sandbox:` references resolve against. */
export function sandboxBase(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.origin}${splitMountPrefix(url.pathname).prefix}`;
}

/** A deep copy of `value` with every `sandbox:/…` string made absolute against `base`. */
export function resolveRefs<T>(value: T, base: string): T {
  if (typeof value === 'string') return (value.startsWith(REFERENCE) ? base + value.slice(REFERENCE.length) : value) as T;
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, base)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item, base)])) as T;
  }
  return value;
}
