import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { devApiPlugin } from './scripts/dev-api-plugin.js';
import { docsPlugin } from './scripts/docs-plugin.js';
import { elementsChunk, preloadModules } from './scripts/demo-chunks.js';
import { sourceDefineModules } from './scripts/source-side-effects.js';
import { compileHints } from './scripts/cdn-build.js';

const root = resolve(import.meta.dirname, 'demo');

/**
 * The demo pages load their module with `blocking="render"` (nothing paints before the elements are
 * defined, so they take their space at once), but the build rewrites the entry's script tag without
 * that attribute: put it back on the built entry of every page whose source had it.
 */
function keepRenderBlocking(): Plugin {
  return {
    name: 'keep-render-blocking',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        const source = readFileSync(filename, 'utf8');
        if (!/<script type="module" blocking="render"/.test(source)) return html;
        return html.replace(/<script type="module" crossorigin src=/, '<script type="module" blocking="render" crossorigin src=');
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [
    devApiPlugin({ serverRendered: true }),
    docsPlugin(),
    keepRenderBlocking(),
    preloadModules(),
    sourceDefineModules(),
    compileHints(),
  ],
  // Pre-bundled at start-up: discovered on the first press of play, it would make Vite reload the page
  // and lose that playback.
  optimizeDeps: { include: ['hls.js/light', 'hls.js', 'dompurify'] },
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
      output: {
        codeSplitting: { groups: [{ name: elementsChunk(resolve(import.meta.dirname, 'src/cdn.ts')), debugName: 'elements' }] },
      },
    },
  },
});
