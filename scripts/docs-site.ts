/**
 * The docs as a site: every `docs/*.md` (and README.md) rendered to HTML at request time, for
 * `npm start` (`/docs/`, `/docs/<page>.html`), and what the docs test reads from the same sources (the
 * pages, their headings' anchors, their links, their code blocks). A page is any `docs/*.md`: the index
 * lists them all by their `# Title`, so a new page needs no registration anywhere.
 *
 * Links are written for GitHub and npm (relative, to `.md` files) and rewritten here to the served
 * `.html`; heading ids are GitHub's slugs, so `page.md#anchor` works in both places. A fenced block
 * whose info string is `html live` is shown as code and, below it, as live elements that talk to the
 * demo's API. The HTML goes through DOMPurify (on jsdom, as the server renderer does) with a tag and
 * attribute allowlist before it is served, and the pages carry a strict Content-Security-Policy: no
 * inline script or style, Trusted Types required.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { Marked, Lexer, type Token, type Tokens } from 'marked';
import { TRUSTED_TYPES_POLICY } from '../src/elements/shared/sanitize.js';
import { ELEMENT_ORDER } from './docs-elements.js';

export const ROOT = resolve(import.meta.dirname, '..');
export const DOCS_DIR = join(ROOT, 'docs');

/** The tags a live example may hold: the elements, nothing else. */
const LIVE_TAG = new RegExp(`^(${ELEMENT_ORDER.join('|')})$`);

/**
 * The policy of every docs page: the demo's strict one (README's, with every origin the page's own),
 * plus `style-src 'self'` for the page's own style sheet.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' blob:",
  "require-trusted-types-for 'script'",
  `trusted-types lit-html dompurify ${TRUSTED_TYPES_POLICY}`,
].join('; ');

export interface DocPage {
  /** The file's name without `.md`: `proxy` for `docs/proxy.md`, served as `/docs/proxy.html`. */
  name: string;
  /** The text of its first `# ` heading. */
  title: string;
  /** That heading as written (markdown): `` `<testimonial-wall>` ``. */
  heading: string;
  /** The file, from the repository's root: `docs/proxy.md`. */
  file: string;
}

/**
 * Every `docs/*.md`: the elements' pages first, in ELEMENT_ORDER, then the others by title. A page
 * without a `# Title` first line is an error that names it.
 */
export function docPages(): DocPage[] {
  const rank = (page: DocPage) => {
    const index = ELEMENT_ORDER.indexOf(page.name);
    return index < 0 ? ELEMENT_ORDER.length : index;
  };
  return readdirSync(DOCS_DIR)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const first = readFileSync(join(DOCS_DIR, file), 'utf8').split('\n', 1)[0] ?? '';
      if (!first.startsWith('# ')) throw new Error(`docs/${file} must start with a "# Title" line, not "${first.slice(0, 40)}"`);
      const heading = first.slice(2).trim();
      return { name: file.slice(0, -3), title: plainText(Lexer.lexInline(heading)), heading, file: `docs/${file}` };
    })
    .sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

/** Whether `page` is an element's page (`docs/<tag>.md`). */
export const isElementPage = (page: DocPage): boolean => ELEMENT_ORDER.includes(page.name);

/** The text a reader sees of inline tokens: code, emphasis and link texts without their marks. */
function plainText(tokens: Token[]): string {
  return tokens.map((token) => ('tokens' in token && token.tokens ? plainText(token.tokens) : 'text' in token ? token.text : '')).join('');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get `-1`, `-2`. */
export function slugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** Every token of a document, nested ones included (list items, table cells, emphasis, link texts). */
function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const nested = token as {
      tokens?: Token[];
      items?: Token[];
      header?: Array<{ tokens: Token[] }>;
      rows?: Array<Array<{ tokens: Token[] }>>;
    };
    if (nested.tokens) yield* walk(nested.tokens);
    if (nested.items) yield* walk(nested.items);
    for (const cell of [...(nested.header ?? []), ...(nested.rows ?? []).flat()]) yield* walk(cell.tokens);
  }
}

/** The anchors of a markdown text's headings, as GitHub (and the served page) names them. */
export function anchors(markdown: string): Set<string> {
  const slug = slugger();
  return new Set(
    [...walk(Lexer.lex(markdown))]
      .filter((token): token is Tokens.Heading => token.type === 'heading')
      .map((h) => slug(plainText(h.tokens))),
  );
}

/** The targets of a markdown text's links (`[text](href)`, and `href="…"` in its raw HTML). */
export function links(markdown: string): string[] {
  return [...walk(Lexer.lex(markdown))].flatMap((token) => {
    if (token.type === 'link') return [(token as Tokens.Link).href];
    if (token.type === 'html') return [...token.raw.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1]!);
    return [];
  });
}

/** The fenced code blocks of a markdown text, with their info string (`html live`, `sh`, `ts`…). */
export function codeBlocks(markdown: string): Array<{ lang: string; text: string }> {
  return [...walk(Lexer.lex(markdown))]
    .filter((token): token is Tokens.Code => token.type === 'code' && token.codeBlockStyle !== 'indented')
    .map((code) => ({ lang: code.lang ?? '', text: code.text }));
}

