/**
 * The card tests' hostile corpus, rendered on the server and parsed by real browsers (Chromium and
 * Firefox ESR), without scripts and with the script-tag build taking over: no payload runs, no
 * event-handler attribute and no unsafe URL reaches the page, nothing but bare <mark> comes out of a
 * testimonial's words, and no data island is broken out of (`</script>`, `<!--`).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'puppeteer-core';
import type { Testimonial } from '../../src/client/types.js';
import { renderCard, renderVideo, renderWall } from '../../src/ssr/index.js';
import { ALL_PAYLOADS, DANGEROUS_URLS, SCRIPT_PAYLOADS } from '../elements/shared/hostile.js';
import { CARD_ELEMENTS, everyField, SAFE_URL_VALUE, URL_ATTRIBUTES, URL_FIELD } from '../elements/testimonial-card/hostile-fields.js';
import { watchedPage } from '../support/browser.js';
import { CDN_ENTRY_FILE, elementsRendered, type BrowserPageSet } from './browsers.js';

/** Words that would end a script element or hide the rest of the page, were they not escaped. */
const BREAK_OUT = '</script><script>window.__pwned = "island"</script><!--<script>';

function withId(value: unknown, id: string): Record<string, unknown> {
  return { ...(value as Record<string, unknown>), id };
}

/** Every hostile testimonial: payloads in every field, each payload alone, each dangerous URL in every URL field. */
export function hostileTestimonials(): Testimonial[] {
  return [
    withId(
      everyField(() => ALL_PAYLOADS),
      'all-payloads',
    ),
    withId(
      everyField((path) => (path === 'text' ? BREAK_OUT : 'plain')),
      'break-out',
    ),
    ...SCRIPT_PAYLOADS.map((payload, index) =>
      withId(
        everyField((path) => (URL_FIELD.test(path) ? 'https://cdn.example.com/x.png' : payload)),
        `payload-${index}`,
      ),
    ),
    ...DANGEROUS_URLS.map((url, index) =>
      withId(
        everyField((path) => (URL_FIELD.test(path) ? url : 'plain')),
        `url-${index}`,
      ),
    ),
  ] as unknown as Testimonial[];
}

interface Findings {
  pwned: unknown;
  handlers: string[];
  unsafeUrls: string[];
  foreignElements: string[];
  markupInText: string[];
  scripts: number;
  islands: string[];
}

/** Everything unsafe in the page, read through every shadow root. */
function findings(page: Page): Promise<Findings> {
  return page.evaluate(
    (urlAttributes, safeUrl, cardElements) => {
      const safe = new RegExp(safeUrl.source, safeUrl.flags);
      const out = {
        pwned: (window as { __pwned?: unknown }).__pwned,
        handlers: [] as string[],
        unsafeUrls: [] as string[],
        foreignElements: [] as string[],
        markupInText: [] as string[],
        scripts: 0,
        islands: [] as string[],
      };
      const walk = (root: Document | ShadowRoot, inCard: boolean) => {
        for (const element of root.querySelectorAll('*')) {
          if (element.localName === 'script') out.scripts++;
          // A card's root, or a card written flat in the wall's root (a div.tc: src/ssr/flat-cards.ts).
          const card = inCard || element.parentElement?.closest('div.tc');
          if (card && !cardElements.includes(element.localName) && element.localName !== 'style')
            out.foreignElements.push(element.localName);
          for (const { name, value } of element.attributes) {
            if (name.startsWith('on')) out.handlers.push(`<${element.localName} ${name}>`);
            if (urlAttributes.includes(name) && !safe.test(value)) out.unsafeUrls.push(`<${element.localName} ${name}="${value}">`);
          }
          if (element.matches('[part~="text"]')) {
            for (const inner of element.querySelectorAll('*')) {
              if (inner.localName !== 'mark' || inner.attributes.length > 0) out.markupInText.push(inner.outerHTML);
            }
          }
          if (element.shadowRoot) walk(element.shadowRoot, element.localName === 'testimonial-card');
        }
      };
      walk(document, false);
      for (const island of document.querySelectorAll('testimonial-wall > script, testimonial-card > script, video-testimonial > script')) {
        out.islands.push(island.textContent ?? '');
      }
      return out;
    },
    URL_ATTRIBUTES,
    { source: SAFE_URL_VALUE.source, flags: SAFE_URL_VALUE.flags },
    [...CARD_ELEMENTS],
  );
}

const testimonials = hostileTestimonials();
let islandCount = 0;

export const hostile: BrowserPageSet = {
  title: 'server-rendered hostile input',

  async prepare(site) {
    const wall = await renderWall({
      testimonials,
      attributes: { endpoint: '/api', 'show-tags': true, 'text-limit': 0, layout: 'list', lang: 'en' },
    });
    const cards = await Promise.all(
      testimonials.slice(0, 3).map((testimonial) => renderCard(testimonial, { attributes: { 'show-tags': true } })),
    );
    const video = await renderVideo(testimonials[0]!);
    islandCount = 1 + cards.length + 1;
    const body = `${wall}${cards.join('')}${video}<p id="after">after</p>`;
    const page = (script: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head><body>${body}${script}</body></html>`;
    site.pages['/hostile-no-script.html'] = page('');
    site.pages['/hostile-with-script.html'] = page(`<script type="module" src="/${CDN_ENTRY_FILE}"></script>`);
  },

  tests(_name, browser, site) {
    for (const variant of ['no-script', 'with-script'] as const) {
      it(`runs nothing and links nowhere unsafe (${variant})`, async () => {
        const { page } = await watchedPage(browser());
        await page.goto(`${site.server.origin}/hostile-${variant}.html`, { waitUntil: 'load' });
        if (variant === 'with-script') {
          // Taken over, DOMPurify loaded for the words with markup, every element rendered.
          await page.waitForFunction(() => customElements.get('testimonial-wall') && customElements.get('video-testimonial'));
          await elementsRendered(page);
          await page.waitForFunction(() => {
            const wall = document.querySelector('testimonial-wall')!.shadowRoot!;
            const first = wall.querySelector('testimonial-card')?.shadowRoot?.querySelector('[part~="text"]');
            return first?.querySelector('mark') !== null && first !== undefined;
          });
        }
        // Time for an onerror or onload payload to fire, had one reached the page.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const found = await findings(page);
        assert.equal(found.pwned, undefined, 'a payload ran');
        assert.deepEqual(found.handlers, [], 'event-handler attributes');
        assert.deepEqual(found.unsafeUrls, [], 'unsafe URLs');
        assert.deepEqual([...new Set(found.foreignElements)], [], 'elements from the data inside a card');
        assert.deepEqual(found.markupInText, [], 'markup other than bare <mark> in the words');
        assert.equal(found.islands.length, islandCount, 'data islands');
        assert.equal(found.scripts, islandCount + (variant === 'with-script' ? 1 : 0), 'a data island was broken out of');
        const wallIsland = JSON.parse(found.islands[0]!) as { testimonials: { id: string; text: string }[] };
        assert.deepEqual(
          wallIsland.testimonials.map((testimonial) => testimonial.id),
          testimonials.map((testimonial) => testimonial.id),
        );
        assert.equal(wallIsland.testimonials[1]!.text, BREAK_OUT, 'the island gives back the words exactly');
        assert.ok(await page.$('#after'), 'the page after the islands is there');
        await page.close();
      });
    }
  },
};
