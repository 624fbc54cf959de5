/**
 * The script-tag build (`dist/cdn/testimonial-elements.js` and its lazy chunks), as a function that
 * `npm run build`, the size check and the benchmarks share, so all of them measure the same bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import ts from 'typescript';
import { minify } from 'terser';
import { build, type InlineConfig, type Plugin } from 'vite';
import { minifyCss } from '../src/ssr/minify-css.js';
import { shortenablePrivateNames } from './private-names.js';
import { sourceDefineModules } from './source-side-effects.js';

const root = resolve(import.meta.dirname, '..');

export const CDN_ENTRY_FILE = 'testimonial-elements.js';

/**
 * Collapses the CSS text of Lit `css` template literals: comments and runs of white space go, and so
 * does white space around `{ } ; , > <= >= = /`, after `:` and before `!important`; numbers lose a
 * leading zero and the spaces of `* .5`, identifier attribute values their quotes. The minifier leaves
 * template literals alone, and style sheets are a third of our bytes. Interpolations (`${…}`) are kept as
 * they are.
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
 * Collapses the line breaks and indentation in the markup of Lit `html` and `svg` templates to one
 * space (to none before a tag's closing `>` or `/>`), which HTML renders the same (no template holds a line break inside `<pre>` or a
 * `white-space: pre*` element: text with its own line breaks comes in through bindings). The
 * minifier leaves template literals alone; this was ~0.16 KB gzip of the entry. TypeScript's parser
 * finds the templates' static parts, so nothing else in the code is touched.
 */
