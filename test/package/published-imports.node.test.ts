/**
 * The published declarations name only packages an installer gets: every package a `.d.ts` in the
 * tarball imports (statically, by `import()` type or by a `/// <reference types>`) is a dependency or a
 * peer dependency of the package, or one of Node's own modules. A dev dependency there type-checks here
 * and fails for every user who type-checks with `skipLibCheck: false` (TS2307: `schema-dts` was one);
 * a package that a dependency brings (`lit-html`, through `lit`) is found only where the installer
 * hoists it (not under pnpm). The one exception: a framework's typing entry (`dist/types/react.d.ts`)
 * imports that framework, which only an app built with it imports.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import ts from 'typescript';
import { packedPackage } from '../support/packed-package.js';

/** The framework each typing entry (`dist/types/<name>.d.ts`) augments. */
const FRAMEWORK_OF_TYPINGS: Record<string, string> = {
  'dist/types/react.d.ts': 'react',
  'dist/types/react-18.d.ts': 'react',
  'dist/types/vue.d.ts': 'vue',
  'dist/types/solid.d.ts': 'solid-js',
  'dist/types/svelte.d.ts': 'svelte',
};

/** `lit/decorators.js` → `lit`, `@lit-labs/ssr/lib/x.js` → `@lit-labs/ssr`; undefined for a relative path. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package names each declaration file imports, by path under the package. */
function importsOfDeclarations(packageDir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const files = readdirSync(packageDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.d\.[cm]?ts$/.test(file))
    .map((file) => file.split('\\').join('/'));
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(packageDir, file), 'utf8'), true, true);
    const specifiers = [...info.importedFiles, ...info.typeReferenceDirectives].map((reference) => reference.fileName);
    found.set(file, new Set(specifiers.map(packageOf).filter((name): name is string => name !== undefined)));
  }
  return found;
}

describe('the published declarations', () => {
  let dir: string;
  before(async () => {
    ({ dir } = await packedPackage());
  });

  it('import only dependencies, peer dependencies and Node modules', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const allowed = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
      ...builtinModules,
      ...builtinModules.map((name) => `node:${name}`),
    ]);
    const declarations = importsOfDeclarations(dir);
    assert.ok(declarations.size > 20, `the tarball holds declarations (${declarations.size})`);
    const wrong = [...declarations].flatMap(([file, names]) =>
      [...names].filter((name) => !allowed.has(name) && name !== FRAMEWORK_OF_TYPINGS[file]).map((name) => `${file} imports ${name}`),
    );
    assert.deepEqual(wrong, [], 'packages a user installing testimonial-elements does not get');
  });
});
