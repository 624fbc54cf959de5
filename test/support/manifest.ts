/**
 * custom-elements.json as `npm run build` makes it (the analyzer with the build's configuration), made
 * in memory from the element sources, for the tests of the manifest and of the README made from it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer/index.js';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
import config from '../../scripts/custom-elements-manifest.config.mjs';
import type { Manifest } from '../../scripts/docs-elements.js';

const root = resolve(import.meta.dirname, '../..');

function elementSources(): string[] {
  const dir = join(root, 'src/elements');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('define.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
}

export function buildManifest(): Manifest {
  const modules = elementSources().map((file) =>
    ts.createSourceFile(relative(root, file), readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  return create({ modules, plugins: [...litPlugin(), ...config.plugins] }) as Manifest;
}
