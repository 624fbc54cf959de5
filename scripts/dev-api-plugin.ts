import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';

/**
 * `/server-rendered.html`: the demo page rendered per request by `testimonial-elements/ssr` from the
 * API this server mounts (scripts/server-rendered-page.ts), its script served by Vite.
 */
function serverRenderedRoute(server: ViteDevServer) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    if ((req.url ?? '').split('?')[0] !== '/server-rendered.html') return next();
    (async () => {
      const { serverRenderedPage } = await import('./server-rendered-page.js');
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      const page = await serverRenderedPage({ api: `${origin}/api`, script: '/server-rendered.ts' });
      const html = await server.transformIndexHtml(req.url!, page);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(html);
    })().catch(next);
  };
}

/**
 * Mounts the demo API on a Vite dev server: the proxy at `/api` in front of the sandbox (see
 * scripts/dev-api.ts), and with `serverRendered` the server-rendered demo page. Used by the demo's and
 * the framework examples' Vite configs. The API is loaded
 * when the dev server starts, so `vite build` never evaluates the sandbox.
 */
export function devApiPlugin({ serverRendered = false }: { serverRendered?: boolean } = {}): Plugin {
  return {
    name: 'testimonial-dev-api',
    async configureServer(server) {
      const { createDevApi } = await import('./dev-api.js');
      const api = createDevApi({ log: (line) => server.config.logger.warn(line) });
      server.config.logger.info(`  API: /api (proxy) → ${api.upstream}`);
      server.middlewares.use((req, res, next) => {
        api.handle(req, res).then((handled) => handled || next(), next);
      });
      if (serverRendered) server.middlewares.use(serverRenderedRoute(server));
    },
  };
}
