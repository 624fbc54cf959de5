/**
 * The one gate every URL from the API passes before it reaches an attribute (DESIGN security rule 2), in
 * the elements and in the proxy (the avatars of GET /summary).
 *
 * The check parses with the WHATWG URL parser, the same one the browser applies to `href` and `src`,
 * so obfuscations that the browser would undo (tabs and newlines inside `java\tscript:`, leading control
 * characters, mixed case) are undone here too before the scheme is judged. The value returned is the
 * parser's serialisation, never the raw input, so what was checked is exactly what gets rendered.
 */

/**
 * What the URL is for:
 * - `link`: an outbound `<a href>` — absolute `https:` / `http:` only.
 * - `image`: an `<img src>` — as `link`, plus base64 raster `data:image/(png|jpeg|gif|webp|avif)`.
 * - `media`: a `<video>` / HLS source — as `link`, plus root-relative paths on the page's own origin.
 */
export type SafeUrlKind = 'link' | 'image' | 'media';

const WEB_PROTOCOLS = new Set(['https:', 'http:']);

/** Raster formats only: SVG can carry script, so `data:image/svg+xml` is refused. */
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/]+={0,2}$/i;

/** Stands in for the page's origin where there is no document (Node, workers). */
const FALLBACK_BASE = 'https://same-origin.invalid/';

/**
 * C0 controls, DEL and every Unicode space/format character: the URL parser strips some of these
 * silently, so their presence inside a URL from the API is itself a sign of obfuscation.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const SUSPICIOUS_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

function documentBase(): string {
  return typeof location !== 'undefined' && /^https?:$/.test(location.protocol) ? location.href : FALLBACK_BASE;
}

/** `value` parsed (against `base` when given), or `undefined` when it is not a URL. */
function parseUrl(value: string, base?: URL): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/** A path such as `/media/poster.jpg` that stays on the page's origin (not `//host`, not `/\host`). */
function safeRootRelative(value: string): string | undefined {
  // `//host` and `/\\host` resolve to another origin, refused below with every other way there.
  if (!value.startsWith('/')) return undefined;
  const base = new URL(documentBase());
  const resolved = parseUrl(value, base);
  // The path, query and fragment; `/..//evil.example/x` resolves to the path `//evil.example/x`, which
  // written out is another host.
  return resolved?.origin === base.origin && !resolved.pathname.startsWith('//') ? resolved.href.slice(base.origin.length) : undefined;
}

/**
 * Returns a URL that is safe to put in an attribute for the given use, or `undefined` when the value is
 * missing, malformed or uses a scheme that could run code (`javascript:`, `vbscript:`, `data:text/html`,
 * `data:image/svg+xml`, `blob:`, `file:` …) or a protocol-relative form (`//evil.example`).
 */
export function safeUrl(value: unknown, kind: SafeUrlKind): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || SUSPICIOUS_CHARACTERS.test(trimmed)) return undefined;
  if (kind === 'image' && RASTER_DATA_URL.test(trimmed)) return trimmed;
  const absolute = parseUrl(trimmed);
  if (absolute) return WEB_PROTOCOLS.has(absolute.protocol) && absolute.host !== '' ? absolute.href : undefined;
  return kind === 'media' ? safeRootRelative(trimmed) : undefined;
}

/** The `rel` of every outbound link to a URL from the API (DESIGN security rule 2). */
export const OUTBOUND_REL = 'noopener noreferrer nofollow ugc';
