/**
 * The check both framework example apps (demo/frameworks: React 19 and Vue 3) pass, built with Vite
 * from their own config against the installed tarball (see package.node.test.ts), served with the demo
 * API on 127.0.0.1, and driven in Chromium and in Firefox ESR.
 *
 * Fetch counting: the elements' client shares requests that are in flight but keeps no cache, and a
 * wall or card aborts its request when it is removed. So each mount must issue exactly one list request
 * (the wall) and one by-id request (the fetched card): more would be a duplicate (a prop set twice, a
 * re-render that asked again), fewer would mean a remounted element did not load. The count is of the
 * requests the page issued (puppeteer sees them even when the browser answers from its HTTP cache,
 * which the proxy's `Cache-Control` allows); the server sees at most that many. Removed elements must
 * be collectable: that is counted in the heap over Chromium's DevTools protocol, which Firefox does not
 * offer, so only in Chromium.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { countDeep, deepText, liveInstances, waitFor, waitForCollected, watchedPage, type WatchedPage } from '../support/browser.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

const REMOUNTS = 5;
const WIDGETS = 'testimonial-wall, testimonial-card, video-testimonial';
const isList = (path: string) => path === '/api/testimonials';
const isById = (path: string) => /^\/api\/testimonials\/[^/]+$/.test(path);

export type ExampleApp = 'react' | 'vue';
export type BrowserName = 'chromium' | 'firefox';

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

/**
 * Declares the check of one built example app (`outDir()`, once the suite's `before` hooks have run) in
 * one browser (`browser()`, launched by the caller and shared by the apps).
 */
export function describeExampleApp(name: ExampleApp, browserName: BrowserName, browser: () => Browser, outDir: () => string): void {
  describe(`the ${name} example app in ${browserName}`, () => {
    let server: StaticServer;
    let watched: WatchedPage;
    /** Widgets connected on the wall route once everything has loaded (counted on the first mount). */
    let widgetsPerMount: number;
    /** The wall's testimonials as a plain DOM listener on `document` heard them (the events are composed). */
    const heardOnDocument = 'window.__heardOnDocument';

    before(async () => {
      server = await startStaticServer({ root: outDir() });
      watched = await watchedPage(browser());
      await watched.page.evaluateOnNewDocument(`${heardOnDocument} = [];
        document.addEventListener('testimonial-wall-load', (event) => ${heardOnDocument}.push(event.detail.testimonials.length));`);
      await watched.page.goto(`${server.origin}/`, { waitUntil: 'load' });
    });

    after(async () => {
      await watched?.page.close();
      await server?.close();
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
      assert.deepEqual(await watched.page.evaluate(heardOnDocument), [6], 'a listener on document heard the wall');
      const query = watched.requestsTo(isList).map((request) => new URL(request.url()).searchParams);
      // (The client sorts tags, so that walls asking the same question share one request.)
      assert.deepEqual(query[0]?.getAll('tags').sort(), ['mobile', 'pricing'], 'the tags array reached the wall as a property');
      const fetched = await deepText(watched.page, '#fetched-card');
      assert.ok(fetched.length > 20, `the fetched card shows its testimonial: "${fetched}"`);
      await watched.page.click('#featured-card');
      await waitFor(async () => (await countOf(watched, 'click')) === 1, 'the click handler');
      await wallSettled(watched);
      widgetsPerMount = await countDeep(watched.page, WIDGETS);
      // The wall's six cards (text or video), the featured card and the fetched one.
      assert.ok(widgetsPerMount >= 9, `a wall, its cards and two cards are connected (${widgetsPerMount})`);
      // The heap count used for leaks below sees live elements (so its zero later means something).
      if (browserName === 'chromium') assert.equal(await liveInstances(watched.page, 'testimonial-wall'), 1);
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
      if (browserName === 'chromium') {
        await waitForCollected(page, 'testimonial-wall');
        await waitForCollected(page, 'testimonial-card');
      }
    });

    it('logs no page error and no console error', () => {
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    });
  });
}
