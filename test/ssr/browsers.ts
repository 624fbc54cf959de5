/**
 * What the server-rendering browser tests share: the script-tag build served with the test's pages
 * and the demo API, and a suite per browser (Chromium, then Firefox ESR).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { buildCdn } from '../../scripts/cdn-build.js';
import { launchBrowser, launchFirefox } from '../support/browser.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

export { CDN_ENTRY_FILE } from '../../scripts/cdn-build.js';

export interface CdnSite {
  /** The server, once `before` has run. */
  readonly server: StaticServer;
  /** The folder the build is in (add files beside it). */
  readonly dir: string;
  /** Pages by path, read at request time: fill them in `before`, once the server's origin is known. */
  readonly pages: Record<string, string>;
}

/** Builds the script-tag build into a temporary folder and serves it, for the suite it is called in. */
export function serveCdnBuild(name: string): CdnSite {
  const site = { pages: {} as Record<string, string> } as { server: StaticServer; dir: string; pages: Record<string, string> };
  before(async () => {
    site.dir = await mkdtemp(join(tmpdir(), `${name}-`));
    await buildCdn(site.dir);
    site.server = await startStaticServer({ root: site.dir, pages: site.pages });
  });
  after(async () => {
    await site.server?.close();
    if (site.dir) await rm(site.dir, { recursive: true, force: true });
  });
  return site;
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
