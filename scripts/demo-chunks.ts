/**
 * How the demo build cuts its chunks (vite.config.ts): the elements' static code as one chunk, and a
 * page's own list of the lazy chunks its first screen needs, preloaded.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const repoRoot = resolve(import.meta.dirname, '..');

/**
 * `<meta name="preload-modules" content="src/… src/…">` in a page's source names the lazy chunks its
 * elements import on first use for its first screen (the overview's carousel: its layout chunk): the
 * build puts a `<link rel="modulepreload">` for each (and the chunks it imports) at the head's end,
 * after the page's own script and chunks, so they come with that script instead of a round trip after
 * it has run (on a phone's connection, 150 ms or more). In development the meta is inert.
 */
export function preloadModules(root = repoRoot): Plugin {
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
          const id = resolve(root, path);
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

/**
 * The chunk of every module `entry` (`src/cdn.ts`, the script-tag build's entry) imports statically
 * (the elements, Lit, the shared code), or null for any other module. Every demo page with a script
 * loads all of them before its first paint (`blocking="render"`); left to the automatic splitting they
 * came as ten chunks (split along what the lazy chunks share), ten requests on the render-blocking
 * path where one will do: on a phone's connection each request beyond the browser's six per origin
 * waits a round trip. The lazy chunks (layouts, languages, summary, form, the player, hls.js) stay
 * chunks of their own.
 */
export function elementsChunk(
  entry: string,
): (id: string, context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => string | null {
  let closure: Set<string> | undefined;
  return (id, context) => {
    if (!closure) {
      closure = new Set();
      // Vite's polyfill, imported by every page's script, comes with them.
      const pending = [entry, '\0vite/modulepreload-polyfill.js'];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (closure.has(next)) continue;
        closure.add(next);
        pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return closure.has(id) ? 'elements' : null;
  };
}
