/**
 * Lighthouse's SEO and accessibility categories on the server-rendered demo page
 * (scripts/server-rendered-page.ts), served with the script-tag build that takes it over: both 100.
 * Only those two categories run (no performance trace), with Lighthouse's Node API driving the system
 * Chromium through puppeteer-core, as the bench's Lighthouse section does.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import lighthouse from 'lighthouse';
import { buildCdn, CDN_ENTRY_FILE } from '../../scripts/cdn-build.js';
import { serverRenderedPage } from '../../scripts/server-rendered-page.js';
import { launchBrowser } from '../support/browser.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const CATEGORIES = ['seo', 'accessibility'] as const;

describe('Lighthouse on the server-rendered page', () => {
  let dir: string;
  let server: StaticServer;
  const pages: Record<string, string> = {};

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ssr-lighthouse-'));
    await buildCdn(dir);
    await copyFile(join(import.meta.dirname, '../../demo/demo.css'), join(dir, 'demo.css'));
    server = await startStaticServer({ root: dir, pages });
    pages['/server-rendered.html'] = await serverRenderedPage({ api: `${server.origin}/api`, script: `/${CDN_ENTRY_FILE}` });
  });

  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('scores 100 for SEO and for accessibility', async () => {
    // A browser of its own: Lighthouse changes emulation on the page it drives.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const result = await lighthouse(
        `${server.origin}/server-rendered.html`,
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
      await browser.close();
    }
  });
});
