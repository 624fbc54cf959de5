/**
 * The rooms of `src/` and what each may import (DESIGN.md, "Parts and their rooms"): arrows point down
 * the table only, so the proxy never loads an element or the renderer, the renderer never loads the
 * proxy or a command, and the client stays free of the DOM's libraries. Read from the sources' imports,
 * type-only ones and `import()` included (a type import is still a tie between rooms).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { importGraph, moduleSpecifiers } from './support/import-graph.js';

const src = join(import.meta.dirname, '../src');

/** Each room and the rooms it may import besides itself; `entry` is a file directly in `src/`. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  client: [],
  elements: ['client'],
  ssr: ['elements', 'client'],
  proxy: ['client'],
  sandbox: ['client'],
  types: ['elements', 'client'],
  entry: ['elements', 'client'],
  node: ['client', 'elements', 'ssr', 'proxy', 'sandbox', 'entry'],
};

/** Packages a room must not load, whatever the table says of our own rooms. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  client: /^(lit|lit-html|@lit|@lit-labs|dompurify|hls\.js|hono|@hono|jsdom)(\/|$)/,
  proxy: /^(lit|lit-html|@lit|@lit-labs|dompurify|hls\.js|jsdom)(\/|$)/,
};

/** `proxy/index.ts` is in room `proxy`; `index.ts` is an `entry`. */
function roomOf(module: string): string {
  const [first, ...rest] = module.split('/');
  return rest.length ? first! : 'entry';
}

/** What breaks the table in `graph`: one line per arrow that points up, or per forbidden package. */
function wrongArrows(graph: Map<string, string[]>, packagesOf: (module: string) => string[]): string[] {
  const wrong: string[] = [];
  for (const [module, imports] of graph) {
    const room = roomOf(module);
    const allowed = MAY_IMPORT[room];
    if (!allowed) {
      wrong.push(`src/${module}: a room the table does not know ("${room}"): add it to DESIGN.md and this test`);
      continue;
    }
    for (const target of imports) {
      const targetRoom = roomOf(target);
      if (targetRoom !== room && !allowed.includes(targetRoom)) wrong.push(`src/${module} (${room}) imports src/${target} (${targetRoom})`);
    }
    for (const specifier of packagesOf(module)) {
      if (FORBIDDEN_PACKAGES[room]?.test(specifier)) wrong.push(`src/${module} (${room}) imports the package ${specifier}`);
    }
  }
  return wrong;
}

describe('the rooms of src/ (DESIGN.md)', () => {
  it('every module imports only from its own room and the rooms below it', () => {
    const graph = importGraph(src, { dynamic: true });
    assert.ok(graph.size > 50, `the sources were read (${graph.size} modules)`);
    const packagesOf = (module: string) =>
      moduleSpecifiers(readFileSync(join(src, module), 'utf8'), { dynamic: true }).filter((specifier) => !specifier.startsWith('.'));
    assert.deepEqual(wrongArrows(graph, packagesOf), []);
  });

  it('finds an arrow that points up (the check can fail)', () => {
    const graph = new Map([
      ['ssr/index.ts', ['proxy/render-routes.ts', 'elements/x.ts']],
      ['proxy/index.ts', ['client/index.ts']],
      ['client/index.ts', []],
      ['odd/thing.ts', []],
    ]);
    const packagesOf = (module: string) => (module === 'client/index.ts' ? ['lit'] : []);
    assert.deepEqual(wrongArrows(graph, packagesOf), [
      'src/ssr/index.ts (ssr) imports src/proxy/render-routes.ts (proxy)',
      'src/client/index.ts (client) imports the package lit',
      'src/odd/thing.ts: a room the table does not know ("odd"): add it to DESIGN.md and this test',
    ]);
  });
});
