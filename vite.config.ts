import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = resolve(import.meta.dirname, 'demo');

/**
 * Mounts the demo API on the dev server: the proxy at `/api` in front of the sandbox (see
 * scripts/dev-api.ts). Loaded lazily so `vite build` never evaluates the sandbox.
 */
function devApi(): Plugin {
  return {
    name: 'testimonial-dev-api',
    async configureServer(server) {
      const { createDevApi } = await import('./scripts/dev-api.js');
      const api = createDevApi({ log: (line) => server.config.logger.warn(line) });
      server.config.logger.info(`  API: /api (proxy) → ${api.upstream}`);
      server.middlewares.use((req, res, next) => {
        api.handle(req, res).then((handled) => handled || next(), next);
      });
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [devApi()],
  // Pre-bundled at start-up: discovered on the first press of play, it would make Vite reload the page
  // and lose that playback.
  optimizeDeps: { include: ['hls.js/light', 'dompurify'] },
  server: {
    port: 5173,
    strictPort: true,
    fs: { allow: [resolve(import.meta.dirname)] },
  },
  preview: { port: 5173 },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/demo'),
    emptyOutDir: true,
    rollupOptions: {
      // Every page of the demo.
      input: Object.fromEntries(
        readdirSync(root)
          .filter((file) => file.endsWith('.html'))
          .map((file) => [file.replace(/\.html$/, ''), resolve(root, file)]),
      ),
    },
  },
});
