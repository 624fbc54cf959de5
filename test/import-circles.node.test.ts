/**
 * No import circle in src/: no module reaches itself through its imports, type-only imports and
 * `import()` of lazy chunks included (a lazy chunk that imports back from the module that loads it is
 * a circle too: what both need belongs in a leaf they share, as `i18n-state.ts` and `text-segment.ts`).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { importCircles, importGraph } from './support/import-graph.js';

describe('the import graph of src/', () => {
  it('has no circle', () => {
    const graph = importGraph(join(import.meta.dirname, '../src'), { dynamic: true });
    assert.ok(graph.size > 50, `the sources were read (${graph.size} modules)`);
    assert.deepEqual(importCircles(graph), []);
  });

  it('finds a circle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', []],
    ]);
    assert.deepEqual(importCircles(graph), [['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
