/**
 * Writes the generated parts of the docs from `custom-elements.json`, so they say what the JSDoc of the
 * classes says: each element's reference (its summary, attributes, events, CSS custom properties, parts)
 * into `docs/<tag>.md` between `<!-- reference:start -->` and `<!-- reference:end -->`, and the table of
 * every element's events into `docs/events.md` between `<!-- events:start -->` and `<!-- events:end -->`.
 * Run by `npm run build` after the manifest is generated; test/docs.node.test.ts checks the pages are in
 * step with the manifest.
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
/** The elements in the order the docs list them; an element missing here is an error, not a silent first place. */
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
          `<${declaration.tagName}> is not in ELEMENT_ORDER (scripts/readme-elements.ts): add it where the docs should list it, and write its page docs/${declaration.tagName}.md.`,
        );
      }
      return declaration;
    })
    .sort((a, b) => ELEMENT_ORDER.indexOf(a.tagName!) - ELEMENT_ORDER.indexOf(b.tagName!));
}

/** One element's reference: its summary, then a table each of attributes, events, CSS custom properties and parts. */
export function elementReference(element: Declaration): string {
  return [
    `${(element.summary ?? '').trim()}\n`,
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

/** A page of the docs (a path from the repository's root) and the text between each of its markers. */
export type GeneratedSections = Record<string, Record<string, string>>;

/** Every generated section of the docs, by page and marker name: an element's page each, and the events table. */
export function generatedSections(manifest: Manifest): GeneratedSections {
  const source = "Generated from `custom-elements.json` (the elements' JSDoc) by `scripts/docs-elements.ts`.";
  const elements = customElements(manifest);
  return {
    ...Object.fromEntries(
      elements.map((element) => [`docs/${element.tagName}.md`, { reference: `${source}\n\n${elementReference(element)}` }]),
    ),
    'docs/events.md': { events: `${source}\n\n${eventTable(manifest)}` },
  };
}

/** Replaces the text between the two markers of `name` in `text`. */
export function replaceBetweenMarkers(text: string, name: string, content: string, file = 'the text'): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${content.trim()}\n${text.slice(to)}`;
}

/** `text` with every section of `sections` written between its markers. */
export function withSections(text: string, sections: Record<string, string>, file?: string): string {
  return Object.entries(sections).reduce((updated, [name, content]) => replaceBetweenMarkers(updated, name, content, file), text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  for (const [page, sections] of Object.entries(generatedSections(manifest))) {
    const file = join(root, page);
    writeFileSync(file, withSections(readFileSync(file, 'utf8'), sections, page));
    console.log(`${page}: ${Object.keys(sections).join(', ')} updated`);
  }
}
