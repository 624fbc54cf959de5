/**
 * The elements' custom properties, as Material Web checks its tokens: every private property
 * (`--_*`) is both defined (declared in a stylesheet, or set from a template through
 * `styleProperties({ '--_x': … })` / `style.setProperty`) and used (`var(--_x…)`), so none is dead or
 * read without a value; and every public property (`--testimonial-*`) a stylesheet reads is documented
 * with `@cssproperty` in an element's JSDoc (so in custom-elements.json and README), and every
 * documented one is read.
 *
 * The stylesheets are read as Lit built them (each `*.styles.ts` module's exported `CSSResult`s), so
 * properties written out from tables (`tokens.styles.ts`) count; the other sources are read as text.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';
import type { CSSResult } from 'lit';

const elements = join(import.meta.dirname, '../../src/elements');
const sources = readdirSync(elements, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.ts$/.test(file) && !file.endsWith('.d.ts'),
);

const names = (text: string, pattern: RegExp): Set<string> => new Set([...text.matchAll(pattern)].map((match) => match[1]!));
const difference = (a: Set<string>, b: Set<string>) => [...a].filter((name) => !b.has(name)).sort();

/** Declarations in CSS (`--_x: …`); object keys and `setProperty` names in templates (`'--_x': …`). */
const DEFINED_PRIVATE = /(?:^|[\s;{'"`(])(--_[\w-]*\w)(?:['"`]\s*[:,]|\s*:)/g;
const USED_PRIVATE = /var\(\s*(--_[\w-]*\w)/g;
const USED_PUBLIC = /var\(\s*(--testimonial-[\w-]*\w)/g;
const DOCUMENTED = /@cssproperty\s+\[?(--testimonial-[\w-]*\w)/g;

/** What is wrong with the private properties of stylesheets and sources: used without a value, or defined and unused. */
function privateProblems(texts: string[]): { undefinedUsed: string[]; unused: string[] } {
  const defined = new Set(texts.flatMap((text) => [...names(text, DEFINED_PRIVATE)]));
  const used = new Set(texts.flatMap((text) => [...names(text, USED_PRIVATE)]));
  return { undefinedUsed: difference(used, defined), unused: difference(defined, used) };
}

/** What is wrong with the public properties: read but undocumented, or documented but never read. */
function publicProblems(texts: string[]): { undocumented: string[]; unread: string[] } {
  const read = new Set(texts.flatMap((text) => [...names(text, USED_PUBLIC)]));
  const documented = new Set(texts.flatMap((text) => [...names(text, DOCUMENTED)]));
  return { undocumented: difference(read, documented), unread: difference(documented, read) };
}

describe('the custom properties of the elements', () => {
  let css = '';
  let code = '';

  before(async () => {
    const sheets: string[] = [];
    for (const file of sources.filter((name) => name.endsWith('.styles.ts'))) {
      const module = (await import(pathToFileURL(join(elements, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const results = [value].flat().filter((item): item is CSSResult => typeof (item as CSSResult | undefined)?.cssText === 'string');
        sheets.push(...results.map((result) => result.cssText));
      }
    }
    css = sheets.join('\n');
    code = sources.map((file) => readFileSync(join(elements, file), 'utf8')).join('\n');
    assert.ok(css.length > 5000, `the stylesheets were read (${css.length} characters)`);
  });

  it('defines every private property it uses, and uses every one it defines', () => {
    assert.deepEqual(privateProblems([css, code]), { undefinedUsed: [], unused: [] });
  });

  it('documents every public property it reads with @cssproperty, and reads every documented one', () => {
    assert.deepEqual(publicProblems([css, code]), { undocumented: [], unread: [] });
  });

  it('finds each kind of mistake (the checks can fail)', () => {
    const sheet = `:host { --_dead: 1px; --_live: 2px; gap: var(--_live) var(--_missing); color: var(--testimonial-secret, red); }`;
    const template = "styleProperties({ '--_count': '3' }); // width: var(--_count)\n * @cssproperty [--testimonial-gone=1px] - Unused.";
    assert.deepEqual(privateProblems([sheet, template]), { undefinedUsed: ['--_missing'], unused: ['--_dead'] });
    assert.deepEqual(publicProblems([sheet, template]), { undocumented: ['--testimonial-secret'], unread: ['--testimonial-gone'] });
  });
});
