/**
 * The docs (README.md and every docs/*.md) as a reader gets them: the generated sections say what the
 * elements' JSDoc says (scripts/docs-elements.ts, run by `npm run build`), every relative link and
 * `#anchor` resolves on GitHub and npm, the code samples that can be checked are (live examples name
 * only real attributes, JSON parses), and `npm start` serves every page, with its live examples, under
 * the docs' strict Content-Security-Policy.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HtmlValidate } from 'html-validate';
import { ELEMENT_ORDER, generatedSections, withSections } from '../scripts/docs-elements.js';
import { docsMiddleware } from '../scripts/docs-plugin.js';
import { anchors, codeBlocks, DOCS_CSP, docPages, links, repoPathExists, ROOT } from '../scripts/docs-site.js';
import { buildManifest } from './support/manifest.js';

// html-validate's standard and document presets, as test/ssr/html-valid.node.test.ts uses them (require-sri is
// for scripts and styles from other origins; the docs' are their own).
const validator = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:document'], rules: { 'require-sri': 'off' } });
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** README and every page of docs/, repository-relative. */
const files = () => ['README.md', ...docPages().map((page) => page.file)];

describe('docs: generated from the manifest', () => {
  const manifest = buildManifest();

  it('every generated section equals what the current custom-elements.json generates', () => {
    const stale = Object.entries(generatedSections(manifest)).filter(([page, sections]) => {
      const text = read(page);
      return withSections(text, sections, page) !== text;
    });
    assert.deepEqual(
      stale.map(([page]) => page),
      [],
      'out of date: run `npm run build` (or the analyzer, then `node --import tsx scripts/docs-elements.ts`)',
    );
  });

  it('has a page per element, in the order of ELEMENT_ORDER: wall, card, video player, summary, form', () => {
    const pages = Object.keys(generatedSections(manifest)).filter((page) => page !== 'docs/events.md');
    assert.deepEqual(
      pages,
      ELEMENT_ORDER.map((tag) => `docs/${tag}.md`),
    );
    assert.deepEqual(ELEMENT_ORDER, [
      'testimonial-wall',
      'testimonial-card',
      'video-testimonial',
      'testimonial-summary',
      'testimonial-form',
    ]);
  });

  it('lists every event of the four elements with its type', () => {
    const table = generatedSections(manifest)['docs/events.md']!.events!;
    for (const event of ['testimonial-wall-load', 'testimonial-card-error', 'testimonial-summary-dismiss', 'toggle', 'timeupdate']) {
      assert.match(table, new RegExp(`\\| \`${event}\` \\| \`\\w+\` \\|`), event);
    }
  });

  it('live examples use only the four elements and attributes they have', () => {
    const attributes = new Map<string, Set<string>>();
    for (const module of manifest.modules) {
      for (const declaration of (module.declarations ?? []) as Array<{ tagName?: string; attributes?: Array<{ name: string }> }>) {
        if (declaration.tagName) attributes.set(declaration.tagName, new Set((declaration.attributes ?? []).map((a) => a.name)));
      }
    }
    const global = new Set(['id', 'class', 'lang', 'dir', 'hidden', 'title']);
    let examples = 0;
    for (const file of files()) {
      for (const block of codeBlocks(read(file)).filter((code) => /^html\s.*\blive\b/.test(code.lang))) {
        examples++;
        for (const [, tag, attrs] of block.text.matchAll(/<([a-z][a-z0-9-]*)([^>]*)>/g)) {
          const known = attributes.get(tag!);
          assert.ok(known, `${file}: <${tag}> in a live example is none of the elements`);
          for (const [, name] of attrs!.matchAll(/([a-z][a-z-]*)(?:=("[^"]*"|'[^']*'))?/g)) {
            assert.ok(known.has(name!) || global.has(name!), `${file}: <${tag} ${name}> is not an attribute of <${tag}>`);
          }
        }
      }
    }
    assert.ok(examples >= 4, `a live example on each element's page, found ${examples}`);
  });
});

describe('docs: what a reader follows', () => {
  it('README stays short and starts with the two commands a newcomer types first', () => {
    const readme = read('README.md');
    assert.ok(readme.split('\n').length <= 300, `README.md has ${readme.split('\n').length} lines, at most 300`);
    const head = readme.split('\n').slice(0, 15).join('\n');
    assert.match(head, /^npm install && npm start\b/m);
    assert.match(head, /^npm test\b/m);
  });

  it('every page of docs/ starts with a "# Title" line, the elements\' pages first', () => {
    const pages = docPages();
    assert.ok(pages.length >= 12, `docs/ has ${pages.length} pages`);
    for (const page of pages) assert.ok(page.title.length > 0, page.file);
    assert.deepEqual(
      pages.slice(0, ELEMENT_ORDER.length).map((page) => page.name),
      ELEMENT_ORDER,
    );
  });

  it('every relative link and #anchor in README and docs/ resolves', () => {
    const broken: string[] = [];
    for (const file of files()) {
      for (const href of links(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // https:, mailto:: not ours to check offline
        const [path = '', hash] = href.split('#');
        const target = path ? repoPathExists(file, path) : { path: file, exists: true };
        if (!target.exists) broken.push(`${file}: ${href} (no ${target.path})`);
        else if (hash !== undefined && target.path.endsWith('.md') && !anchors(read(target.path)).has(decodeURIComponent(hash))) {
          broken.push(`${file}: ${href} (no heading #${hash} in ${target.path})`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it('every JSON sample parses', () => {
    for (const file of files()) {
      for (const block of codeBlocks(read(file)).filter((code) => code.lang.split(/\s/)[0] === 'json')) {
        assert.doesNotThrow(() => JSON.parse(block.text), `${file}: ${block.text.slice(0, 60)}`);
      }
    }
  });
});

describe('docs: served by npm start', () => {
  let server: Server;
  let origin: string;
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  before(async () => {
    const middleware = docsMiddleware();
    server = createServer((req, res) => middleware(req, res, (error) => res.writeHead(error ? 500 : 404).end(String(error ?? 'next'))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists every docs/*.md at /docs/, with no registration anywhere', async () => {
    const index = await get('/docs/');
    assert.equal(index.status, 200);
    assert.equal((await validator.validateString(index.body)).valid, true, 'the index is valid HTML');
    for (const page of docPages()) assert.ok(index.body.includes(`href="/docs/${page.name}.html"`), page.file);
    assert.equal((await get('/docs')).status, 301);
  });

  it('serves each page under the strict policy: no inline script, no handler, no style attribute; links to served pages', async () => {
    for (const name of [...docPages().map((page) => page.name), 'repo/README', 'repo/src/proxy/README']) {
      const page = await get(`/docs/${name}.html`);
      assert.equal(page.status, 200, name);
      assert.equal(page.headers.get('content-security-policy'), DOCS_CSP);
      for (const [script] of page.body.matchAll(/<script\b[^>]*>/g)) assert.match(script, /\bsrc="/, `${name}: inline ${script}`);
      assert.doesNotMatch(page.body, /<[^>]*\s(on[a-z]+|style)=|(href|src)="\s*javascript:/i, name);
      assert.doesNotMatch(page.body, /href="(?![a-z]+:|#|\/)[^"]*\.md(#|")/, `${name}: a link to a .md file left unrewritten`);
      const report = await validator.validateString(page.body);
      const messages = report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`));
      assert.deepEqual(messages, [], `${name} is not valid HTML`);
    }
    assert.match(DOCS_CSP, /script-src 'self'/);
    assert.match(DOCS_CSP, /require-trusted-types-for 'script'/);
  });

  it("shows each element's live example, talking to the demo's /api", async () => {
    for (const tag of ELEMENT_ORDER) {
      const page = await get(`/docs/${tag}.html`);
      assert.match(page.body, new RegExp(`<div class="live-example"[^>]*>\\s*<${tag}\\b`), tag);
    }
    assert.match((await get('/docs/testimonial-wall.html')).body, /<testimonial-wall endpoint="\/api"/);
  });

  it('answers 404 for a page that is not in docs/, and reads no path outside it', async () => {
    assert.equal((await get('/docs/no-such-page.html')).status, 404);
    for (const path of [
      '/docs/..%2Fpackage.json',
      '/docs/repo/..%2F..%2Fetc%2Fpasswd.html',
      '/docs/repo/node_modules/marked/README.html',
      '/docs/%2e%2e/package.html',
    ]) {
      const answer = await get(path);
      assert.ok(answer.status === 404 || !answer.body.includes('"devDependencies"'), path);
    }
  });
});
