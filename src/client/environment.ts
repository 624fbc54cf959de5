/**
 * Where the client runs, and the base URL it talks to. No DOM types: the globals are looked up on
 * `globalThis` so the module loads the same in Node, workers, edge runtimes and pages.
 */

interface BrowserGlobals {
  document?: { baseURI?: unknown };
  location?: { href?: unknown };
  WorkerGlobalScope?: unknown;
  importScripts?: unknown;
}

/**
 * True in a page or a browser web worker: places where anything the client holds, an API key above
 * all, is readable by every visitor. Node, Deno, Bun and edge runtimes (Cloudflare Workers has neither a
 * `document` nor `importScripts`) are servers.
 */
export function isBrowserLike(): boolean {
  const scope = globalThis as BrowserGlobals;
  const inPage = typeof scope.document !== 'undefined';
  const inWorker = typeof scope.WorkerGlobalScope !== 'undefined' && typeof scope.importScripts === 'function';
  return inPage || inWorker;
}

/** What `fetch` resolves relative URLs against: the document's base URL (a `<base>` counts), or the worker's location. */
function pageBase(): string | undefined {
  const scope = globalThis as BrowserGlobals;
  const base = scope.document?.baseURI ?? scope.location?.href;
  return typeof base === 'string' ? base : undefined;
}

/**
 * The absolute base URL, without trailing slashes, that `/testimonials` and friends are appended to. In
 * a browser a relative `baseUrl` (`/api`) resolves against the page's base URL, as `fetch` does; on a
 * server it is an error, since there is no page to be relative to.
 */
export function resolveBaseUrl(baseUrl: unknown, browser: boolean, caller = 'createClient'): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new TypeError(`${caller}: baseUrl is required, e.g. "/api" (your proxy) in a browser or "http://127.0.0.1:8787/v1" on a server.`);
  }
  const base = browser ? pageBase() : undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(baseUrl) : new URL(baseUrl, base);
  } catch {
    throw new TypeError(
      browser
        ? `${caller}: baseUrl "${baseUrl}" is not a URL.`
        : `${caller}: baseUrl "${baseUrl}" is not an absolute URL; on a server give one such as http://127.0.0.1:8787/v1 (relative URLs work in a browser only).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${caller}: baseUrl must be an http: or https: URL; got ${url.protocol}.`);
  }
  // Credentials in a URL end up in error messages and logs: refuse them, without repeating them.
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(`${caller}: baseUrl must not hold a user name or password; pass apiKey instead.`);
  }
  if (url.search !== '' || url.hash !== '') {
    // Not repeated either: a query string is where people paste keys.
    throw new TypeError(`${caller}: baseUrl must not hold a query or a fragment; pass apiKey for the key.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
