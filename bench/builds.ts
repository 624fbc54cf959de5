/**
 * The bundles the benchmarks measure and serve, built fresh into bench/.tmp by every run:
 * - the script-tag build of `src/define.ts`, configured as `scripts/build.ts` builds dist/cdn;
 * - the baseline player, Mux's `hls-video-element` from npm, bundled and minified the same way;
 * - the demo site, built with the project's vite.config.ts (what `npm start` serves, production mode).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type InlineConfig } from 'vite';
import { ROOT, TMP } from './support.js';

/** One JavaScript file of a build and its edges in the module graph. */
export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}

export interface Bundle {
  outDir: string;
  /** The entry's file name, relative to `outDir`. */
  entry: string;
  chunks: Map<string, BuiltChunk>;
}

/** Vite's result holds one output, an array of them, or a watcher (never here). */
function chunksOf(result: Awaited<ReturnType<typeof build>>): BuiltChunk[] {
  const outputs = Array.isArray(result) ? result : [result];
  const chunks: BuiltChunk[] = [];
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('vite build returned a watcher; expected a one-off build');
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      chunks.push({
        fileName: item.fileName,
        code: item.code,
        isEntry: item.isEntry,
        imports: [...item.imports],
        dynamicImports: [...item.dynamicImports],
      });
    }
  }
  return chunks;
}

async function bundle(input: string, outDir: string, entryFileName: string): Promise<Bundle> {
  const config: InlineConfig = {
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      // The baseline bundles full hls.js (~600 KB): known, and measured here, not a mistake to warn about.
      chunkSizeWarningLimit: 1000,
      rollupOptions: {
        input,
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: entryFileName, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const chunks = chunksOf(await build(config));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`the build of ${input} has no entry chunk`);
  return { outDir, entry: entry.fileName, chunks: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/** The script-tag build (`dist/cdn/testimonial-elements.js` of `npm run build`). */
export function buildElements(): Promise<Bundle> {
  return bundle(join(ROOT, 'src/define.ts'), join(TMP, 'cdn'), 'testimonial-elements.js');
}

/** `hls-video-element` as a page would ship it: one minified ES module (hls.js included). */
export function buildHlsVideoElement(): Promise<Bundle> {
  const entry = join(TMP, 'hls-video-entry.js');
  mkdirSync(TMP, { recursive: true });
  writeFileSync(entry, "import 'hls-video-element';\n");
  return bundle(entry, join(TMP, 'hls-video'), 'hls-video-element.js');
}

/** The demo site in production mode, into `outDir` (its pages reach the API at `/api`). */
export async function buildDemo(): Promise<string> {
  const outDir = join(TMP, 'demo');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** The entry and every chunk it imports statically, transitively: what a page downloads before anything else. */
export function staticClosure(bundle: Bundle, from = bundle.entry): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const chunk = bundle.chunks.get(name);
    if (!chunk) throw new Error(`${name} is imported but not in the build`);
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  visit(from);
  return [...seen];
}
