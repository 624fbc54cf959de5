/**
 * A German page rendered on the server (`lang: 'de'`) and taken over by the script-tag build, in
 * Chromium and Firefox ESR: the words are German in the HTML, and they stay German through the take-over.
 * The script needs the localisation runtime and the German chunk before it can say them; until both are
 * here the server's markup stays, so no frame shows English words or the loading skeleton. A script in
 * the page, after the elements' markup, looks at the wall and the card before every frame from then on.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { renderCard, renderWall } from '../../src/ssr/index.js';
import { watchedPage } from '../support/browser.js';
import { CDN_ENTRY_FILE, elementsRendered, type BrowserPageSet } from './browsers.js';

/**
 * What the page's own script records before each frame: the words of the wall's and the card's
 * controls, and the wall's height (the server's flat cards drawn by the server's styles alone until
 * the swap: the wall's live sheet, adopted while the words are on their way, gave each card's footer a
 * 16 px margin).
 */
const WATCH = `<script>
  window.seen = [];
  window.heights = [];
  const look = () => {
    const wall = document.querySelector('testimonial-wall')?.shadowRoot;
    const card = document.querySelector('testimonial-card')?.shadowRoot;
    const words = (root, part) => root?.querySelector('[part="' + part + '"]')?.textContent.trim() ?? '-';
    window.seen.push([
      words(wall, 'load-more'),
      words(wall, 'skip'),
      wall?.querySelector('.skeleton') || card?.querySelector('[part="skeleton"]') ? 'skeleton' : '-',
      card?.querySelector('[part="rating"]')?.getAttribute('aria-label') ?? '-',
    ].join(' | '));
    window.heights.push(Math.round(document.querySelector('testimonial-wall')?.getBoundingClientRect().height ?? 0));
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
</script>`;

export const languageTakeOver: BrowserPageSet = {
  title: 'a German server-rendered page taken over',

  async prepare(site) {
    const api = `${site.server.origin}/api`;
    const [wall, card] = await Promise.all([
      renderWall({ endpoint: api, lang: 'de', attributes: { endpoint: '/api', layout: 'grid', limit: 3 } }),
      renderCard((await (await fetch(`${api}/testimonials?limit=1&sort=rating`)).json()).testimonials[0].id, {
        endpoint: api,
        lang: 'de',
        attributes: { endpoint: '/api' },
      }),
    ]);
    site.pages['/de.html'] = `<!doctype html>
<html lang="de">
  <head><meta charset="utf-8" /><title>Kundenstimmen</title></head>
  <body>${wall}${card}${WATCH}<script type="module" src="/${CDN_ENTRY_FILE}"></script></body>
</html>`;
  },

  tests(_name, browser, site) {
    it('shows German words in every frame, from the server through the take-over', async () => {
      const { page, errors, requestsTo } = await watchedPage(browser());
      await page.goto(`${site.server.origin}/de.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => customElements.get('testimonial-wall') !== undefined);
      await elementsRendered(page);
      // The take-over happened: the elements rendered on the client, from the words' chunks.
      assert.ok(requestsTo((path) => /\/chunks\/i18n-de\.js$/.test(path)).length === 1, 'the German chunk was fetched once');
      const seen = [...new Set(await page.evaluate(() => (window as unknown as { seen: string[] }).seen))];
      assert.ok(seen.length > 0);
      for (const frame of seen) {
        assert.match(
          frame,
          /^Mehr laden \| Kundenstimmen überspringen \| - \| .+ von 5 Sternen$/,
          'every frame shows the German words, and no skeleton',
        );
      }
      const heights = [...new Set(await page.evaluate(() => (window as unknown as { heights: number[] }).heights))];
      assert.deepEqual(heights, [heights[0]], `the wall keeps its height from the server through the take-over: ${heights.join(', ')} px`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  },
};
