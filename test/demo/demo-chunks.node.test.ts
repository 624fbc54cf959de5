/**
 * The demo build's chunking (scripts/demo-chunks.ts, used by vite.config.ts): the elements' static code
 * as one chunk, and the lazy chunks a page names preloaded after its script.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Rollup } from 'vite';
import { elementsChunk, preloadModules } from '../../scripts/demo-chunks.js';

const ROOT = '/repo';

function chunk(fileName: string, moduleIds: string[], imports: string[] = []): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports } as unknown as Rollup.OutputChunk;
}

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/page-1.js', ['/repo/demo/page.ts']),
    chunk('assets/elements-1.js', ['/repo/src/define.ts', '/repo/src/shared.ts']),
    chunk('assets/moving-layouts-1.js', ['/repo/src/moving-layouts.ts'], ['assets/elements-1.js', 'assets/styles-1.js']),
    chunk('assets/styles-1.js', ['/repo/src/styles.ts']),
  ].map((output) => [output.fileName, output]),
);

const PAGE = `<head>
    <script type="module" src="/assets/page-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/elements-1.js">
    <meta name="preload-modules" content="src/moving-layouts.ts" />
  </head>`;

function transform(html: string): string {
  const hook = preloadModules(ROOT).transformIndexHtml as { handler: IndexHtmlTransformHook };
  const context = { filename: '/repo/demo/page.html', path: '/page.html', bundle: BUNDLE } as IndexHtmlTransformContext;
  return hook.handler.call({} as never, html, context) as string;
}

describe('preloadModules', () => {
  it("preloads a named module's chunk and what it imports, after the page's own, each once", () => {
    const html = transform(PAGE);
    assert.ok(!html.includes('preload-modules'), html);
    const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)">/g)].map((match) => match[1]);
    assert.deepEqual(links, ['assets/elements-1.js', 'assets/moving-layouts-1.js', 'assets/styles-1.js']);
    assert.ok(html.indexOf('moving-layouts') > html.indexOf('<script'), html);
  });

  it('says which module is in no chunk of the build', () => {
    assert.throws(
      () => transform(PAGE.replace('src/moving-layouts.ts', 'src/no-such-module.ts')),
      /page\.html: preload-modules names src\/no-such-module\.ts, which is in no chunk/,
    );
  });

  it('leaves a page without the meta as it is', () => {
    const html = '<head><script type="module" src="/assets/page-1.js"></script></head>';
    assert.equal(transform(html), html);
  });
});

describe('elementsChunk', () => {
  it('puts what the entry imports statically in one chunk, and nothing it imports only dynamically', () => {
    const graph: Record<string, string[]> = {
      '/repo/src/define.ts': ['/repo/src/wall.ts', '/repo/src/card.ts'],
      '/repo/src/wall.ts': ['/repo/src/shared.ts'],
      '/repo/src/card.ts': ['/repo/src/shared.ts'],
      '/repo/src/shared.ts': [],
      // Imported by wall.ts with import(): not among its importedIds.
      '/repo/src/moving-layouts.ts': ['/repo/src/shared.ts'],
    };
    const name = elementsChunk('/repo/src/define.ts');
    const context = { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id]! } : null) };
    const chunks = Object.keys(graph).map((id) => `${id.slice(10)} ${name(id, context)}`);
    assert.deepEqual(chunks, [
      'define.ts elements',
      'wall.ts elements',
      'card.ts elements',
      'shared.ts elements',
      'moving-layouts.ts null',
    ]);
  });
});
