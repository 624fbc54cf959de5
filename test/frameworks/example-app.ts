/**
 * The check both framework example apps pass (React 19 and Vue 3): built with Vite from their own
 * config into a temporary folder, served with the demo API on 127.0.0.1, and driven in Chromium.
 *
 * Fetch counting: the elements' client shares requests that are in flight but keeps no cache, and a
 * wall or card aborts its request when it is removed. So each mount must issue exactly one list request
 * (the wall) and one by-id request (the fetched card): more would be a duplicate (a prop set twice, a
 * re-render that asked again), fewer would mean a remounted element did not load. The count is of the
 * requests the page issued (puppeteer sees them even when the browser answers from its HTTP cache,
 * which the proxy's `Cache-Control` allows); the server sees at most that many.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { build } from 'vite';
import {
  countDeep,
  deepText,
  launchBrowser,
  liveInstances,
  waitFor,
  waitForCollected,
  watchedPage,
  type WatchedPage,
} from '../support/browser.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const REMOUNTS = 5;
const WIDGETS = 'testimonial-wall, testimonial-card, video-testimonial';
const isList = (path: string) => path === '/api/testimonials';
const isById = (path: string) => /^\/api\/testimonials\/[^/]+$/.test(path);

async function loggedEvents({ page }: WatchedPage): Promise<string[]> {
  return page.$$eval('.event-log li', (items) => items.map((item) => (item as HTMLElement).dataset.event ?? ''));
}

/** Waits until the wall has rendered everything it loaded (its `updateComplete` waits for every slice). */
async function wallSettled({ page }: WatchedPage): Promise<void> {
  await page.evaluate(async () => {
    await document.querySelector('testimonial-wall')!.updateComplete;
  });
}

async function countOf(watched: WatchedPage, prefix: string): Promise<number> {
  return (await loggedEvents(watched)).filter((entry) => entry.startsWith(prefix)).length;
}

export function describeExampleApp(name: 'react' | 'vue'): void {
  describe(`the ${name} example app`, () => {
    let outDir: string;
    let server: StaticServer;
    let browser: Browser;
    let watched: WatchedPage;
    /** Widgets connected on the wall route once everything has loaded (counted on the first mount). */
    let widgetsPerMount: number;

    before(async () => {
      outDir = await mkdtemp(join(tmpdir(), `example-${name}-`));
      await build({
        configFile: resolve(import.meta.dirname, `../../demo/frameworks/${name}/vite.config.ts`),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
      server = await startStaticServer({ root: outDir });
      browser = await launchBrowser();
      watched = await watchedPage(browser);
      await watched.page.goto(`${server.origin}/`, { waitUntil: 'load' });
    });

    after(async () => {
      await browser?.close();
      await server?.close();
      if (outDir) await rm(outDir, { recursive: true, force: true });
    });

    it('renders the featured card from data set as its testimonial property', async () => {
      await waitFor(async () => (await deepText(watched.page, '#featured-card')).includes('Ada Example'), 'the featured card');
      const text = await deepText(watched.page, '#featured-card');
      assert.match(text, /always there/);
      assert.match(text, /Head of Research at Example Co/);
      assert.equal(
        await watched.page.$eval('#featured-card', (card) => card.getAttribute('testimonial')),
        null,
        'an object, never an attribute',
      );
    });

    it("hears the wall's and the fetched card's events in the framework's handlers, and native clicks", async () => {
      await waitFor(
        async () => (await countOf(watched, 'testimonial-card-load:')) === 1,
        'testimonial-wall-load, then testimonial-card-load',
      );
      const events = await loggedEvents(watched);
      assert.deepEqual(
        events.filter((entry) => entry.startsWith('testimonial')),
        ['testimonial-wall-load:6', 'testimonial-card-load:true'],
      );
      const fetched = await deepText(watched.page, '#fetched-card');
      assert.ok(fetched.length > 20, `the fetched card shows its testimonial: "${fetched}"`);
      await watched.page.click('#featured-card');
      await waitFor(async () => (await countOf(watched, 'click')) === 1, 'the click handler');
      await wallSettled(watched);
      widgetsPerMount = await countDeep(watched.page, WIDGETS);
      // The wall's six cards (text or video), the featured card and the fetched one.
      assert.ok(widgetsPerMount >= 9, `a wall, its cards and two cards are connected (${widgetsPerMount})`);
      // The heap count used for leaks below sees live elements (so its zero later means something).
      assert.equal(await liveInstances(watched.page, 'testimonial-wall'), 1);
    });

    it(`routes away and back ${REMOUNTS} times: one request per mount, nothing left behind`, async () => {
      const { page } = watched;
      for (let mount = 2; mount <= REMOUNTS + 1; mount++) {
        await page.click('button[data-route="about"]');
        await waitFor(async () => (await countDeep(page, WIDGETS)) === 0, 'the widgets to be removed');
        await page.click('button[data-route="wall"]');
        await waitFor(async () => (await countOf(watched, 'testimonial-card-load:')) === mount, `mount ${mount} to load`);
        await wallSettled(watched);
        assert.equal(await countDeep(page, WIDGETS), widgetsPerMount, `mount ${mount} connects as many widgets as the first`);
      }
      const mounts = REMOUNTS + 1;
      assert.equal(await countOf(watched, 'testimonial-wall-load:6'), mounts);
      assert.equal(watched.requestsTo(isList).length, mounts, 'one list request per mount');
      assert.equal(watched.requestsTo(isById).length, mounts, 'one by-id request per mount');
      const seen = server.requestsTo(isList).length;
      assert.ok(seen >= 1 && seen <= mounts, `the server saw ${seen} list requests`);

      await page.click('button[data-route="about"]');
      await waitFor(async () => (await countDeep(page, WIDGETS)) === 0, 'the widgets to be removed');
      // Removed elements must be collectable: nothing (a listener, an observer, the shared client) may hold them.
      await waitForCollected(page, 'testimonial-wall');
      await waitForCollected(page, 'testimonial-card');
    });

    it('logs no page error and no console error', () => {
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    });
  });
}
