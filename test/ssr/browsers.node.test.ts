// @test-serial: starts a browser
/**
 * Server-rendered pages in real browsers, Chromium then Firefox ESR, with the shared script-tag build:
 * the take-over of the demo page and of other layouts (take-over.ts), of a German page
 * (language-take-over.ts), the hostile corpus (hostile.ts), and Lighthouse's SEO and accessibility
 * scores (lighthouse.ts, Chromium). One server and one launch per browser for all of them.
 */
import { before, describe } from 'node:test';
import { inEachBrowser, serveCdnBuild } from './browsers.js';
import { hostile } from './hostile.js';
import { languageTakeOver } from './language-take-over.js';
import { lighthouseScores } from './lighthouse.js';
import { takeOver } from './take-over.js';

const PAGE_SETS = [takeOver, languageTakeOver, hostile, lighthouseScores];

describe('server-rendered pages in browsers', () => {
  const site = serveCdnBuild();

  before(async () => {
    for (const set of PAGE_SETS) await set.prepare(site);
  });

  inEachBrowser((name, browser) => {
    for (const set of PAGE_SETS) describe(set.title, () => set.tests(name, browser, site));
  });
});