export function collapseHtmlLiterals(): Plugin {
  return {
    name: 'collapse-html-literals',
    transform(code, id) {
      if (!id.startsWith(join(root, 'src/elements')) || !/\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
      const spans: { start: number; end: number }[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isTaggedTemplateExpression(node) && /^(html|svg)$/.test(node.tag.getText(source))) {
          const template = node.template;
          const parts = ts.isNoSubstitutionTemplateLiteral(template)
            ? [template]
            : [template.head, ...template.templateSpans.map((span) => span.literal)];
          for (const part of parts) spans.push({ start: part.getStart(source), end: part.getEnd() });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (spans.length === 0) return null;
      let out = '';
      let at = 0;
      for (const { start, end } of spans.sort((a, b) => a.start - b.start)) {
        // A line break before a tag's `>` (the card's templates end tags so, to hold no white space
        // between them) goes whole; any other collapses to a space.
        out +=
          code.slice(at, start) +
          code
            .slice(start, end)
            .replace(/\s*\n\s*(?=\/?>)/g, '')
            .replace(/[ \t]*\n\s*/g, ' ');
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

/**
 * Vite wraps every dynamic `import()` in a helper that preloads the chunk's CSS and dependencies
 * (vitejs/vite#18551: even with `modulePreload: false`). The script-tag build has no CSS files and
 * preloads nothing, so the helper was ~0.5 KB gzip of dead weight in the entry; this one only imports.
 * The call sites go too (`__vitePreload(() => import(x), …)` becomes `import(x)`, ~20 B gzip in the
 * entry): padded with spaces to the same length, so no code moves and the source map stays exact.
 */
/**
 * `__vitePreload(() => LOAD, __VITE_PRELOAD__, import.meta.url)`, with LOAD (`import("…")`, maybe
 * `.then(…)` with a body of statements) captured; or `__vitePreload(async () => {…}, …)`, Vite's form
 * for an import whose `.then` destructures the module. The first `, __VITE_PRELOAD__, …)` after the
 * start ends the call: a loader holds no other preload call.
 */
const PRELOAD_CALL = /__vitePreload\((async )?\(\) => ([\s\S]*?), __VITE_PRELOAD__, import\.meta\.url\)/g;

export function plainDynamicImports(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    load(id) {
      return id === helperId ? 'export const __vitePreload = (load) => load();' : null;
    },
    renderChunk(code) {
      const out = code.replace(PRELOAD_CALL, (call, async: string | undefined, load: string) => {
        const plain = async ? `(async () => ${load})()` : load;
        return `${plain}${' '.repeat(call.length - plain.length)}`;
      });
      // Same length, same places: `map: null` keeps the chunk's source map as it is.
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * Two more assumptions, for the entry only (-44 B gzip), checked on what they change there: reading a
 * property has no side effect (`pure_getters`: a read whose value is unused goes, a value read once is
 * read where it is used), so no statement of the entry may be a bare read for its effect
 * (`el.offsetWidth;` to force a layout: call `getBoundingClientRect()`, which stays); and no function's
 * `length` is read, so unused trailing parameters go (`keep_fargs: false`). Not for the lazy chunks:
 * DOMPurify's is among them, and a sanitizer is not rewritten under assumptions nobody checked in it.
 */
const ENTRY_ASSUMPTIONS = { pure_getters: true, keep_fargs: false } as const;

/**
 * V8's compile hint (Chrome 136 on): a file that starts with this comment has all its functions compiled
 * while it downloads, on the thread that streams it, instead of each on the main thread when first
 * called. The entry's functions nearly all run on load (the elements' definitions, their first renders,
 * the first request): lazily compiled, that was 7–10 ms of main-thread CPU before the first paint of
 * README's snippet page and 12–17 ms up to its cards (63–67 and 90–111 ms with the CPU 4× slower);
 * hinted, about 1 and 3–4 ms (`bench/trace-compile.ts`, docs/performance.md). Other engines read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The rendered size (before minifying) from which a chunk gets the compile hint. */
const COMPILE_HINT_MIN_CHARS = 4000;

/** A chunk's modules and their rendered sizes, as a bundle lists them. */
interface ChunkModules {
  modules: Record<string, { renderedLength: number }>;
}

/**
 * The compile hint for a chunk of our code large enough for it to matter: the script-tag entry, an
 * element's or a layout's chunk, all of which run on arrival. Not the languages' words (data, no
 * function to compile), nor hls.js (most of it runs only on play, and compiling it all would take the
 * streaming thread longer than downloading it), nor a file of a few hundred bytes (a demo page's own
 * script, a small chunk), which compiles in microseconds either way while the hint costs 22 B gzip.
 */
export function compileHint(chunk: ChunkModules): string {
  const modules = Object.entries(chunk.modules);
  const wordsOrHls = modules.every(([id]) => /[\\/](translations[\\/][a-z]{2}\.ts|hls\.js[\\/].*)$/.test(id));
  const size = modules.reduce((sum, [, module]) => sum + module.renderedLength, 0);
  return !wordsOrHls && size >= COMPILE_HINT_MIN_CHARS ? COMPILE_HINT : '';
}

/**
 * Puts the compile hint at the top of the chunks `compileHint` names, in the script-tag build and the
 * demo's, at the end of the build: above what Vite itself puts first (the demo's list of a chunk's
 * lazy dependencies), where V8 looks for it. A chunk's source map moves down a line with its code.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Last of all (V8 reads the hint only before any code): after Vite's own additions at a chunk's top.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !compileHint(item)) continue;
          item.code = `${COMPILE_HINT}\n${item.code}`;
          // One line more at the top: every mapping moves down one line (`;` ends a line of mappings).
          if (item.map) item.map.mappings = `;${item.map.mappings}`;
          const mapAsset = bundle[`${item.fileName}.map`];
          if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            mapAsset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * A second minifier pass over our own chunks: Terser (three compress passes) after Vite's own minifier
 * takes another ~0.24 KB gzip off the entry, which is capped by a ratchet. `unsafe_arrows` (-32 B) turns
 * function expressions that use no `this` into arrows: nothing of ours or Lit's calls `new` on one or
 * reads its `prototype`, which is the case it is unsafe for. Vite's `minify: 'terser'`
 * alone saved a fifth of that and made the build a minute long (hls.js), so hls.js's chunks are left as
 * their authors minified them. The source map is composed with the incoming one, so it stays exact.
 *
 * It also shortens the names of our private class members that only their own class reaches
 * (`shortenablePrivateNames`: -0.3 KB gzip), the same way in every chunk (one name cache, the entry
 * first). A short name never equals a property name that any chunk already uses.
 */
export function terserOwnChunks(): Plugin {
  return {
    name: 'terser-own-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.entries(bundle)
        .flatMap(([fileName, item]) => (item.type === 'chunk' && !/(^|\/)hls[.-]/.test(fileName) ? [[fileName, item] as const] : []))
        .sort(([, a], [, b]) => Number(b.isEntry) - Number(a.isEntry));
      const names = privateNamesToShorten(bundle);
      const props = {
        regex: new RegExp(`^(?:${names.join('|')})$`),
        reserved: [...shortPropertyNames(Object.values(bundle).map((item) => (item.type === 'chunk' ? item.code : '')))],
      };
      let propsCache: unknown;
      for (const [fileName, item] of chunks) {
        const mapAsset = bundle[`${fileName}.map`];
        const nameCache: { props?: unknown } = { props: propsCache };
        const compress = { passes: 3, unsafe_arrows: true, ...(item.isEntry ? ENTRY_ASSUMPTIONS : {}) };
        const sourceMap = (content: unknown) =>
          content ? { content: JSON.stringify(content), url: `${fileName.split('/').pop()}.map`, includeSources: true } : false;
        let result = await minify(item.code, {
          module: true,
          ecma: 2020,
          compress,
          mangle: names.length > 0 ? { properties: props } : true,
          nameCache,
          format: { comments: false },
          sourceMap: sourceMap(item.map),
        });
        // The entry once more, as the first pass left it (-9 B gzip: what its compressing made newly
        // possible, and local names given anew by how often each is now used); properties keep their names.
        if (item.isEntry && result.code !== undefined) {
          result = await minify(result.code, {
            module: true,
            ecma: 2020,
            compress,
            mangle: true,
            format: { comments: false },
            sourceMap: sourceMap(typeof result.map === 'string' ? JSON.parse(result.map) : undefined),
          });
        }
        propsCache = nameCache.props;
        if (result.code === undefined) throw new Error(`terser returned no code for ${fileName}`);
        item.code = result.code;
        if (mapAsset?.type === 'asset' && typeof result.map === 'string') {
          mapAsset.source = result.map;
          item.map = JSON.parse(result.map) as typeof item.map;
        }
      }
    },
  };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The names a declaration file declares (its members, and its parameters and types), as a
 * line of words: what the platform or a library can reach by name. Its comments' words reach nothing, and taking them
 * too kept names such as ours from being shortened for a word in some JSDoc.
 */
function declaredMemberNames(text: string): string {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) names.push(name.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('lib.d.ts', text, ts.ScriptTarget.Latest, false));
  return names.join(' ');
}

/**
 * The private member names of our sources (all of `src`, type-only modules included) that nothing but
 * their class reaches, given the names the platform's types declare and the bundled libraries' code.
 */
function privateNamesToShorten(bundle: Bundle): string[] {
  const tsLib = join(root, 'node_modules/typescript/lib');
  const foreign = readdirSync(tsLib)
    .filter((file) => /^lib\..*\.d\.ts$/.test(file))
    .map((file) => declaredMemberNames(readFileSync(join(tsLib, file), 'utf8')));
  // hls.js reaches our objects only through what its types declare (a loader we subclass, the config
  // we hand it): its minified code's own words, which we never rename, do not keep ours long.
  foreign.push(declaredMemberNames(readFileSync(join(root, 'node_modules/hls.js/dist/hls.d.ts'), 'utf8')));
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    for (const id of Object.keys(item.modules)) {
      // The library code as bundled (Lit, DOMPurify), whose property names must all stay.
      if (!id.startsWith(join(root, 'src')) && !id.includes('/node_modules/hls.js/')) foreign.push(item.modules[id]?.code ?? '');
    }
  }
  const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ fileName: file, text: readFileSync(join(root, 'src', file), 'utf8') }));
  return shortenablePrivateNames(sources, foreign);
}

/** Property names of up to three characters in minified code (`x.ab`, `{ab:…}`): the ones a shortened name could take. */
function shortPropertyNames(codes: string[]): Set<string> {
  const names = new Set<string>();
  for (const code of codes) {
    for (const [, dotted, key] of code.matchAll(/\.([A-Za-z_$][\w$]{0,2})(?![\w$])|([A-Za-z_$][\w$]{0,2})\s*:/g)) names.add(dotted ?? key!);
  }
  return names;
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
    .map((part) => (part.startsWith('${') ? part : minifyCss(part)))
    .join('')
    .trim();
}

export interface CdnBuildOptions {
  outDir: string;
  /** Defaults to `src/cdn.ts`, the script-tag entry; the benchmarks bundle their baseline with the same settings. */
  input?: string;
  entryFileName?: string;
}

/**
 * Lazy chunks are named after their module; an element's `define` module names its chunk after the
 * element's folder instead ("video-testimonial", "testimonial-summary"), so two such chunks (and their
 * figures in the bench) are told apart.
 *
 * No content hash in the names: every chunk's URL is written in the entry (or another chunk), and a
 * hash is eight characters gzip cannot shrink, ~0.1 KB of the entry for its dozen lazy imports (and
 * ~0.2 KB for the fourteen languages' map). The chunks change with a release only, as the entry itself
 * (`testimonial-elements.js`, never hashed) does: a versioned CDN path tells releases apart, and one
 * release's entry always asks for that release's chunks.
 */
function chunkFileName(chunk: { facadeModuleId?: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  // A built-in language's words: named by the language alone (`chunks/i18n-de.js`).
  const lang = /[\\/]shared[\\/]translations[\\/]([a-z]{2})\.ts$/.exec(id)?.[1];
  if (lang) return `chunks/i18n-${lang}.js`;
  const element = /[\\/]elements[\\/]([\w-]+)[\\/]define\.ts$/.exec(id)?.[1];
  return `chunks/${element ?? '[name]'}.js`;
}

/** The Vite configuration of the script-tag build. */
export function cdnBuildConfig({
  outDir,
  input = join(root, 'src/cdn.ts'),
  entryFileName = CDN_ENTRY_FILE,
}: CdnBuildOptions): InlineConfig {
  return {
    configFile: false,
    root,
    // Chunk URLs relative to the entry: the file is served from any CDN path, never the site root.
    base: './',
    logLevel: 'warn',
    plugins: [
      minifyCssLiterals(),
      collapseHtmlLiterals(),
      plainDynamicImports(),
      sourceDefineModules(),
      noVendorSourcemaps(),
      terserOwnChunks(),
      compileHints(),
    ],
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
        // The second minifier pass is slow by design (~7 s); no need to warn about it on every build.
        checks: { bundlerTimings: false },
        output: {
          entryFileNames: entryFileName,
          chunkFileNames: chunkFileName,
          // Everything the entry imports statically stays in the entry. Left to itself, Rolldown moves
          // modules the entry shares with a lazy chunk (Lit, the localisation) into chunks of their own
          // once a lazy chunk that reaches them is added (<testimonial-form>'s did: +1 KB gzip in three
          // files), although the entry has always loaded them first (rolldown/rolldown#10731). A group
          // of the entry's modules named as the entry keeps them in it.
          codeSplitting: { groups: [{ name: 'testimonial-elements', tags: ['$initial'] }] },
        },
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
        ? [
            {
              fileName: item.fileName,
              code: item.code,
              isEntry: item.isEntry,
              imports: [...item.imports],
              dynamicImports: [...item.dynamicImports],
            },
          ]
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
  return {
    file: chunk.fileName,
    minified: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes).length,
  };
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
