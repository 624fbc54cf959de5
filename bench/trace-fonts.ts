/**
 * The fonts of the ssr section's first frames, traced (issue 24, item 1; docs/server-rendering.md, "The
 * fonts of the first frame"): `node --import tsx bench/trace-fonts.ts [loads]`.
 *
 * For the server-rendered page sent in one piece (its first frame is the server's
 * markup; the bench's streamed page paints its heading first, see bench/ssr.ts) and the
 * client-rendered page, each loaded in fresh contexts (a new renderer, whose font caches are empty, as
 * in the bench), it prints the renderer's synchronous requests to the browser process before the first
 * contentful paint: a face match per weight (`FontDataManager::onMatchFamilyStyle`) and rendering
 * settings per size and boldness (`WebSandboxSupportLinux::GetWebFontRenderStyleForStrike`, Linux), with
 * their wall time; then, once, the distinct computed font keys of the page's texts (shadow roots
 * included) and which elements ask for each. Not part of `npm run bench`: a development tool, for one
 * question; its times say more about the machine's load than about the page, its counts do not.
 */
import type { Browser } from 'puppeteer-core';
import { buildElements } from './builds.js';
import { serveSsrPages } from './ssr.js';
import { launchBrowser, startBenchServer, type TraceEvent } from './support.js';

/** The synchronous font requests worth counting, by their trace event's name. */
const ROUND_TRIPS: Record<string, string> = {
  'FontDataManager::onMatchFamilyStyle': 'face matches (one per weight)',
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike': 'rendering settings (one per size and boldness)',
  'FontCache::GetFontPlatformData': 'FontCache::GetFontPlatformData (most answered in the renderer)',
};

/**
 * Runs in the page: each distinct `family | size | weight | style | lang` of the elements that hold text
 * of their own, with up to four of those elements. A string, so that no bundler helper leaks into it.
 */
const FONT_KEYS = `(() => {
  const keys = new Map();
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) visit(element.shadowRoot);
      if (element.closest('head, template, script, style')) continue;
      const ownText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(element);
      const key = [style.fontFamily, style.fontSize, style.fontWeight, style.fontStyle, 'lang=' + (element.closest('[lang]')?.lang ?? '')].join(' | ');
      const elements = keys.get(key) ?? [];
      if (elements.length < 4) elements.push(element.localName + (element.className ? '.' + element.className : ''));
      keys.set(key, elements);
    }
  };
  visit(document);
  return [...keys].map(([key, elements]) => key + '  <- ' + elements.join(', '));
})()`;

async function traceLoad(
  browser: Browser,
  url: string,
): Promise<{ fcp: number; trips: Map<string, { count: number; ms: number }>; keys: string[] }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.tracing.start({ categories: ['fonts', 'devtools.timeline', 'loading'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, { timeout: 30_000 });
    const trace = await page.tracing.stop();
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
    const keys = (await page.evaluate(FONT_KEYS)) as string[];
    const events = (JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const paint = events.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`no firstContentfulPaint in the trace of ${url}`);
    const trips = new Map<string, { count: number; ms: number }>();
    for (const event of events) {
      const label = ROUND_TRIPS[event.name];
      if (!label || event.pid !== paint.pid || event.ts > paint.ts) continue;
      const trip = trips.get(label) ?? { count: 0, ms: 0 };
      trip.count++;
      trip.ms += (event.dur ?? 0) / 1000;
      trips.set(label, trip);
    }
    return { fcp, trips, keys };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  if (!(Number.isInteger(loads) && loads > 0)) throw new Error(`loads: a positive integer, not ${process.argv[2]}`);
  const elements = await buildElements();
  const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
  const browser = await launchBrowser();
  try {
    const { onePieceUrl, clientUrl } = await serveSsrPages(server);
    for (const [name, url] of [
      ['server-rendered in one piece', onePieceUrl],
      ['client-rendered', clientUrl],
    ] as const) {
      for (let index = 0; index < loads; index++) {
        const { fcp, trips, keys } = await traceLoad(browser, url);
        console.log(`\n${name}, load ${index + 1}: first contentful paint ${fcp.toFixed(0)} ms; before it:`);
        for (const [label, { count, ms }] of trips)
          console.log(`  ${String(count).padStart(3)}× ${ms.toFixed(1).padStart(6)} ms  ${label}`);
        if (index === loads - 1) {
          console.log(`${name}: the font keys of its texts (family | size | weight | style | lang)`);
          for (const key of keys) console.log(`  ${key}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
