/**
 * Script-tag use: the CDN file in plain HTML pages that hold nothing else (no bundler, no framework),
 * with the proxy at `/api`, checked in Chromium. The build is served from `/cdn/`, not the site's root,
 * as a CDN serves it, so a chunk URL resolved against the page instead of the script is a 404 here
 * (a server of its own). Also: hls.js is never in the entry nor loaded for a wall of text.
 * `<testimonial-form>` is checked in Firefox as well: registered by the entry, its chunk fetched when
 * one is in the page. A page set of test/ssr/browsers.node.test.ts, which launches each browser once
 * for every set (issue 25: this was a file of its own, with its own process and launches).
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { CDN_ENTRY_FILE as CDN_ENTRY, staticImportClosure, type BuiltChunk } from '../../scripts/cdn-build.js';
import { renderForm } from '../../src/ssr/index.js';
import type { BrowserName, BrowserPageSet } from '../ssr/browsers.js';
import { countDeep, deepText, waitFor, waitForCollected, watchedPage } from '../support/browser.js';
import { sharedCdnBuild } from '../support/shared-cdn-build.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const SCRIPT = `<script type="module" src="/cdn/${CDN_ENTRY}"></script>`;
const page = (body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Testimonials</title>${SCRIPT}</head><body>${body}</body></html>`;

/** Only the script tag and the element: the three-line quick start. */
const PLAIN = `${SCRIPT}\n<testimonial-wall endpoint="/api"></testimonial-wall>\n`;
/** Only the script tag and a summary: its chunk comes on first use. */
const SUMMARY = page('<testimonial-summary endpoint="/api" variant="histogram"></testimonial-summary>');
const isSummaryChunk = (path: string) => /\/chunks\/testimonial-summary\.js$/.test(path);
/** Pages in other languages: each fetches the shared localisation runtime and the one chunk of its language's words. */
const inLanguage = (lang: string, body: string) => page(body).replace('<html lang="en">', `<html lang="${lang}">`);
const GERMAN = inLanguage(
  'de',
  '<testimonial-wall endpoint="/api" limit="3"></testimonial-wall><testimonial-summary endpoint="/api"></testimonial-summary>',
);
const BRAZILIAN = inLanguage('pt-BR', '<testimonial-wall endpoint="/api" limit="3"></testimonial-wall>');
const isLanguageChunk = (path: string) => /\/chunks\/i18n-[^/]*\.js$/.test(path);
const isRuntimeChunk = (path: string) => /\/chunks\/i18n-runtime\.js$/.test(path);
/** Only the script tag and a form: its chunk comes on first use. */
const FORM = page('<testimonial-form endpoint="/api" fields="rating text name"></testimonial-form>');
const isFormChunk = (path: string) => /\/chunks\/testimonial-form\.js$/.test(path);
/** The script tag and an empty container the test fills and empties after load. */
const DYNAMIC = page('<main id="slot"></main>');

/** A string only hls.js holds (an event name of its API): proves the marker below is a real one. */
const HLS_MARKER = 'hlsManifestParsed';
const WIDGETS = 'testimonial-wall, testimonial-card, video-testimonial';
const isHlsChunk = (path: string) => /\/chunks\/hls[^/]*\.js$/.test(path);
/**
 * A card the wall shows: an item of its list. Its skeleton holds a card too, unseen (it sizes the
 * skeleton, with a placeholder's text), which a wall waiting for its data, or for nearing the viewport
 * before it asks, shows: counting any card passed before the wall had asked for anything.
 */
const SHOWN_CARD = '[role="listitem"] testimonial-card';

let outDir: string;
let server: StaticServer | undefined;
let built: BuiltChunk[];
let pages: Record<string, string>;

