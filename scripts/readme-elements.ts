/**
 * Writes the README's element reference (attributes, events, CSS custom properties, parts) from
 * `custom-elements.json`, between `<!-- elements:start -->` and `<!-- elements:end -->`, so the docs say
 * what the JSDoc of the classes says. Run by `npm run build` after the manifest is generated.
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

const root = resolve(import.meta.dirname, '..');
const ORDER = ['testimonial-wall', 'testimonial-card', 'video-testimonial'];

const cell = (text = '') => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function table(title: string, rows: Named[], columns: Array<[string, (row: Named) => string]>): string {
  if (rows.length === 0) return '';
  const head = `| ${columns.map(([name]) => name).join(' | ')} |\n|${columns.map(() => '---').join('|')}|`;
  const body = rows.map((row) => `| ${columns.map(([, value]) => cell(value(row))).join(' | ')} |`).join('\n');
  return `<details><summary>${title} (${rows.length})</summary>\n\n${head}\n${body}\n\n</details>\n`;
}

export function elementReference(manifest: { modules: Array<{ declarations?: Declaration[] }> }): string {
  const elements = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => ORDER.indexOf(a.tagName!) - ORDER.indexOf(b.tagName!));
  return elements
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
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const readme = join(root, 'README.md');
  const generated = `Generated from \`custom-elements.json\` (the elements' JSDoc) by \`scripts/readme-elements.ts\`.\n\n${elementReference(manifest)}`;
  writeFileSync(readme, replaceBetweenMarkers(readFileSync(readme, 'utf8'), 'elements', generated));
  console.log('README.md: element reference updated');
}
