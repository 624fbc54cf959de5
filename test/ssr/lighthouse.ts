/**
 * Lighthouse's SEO and accessibility categories on the server-rendered demo page
 * (scripts/server-rendered-page.ts), served with the script-tag build that takes it over: both 100.
 * Only those two categories run (no performance trace), with Lighthouse's Node API driving Chromium
 * through puppeteer-core, as the bench's Lighthouse section does: in Chromium only, on a page of its
 * own (Lighthouse changes the emulation of the page it drives), after the other page sets.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import lighthouse from 'lighthouse';
import { serverRenderedPage } from '../../scripts/server-rendered-page.js';
import { CDN_ENTRY_FILE, type BrowserPageSet } from './browsers.js';

const CATEGORIES = ['seo', 'accessibility'] as const;

export const lighthouseScores: BrowserPageSet = {
  title: 'Lighthouse on the server-rendered page',

  async prepare(site) {
    site.pages['/lighthouse.html'] = await serverRenderedPage({ api: `${site.server.origin}/api`, script: `/${CDN_ENTRY_FILE}` });
  },

  tests(name, browser, site) {
    if (name !== 'chromium') return;
    it('scores 100 for SEO and for accessibility', async () => {
      const page = await browser().newPage();
      try {
        const result = await lighthouse(
          `${site.server.origin}/lighthouse.html`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: [...CATEGORIES],
            maxWaitForLoad: 60_000,
            throttlingMethod: 'provided',
            disableFullPageScreenshot: true,
          },
          undefined,
          page,
        );
        assert.ok(result, 'Lighthouse returned a result');
        const { lhr } = result;
        assert.equal(lhr.runtimeError, undefined, lhr.runtimeError?.message);
        for (const category of CATEGORIES) {
          const failed = (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`);
          assert.equal(lhr.categories[category]?.score, 1, `${category} below 100; failed audits: ${failed.join('; ')}`);
        }
      } finally {
        await page.close();
      }
    });
  },
};
