/**
 * The script-tag build's size budget. Reads the tests' shared build of `dist/cdn`, prints the figures, and
 * fails when the entry and its static imports (what a text wall downloads) grow past the budget, or
 * when hls.js or DOMPurify would be downloaded by a text wall.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { before, describe, it } from 'node:test';
import {
  CDN_ENTRY_FILE,
  COMPILE_HINT,
  collapseHtmlLiterals,
  compileHints,
  measureCdn,
  minifyCssText,
  type BuiltChunk,
  type CdnSizes,
} from '../scripts/cdn-build.js';
import { shortenablePrivateNames } from '../scripts/private-names.js';
import { sharedCdnBuild } from './support/shared-cdn-build.js';

/**
 * Bytes (gzip -9) allowed for the entry and its static imports: the ceiling (issue 15 withdrew the
 * 20 KB budget of issue 7 and set 25,600 B), a ratchet at today's figure plus a little room. Lower it
 * whenever the entry shrinks (25,342 B with localisation in it), never raise it.
 */
const ENTRY_GZIP_BUDGET = 25_105;

describe('script-tag build size', () => {
  let sizes: CdnSizes;
  let chunks: BuiltChunk[];

  before(async () => {
    ({ chunks } = await sharedCdnBuild());
    sizes = measureCdn(chunks);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
    console.log(
      `# size: ${CDN_ENTRY_FILE} + static imports = ${kb(sizes.entry.minified)} min, ${kb(sizes.entry.gzip)} gzip, ` +
        `${kb(sizes.entry.brotli)} brotli (budget ${kb(ENTRY_GZIP_BUDGET)} gzip)`,
    );
    for (const chunk of sizes.lazy) console.log(`# size: lazy ${chunk.file} = ${kb(chunk.gzip)} gzip`);
  });

  it(`keeps the entry and its static imports within ${ENTRY_GZIP_BUDGET} bytes gzip`, () => {
    assert.ok(
      sizes.entry.gzip <= ENTRY_GZIP_BUDGET,
      `the script-tag entry is ${sizes.entry.gzip} bytes gzip, over the budget of ${ENTRY_GZIP_BUDGET}`,
    );
  });

  it('keeps every language but English out of the entry: one chunk each, loaded on first use', () => {
    const eager = chunks.filter((chunk) => sizes.entry.files.includes(chunk.fileName));
    const languages = chunks
      .filter((chunk) => /^chunks\/i18n-[a-z]{2}\.js$/.test(chunk.fileName))
      .map((chunk) => chunk.fileName.slice(12, 14));
    assert.deepEqual(languages.sort(), ['ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'zh']);
    const code = eager.map((chunk) => chunk.code).join('\n');
    for (const words of ['Weiterlesen', 'Lire la suite', 'قراءة المزيد', '続きを読む'])
      assert.ok(!code.includes(words), `"${words}" is in the entry`);
    for (const words of ['Read more', 'Load more']) assert.ok(code.includes(words), `English "${words}" is in the entry`);
    // A language chunk imports nothing, and the shared runtime only the entry (already there) statically:
    // a page in one language fetches exactly the runtime and that language's chunk.
    for (const chunk of chunks.filter((chunk) => /^chunks\/i18n-[a-z]{2}\.js$/.test(chunk.fileName))) {
      assert.deepEqual([...chunk.imports, ...chunk.dynamicImports], [], `${chunk.fileName} imports nothing`);
    }
    const runtime = chunks.filter((chunk) => chunk.fileName === 'chunks/i18n-runtime.js');
    assert.equal(runtime.length, 1, 'one runtime chunk');
    assert.ok(!sizes.entry.files.includes(runtime[0]!.fileName), 'the runtime is not in the entry');
    assert.deepEqual(runtime[0]!.imports, [CDN_ENTRY_FILE], 'the runtime imports only the entry statically');
    assert.ok(!code.includes('PluralRules'), 'plural rules are not in the entry');
  });

  it('never puts hls.js, DOMPurify, the video player or the moving layouts in what a text wall downloads', () => {
    const eager = chunks
      .filter((chunk) => sizes.entry.files.includes(chunk.fileName))
      .map((chunk) => chunk.code)
      .join('\n');
    assert.doesNotMatch(eager, /hls\.js|MediaSource|levelLoaded/i, 'hls.js is in the entry');
    assert.doesNotMatch(eager, /DOMPurify|ALLOWED_TAGS\b.*uponSanitize/, 'DOMPurify is in the entry');
    assert.ok(!eager.includes('capLevelToPlayerSize'), 'the video player is in the entry');
    assert.ok(!eager.includes('aria-roledescription'), 'the carousel is in the entry');
    assert.ok(!eager.includes('testimonial-wall-marquee'), "the marquee's motion is in the entry");
    assert.ok(!eager.includes('testimonial-summary:dismissed') && !eager.includes('Loved by'), '<testimonial-summary> is in the entry');
    const lazyNames = sizes.lazy.map((chunk) => chunk.file).join(' ');
    assert.match(lazyNames, /hls/, `hls.js is a lazy chunk (lazy chunks: ${lazyNames})`);
    assert.match(lazyNames, /purify/, `DOMPurify is a lazy chunk (lazy chunks: ${lazyNames})`);
    assert.match(lazyNames, /moving-layouts/, `the carousel and marquee are a lazy chunk (lazy chunks: ${lazyNames})`);
    const summary = chunks.find((chunk) => chunk.code.includes('testimonial-summary:dismissed'));
    assert.ok(summary && !sizes.entry.files.includes(summary.fileName), '<testimonial-summary> is a lazy chunk of its own');
    assert.ok(
      !summary.code.includes('capLevelToPlayerSize') && !summary.code.includes('aria-roledescription'),
      'the summary chunk holds neither the player nor the carousel',
    );
  });

  it("starts the entry and the chunks that run on arrival with V8's compile hint, not hls.js or a language's words", () => {
    const hinted = chunks.filter((chunk) => chunk.code.startsWith(`${COMPILE_HINT}\n`)).map((chunk) => chunk.fileName);
    for (const file of [CDN_ENTRY_FILE, 'chunks/masonry-layout.js', 'chunks/moving-layouts.js', 'chunks/video-testimonial.js']) {
      assert.ok(hinted.includes(file), `${file} has no compile hint (hinted: ${hinted.join(', ')})`);
    }
    assert.deepEqual(
      hinted.filter((file) => /hls|i18n-/.test(file)),
      [],
      'hls.js and the languages are compiled as they are called',
    );
    // V8 reads the hint only before any code: anywhere else it is a comment that costs bytes.
    for (const chunk of chunks) assert.ok(!chunk.code.slice(1).includes(COMPILE_HINT), `${chunk.fileName} has the hint after its top`);
  });

  it("keeps the entry's source map exact under its compile hint", async () => {
    const { cdnDir } = await sharedCdnBuild();
    const code = readFileSync(join(cdnDir, CDN_ENTRY_FILE), 'utf8');
    const map = new SourceMap(JSON.parse(readFileSync(join(cdnDir, `${CDN_ENTRY_FILE}.map`), 'utf8')) as never);
    const at = code.indexOf('TE-TAG-TAKEN');
    const lines = code.slice(0, at).split('\n');
    const entry = map.findEntry(lines.length - 1, lines.at(-1)!.length) as { originalSource?: string; originalLine?: number };
    assert.match(entry.originalSource ?? '', /lazy-define\.ts$/);
    const source = readFileSync(join(import.meta.dirname, '../src/elements/shared/lazy-define.ts'), 'utf8').split('\n');
    assert.match(source[entry.originalLine!]!, /TE-TAG-TAKEN/);
  });
});

describe('compileHints', () => {
  type Bundle = Record<
    string,
    { type: string; fileName?: string; code?: string; isEntry?: boolean; map?: { mappings: string }; modules?: object; source?: string }
  >;
  const generate = (bundle: Bundle) => {
    const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
    hook.handler.call({}, {}, bundle);
    return bundle;
  };
  const module = (renderedLength: number) => ({ renderedLength });

  it('puts the hint above everything else in a large chunk of ours, entry or not, moving its map down a line', () => {
    const bundle = generate({
      'app.js': {
        type: 'chunk',
        fileName: 'app.js',
        isEntry: true,
        code: 'const deps=[];run()',
        map: { mappings: 'AAAA' },
        modules: { '/r/src/a.ts': module(9000) },
      },
      'page.js': { type: 'chunk', fileName: 'page.js', isEntry: true, code: 'p()', modules: { '/r/demo/page.ts': module(500) } },
      'app.js.map': { type: 'asset', source: '{"version":3,"mappings":"AAAA"}' },
      'layout.js': { type: 'chunk', fileName: 'layout.js', isEntry: false, code: 'x()', modules: { '/r/src/layout.ts': module(9000) } },
      'tiny.js': { type: 'chunk', fileName: 'tiny.js', isEntry: false, code: 'y()', modules: { '/r/src/tiny.ts': module(300) } },
      'de.js': {
        type: 'chunk',
        fileName: 'de.js',
        isEntry: false,
        code: 'z',
        modules: { '/r/src/elements/shared/translations/de.ts': module(9000) },
      },
      'hls.js': {
        type: 'chunk',
        fileName: 'hls.js',
        isEntry: false,
        code: 'h()',
        modules: { '/r/node_modules/hls.js/dist/hls.mjs': module(400000) },
      },
    });
    assert.equal(bundle['app.js']!.code, `${COMPILE_HINT}\nconst deps=[];run()`);
    assert.equal(bundle['app.js']!.map!.mappings, ';AAAA');
    assert.equal(JSON.parse(bundle['app.js.map']!.source!).mappings, ';AAAA');
    assert.equal(bundle['layout.js']!.code, `${COMPILE_HINT}\nx()`);
    for (const file of ['page.js', 'tiny.js', 'de.js', 'hls.js']) assert.ok(!bundle[file]!.code!.includes(COMPILE_HINT), file);
  });
});

/**
 * Statements that only read a property, for its effect (`el.offsetWidth;` forcing a layout), in `files`:
 * the entry's minifier assumes reading has none (`pure_getters`, scripts/cdn-build.ts) and drops them.
 */
function bareReads(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isExpressionStatement(node)) {
        let expression = node.expression;
        while (ts.isParenthesizedExpression(expression) || ts.isVoidExpression(expression)) expression = expression.expression;
        if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${path}:${line + 1}: ${node.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("the entry's minifier assumptions", () => {
  it('finds a statement that only reads a property', () => {
    const text = 'function f(el) { el.offsetWidth; void el.scrollTop; (el["x"]); el.focus(); const w = el.width; }';
    assert.deepEqual(bareReads([{ path: 'x.ts', text }]), ['x.ts:1: el.offsetWidth;', 'x.ts:1: void el.scrollTop;', 'x.ts:1: (el["x"]);']);
  });

  it('no source of the entry reads a property for its effect, which pure_getters would drop', () => {
    // What the entry is built from: the elements, the client and the entry modules (src/ssr, src/node…
    // never reach it; src/ssr reads `observedAttributes` for its effect, on the server).
    const src = join(import.meta.dirname, '../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && /^(elements\/|client\/|[\w-]+\.ts$)/.test(file))
      .map((file) => ({ path: `src/${file}`, text: readFileSync(join(src, file), 'utf8') }));
    assert.deepEqual(bareReads(files), []);
  });
});

describe('minifyCssText', () => {
  it('drops comments and white space but keeps interpolations and selector meaning', () => {
    const css = `
      /* a comment */
      :host([theme='dark']) .card > p:hover,
      a {
        color: var(--x, rgb(0, 0, 0));
        ${'${tokens}'}
        margin: 0 auto;
        background: rgb(0 0 0 / 0.72) !important;
        inline-size: calc(10.5px + 0.25em);
      }
      @media (max-width: 600px) and (prefers-reduced-motion: reduce) { a { b: c } }
      .a * .b, [data-x='9'] { gap: calc(var(--g) * 0.5) 10.5em; aspect-ratio: 16 / 9 }
      @container wall (36rem <= width < 60rem) { [part = 'x'] { opacity: 0.55 } }
      .b { grid-template-columns: repeat( auto-fill, minmax(1px, 1fr) ); block-size: calc(var(--n) * (1px + 1em) * var(--m)) }
    `;
    assert.equal(
      minifyCssText(css),
      ':host([theme=dark]) .card>p:hover,a{color:var(--x,rgb(0,0,0));${tokens} margin:0 auto;background:rgb(0 0 0/.72)!important;' +
        'inline-size:calc(10.5px + .25em)}@media (max-width:600px) and (prefers-reduced-motion:reduce){a{b:c}}' +
        ".a * .b,[data-x='9']{gap:calc(var(--g)*.5) 10.5em;aspect-ratio:16/9}@container wall (36rem<=width<60rem){[part=x]{opacity:.55}}" +
        '.b{grid-template-columns:repeat(auto-fill,minmax(1px,1fr));block-size:calc(var(--n)*(1px + 1em)*var(--m))}',
    );
  });
});

describe('collapseHtmlLiterals', () => {
  it('collapses line breaks in the markup of html and svg templates only, interpolations and other code untouched', () => {
    const plugin = collapseHtmlLiterals();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const id = join(import.meta.dirname, '../src/elements/example/example.ts');
    const code = [
      'const keep = `a',
      '  b`;',
      'const view = html`<div part="x">',
      '    ${flag ? html`<span>',
      '        one</span>` : keep.split(`',
      '`)}',
      '    <p>${text}</p>',
      '  </div>`;',
      'const icon = svg`<path',
      '  d="M0"></path>`;',
    ].join('\n');
    assert.equal(
      transform.call({}, code, id)!.code,
      [
        'const keep = `a',
        '  b`;',
        'const view = html`<div part="x"> ${flag ? html`<span> one</span>` : keep.split(`',
        '`)} <p>${text}</p> </div>`;',
        'const icon = svg`<path d="M0"></path>`;',
      ].join('\n'),
    );
    assert.equal(transform.call({}, 'const a = `x\n  y`;', id), null);
  });
});

describe('shortenablePrivateNames', () => {
  it('picks private members reached only through `this`, never a name that other code or data can reach', () => {
    const text = [
      'interface Options { viaInterface: number }',
      'class A {',
      '  private onlyThis = 1;',
      '  private viaOther = 2;',
      '  private viaString = 3;',
      '  private viaKey = 4;',
      '  private viaInterface = 5;',
      '  private publicElsewhere = 6;',
      '  private viaDestructuring = 7;',
      '  private addEventListener = 8;',
      '  private inLibrary = 9;',
      '  static override properties = { litState: { state: true }, litProperty: { attribute: false } };',
      '  private litState = 10;',
      '  private litProperty = 11;',
      '  constructor(private param: number) {}',
      '  private method(other: A): void {',
      '    this.onlyThis + this.param + other.viaOther;',
      "    new Set(['viaString']);",
      "    console.warn('onlyThis, in a sentence, names nothing.');",
      '    ({ viaKey: 1 });',
      '    const { viaDestructuring } = this;',
      '  }',
      '}',
      'class B { publicElsewhere = 1; }',
    ].join('\n');
    const foreign = ['interface EventTarget { addEventListener(): void }', 'a.inLibrary=1'];
    assert.deepEqual(shortenablePrivateNames([{ fileName: 'a.ts', text }], foreign), ['litState', 'method', 'onlyThis', 'param']);
  });
});
