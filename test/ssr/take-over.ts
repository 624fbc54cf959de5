/**
 * The server-rendered demo page (scripts/server-rendered-page.ts) in real browsers, Chromium and
 * Firefox ESR, with the script-tag build:
 *
 * - without scripts, every testimonial's words and name are on screen;
 * - with scripts, the elements take the markup over without asking for page 1 again, without moving
 *   anything, and "Load more" works, with the keyboard. "Without moving anything", in one page (the
 *   server's paint, then the script added): in Chromium the Layout Instability API reports under
 *   0.001 in all (see takeOverInPlace) from the server's paint to the live elements (their chunks
 *   and images loaded); Firefox has
 *   no Layout Instability API, so there, as in Chromium too, the box of every element with a `part`,
 *   every host and what follows the elements is the same before and after. The demo page (a grid wall,
 *   a card, a video), a page with a list wall and a portrait video, and pages with a carousel and a
 *   marquee (whose chunk arrives after the entry: the server's markup must stay until then) are measured.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { serverRenderedPage } from '../../scripts/server-rendered-page.js';
import { renderVideo, renderWall } from '../../src/ssr/index.js';
import { watchedPage } from '../support/browser.js';
import { FRAME_WATCH, imagesInViewPainted, noServerCardLeft, SHIFT_OBSERVER, sameBoxes, type Box } from '../support/take-over-watch.js';
import { CDN_ENTRY_FILE, elementsRendered, type BrowserPageSet } from './browsers.js';

const LIMIT = 6;

/** What a reader sees: each visible card's name and words, read through every shadow root. */
function visibleCards(page: Page): Promise<{ name: string; text: string }[]> {
  return page.evaluate(() => {
    const cards: { name: string; text: string }[] = [];
    const visible = (element: Element | null | undefined) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        // A card's content: in its shadow root, or flat in the wall's root inside a div.tc (the server's).
        const content = element.localName === 'testimonial-card' ? element.shadowRoot : element.matches('div.tc') ? element : null;
        const name = content?.querySelector('[part="name"]');
        const text = content?.querySelector('[part="text"]');
        if (visible(name)) {
          cards.push({ name: name!.textContent!.trim(), text: visible(text) ? text!.textContent!.replace(/\s+/g, ' ').trim() : '' });
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return cards;
  });
}

/**
 * The testimonials the page was rendered from: every data island's, with the words in the page's
 * language (the page's `lang` is the elements', so a testimonial in another language shows its
 * translation, as in the browser).
 */
function islandTestimonials(page: Page): Promise<{ customer_name: string; text: string }[]> {
  return page.evaluate(() => {
    interface Data {
      customer_name: string;
      text: string;
      lang?: string;
      translations?: { lang: string; text?: string }[];
    }
    const found: Data[] = [];
    for (const island of document.querySelectorAll('testimonial-wall > script, testimonial-card > script')) {
      const data = JSON.parse(island.textContent!) as Data & { testimonials?: Data[] };
      if (data.testimonials) found.push(...data.testimonials);
      else found.push(data);
    }
    const primary = (tag: string | undefined) => tag?.split('-')[0]?.toLowerCase();
    const pageLang = primary(document.documentElement.lang);
    return found.map((testimonial) => {
      const translation =
        primary(testimonial.lang) === pageLang ? undefined : testimonial.translations?.find((t) => primary(t.lang) === pageLang);
      return { customer_name: testimonial.customer_name, text: translation?.text ?? testimonial.text };
    });
  });
}

/** The markup-free words, as a reader sees them (the card clamps long texts: compare their start). */
function wordsOf(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/**
 * Loads `path` (a page without its script: the server's paint), adds the script-tag build, waits until
 * the elements, the chunks they load and their images are done, and checks that nothing moved.
 */
async function takeOverInPlace(page: Page, browserName: string, path: string, tolerance = 0): Promise<void> {
  if (browserName === 'chromium') await page.evaluateOnNewDocument(SHIFT_OBSERVER);
  await page.goto(`${path}`, { waitUntil: 'load' });
  await page.evaluate(FRAME_WATCH);
  const before = (await page.evaluate('__boxes()')) as Box[];
  // The server's cards (written flat, div.tc), marked before the script comes: a take-over replaces them.
  await page.evaluate(() => {
    const cards = document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('div.tc, testimonial-card') ?? [];
    if (cards.length === 0) throw new Error('no server-rendered card in the wall');
    for (const card of cards) {
      (card as Element & { __fromServer?: boolean }).__fromServer = true;
    }
  });
  await page.evaluate('__watchFrames()');
  await page.evaluate(async (src) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    document.body.append(script);
    await loaded;
    // The player's chunk, where the page has a player (the carousel's and the marquee's pages have none).
    if (document.querySelector('video-testimonial')) await customElements.whenDefined('video-testimonial');
  }, `/${CDN_ENTRY_FILE}`);
  await elementsRendered(page);
  // The player (a chunk) renders once defined; the images in view load; two frames later
  // everything is painted.
  await imagesInViewPainted(page);
  await elementsRendered(page);
  // Taken over: the wall's cards are the browser's own now, none of the server's.
  await noServerCardLeft(page);
  assert.deepEqual(await page.evaluate('__stopWatching()'), [], 'a box moved in a frame while the elements took over');
  sameBoxes((await page.evaluate('__boxes()')) as Box[], before, tolerance);
  if (browserName === 'chromium') {
    const shifts = await page.evaluate(() => (globalThis as { __shifts?: { value: number; sources: string[] }[] }).__shifts ?? []);
    // Under 0.001 in all: about one run in three, a server-rendered avatar (48 px) near the viewport's
    // bottom edge moves 7 px before the take-over (0.000014, a node the take-over then replaces; cause
    // not found yet: a row above growing by a line, perhaps a fallback font). Every take-over defect
    // seen so far shifted 0.008 to 0.155; the boxes above are compared exactly in every frame.
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    if (shifts.length) console.log(`layout shifts while the elements took over: ${JSON.stringify(shifts)}`);
    assert.ok(total < 0.001, `layout shifts (Layout Instability API) while the elements took over: ${JSON.stringify(shifts)}`);
  }
}

/** The element that has focus, through shadow roots, as `tag[part]`. */
function deepFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.localName}[${active.getAttribute('part') ?? ''}]` : '';
  });
}

/** Cards inside the wall, counted in its shadow root. */
function wallCardCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('testimonial-wall')!.shadowRoot!.querySelectorAll('testimonial-card').length);
}

export const takeOver: BrowserPageSet = {
  title: 'the server-rendered page',

  async prepare(site) {
    const api = `${site.server.origin}/api`;
    site.pages['/no-script.html'] = await serverRenderedPage({ api, limit: LIMIT });
    site.pages['/with-script.html'] = await serverRenderedPage({ api, limit: LIMIT, script: `/${CDN_ENTRY_FILE}` });
    // A list wall (cards as wide as the page) and a portrait (9:16) video, in the page's language.
    const videos = (await (await fetch(`${api}/testimonials?type=video&limit=100`)).json()) as {
      testimonials: { id: string; video?: { aspect_ratio?: string } }[];
    };
    const portrait = videos.testimonials.find((testimonial) => testimonial.video?.aspect_ratio === '9:16');
    assert.ok(portrait, 'the sandbox has a portrait video');
    const [wall, video] = await Promise.all([
      renderWall({ endpoint: api, lang: 'en', attributes: { endpoint: '/api', layout: 'list', limit: LIMIT } }),
      renderVideo(portrait.id, { endpoint: api }),
    ]);
    site.pages['/list-no-script.html'] =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>List</title><link rel="stylesheet" href="/demo.css"></head>` +
      `<body><main>${wall}<section style="max-width: 20rem">${video}</section><p id="end">End.</p></main></body></html>`;
    // A carousel and a marquee. The marquee's motion is slowed to a standstill (a ten-thousandth of a
    // pixel a second), so that boxes that move are boxes that taking over moved. Without the cards'
    // media: a media video's player, once defined, grows when its video fails to load (the sandbox's
    // media), whatever the layout and whoever rendered it, at a moment no test can wait for.
    for (const layout of ['carousel', 'marquee']) {
      const moving = await renderWall({
        endpoint: api,
        attributes: { endpoint: '/api', lang: 'en', layout, limit: LIMIT, 'no-media': true },
      });
      site.pages[`/${layout}-no-script.html`] =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${layout}</title><link rel="stylesheet" href="/demo.css">` +
        `<style>testimonial-wall { --testimonial-wall-marquee-item-duration: 1e9s }</style></head>` +
        `<body><main>${moving}<p id="end">End.</p></main></body></html>`;
    }
  },

  tests(name, browser, site) {
    it('shows every testimonial, words and name, with no script at all', async () => {
      const { page, errors } = await watchedPage(browser());
      await page.setViewport({ width: 1200, height: 900 });
      await page.goto(`${site.server.origin}/no-script.html`, { waitUntil: 'load' });
      const expected = await islandTestimonials(page);
      assert.equal(expected.length, LIMIT + 1, "the wall's page 1 and the card");
      const shown = await visibleCards(page);
      for (const testimonial of expected) {
        const card = shown.find((candidate) => candidate.name === testimonial.customer_name);
        assert.ok(card, `${testimonial.customer_name} is not on screen (on screen: ${shown.map((c) => c.name).join(', ')})`);
        if (testimonial.text)
          assert.ok(
            card.text.startsWith(wordsOf(testimonial.text)),
            `${testimonial.customer_name}'s words are not on screen: "${card.text}"`,
          );
      }
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('takes over without a request for page 1, without moving anything, and pages with the keyboard', async () => {
      const { page, errors } = await watchedPage(browser());
      await page.setViewport({ width: 1200, height: 900 });
      const listsBefore = site.server.requestsTo((path) => path === '/api/testimonials' || path.startsWith('/api/testimonials/')).length;
      // The page first without its script (the server's paint), then the script added: the same
      // markup before and after the elements take over, measured in one page.
      await takeOverInPlace(page, name, `${site.server.origin}/no-script.html`);
      assert.equal(await wallCardCount(page), LIMIT);
      const asked = site.server
        .requestsTo((path) => path === '/api/testimonials' || path.startsWith('/api/testimonials/'))
        .slice(listsBefore);
      assert.deepEqual(
        asked.map((request) => request.url),
        [],
        'the elements asked again for what the server rendered',
      );

      // "Load more" with the keyboard: Tab to it, Enter, and focus goes to the first new testimonial.
      let focused = '';
      for (let presses = 0; presses < 80 && focused !== 'button[load-more]'; presses++) {
        await page.keyboard.press('Tab');
        focused = await deepFocus(page);
      }
      assert.equal(focused, 'button[load-more]');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (count) => document.querySelector('testimonial-wall')!.shadowRoot!.querySelectorAll('testimonial-card').length > count,
        {},
        LIMIT,
      );
      const paged = site.server.requestsTo((path) => path === '/api/testimonials').slice(-1)[0]!;
      assert.match(paged.url, /[?&]page=2\b/);
      await page.waitForFunction(() => {
        const wall = document.querySelector('testimonial-wall')!;
        return wall.shadowRoot!.activeElement?.matches('[part="item"]') ?? false;
      });
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('takes a list wall and a portrait video over without moving anything', async () => {
      const { page, errors } = await watchedPage(browser());
      await page.setViewport({ width: 1200, height: 900 });
      await takeOverInPlace(page, name, `${site.server.origin}/list-no-script.html`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    for (const layout of ['carousel', 'marquee']) {
      it(`takes a ${layout} wall over without a skeleton and without moving anything`, async () => {
        const { page, errors } = await watchedPage(browser());
        await page.setViewport({ width: 1200, height: 900 });
        await takeOverInPlace(page, name, `${site.server.origin}/${layout}-no-script.html`, 0.001);
        const shown = await page.evaluate(
          (part) => !!document.querySelector('testimonial-wall')!.shadowRoot!.querySelector(`[part="${part}"]`),
          layout,
        );
        assert.ok(shown, `the ${layout} is shown`);
        assert.deepEqual(errors, []);
        await page.close();
      });
    }

    it('loads the page with its script and shows the same first page with no request for it', async () => {
      const { page, errors, requestsTo } = await watchedPage(browser());
      await page.goto(`${site.server.origin}/with-script.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => customElements.get('testimonial-wall') !== undefined);
      await elementsRendered(page);
      assert.equal(await wallCardCount(page), LIMIT);
      assert.deepEqual(
        requestsTo((path) => path.startsWith('/api/testimonials')).map((request) => request.url()),
        [],
      );
      assert.deepEqual(errors, []);
      await page.close();
    });
  },
};