export const scriptTag: BrowserPageSet = {
  title: 'script-tag use of the CDN build',

  async prepare() {
    ({ root: outDir, chunks: built } = await sharedCdnBuild());
    server = await startStaticServer({
      root: outDir,
      pages: (pages = {
        '/plain.html': PLAIN,
        '/dynamic.html': DYNAMIC,
        '/summary.html': SUMMARY,
        '/german.html': GERMAN,
        '/brazilian.html': BRAZILIAN,
        '/form.html': FORM,
      }),
    });
    // The server's form (renderForm(), its token fetched from this server's route) without the script:
    // the test types into it, then adds the script tag, as a slow network would.
    const rendered = await renderForm({ attributes: { endpoint: '/api', fields: 'rating text name' }, endpoint: `${server!.origin}/api` });
    pages['/server-form.html'] = page(rendered).replace(SCRIPT, '');
  },

  async close() {
    await server?.close();
  },

  tests(name, browser) {
    if (name === 'chromium') chromiumTests(browser);
    formTests(name, browser);
  },
};

/** The Chromium-only checks: the build's chunks, the wall, languages, the summary, widgets added after load. */
function chromiumTests(browser: () => Browser): void {
  it('keeps hls.js out of the entry and all it imports statically: only lazy chunks hold it', async () => {
    const cdn = join(outDir, 'cdn');
    const chunks = await readdir(join(cdn, 'chunks'));
    // hls.js light for every stream, and full hls.js for streams that declare captions.
    const hlsChunks = chunks.filter((file) => /^hls.*\.js$/.test(file)).sort();
    assert.equal(hlsChunks.length, 2, `the light and the full hls.js chunks among ${chunks.join(', ')}`);
    assert.ok(
      hlsChunks.some((file) => file.startsWith('hls.light')),
      `hls.js light among ${hlsChunks.join(', ')}`,
    );
    const sources = new Map(
      await Promise.all(
        chunks
          .filter((file) => file.endsWith('.js'))
          .map(async (file) => [file, await readFile(join(cdn, 'chunks', file), 'utf8')] as const),
      ),
    );
    for (const hls of hlsChunks) assert.ok(sources.get(hls)!.includes(HLS_MARKER), `${hls} holds hls.js`);

    // What a page downloads before anything is played: the entry and, recursively, its static imports.
    const loaded = staticImportClosure(built);
    for (const chunk of built.filter((chunk) => loaded.includes(chunk.fileName))) {
      assert.ok(!chunk.code.includes(HLS_MARKER), `${chunk.fileName} holds hls.js code`);
    }
    assert.ok(![...loaded].some((file) => /hls/i.test(file)), `hls.js is imported statically: ${[...loaded].join(', ')}`);
    const entry = await readFile(join(cdn, CDN_ENTRY), 'utf8');
    for (const hls of hlsChunks) {
      const importer = entry.includes(hls) || [...sources].some(([file, code]) => file !== hls && code.includes(hls));
      assert.ok(importer, `some module loads ${hls} on demand`);
    }
  });

  it('renders a wall from the proxy on a page with only the script tag and the element', async () => {
    const watched = await watchedPage(browser());
    await watched.page.goto(`${server!.origin}/plain.html`, { waitUntil: 'load' });
    await waitFor(async () => (await countDeep(watched.page, SHOWN_CARD)) > 0, 'the wall to show cards');
    const upgraded = await watched.page.$eval(
      'testimonial-wall',
      (wall) => wall instanceof customElements.get('testimonial-wall')! && wall.shadowRoot !== null,
    );
    assert.ok(upgraded, 'the element in the markup is upgraded when the module defines it');
    assert.ok((await deepText(watched.page, 'testimonial-wall')).length > 100, 'the wall shows testimonial text');
    const lists = watched.requestsTo((path) => path === '/api/testimonials').map((request) => request.url());
    assert.equal(lists.length, 1, `one list request through the proxy: ${lists.join(', ')}`);
    assert.deepEqual(
      watched.requestsTo(isHlsChunk).map((request) => request.url()),
      [],
      'no hls.js for a wall',
    );
    assert.deepEqual(
      watched.requestsTo(isSummaryChunk).map((request) => request.url()),
      [],
      'no summary chunk for a wall',
    );
    assert.deepEqual(
      watched.requestsTo(isFormChunk).map((request) => request.url()),
      [],
      'no form chunk for a wall',
    );
    assert.deepEqual(
      watched.requestsTo(isLanguageChunk).map((request) => request.url()),
      [],
      'no language chunk nor the runtime for an English page',
    );
    assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    await watched.page.close();
  });

  it('fetches the runtime and one chunk of words for a page in one language: de for German, pt for pt-BR', async () => {
    for (const [path, chunk, words] of [
      ['/german.html', '/cdn/chunks/i18n-de.js', /Bewertungen/],
      ['/brazilian.html', '/cdn/chunks/i18n-pt.js', /Carregar mais/],
    ] as const) {
      const watched = await watchedPage(browser());
      await watched.page.goto(`${server!.origin}${path}`, { waitUntil: 'load' });
      await waitFor(async () => (await countDeep(watched.page, SHOWN_CARD)) > 0, `${path}: the wall to show cards`);
      await waitFor(async () => words.test(await deepText(watched.page, 'body')), `${path}: the words of its language`);
      const fetched = watched.requestsTo(isLanguageChunk).map((request) => new URL(request.url()).pathname);
      assert.deepEqual(
        fetched.filter((file) => !isRuntimeChunk(file)),
        [chunk],
        path,
      );
      assert.equal(fetched.filter(isRuntimeChunk).length, 1, `${path}: the runtime, once`);
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
      await watched.page.close();
    }
  });

  it('defines <testimonial-summary> on first use: its chunk, then one GET /summary through the proxy', async () => {
    const watched = await watchedPage(browser());
    await watched.page.goto(`${server!.origin}/summary.html`, { waitUntil: 'load' });
    await waitFor(async () => /out of 5/.test(await deepText(watched.page, 'testimonial-summary')), 'the summary to show its numbers');
    assert.equal(watched.requestsTo(isSummaryChunk).length, 1, 'the summary chunk, once');
    assert.equal(watched.requestsTo((path) => path === '/api/summary').length, 1, 'one summary request through the proxy');
    assert.deepEqual(
      watched.requestsTo(isHlsChunk).map((request) => request.url()),
      [],
      'no hls.js for a summary',
    );
    assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    await watched.page.close();
  });

  it('adds and removes widgets after load: they upgrade, load, and leave nothing behind', async () => {
    const watched = await watchedPage(browser());
    const { page } = watched;
    await page.goto(`${server!.origin}/dynamic.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => customElements.get('testimonial-wall') !== undefined);

    for (let round = 1; round <= 3; round++) {
      await page.evaluate(() => {
        const slot = document.getElementById('slot')!;
        slot.innerHTML = `<testimonial-wall endpoint="/api" limit="4" layout="list" paging="none"></testimonial-wall>
          <video-testimonial src="/media/hls/index.m3u8" poster="/media/poster.jpg" label="A sample video"></video-testimonial>`;
        const wall = slot.querySelector('testimonial-wall')!;
        wall.addEventListener('testimonial-wall-load', (event) => {
          const card = document.createElement('testimonial-card');
          card.id = 'from-data';
          card.testimonial = event.detail.testimonials[0]!;
          slot.append(card);
        });
      });
      await waitFor(async () => (await deepText(page, '#from-data')).length > 20, `round ${round}: the card made from the wall's data`);
      // The player is a lazy chunk, defined when the first <video-testimonial> appears: give it time to
      // arrive (the wall and the card are in the entry, so they are defined already).
      await waitFor(
        () =>
          page.evaluate(
            (tags) => tags.every((tag) => customElements.get(tag) !== undefined),
            ['testimonial-wall', 'testimonial-card', 'video-testimonial'],
          ),
        `round ${round}: the three elements to be defined`,
      );
      const states = await page.evaluate(() =>
        [...document.querySelectorAll('#slot > *')].map((element) => ({
          tag: element.localName,
          upgraded: element instanceof customElements.get(element.localName)! && element.shadowRoot !== null,
        })),
      );
      assert.deepEqual(
        states.map((state) => state.upgraded),
        [true, true, true],
        JSON.stringify(states),
      );
      await waitFor(async () => (await countDeep(page, 'testimonial-wall testimonial-card, testimonial-card')) >= 5, 'the wall cards');

      await page.evaluate(() => document.getElementById('slot')!.replaceChildren());
      assert.equal(await countDeep(page, WIDGETS), 0, `round ${round}: widgets removed`);
    }

    assert.equal(watched.requestsTo((path) => path === '/api/testimonials').length, 3, 'one list request per wall added');
    assert.deepEqual(
      watched.requestsTo(isHlsChunk).map((request) => request.url()),
      [],
      'no hls.js before anyone presses play',
    );
    for (const tag of ['testimonial-wall', 'testimonial-card', 'video-testimonial']) await waitForCollected(page, tag);
    assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    await page.close();
  });
}

