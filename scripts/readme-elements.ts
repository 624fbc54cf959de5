/**
 * Writes the README's element reference (attributes, events, CSS custom properties, parts) from
 * `custom-elements.json`, between `<!-- elements:start -->` and `<!-- elements:end -->`, and the table of
 * every element's events between `<!-- events:start -->` and `<!-- events:end -->`, so the docs say
 * what the JSDoc of the classes says. Run by `npm run build` after the manifest is generated;
 * test/readme.node.test.ts checks README is in step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface Named {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}
interface Declaration {
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  attributes?: Named[];
  events?: Named[];
  cssProperties?: Named[];
  cssParts?: Named[];
}

export interface Manifest {
  modules: Array<{ declarations?: Declaration[] }>;
}

const root = resolve(import.meta.dirname, '..');
/** The elements in the order README describes them; an element missing here is an error, not a silent first place. */
export const ELEMENT_ORDER = ['testimonial-wall', 'testimonial-card', 'video-testimonial', 'testimonial-summary', 'testimonial-form'];

const cell = (text = '') => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function table(title: string, rows: Named[], columns: Array<[string, (row: Named) => string]>): string {
  if (rows.length === 0) return '';
  const head = `| ${columns.map(([name]) => name).join(' | ')} |\n|${columns.map(() => '---').join('|')}|`;
  const body = rows.map((row) => `| ${columns.map(([, value]) => cell(value(row))).join(' | ')} |`).join('\n');
  return `<details><summary>${title} (${rows.length})</summary>\n\n${head}\n${body}\n\n</details>\n`;
}

function customElements(manifest: Manifest): Declaration[] {
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .map((declaration) => {
      if (!ELEMENT_ORDER.includes(declaration.tagName!)) {
        throw new Error(
          `<${declaration.tagName}> is not in ELEMENT_ORDER (scripts/readme-elements.ts): add it where README should describe it.`,
        );
      }
      return declaration;
    })
    .sort((a, b) => ELEMENT_ORDER.indexOf(a.tagName!) - ELEMENT_ORDER.indexOf(b.tagName!));
}

export function elementReference(manifest: Manifest): string {
  return customElements(manifest)
    .map((element) =>
      [
        `### \`<${element.tagName}>\`\n\n${(element.summary ?? '').trim()}\n`,
        table('Attributes', element.attributes ?? [], [
          ['attribute', (row) => `\`${row.name}\``],
          ['type', (row) => (row.type ? `\`${row.type.text}\`` : '')],
          ['default', (row) => (row.default ? `\`${row.default}\`` : '')],
          ['description', (row) => row.description ?? ''],
        ]),
        table('Events', element.events ?? [], [
          ['event', (row) => `\`${row.name}\``],
          ['type', (row) => (row.type ? `\`${row.type.text}\`` : '')],
          ['description', (row) => row.description ?? ''],
        ]),
        table('CSS custom properties', element.cssProperties ?? [], [
          ['property', (row) => `\`${row.name}\``],
          ['default', (row) => (row.default ? `\`${row.default}\`` : '')],
          ['description', (row) => row.description ?? ''],
        ]),
        table('Parts (`::part()`)', element.cssParts ?? [], [
          ['part', (row) => `\`${row.name}\``],
          ['description', (row) => row.description ?? ''],
        ]),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

/** Every element's events in one table: element, event name, its exported type, what it says. */
export function eventTable(manifest: Manifest): string {
  const rows = customElements(manifest).flatMap((element) =>
    (element.events ?? []).map((event) =>
      [`\`<${element.tagName}>\``, `\`${event.name}\``, event.type ? `\`${event.type.text}\`` : '', event.description ?? '']
        .map((text) => cell(text))
        .join(' | '),
    ),
  );
  return `| element | event | type | description |\n|---|---|---|---|\n${rows.map((row) => `| ${row} |`).join('\n')}\n`;
}

/** The README text between the markers of both generated sections. */
export function generatedSections(manifest: Manifest): Record<'elements' | 'events', string> {
  const source = "Generated from `custom-elements.json` (the elements' JSDoc) by `scripts/readme-elements.ts`.";
  return { elements: `${source}\n\n${elementReference(manifest)}`, events: `${source}\n\n${eventTable(manifest)}` };
}

/** Replaces the text between the two markers of `name` in `text`. */
export function replaceBetweenMarkers(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${content.trim()}\n${text.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const readme = join(root, 'README.md');
  let text = readFileSync(readme, 'utf8');
  for (const [name, content] of Object.entries(generatedSections(manifest))) text = replaceBetweenMarkers(text, name, content);
  writeFileSync(readme, text);
  console.log('README.md: element reference and events updated');
}
