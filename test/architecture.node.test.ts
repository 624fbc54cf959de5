/**
 * The rooms of `src/` and what each may import (DESIGN.md, "Parts and their rooms"): arrows point down
 * the table only, so the proxy never loads an element or the renderer, the renderer never loads the
 * proxy or a CLI, and the client stays free of the DOM's libraries. Read from the sources' import
 * statements (type-only imports included: a type import is still a tie between rooms).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

/** Each room and the rooms it may import besides itself. `entry` is a file directly in `src/`. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  client: [],
  elements: ['client'],
  ssr: ['elements', 'client'],
  proxy: ['client'],
  sandbox: ['client'],
  types: ['elements', 'client'],
  entry: ['elements', 'client', 'entry'],
  node: ['client', 'elements', 'ssr', 'proxy', 'sandbox', 'entry'],
};

/** Packages a room must not load, whatever the table says of our own rooms. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  client: /^(lit|lit-html|@lit|dompurify|hls\.js|hono|@hono)(\/|$)/,
  proxy: /^(lit|lit-html|@lit|@lit-labs|dompurify|hls\.js|jsdom)(\/|$)/,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function roomOf(file: string): string {
  const [first, ...rest] = relative(src, file).split('/');
  return rest.length ? first! : 'entry';
}

/** Every module specifier a file names: static imports and re-exports, side-effect imports, `import()`. */
function specifiers(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** A relative specifier resolved to the `.ts` file it names. */
function resolveLocal(from: string, specifier: string): string {
  return resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
}

const files = sourceFiles(src);

describe('the rooms of src/ (DESIGN.md)', () => {
  it('every file imports only from its own room and the rooms below it', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const room = roomOf(file);
      const allowed = MAY_IMPORT[room];
      assert.ok(allowed, `src/${relative(src, file)}: a room the table does not know ("${room}"): add it to DESIGN.md and this test`);
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = resolveLocal(file, specifier);
          if (!target.startsWith(src)) continue;
          const targetRoom = roomOf(target);
          if (targetRoom !== room && !allowed.includes(targetRoom)) {
            wrong.push(`src/${relative(src, file)} (${room}) imports src/${relative(src, target)} (${targetRoom})`);
          }
        } else if (FORBIDDEN_PACKAGES[room]?.test(specifier)) {
          wrong.push(`src/${relative(src, file)} (${room}) imports the package ${specifier}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('reads the import forms the sources use', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { b,\n  c } from '../b.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "import './f.js';",
      "const g = await import('./g.js');",
    ].join('\n');
    assert.deepEqual(specifiers(text).sort(), ['../b.js', './a.js', './d.js', './e.js', './f.js', './g.js']);
  });
});
