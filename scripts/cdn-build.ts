/**
 * The script-tag build (`dist/cdn/testimonial-elements.js` and its lazy chunks), as a function that
 * `npm run build`, the size check and the benchmarks share, so all of them measure the same bytes.
 */
import { join, resolve } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { build, type InlineConfig, type Plugin } from 'vite';
import { sourceDefineModules } from './source-side-effects.js';

const root = resolve(import.meta.dirname, '..');

export const CDN_ENTRY_FILE = 'testimonial-elements.js';

/**
 * Collapses the CSS text of Lit `css` template literals: comments and runs of white space go, and so
 * does white space around `{ } ; , >` and after `:`. The minifier leaves template literals alone, and
 * style sheets are a third of our bytes. Interpolations (`${…}`) are kept as they are.
 */
export function minifyCssLiterals(): Plugin {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!id.startsWith(join(root, 'src')) || !/\.styles\.ts$/.test(id)) return null;
      const out = code.replace(/\bcss`((?:[^`\\]|\\.)*)`/g, (_, body: string) => `css\`${minifyCssText(body)}\``);
      return { code: out, map: null };
    },
  };
}

/**
 * Vite wraps every dynamic `import()` in a helper that preloads the chunk's CSS and dependencies
 * (vitejs/vite#18551: even with `modulePreload: false`). The script-tag build has no CSS files and
 * preloads nothing, so the helper was ~0.5 KB gzip of dead weight in the entry; this one only imports.
 */
export function plainDynamicImports(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    load(id) {
      return id === helperId ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}

/**
 * Drops the source map of hls.js's chunk (1.5 MB, three times the published package's other maps
 * together): it maps third-party code, minified by its own authors' build before ours, which no user of
 * this package debugs. Our own chunks keep their maps, with the sources inside (`sourcesContent`), so
 * every map that ships resolves.
 */
export function noVendorSourcemaps(): Plugin {
  return {
    name: 'no-vendor-sourcemaps',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk' || !/(^|\/)hls[.-]/.test(fileName)) continue;
        delete bundle[`${fileName}.map`];
        item.map = null;
        item.code = item.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
      }
    },
  };
}

export function minifyCssText(text: string): string {
  return text
    .split(/(\$\{[^}]*\})/)
    .map((part) =>
      part.startsWith('${')
        ? part
        : part
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .replace(/;}/g, '}'),
    )
    .join('')
    .trim();
}

export interface CdnBuildOptions {
  outDir: string;
  /** Defaults to `src/cdn.ts`, the script-tag entry; the benchmarks bundle their baseline with the same settings. */
  input?: string;
  entryFileName?: string;
}

/** The Vite configuration of the script-tag build. */
export function cdnBuildConfig({ outDir, input = join(root, 'src/cdn.ts'), entryFileName = CDN_ENTRY_FILE }: CdnBuildOptions): InlineConfig {
  return {
    configFile: false,
    root,
    // Chunk URLs relative to the entry: the file is served from any CDN path, never the site root.
    base: './',
    logLevel: 'warn',
    plugins: [minifyCssLiterals(), plainDynamicImports(), sourceDefineModules(), noVendorSourcemaps()],
    // Lit's production mode: no dev-mode warnings in the script-tag build.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      // No module-preload helper in the entry: the lazy chunks are fetched when they are needed anyway.
      modulePreload: false,
      // hls.js is big by nature and loaded only on play: not a mistake to warn about.
      chunkSizeWarningLimit: 1000,
      // Not lib mode: Vite's lib mode leaves ES output unminified. A JS entry with exported names kept.
      rollupOptions: {
        input,
        preserveEntrySignatures: 'allow-extension',
        output: { entryFileNames: entryFileName, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

/** One JavaScript file of a build and its edges in the module graph. */
export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}

/** Builds with `cdnBuildConfig` (into `outDir`, emptied first) and returns the JavaScript files written. */
export async function buildCdn(options: CdnBuildOptions | string): Promise<BuiltChunk[]> {
  const result = await build(cdnBuildConfig(typeof options === 'string' ? { outDir: options } : options));
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => {
    if (!('output' in output)) throw new Error('vite build returned a watcher; expected a one-off build');
    return output.output.flatMap((item) =>
      item.type === 'chunk'
        ? [{ fileName: item.fileName, code: item.code, isEntry: item.isEntry, imports: [...item.imports], dynamicImports: [...item.dynamicImports] }]
        : [],
    );
  });
}

export interface FileSize {
  file: string;
  minified: number;
  gzip: number;
  brotli: number;
}

function sizeOf(chunk: BuiltChunk): FileSize {
  const bytes = Buffer.from(chunk.code);
  return { file: chunk.fileName, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
}

/**
 * The entry (or the chunk `from`) and the chunks it imports statically, transitively: what a page
 * downloads before that code runs.
 */
export function staticImportClosure(chunks: BuiltChunk[], from?: string): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const chunk = byName.get(name);
    if (!chunk) throw new Error(`${name} is imported but not in the build`);
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  const start = from ?? chunks.find((chunk) => chunk.isEntry)?.fileName;
  if (!start) throw new Error('the build has no entry chunk');
  visit(start);
  return [...seen];
}

export interface CdnSizes {
  /** The entry and everything it imports statically: what a text wall downloads. */
  entry: FileSize & { files: string[] };
  /** Every chunk not loaded with the entry (hls.js, DOMPurify, the video player). */
  lazy: FileSize[];
}

export function measureCdn(chunks: BuiltChunk[]): CdnSizes {
  const files = staticImportClosure(chunks);
  const sizes = chunks.filter((chunk) => files.includes(chunk.fileName)).map(sizeOf);
  const sum = (key: 'minified' | 'gzip' | 'brotli') => sizes.reduce((total, size) => total + size[key], 0);
  return {
    entry: { file: CDN_ENTRY_FILE, files, minified: sum('minified'), gzip: sum('gzip'), brotli: sum('brotli') },
    lazy: chunks.filter((chunk) => !files.includes(chunk.fileName)).map(sizeOf),
  };
}
