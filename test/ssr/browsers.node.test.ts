// @test-serial: starts a browser
/**
 * Server-rendered pages in real browsers, Chromium then Firefox ESR, with the shared script-tag build:
 * the take-over of the demo page and of other layouts (take-over.ts), of a German page
 * (language-take-over.ts), the hostile corpus (hostile.ts), and Lighthouse's SEO and accessibility
 * scores (lighthouse.ts, Chromium); and the script tag in plain pages (test/script-tag/script-tag.ts,
 * served from `/cdn/` by a server of its own). One launch per browser for all of them, in one process
 * (issue 25: the script-tag pages were a file of their own, with a process and two launches more).
 */
import { after, before, describe } from 'node:test';
import { scriptTag } from '../script-tag/script-tag.js';
import { inEachBrowser, serveCdnBuild, type BrowserPageSet } from './browsers.js';
import { hostile } from './hostile.js';
import { languageTakeOver } from './language-take-over.js';
import { lighthouseScores } from './lighthouse.js';
import { takeOver } from './take-over.js';

const PAGE_SETS: BrowserPageSet[] = [takeOver, languageTakeOver, hostile, scriptTag, lighthouseScores];

describe('the script-tag build in browsers: server-rendered pages, plain script-tag pages', () => {
  const site = serveCdnBuild();

  before(async () => {
    for (const set of PAGE_SETS) await set.prepare(site);
  });

  after(async () => {
    for (const set of PAGE_SETS) await set.close?.();
  });

  inEachBrowser((name, browser) => {
    for (const set of PAGE_SETS) describe(set.title, () => set.tests(name, browser, site));
  });
});
