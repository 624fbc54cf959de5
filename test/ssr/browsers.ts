/**
 * What the server-rendering browser tests share: the script-tag build (the shared one) served with the
 * test's pages and the demo API, and a suite per browser (Chromium, then Firefox ESR). Each page set
 * (take-over.ts, language-take-over.ts, hostile.ts, lighthouse.ts) adds its pages to the one site and
 * its tests to each browser's suite: browsers.node.test.ts runs them all with one launch per browser
 * (the script-tag pages too: test/script-tag/script-tag.ts, on a server of its own).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, launchFirefox } from '../support/browser.js';
import { sharedCdnBuild } from '../support/shared-cdn-build.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

export { CDN_ENTRY_FILE } from '../../scripts/cdn-build.js';

export interface CdnSite {
  /** The server, once `before` has run. */
  readonly server: StaticServer;
  /** Pages (and other inline files, such as `/demo.css`) by path, read at request time: fill them in `before`. */
  readonly pages: Record<string, string>;
}

/** Serves the shared script-tag build at the site's root, with `/demo.css`, for the suite it is called in. */
export function serveCdnBuild(): CdnSite {
  const site = { pages: {} as Record<string, string> } as { server: StaticServer; pages: Record<string, string> };
  before(async () => {
    const { cdnDir } = await sharedCdnBuild();
    site.pages['/demo.css'] = await readFile(join(import.meta.dirname, '../../demo/demo.css'), 'utf8');
    site.server = await startStaticServer({ root: cdnDir, pages: site.pages });
  });
  after(async () => {
    await site.server?.close();
  });
  return site;
}

/** Pages rendered on the server, and the tests that open them in each browser. */
export interface BrowserPageSet {
  title: string;
  /** Adds the set's pages to the site (its server is running; page paths start with the set's own prefix). */
  prepare(site: CdnSite): Promise<void>;
  /** Declares the set's tests in one browser's suite. */
  tests(name: BrowserName, browser: () => Browser, site: CdnSite): void;
  /** Stops what `prepare` started besides the site (a server of its own), after both browsers' suites. */
  close?(): Promise<void>;
}

const BROWSERS = { chromium: launchBrowser, firefox: launchFirefox } as const;

export type BrowserName = keyof typeof BROWSERS;

/** Declares `body` once per browser, in a suite of its own; `browser()` is that suite's browser. */
export function inEachBrowser(body: (name: BrowserName, browser: () => Browser) => void): void {
  for (const name of Object.keys(BROWSERS) as BrowserName[]) {
    describe(name, () => {
      let browser: Browser | undefined;
      before(async () => {
        browser = await BROWSERS[name]();
      });
      after(async () => {
        await browser?.close();
      });
      body(name, () => browser!);
    });
  }
}

/** Resolves once every testimonial element in the page has rendered. */
export function elementsRendered(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>(
      'testimonial-wall, testimonial-card, video-testimonial',
    )) {
      await element.updateComplete;
    }
  });
}
