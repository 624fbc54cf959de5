import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** What the docs pages load: the demo's module that defines the elements, and the docs' style sheet. */
export const DOCS_ASSETS = { script: '/docs-page.ts', stylesheet: '/docs.css' };

/**
 * The docs (`docs/*.md`, README.md) served as HTML: `/docs/` lists every page, `/docs/<page>.html`
 * renders `docs/<page>.md` at request time (scripts/docs-site.ts), so an edited or added page shows on
 * reload. Every answer carries the docs' strict Content-Security-Policy.
 */
export function docsMiddleware(assets = DOCS_ASSETS) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/docs') {
      res.writeHead(301, { Location: '/docs/' }).end();
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return next(); // not a docs path (and not a valid one at all): Vite answers it
    }
    const match = /^\/docs\/(?:(index)|([a-z0-9][a-z0-9-]*|repo\/[\w./-]+))\.html$|^\/docs\/$/i.exec(decoded);
    if (!match) return next();
    (async () => {
      const { DOCS_CSP, renderIndex, renderPage } = await import('./docs-site.js');
      const html = match[2] ? await renderPage(match[2], assets) : await renderIndex(assets);
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': DOCS_CSP };
      if (html === undefined)
        res
          .writeHead(404, headers)
          .end('<!doctype html><title>Not found</title><p>No such page in docs/. <a href="/docs/">All pages</a>.</p>');
      else res.writeHead(200, headers).end(html);
    })().catch(next);
  };
}

/** Mounts {@link docsMiddleware} on Vite's dev server (`npm start`). */
export function docsPlugin(): Plugin {
  return {
    name: 'testimonial-docs',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(docsMiddleware());
    },
  };
}