/**
 * Where a relative link of the markdown file `from` (repository-relative) points on the served site:
 * a page of `docs/` is `/docs/<name>.html`, any other markdown file of the repository (README.md,
 * src/proxy/README.md) `/docs/repo/<path>.html`; anything else keeps its target (a source file, a folder).
 */
export function servedHref(from: string, href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const [path = '', hash] = href.split('#');
  const target = posix.normalize(posix.join(posix.dirname(from), path));
  const anchor = hash === undefined ? '' : `#${hash}`;
  if (target.replace(/\/$/, '') === 'docs') return '/docs/';
  const page = /^docs\/([^/]+)\.md$/.exec(target);
  if (page) return `/docs/${page[1]}.html${anchor}`;
  if (target.endsWith('.md') && !target.startsWith('..')) return `/docs/repo/${target.slice(0, -3)}.html${anchor}`;
  return href;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Markdown to HTML, unsanitised: headings with GitHub's ids, links to the served pages, live examples. */
function markdownToHtml(markdown: string, file: string): string {
  const slug = slugger();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        return `<h${depth} id="${escapeHtml(slug(plainText(tokens)))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(servedHref(file, href))}"${titled}>${this.parser.parseInline(tokens)}</a>`;
      },
      code({ text, lang }) {
        const [language = '', ...flags] = (lang ?? '').split(/\s+/);
        const code = `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${escapeHtml(text)}</code></pre>\n`;
        if (!flags.includes('live')) return code;
        return `${code}<div class="live-example" role="group" aria-label="Live example">${text}</div>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

type Purify = (html: string) => string;
let purify: Promise<Purify> | undefined;

/**
 * DOMPurify on jsdom: the HTML elements markdown makes (`<details>` included), the four custom elements
 * with attribute names only, no script, no style, no event handler, URLs through DOMPurify's check.
 * `SANITIZE_DOM: false` keeps heading ids such as `images` or `forms` (DOM clobbering guards against
 * ids an attacker picks; these are slugs of the repository's own headings, and `#anchor` links need them).
 */
function sanitizer(): Promise<Purify> {
  purify ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const dompurify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
    return (html) =>
      dompurify.sanitize(html, {
        SANITIZE_DOM: false,
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
        FORBID_ATTR: ['style'],
        CUSTOM_ELEMENT_HANDLING: { tagNameCheck: LIVE_TAG, attributeNameCheck: /^[a-z][a-z-]*$/, allowCustomizedBuiltInElements: false },
      });
  })();
  return purify;
}

export interface PageOptions {
  /** The module script the page loads (served by Vite): it defines the elements. */
  script: string;
  /** The page's style sheet. */
  stylesheet: string;
}

function layout(title: string, body: string, { script, stylesheet }: PageOptions): string {
  const nav = docPages()
    .map((page) => `<li><a href="/docs/${escapeHtml(page.name)}.html">${escapeHtml(page.title)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} — testimonial-elements docs</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
<script type="module" src="${escapeHtml(script)}"></script>
</head>
<body class="docs">
<nav class="docs-nav" aria-label="Documentation"><p><a href="/docs/">Docs</a> · <a href="/">Demo</a></p><ul>${nav}</ul></nav>
<main class="docs-main">
${body}
</main>
</body>
</html>
`;
}

/** The index: every page of `docs/` by its title, the elements' first. */
export async function renderIndex(options: PageOptions): Promise<string> {
  const list = (pages: DocPage[]) => pages.map((page) => `- [${page.heading}](${page.name}.md)`).join('\n');
  const pages = docPages();
  const markdown = [
    '# Documentation',
    'Every page of `docs/`; start with the [README](../README.md).',
    '## The elements',
    list(pages.filter(isElementPage)),
    '## Topics',
    list(pages.filter((page) => !isElementPage(page))),
  ].join('\n\n');
  return layout('Documentation', (await sanitizer())(markdownToHtml(markdown, 'docs/index.md')), options);
}

/**
 * The page `name` (`proxy` for docs/proxy.md, `repo/src/proxy/README` for another markdown file of the
 * repository) as HTML, or undefined when there is no such page. A name reaches only `.md` files inside
 * the repository, never node_modules or a path that climbs out.
 */
export async function renderPage(name: string, options: PageOptions): Promise<string | undefined> {
  const page = name.startsWith('repo/')
    ? repoMarkdown(name.slice('repo/'.length))
    : docPages().find((candidate) => candidate.name === name);
  if (!page) return undefined;
  const markdown = readFileSync(join(ROOT, page.file), 'utf8');
  return layout(page.title, (await sanitizer())(markdownToHtml(markdown, page.file)), options);
}

function repoMarkdown(path: string): { file: string; title: string } | undefined {
  const file = posix.normalize(`${path}.md`);
  if (file.startsWith('..') || file.startsWith('/') || file.split('/').includes('node_modules')) return undefined;
  if (!existsSync(join(ROOT, file))) return undefined;
  return { file, title: file === 'README.md' ? 'testimonial-elements' : file };
}

/** Whether the repository-relative `path` is a file or a folder that exists (for the link check). */
export function repoPathExists(from: string, path: string): { path: string; exists: boolean } {
  const target = relative(ROOT, resolve(ROOT, dirname(from), decodeURIComponent(path)));
  return { path: target, exists: !target.startsWith('..') && existsSync(join(ROOT, target)) };
}
