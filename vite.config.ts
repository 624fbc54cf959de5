import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { devApiPlugin } from './scripts/dev-api-plugin.js';
import { docsPlugin } from './scripts/docs-plugin.js';
import { sourceDefineModules } from './scripts/source-side-effects.js';

const root = resolve(import.meta.dirname, 'demo');

/**
 * The build rewrites a page's entry script tag and adds a `modulepreload` link per static import,
 * without the source tag's `fetchpriority`: put it back on both. The demo pages paint before their
 * script (`fetchpriority="low"`): Chrome fetches module scripts at high priority, and Lighthouse's
 * simulation counts a high-priority script that arrived before the first paint as holding it back.
 */
function keepScriptPriority(): Plugin {
  return {
    name: 'keep-script-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        const priority = /<script type="module" fetchpriority="(\w+)"/.exec(readFileSync(filename, 'utf8'))?.[1];
        if (!priority) return html;
        return html
          .replace('<script type="module" crossorigin src=', `<script type="module" fetchpriority="${priority}" crossorigin src=`)
          .replaceAll(
            '<link rel="modulepreload" crossorigin href=',
            `<link rel="modulepreload" fetchpriority="${priority}" crossorigin href=`,
          );
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [devApiPlugin({ serverRendered: true }), docsPlugin(), keepScriptPriority(), sourceDefineModules()],
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
    },
  },
});
