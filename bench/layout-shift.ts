/**
 * Layout shift: the cumulative layout shift (CLS, the largest session window of `layout-shift` entries
 * without recent input, as Core Web Vitals define it) of a page with a heading, a
 * `<testimonial-wall endpoint="/api">` and content below it, from navigation until the wall and its
 * images have loaded and the page has been still for a second. The API answers after a delay, so the
 * skeleton is on screen for a while. Written as a site would write it: one script tag, no extra CSS.
 * Measured at a desktop and a phone viewport, each run in a fresh browser context, twice: with the
 * plain module script tag (the page may paint before the elements are defined, when the wall is still
 * an empty inline element), and with `blocking="render"` on it, which leaves only the shifts that the
 * wall's own loading causes (skeleton → cards → footer).
 *
 * Then the demo's pages that build on the API's answers (the overview, the cards and the video
 * pages), built for production and served as `npm start` serves them, at the desktop viewport.
 */
import type { Browser, Page } from 'puppeteer-core';
import { figure, htmlPage, log, median, RUNS, type BenchServer, type Figure } from './support.js';

const API_DELAY_MS = 400;
/** As many fresh loads as the timings: whether the page paints before the elements are defined varies. */
const CLS_RUNS = RUNS;

const SCRIPT_TAGS = [
  { key: '', attributes: '', what: 'plain module script' },
  { key: '.render_blocking', attributes: 'blocking="render"', what: 'script with blocking="render"' },
] as const;

/** Collects `layout-shift` entries from the start and offers `cls()`, the largest session window. */
const CLS_OBSERVER = `
  // Registered before anything renders; session windows as in web-vitals: gaps < 1 s, windows ≤ 5 s.
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      // What moved, for the log: element (and the shadow host it lives in), and its top before → after.
      const what = entry.sources.map((source) => {
        const node = source.node;
        if (!node) return 'a removed node';
        const root = node.getRootNode();
        const name = node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + (root.host ? ' in ' + root.host.nodeName.toLowerCase() : '');
        return name + ' y ' + Math.round(source.previousRect.y) + '→' + Math.round(source.currentRect.y) + ' h ' + Math.round(source.previousRect.height) + '→' + Math.round(source.currentRect.height);
      }).join(', ');
      shifts.push({ value: entry.value, time: entry.startTime, what });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  window.cls = () => {
    let best = 0, current = 0, first = 0, last = 0;
    for (const shift of shifts) {
      if (current && shift.time - last < 1000 && shift.time - first < 5000) current += shift.value;
      else { current = shift.value; first = shift.time; }
      last = shift.time;
      best = Math.max(best, current);
    }
    return best;
  };
`;

const PAGE = htmlPage({
  title: 'layout shift',
  head: `<script>${CLS_OBSERVER}</script>
<script type="module" src="/cdn/testimonial-elements.js" __BLOCKING__></script>
<style>body { margin: 0 auto; max-width: 72rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; }</style>`,
  body: `<h1>What our customers say</h1>
<p>Teams of every size use the product. Here is what some of them wrote.</p>
<testimonial-wall endpoint="/api" limit="__LIMIT__" cta></testimonial-wall>
<section id="below">
  <h2>Content below the wall</h2>
  <p>Pricing, a sign-up form, the footer: whatever a page puts after its testimonials must not jump while they load.</p>
  <p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>
</section>`,
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, limit: 6 },
  { name: 'mobile', width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2, limit: 3 },
] as const;

/** In the page: resolves once the wall, every card and every image in them are done, then 1 s more. */
const SETTLED = `(async () => {
  const wall = document.querySelector('testimonial-wall');
  await customElements.whenDefined('testimonial-wall');
  const deadline = performance.now() + 20000;
  while (!wall.shadowRoot?.querySelector('testimonial-card') && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await wall.updateComplete;
  const cards = [...wall.shadowRoot.querySelectorAll('testimonial-card')];
  await Promise.all(cards.map((card) => card.updateComplete));
  const images = cards.flatMap((card) => [...card.shadowRoot.querySelectorAll('img')]);
  await Promise.all(images.map((img) => img.decode().catch(() => {})));
  await new Promise((r) => setTimeout(r, 1000));
  return { cards: cards.length, cls: cls(), shifts: shifts.map((s) => Math.round(s.time) + ' ms ' + s.value.toFixed(3) + ': ' + s.what) };
})()`;

/** The demo's pages that build on the API's answers, and what their CLS figure is called. */
const DEMO_PAGES = [
  { key: 'overview', path: '/index.html' },
  { key: 'cards', path: '/cards.html' },
  { key: 'video', path: '/video.html' },
] as const;

/**
 * In a demo page: resolves once every element is defined and shows its data (no skeleton, nothing
 * busy, the status line no longer "Loading…") and its images are in, then 1 s more.
 */
