import type { Plugin } from 'vite';

/**
 * Mounts the demo API on a Vite dev server: the proxy at `/api` in front of the sandbox (see
 * scripts/dev-api.ts). Used by the demo's and the framework examples' Vite configs. The API is loaded
 * when the dev server starts, so `vite build` never evaluates the sandbox.
 */
export function devApiPlugin(): Plugin {
  return {
    name: 'testimonial-dev-api',
    async configureServer(server) {
      const { createDevApi } = await import('./dev-api.js');
      const api = createDevApi({ log: (line) => server.config.logger.warn(line) });
      server.config.logger.info(`  API: /api (proxy) → ${api.upstream}`);
      server.middlewares.use((req, res, next) => {
        api.handle(req, res).then((handled) => handled || next(), next);
      });
    },
  };
}
