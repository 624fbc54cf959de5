/**
 * The framework typings (src/types/*) compiled against small programs, each with uses that must
 * compile and `@ts-expect-error` lines that must not (an unused `@ts-expect-error` is itself an error,
 * so a declaration that stopped checking fails here). Solid is not installed: a minimal stand-in of its
 * JSX namespace is served to the compiler, which is all the augmentation needs.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');
const fixtureDir = join(root, 'test/frameworks/__virtual__');
const types = '../../../src/types';

const SOLID_STUB = `export namespace JSX {
  interface HTMLAttributes<T> { class?: string; id?: string; ref?: T | ((element: T) => void); children?: unknown }
  interface IntrinsicElements { div: HTMLAttributes<HTMLDivElement> }
}`;

const virtualFiles = new Map<string, string>([
  [join(root, 'node_modules/solid-js/package.json'), JSON.stringify({ name: 'solid-js', version: '1.9.0', types: 'index.d.ts' })],
  [join(root, 'node_modules/solid-js/index.d.ts'), SOLID_STUB],
]);

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
  return { ...options, noEmit: true, jsx: ts.JsxEmit.ReactJSX, types: [] };
}

/** Ambient declarations of the sources (e.g. `hls.js/light`), which `tsconfig.json` includes by folder. */
function ambientDeclarations(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => join(root, 'src', file));
}

/**
 * Compiles all fixtures as one program (one compile instead of six; the typings do not collide, since
 * React 18's global JSX is unused under React 19's types) and returns each fixture's diagnostics.
 * Diagnostics in other files than fixtures are reported under `other`.
 */
function compileFixtures(files: Record<string, string>): Map<string, string[]> {
  const sources = new Map([...virtualFiles, ...Object.entries(files).map(([name, text]) => [join(fixtureDir, name), text] as const)]);
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (file) => sources.has(file) || fileExists.call(host, file);
  host.directoryExists = (dir) =>
    [...sources.keys()].some((file) => file.startsWith(`${dir}/`)) || (directoryExists?.call(host, dir) ?? false);
  host.readFile = (file) => sources.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError) => {
    const text = sources.get(file);
    return text !== undefined ? ts.createSourceFile(file, text, language) : getSourceFile.call(host, file, language, onError);
  };
  const rootNames = [...Object.keys(files).map((name) => join(fixtureDir, name)), ...ambientDeclarations()];
  const program = ts.createProgram({ rootNames, options, host });
  const format = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  const byFile = new Map<string, string[]>(Object.keys(files).map((name) => [name, []]));
  byFile.set('other', []);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name =
      diagnostic.file && diagnostic.file.fileName.startsWith(fixtureDir) ? diagnostic.file.fileName.slice(fixtureDir.length + 1) : 'other';
    byFile.get(name)!.push(ts.formatDiagnostic(diagnostic, format).trim());
  }
  return byFile;
}

const fixtures: Record<string, string> = {};
let compiled: Map<string, string[]> | undefined;

/** The diagnostics of one fixture (or `other`); all fixtures are compiled together on the first call. */
function diagnosticsFor(name: string): string[] {
  compiled ??= compileFixtures(fixtures);
  return compiled.get(name)!;
}

/** Registers a fixture (all are known before the first test compiles them) and its test: no diagnostic. */
function fixture(title: string, name: string, text: string): void {
  fixtures[name] = text;
  it(title, () => {
    assert.deepEqual(diagnosticsFor(name), []);
  });
}

const DATA = `import type { Testimonial } from '../../../src/client/types.js';\ndeclare const data: Testimonial;\n`;

