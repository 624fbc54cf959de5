import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { devApiPlugin } from './scripts/dev-api-plugin.js';

const root = resolve(import.meta.dirname, 'demo');

export default defineConfig({
  root,
  publicDir: false,
  plugins: [devApiPlugin()],
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