const DEMO_SETTLED = `(async () => {
  const deep = (root, selector) => [...root.querySelectorAll(selector), ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? deep(el.shadowRoot, selector) : []))];
  const deadline = performance.now() + 20000;
  const ready = () => {
    if ((document.querySelector('#status')?.textContent ?? '').startsWith('Loading')) return false;
    if (deep(document, 'testimonial-wall, testimonial-card, video-testimonial').some((el) => !customElements.get(el.localName))) return false;
    return deep(document, '[part~="skeleton"], [aria-busy="true"]').length === 0;
  };
  while (!ready() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await Promise.all(deep(document, 'testimonial-wall, testimonial-card, video-testimonial').map((el) => el.updateComplete));
  // Lazy images out of view never load, so their decode() never settles: 3 s at most.
  const decoded = Promise.all(deep(document, 'img').map((img) => img.decode().catch(() => {})));
  await Promise.race([decoded, new Promise((r) => setTimeout(r, 3000))]);
  await new Promise((r) => setTimeout(r, 1000));
  return { ready: ready(), cls: cls(), shifts: shifts.map((s) => Math.round(s.time) + ' ms ' + s.value.toFixed(3) + ': ' + s.what) };
})()`;

/**
 * Loads `path` CLS_RUNS times, each in a fresh browser context (no cache, no stored state), and returns
 * every run's layout shift and the shifts of the worst run. `open` prepares the page (viewport, observers);
 * `measure` waits for the page to settle and says what it saw, throwing when the page is not as expected.
 */
async function runsOf(
  browser: Browser,
  url: string,
  open: (page: Page) => Promise<void>,
  measure: (page: Page) => Promise<{ cls: number; shifts: string[] }>,
): Promise<{ values: number[]; worstShifts: string[] }> {
  const values: number[] = [];
  let worstShifts: string[] = [];
  for (let index = 0; index < CLS_RUNS; index++) {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await open(page);
      await page.goto(url, { waitUntil: 'load' });
      const result = await measure(page);
      if (result.cls > Math.max(0, ...values)) worstShifts = result.shifts;
      values.push(result.cls);
    } finally {
      await context.close();
    }
  }
  return { values, worstShifts };
}

async function measureDemoPages(browser: Browser, server: BenchServer): Promise<Figure[]> {
  const figures: Figure[] = [];
  const { width, height } = VIEWPORTS[0];
  for (const { key, path } of DEMO_PAGES) {
    const { values, worstShifts } = await runsOf(
      browser,
      `${server.origin}${path}`,
      async (page) => {
        await page.setViewport({ width, height });
        await page.evaluateOnNewDocument(CLS_OBSERVER);
      },
      async (page) => {
        const result = (await page.evaluate(DEMO_SETTLED)) as { ready: boolean; cls: number; shifts: string[] };
        if (!result.ready) throw new Error(`demo ${path}: its data did not arrive within 20 s`);
        return result;
      },
    );
    log(`layout shift demo ${path}: ${values.map((v) => v.toFixed(4)).join(', ')}`);
    for (const shift of worstShifts) log(`  worst run: ${shift}`);
    figures.push(
      figure(
        `cls.demo.${key}`,
        median(values),
        '',
        `CLS of the demo's ${path} while its data loads (${width}×${height}; median of ${CLS_RUNS})`,
      ),
      figure(`cls.demo.${key}.worst`, Math.max(...values), '', `worst run of the above`),
    );
  }
  return figures;
}

export async function measureLayoutShift(browser: Browser, server: BenchServer, demoDir = ''): Promise<Figure[]> {
  const figures: Figure[] = [];
  const previousDelay = server.apiDelayMs;
  server.apiDelayMs = API_DELAY_MS;
  try {
    for (const { name, limit, ...viewport } of VIEWPORTS) {
      for (const script of SCRIPT_TAGS) {
        const path = `/bench/layout-shift-${limit}${script.key}.html`;
        server.page(path, PAGE.replace('__LIMIT__', String(limit)).replace('__BLOCKING__', script.attributes));
        const { values, worstShifts } = await runsOf(
          browser,
          `${server.origin}${path}`,
          (page) => page.setViewport(viewport),
          async (page) => {
            const result = (await page.evaluate(SETTLED)) as { cards: number; cls: number; shifts: string[] };
            if (result.cards !== limit) throw new Error(`${name}: expected ${limit} cards, found ${result.cards}`);
            return result;
          },
        );
        log(`layout shift ${name}${script.key}: ${values.map((v) => v.toFixed(4)).join(', ')}`);
        for (const shift of worstShifts) log(`  worst run: ${shift}`);
        const where = `${limit}-card wall, ${viewport.width}×${viewport.height}, ${script.what}`;
        figures.push(
          figure(`cls.${name}${script.key}`, median(values), '', `CLS while the wall loads (${where}; median of ${CLS_RUNS})`),
          figure(`cls.${name}${script.key}.worst`, Math.max(...values), '', `worst run of the above`),
        );
      }
    }
    // The demo is served at the root when it was built (run.ts builds it for this section).
    if (demoDir) figures.push(...(await measureDemoPages(browser, server)));
  } finally {
    server.apiDelayMs = previousDelay;
  }
  return figures;
}