describe('framework typings', () => {
  fixture(
    'React 19: typed properties, attributes and events in JSX',
    'react-app.tsx',
    `${DATA}import type {} from '${types}/react.js';
export const ok = (
  <>
    <testimonial-wall endpoint="/api" layout="grid" limit={6} no-date max-items-sm="3" className="wall" ontestimonial-wall-load={(event) => event.detail.testimonials.length} onClick={() => undefined} />
    <testimonial-card testimonial={data} heading-level={2} testimonialId="abc" ontestimonial-card-load={(event) => event.detail.testimonial.id} />
    <video-testimonial src="/video.m3u8" muted onplay={(event) => event.type} onerror={(event) => event.detail.message} />
    <testimonial-summary endpoint="/api" variant="histogram" placement="bottom-end" wall-link tags="featured" ontestimonial-summary-load={(event) => event.detail.summary.count} />
  </>
);
// @ts-expect-error summary variants are a closed set
export const badVariant = <testimonial-summary variant="stars" />;
export const asText = <testimonial-card heading-level="2" text-limit="120" no-date="" />;
// A name that is a property and an attribute takes either type (issue 18: not string[] & string).
export const tagList = <testimonial-wall tags={['pricing', 'mobile']} ontestimonial-card-load={(event) => event.detail.testimonial.id} />;
declare const shown: import('../../../src/client/public-fields.js').PublicTestimonial;
export const fromProxy = <testimonial-card testimonial={shown} />;
// @ts-expect-error a number attribute takes a number's text only
export const badNumber = <testimonial-card heading-level="two" />;
// @ts-expect-error layouts are a closed set
export const badLayout = <testimonial-wall layout="grd" />;
// @ts-expect-error a testimonial is an object, not text
export const badData = <testimonial-card testimonial="text" />;
// @ts-expect-error unknown prop
export const typo = <testimonial-wall lyout="grid" />;
// @ts-expect-error the detail of testimonial-wall-load is typed
export const badEvent = <testimonial-wall ontestimonial-wall-load={(event: CustomEvent<{ nope: number }>) => event.detail.nope} />;
`,
  );
  fixture(
    'React 18: attributes only (React 18 cannot pass objects or hear custom events)',
    'react-18.ts',
    `${DATA}import type { React18ElementProps } from '${types}/react-18.js';
export const ok: React18ElementProps<'testimonial-card'> = { endpoint: '/api', 'testimonial-id': 'abc', variant: 'quote', 'no-date': true, className: 'card' };
// @ts-expect-error React 18 sets every prop as an attribute: no objects
export const badData: React18ElementProps<'testimonial-card'> = { testimonial: data };
// @ts-expect-error variants are a closed set
export const badVariant: React18ElementProps<'testimonial-card'> = { variant: 'fancy' };
`,
  );
  fixture(
    'derives kebab-case attributes from the classes, leaving objects and property-only members out',
    'attributes.ts',
    `import type { ElementAttributes } from '${types}/elements.js';
type Wall = keyof ElementAttributes<'testimonial-wall'>;
type Video = keyof ElementAttributes<'video-testimonial'>;
export const wall: Wall[] = ['endpoint', 'max-items-sm', 'autoplay-interval', 'no-date', 'show-tags', 'heading-level', 'cta', 'tags'];
// @ts-expect-error properties are not attributes under their camelCase names
export const camel: Wall = 'maxItemsSm';
// @ts-expect-error testimonials is an array: a property only
export const objects: Wall = 'testimonials';
// @ts-expect-error currentTime has no attribute
export const time: Video = 'current-time';
`,
  );
  fixture(
    'Vue 3: GlobalComponents with typed $props and $emit',
    'vue.ts',
    `${DATA}import type { GlobalComponents } from 'vue';
import type {} from '${types}/vue.js';
type Wall = InstanceType<GlobalComponents['testimonial-wall']>;
type Card = InstanceType<GlobalComponents['testimonial-card']>;
export const wallProps: Wall['$props'] = { endpoint: '/api', layout: 'carousel', 'no-date': true, class: 'wall' };
export const cardProps: Card['$props'] = { testimonial: data, 'heading-level': 2 };
// Vue hands \`heading-level="2"\` to the property as text (issue 18).
export const asText: Card['$props'] = { headingLevel: '2', 'heading-level': '2' };
export const tagList: Wall['$props'] = { tags: ['pricing', 'mobile'] };
declare const emit: Wall['$emit'];
emit('testimonial-wall-load', new CustomEvent('testimonial-wall-load', { detail: { testimonials: [data], page: 1 } }));
// @ts-expect-error paging is a closed set
export const badPaging: Wall['$props'] = { paging: 'endless' };
// @ts-expect-error the wall has no such event
emit('testimonial-typo', new Event('x'));
`,
  );
  fixture(
    'Svelte: svelteHTML.IntrinsicElements with both event syntaxes',
    'svelte.ts',
    `${DATA}import type {} from '${types}/svelte.js';
type Card = svelteHTML.IntrinsicElements['testimonial-card'];
export const ok: Card = { testimonial: data, class: 'card', 'heading-level': 2, 'ontestimonial-card-load': (event) => event.detail.testimonial.id, 'on:toggle': (event) => event.newState, 'data-x': 1 };
// @ts-expect-error variants are a closed set
export const badVariant: Card = { variant: 'fancy' };
// @ts-expect-error the detail of testimonial-card-load is typed
export const badEvent: Card = { 'ontestimonial-card-load': (event: CustomEvent<{ nope: number }>) => event.detail.nope };
`,
  );
  fixture(
    'Solid: JSX.IntrinsicElements in solid-js with prop:, attr: and on:',
    'solid.ts',
    `${DATA}import type { JSX } from 'solid-js';
import type {} from '${types}/solid.js';
type Wall = JSX.IntrinsicElements['testimonial-wall'];
export const ok: Wall = { class: 'wall', layout: 'grid', 'prop:testimonials': [data], 'attr:no-date': true, 'on:testimonial-wall-load': (event) => event.detail.page };
// @ts-expect-error layouts are a closed set
export const badLayout: Wall = { 'prop:layout': 'grd' };
// @ts-expect-error testimonials is an array of testimonials
export const badData: Wall = { testimonials: 'text' };
`,
  );

  fixture(
    'The events on document and window: every custom event typed where it is heard',
    'global-listeners.ts',
    `import type {} from '../../../src/define.js';
document.addEventListener('testimonial-wall-load', (event) => event.detail.page);
document.addEventListener('testimonial-card-load', (event) => event.detail.testimonial.id);
window.addEventListener('testimonial-summary-load', (event) => event.detail.summary.count);
window.addEventListener('testimonial-wall-error', (event) => event.detail.message);
// @ts-expect-error the detail of testimonial-wall-load is typed (not any)
document.addEventListener('testimonial-wall-load', (event) => event.detail.nope);
`,
  );

  it('brings no error into the sources the typings import', () => {
    assert.deepEqual(diagnosticsFor('other'), []);
  });
});