/** `<testimonial-form>` from the script tag, in each browser. */
function formTests(name: BrowserName, browser: () => Browser): void {
  describe(`<testimonial-form> from the script tag in ${name === 'chromium' ? 'Chromium' : 'Firefox'}`, () => {
    it('defines it on first use: the real class, its chunk once, its form in its shadow root', async () => {
      const watched = await watchedPage(browser());
      const { page } = watched;
      await page.goto(`${server!.origin}/form.html`, { waitUntil: 'load' });
      await waitForForm(page, 'testimonial-form');
      assert.equal(watched.requestsTo(isFormChunk).length, 1, 'the form chunk, once');
      assert.deepEqual(
        watched.requestsTo((path) => isHlsChunk(path) || isSummaryChunk(path)).map((request) => request.url()),
        [],
        'no hls.js nor summary for a form',
      );
      // Made by script once defined: an instance at once.
      const made = await page.evaluate(() => {
        const element = document.createElement('testimonial-form');
        return element instanceof customElements.get('testimonial-form')!;
      });
      assert.ok(made, 'document.createElement makes the real element');
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
      await page.close();
    });

    it('loads it for a form made with document.createElement after load, and upgrades it', async () => {
      const watched = await watchedPage(browser());
      const { page } = watched;
      await page.goto(`${server!.origin}/dynamic.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => customElements.get('testimonial-wall') !== undefined);
      assert.equal(await page.evaluate(() => customElements.get('testimonial-form') === undefined), true, 'not loaded before use');
      await page.evaluate(() => {
        const form = document.createElement('testimonial-form');
        form.setAttribute('endpoint', '/api');
        document.getElementById('slot')!.append(form);
      });
      await waitForForm(page, '#slot > testimonial-form');
      assert.equal(watched.requestsTo(isFormChunk).length, 1, 'the form chunk, once');
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
      await page.close();
    });

    it('takes over the server-rendered form, keeping what the visitor typed before the script ran', async () => {
      const watched = await watchedPage(browser());
      const { page } = watched;
      await page.goto(`${server!.origin}/server-form.html`, { waitUntil: 'load' });
      await page.type('testimonial-form > form [name=customer_name]', 'Ada Lovelace');
      await page.type('testimonial-form > form [name=text]', 'Typed before the script.');
      await page.addScriptTag({ type: 'module', url: `/cdn/${CDN_ENTRY}` });
      await waitForForm(page, 'testimonial-form');
      const state = await page.evaluate(() => {
        const element = document.querySelector('testimonial-form')!;
        const own = (name: string) => element.shadowRoot!.querySelector<HTMLInputElement>(`[name=${name}]`)?.value;
        return {
          serverFormHidden: element.querySelector<HTMLFormElement>(':scope > form')!.hidden,
          name: own('customer_name'),
          text: own('text'),
        };
      });
      assert.deepEqual(state, { serverFormHidden: true, name: 'Ada Lovelace', text: 'Typed before the script.' });
      assert.equal(watched.requestsTo(isFormChunk).length, 1, 'the form chunk, once');
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
      await page.close();
    });
  });
}

/** Waits until the element at `selector` is the defined <testimonial-form>, its own form rendered. */
async function waitForForm(page: Page, selector: string): Promise<void> {
  await waitFor(
    () =>
      page.evaluate((sel) => {
        const element = document.querySelector(sel);
        const defined = customElements.get('testimonial-form');
        return !!defined && element instanceof defined && !!element.shadowRoot?.querySelector('form [name=customer_name]');
      }, selector),
    `${selector} to be the defined element with its form`,
  );
}
