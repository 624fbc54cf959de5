import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { devApiPlugin } from './scripts/dev-api-plugin.js';
import { docsPlugin } from './scripts/docs-plugin.js';
import { sourceDefineModules } from './scripts/source-side-effects.js';

const root = resolve(import.meta.dirname, 'demo');

/** The demo's own scripts (the pages' code, imported for what it does, not for what it exports). */
const DEMO_SCRIPT = /\/demo\/(?!frameworks\/)[^?]*\.ts$/;

/**
 * Each demo page runs its script after its first paint (`demo/after-first-paint.ts`: a dynamic import),
 * which the build would start downloading only then. This puts a `modulepreload` for that script and
 * everything it imports statically in the page's head, at low priority (the first paint needs none of
 * it), and the page's small entry script at low priority too: Chrome fetches module scripts at high
 * priority, and Lighthouse's simulation counts a high-priority script that arrived before the first
 * paint as holding it back. The builder runs its script at once: its tag says `fetchpriority="low"`,
 * which the build would drop.
 */
function preloadAfterFirstPaint(): Plugin {
  return {
    name: 'preload-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle, chunk }) {
        const source = readFileSync(filename, 'utf8');
        const afterFirstPaint = source.includes('afterFirstPaint(');
        if (!afterFirstPaint && !source.includes('<script type="module" fetchpriority="low"')) return html;
        const files = new Set<string>();
        const add = (file: string) => {
          const imported = bundle?.[file];
          if (files.has(file) || imported?.type !== 'chunk') return;
          files.add(file);
          imported.imports.forEach(add);
        };
        // The page's script, imported after the first paint (not the lazy chunks of a script run at once).
        if (afterFirstPaint && bundle && chunk) chunk.dynamicImports.forEach(add);
        return {
          html: html
            .replace('<script type="module" crossorigin src=', '<script type="module" fetchpriority="low" crossorigin src=')
            .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" fetchpriority="low" crossorigin href='),
          tags: [...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [devApiPlugin({ serverRendered: true }), docsPlugin(), preloadAfterFirstPaint(), sourceDefineModules(DEMO_SCRIPT)],
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
