/**
 * The bundles the benchmarks measure and serve, built fresh into bench/.tmp by every run:
 * - the script-tag build of `src/cdn.ts`, with `scripts/cdn-build.ts` as `npm run build` builds dist/cdn;
 * - the baseline player, Mux's `hls-video-element` from npm, bundled and minified the same way;
 * - the demo site, built with the project's vite.config.ts (what `npm start` serves, production mode).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { buildCdn, CDN_ENTRY_FILE, staticImportClosure, type BuiltChunk } from '../scripts/cdn-build.js';
import { ROOT, TMP } from './support.js';

export type { BuiltChunk };

export interface Bundle {
  outDir: string;
  /** The entry's file name, relative to `outDir`. */
  entry: string;
  chunks: Map<string, BuiltChunk>;
}

/** Builds `input` with the script-tag build's own settings (scripts/cdn-build.ts), so both measure alike. */
async function bundle(input: string, outDir: string, entryFileName: string): Promise<Bundle> {
  const chunks = await buildCdn({ outDir, input, entryFileName });
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`the build of ${input} has no entry chunk`);
  return { outDir, entry: entry.fileName, chunks: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/** The script-tag build (`dist/cdn/testimonial-elements.js` of `npm run build`). */
export function buildElements(): Promise<Bundle> {
  return bundle(join(ROOT, 'src/cdn.ts'), join(TMP, 'cdn'), CDN_ENTRY_FILE);
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

/** The entry (or `from`) and every chunk it imports statically, transitively. */
export function staticClosure(bundle: Bundle, from = bundle.entry): string[] {
  return staticImportClosure([...bundle.chunks.values()], from);
}
