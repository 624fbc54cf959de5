import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { devApiPlugin } from './scripts/dev-api-plugin.js';
import { docsPlugin } from './scripts/docs-plugin.js';
import { sourceDefineModules } from './scripts/source-side-effects.js';

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

/**
 * `<meta name="preload-modules" content="src/… src/…">` in a page's source names the lazy chunks its
 * elements import on first use for its first screen (the overview's carousel: its layout chunk): the
 * build puts a `<link rel="modulepreload">` for each (and the chunks it imports) at the head's end,
 * after the page's own script and chunks, so they come with that script instead of a round trip after
 * it has run (on a phone's connection, 150 ms or more). In development the meta is inert.
 */
function preloadModules(): Plugin {
  return {
    name: 'preload-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle = {} }) {
        const meta = /<meta name="preload-modules" content="([^"]*)"\s*\/?>/.exec(html);
        if (!meta) return html;
        const chunks = new Map(
          Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const files = new Set<string>();
        const add = (file: string): void => {
          // A chunk the page loads already (its script's static imports) is not asked for twice.
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) add(imported);
        };
        for (const path of meta[1]!.split(/\s+/).filter(Boolean)) {
          const id = resolve(import.meta.dirname, path);
          const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`${filename}: preload-modules names ${path}, which is in no chunk of the build`);
          add(chunk.fileName);
        }
        const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace(meta[0], '').replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

const ELEMENTS_ENTRY = resolve(import.meta.dirname, 'src/define.ts');

/**
 * The chunk of every module `src/define.ts` imports statically (the elements, Lit, the shared code),
 * or null for any other module. Every demo page with a script loads all of them before its first
 * paint (`blocking="render"`); left to the automatic splitting they came as ten chunks (split along
 * what the lazy chunks share), ten requests on the render-blocking path where one will do: on a
 * phone's connection each request beyond the browser's six per origin waits a round trip. The lazy
 * chunks (layouts, languages, summary, form, hls.js) stay chunks of their own.
 */
function elementsChunk(): (id: string, context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => string | null {
  let closure: Set<string> | undefined;
  return (id, context) => {
    if (!closure) {
      closure = new Set();
      // Vite's polyfill, imported by every page's script, comes with them.
      const pending = [ELEMENTS_ENTRY, '\0vite/modulepreload-polyfill.js'];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (closure.has(next)) continue;
        closure.add(next);
        pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return closure.has(id) ? 'elements' : null;
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [devApiPlugin({ serverRendered: true }), docsPlugin(), keepRenderBlocking(), preloadModules(), sourceDefineModules()],
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
      output: { codeSplitting: { groups: [{ name: elementsChunk(), debugName: 'elements' }] } },
    },
  },
});
