/**
 * The script-tag build (`dist/cdn/testimonial-elements.js` and its lazy chunks), as a function that
 * `npm run build`, the size check and the benchmarks share, so all of them measure the same bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

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

/** Builds the script-tag bundle into `outDir` (emptied first). */
export async function buildCdn(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    // Chunk URLs relative to the entry: the file is served from any CDN path, never the site root.
    base: './',
    logLevel: 'warn',
    plugins: [minifyCssLiterals()],
    // Lit's production mode: no dev-mode warnings in the script-tag build.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      // Not lib mode: Vite's lib mode leaves ES output unminified. A JS entry with exported names kept.
      rollupOptions: {
        input: join(root, 'src/cdn.ts'),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: CDN_ENTRY_FILE, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

export interface FileSize {
  file: string;
  minified: number;
  gzip: number;
  brotli: number;
}

function sizeOfFile(dir: string, file: string): FileSize {
  const bytes = readFileSync(join(dir, file));
  return { file, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
}

/** The files an ES module loads before it runs: itself and its static imports, transitively. */
export function staticImportClosure(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    // Minified static imports: `import{a as b}from"./chunks/x.js"` or `import"./x.js"`; dynamic
    // `import("./x.js")` is excluded by requiring no parenthesis before the specifier.
    const staticSpecifier = /\b(?:import\s*(?:[\w${}\s,*]*?\bfrom\s*)?|export\s*[\w${}\s,*]*?\bfrom\s*)["'`](\.{1,2}\/[^"'`]+)["'`]/g;
    for (const match of code.matchAll(staticSpecifier)) {
      const from = join(file, '..', match[1]!);
      visit(from);
    }
  };
  visit(entry);
  return [...seen];
}

export interface CdnSizes {
  /** The entry and everything it imports statically: what a text wall downloads. */
  entry: FileSize & { files: string[] };
  /** Every chunk not loaded with the entry (hls.js, DOMPurify, the video player). */
  lazy: FileSize[];
}

export function measureCdn(dir: string): CdnSizes {
  const files = staticImportClosure(dir, CDN_ENTRY_FILE);
  const sizes = files.map((file) => sizeOfFile(dir, file));
  const sum = (key: 'minified' | 'gzip' | 'brotli') => sizes.reduce((total, size) => total + size[key], 0);
  const all = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  return {
    entry: { file: CDN_ENTRY_FILE, files, minified: sum('minified'), gzip: sum('gzip'), brotli: sum('brotli') },
    lazy: all.filter((file) => !files.includes(file)).map((file) => sizeOfFile(dir, file)),
  };
}
