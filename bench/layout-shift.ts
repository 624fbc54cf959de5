/**
 * Layout shift: the cumulative layout shift (CLS, the largest session window of `layout-shift` entries
 * without recent input, as Core Web Vitals define it) of a page whose first content is one of our
 * elements (a wall of each layout, `<testimonial-card>` by id, `<testimonial-summary>`) with two
 * paragraphs below it, from navigation until the element, its cards and its images have loaded and the
 * page has been still for a second. The API answers after a delay, so the skeleton is on screen for a
 * while. Measured at a desktop and a phone viewport, each run in a fresh browser context, with the
 * sandbox's data and with long texts (every text four times as long), and two ways of loading the
 * script: README's snippet as it stands (a module script, which may let the page paint before the
 * elements are defined, and the `:not(:defined)` rule it carries), and `blocking="render"` on it.
 *
 * Then the demo's pages that build on the API's answers (the overview, the cards and the video
 * pages), built for production and served as `npm start` serves them, at the desktop viewport.
 */
import type { Browser, Page } from 'puppeteer-core';
import { figure, htmlPage, log, median, QUICK, RUNS, type BenchServer, type Figure } from './support.js';

const API_DELAY_MS = 400;
/** Fresh loads per case; the figure is the worst of them (whether the page paints before the elements are defined varies). */
const CLS_RUNS = QUICK ? 1 : 3;
/** The demo pages: as many loads as the timings, median and worst. */
const DEMO_RUNS = RUNS;

/**
 * README's quick-start snippet, as a site pastes it (keep in step with README: "Quick start"): the
 * script blocks rendering (so the first paint has the skeletons), and the summary, defined by a chunk
 * of its own after that, has its box before.
 */
const README_SNIPPET_HEAD = `<script type="module" blocking="render" src="/cdn/testimonial-elements.js"></script>
<style>testimonial-summary:not(:defined) { display: block; height: 2.5rem }</style>`;

const SCRIPTS = [
  { key: '', head: README_SNIPPET_HEAD, what: "README's snippet" },
  {
    key: '.render_blocking',
    head: '<script type="module" blocking="render" src="/cdn/testimonial-elements.js"></script>',
    what: 'blocking="render"',
  },
] as const;

const DATA = [
  { key: '', endpoint: '/api', what: "the sandbox's data" },
  { key: '.long', endpoint: '/api-long', what: 'texts four times as long' },
] as const;

/** What stands first on the page, per element; `__E__` is the endpoint, `__N__` the wall's page size. */
const ELEMENTS = [
  ...(['masonry', 'grid', 'list'] as const).map((layout) => ({
    key: layout,
    markup: `<testimonial-wall endpoint="__E__" layout="${layout}" limit="__N__" cta></testimonial-wall>`,
  })),
  // The page of issue 23 (CLS 0.171 at 1280×900 before the fix).
  ...(['carousel', 'marquee'] as const).map((layout) => ({
    key: layout,
    markup: `<testimonial-wall endpoint="__E__" layout="${layout}" sort="rating" type="text" limit="8"></testimonial-wall>`,
  })),
  { key: 'card', markup: '<testimonial-card endpoint="__E__" testimonial-id="__ID__"></testimonial-card>' },
  { key: 'summary', markup: '<testimonial-summary endpoint="__E__"></testimonial-summary>' },
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

const page = (head: string, element: string) =>
  htmlPage({
    title: 'layout shift',
    head: `<script>${CLS_OBSERVER}</script>
${head}
<style>body { margin: 0 auto; max-width: 72rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; }</style>`,
    body: `${element}
<section id="below">
  <p>Pricing, a sign-up form, the footer: whatever a page puts after its testimonials must not jump while they load.</p>
  <p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>
</section>`,
  });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, limit: 6 },
  { name: 'mobile', width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2, limit: 3 },
] as const;

/** The demo's pages that build on the API's answers, and what their CLS figure is called. */
const DEMO_PAGES = [
  { key: 'overview', path: '/index.html' },
  { key: 'cards', path: '/cards.html' },
  { key: 'video', path: '/video.html' },
] as const;

/**
 * In a page: resolves once every element is defined and shows its data (no skeleton, nothing
 * busy, the status line no longer "Loading…") and its images are in, then 1 s more.
 */
const SETTLED = `(async () => {
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
 * Loads `url` `runs` times, each in a fresh browser context (no cache, no stored state), and returns
 * every run's layout shift and the shifts of the worst run. `open` prepares the page (viewport, observers);
 * `measure` waits for the page to settle and says what it saw, throwing when the page is not as expected.
 */
async function runsOf(
  browser: Browser,
  url: string,
  runs: number,
  open: (page: Page) => Promise<void>,
  measure: (page: Page) => Promise<{ cls: number; shifts: string[] }>,
): Promise<{ values: number[]; worstShifts: string[] }> {
  const values: number[] = [];
  let worstShifts: string[] = [];
  for (let index = 0; index < runs; index++) {
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
      DEMO_RUNS,
      async (page) => {
        await page.setViewport({ width, height });
        await page.evaluateOnNewDocument(CLS_OBSERVER);
      },
      async (page) => {
        const result = (await page.evaluate(SETTLED)) as { ready: boolean; cls: number; shifts: string[] };
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
        `CLS of the demo's ${path} while its data loads (${width}×${height}; median of ${DEMO_RUNS})`,
      ),
      figure(`cls.demo.${key}.worst`, Math.max(...values), '', `worst run of the above`),
    );
  }
  return figures;
}

/** Every text four times as long: the most a card can grow (clamped at `text-limit`, "Read more"). */
function lengthenTexts(body: unknown): unknown {
  const lengthen = (item: unknown) =>
    item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string'
      ? { ...item, text: Array.from({ length: 4 }, () => (item as { text: string }).text).join(' ') }
      : item;
  if (body && typeof body === 'object' && Array.isArray((body as { testimonials?: unknown }).testimonials)) {
    return { ...body, testimonials: (body as { testimonials: unknown[] }).testimonials.map(lengthen) };
  }
  return lengthen(body);
}

/** An approved text testimonial's id, for `<testimonial-card testimonial-id>`. */
async function someTextTestimonialId(server: BenchServer): Promise<string> {
  const answer = await fetch(`${server.origin}/api/testimonials?type=text&sort=rating&limit=1`);
  const { testimonials } = (await answer.json()) as { testimonials: { id: string }[] };
  if (!testimonials[0]) throw new Error('the demo API has no text testimonial');
  return testimonials[0].id;
}

/**
 * `cls.<element>.<viewport>[.render_blocking][.long]` for every case (the worst of its runs), and
 * `cls.<element>`, the worst of that element's cases.
 */
export async function measureLayoutShift(browser: Browser, server: BenchServer, demoDir = ''): Promise<Figure[]> {
  const figures: Figure[] = [];
  const previousDelay = server.apiDelayMs;
  server.apiDelayMs = API_DELAY_MS;
  server.derivedApi('/api-long', lengthenTexts);
  const only = process.env.BENCH_CLS_ONLY?.split(',');
  try {
    const id = await someTextTestimonialId(server);
    for (const element of ELEMENTS) {
      if (only && !only.includes(element.key)) continue;
      const worst: number[] = [];
      for (const { name, limit, ...viewport } of VIEWPORTS) {
        for (const script of SCRIPTS) {
          for (const data of DATA) {
            // The summary shows no text: long texts change nothing there.
            if (element.key === 'summary' && data.key) continue;
            const key = `${element.key}.${name}${script.key}${data.key}`;
            const path = `/bench/layout-shift/${key}.html`;
            const markup = element.markup.replace('__E__', data.endpoint).replace('__N__', String(limit)).replace('__ID__', id);
            server.page(path, page(script.head, markup));
            const { values, worstShifts } = await runsOf(
              browser,
              `${server.origin}${path}`,
              CLS_RUNS,
              (page) => page.setViewport(viewport),
              async (page) => {
                const result = (await page.evaluate(SETTLED)) as { ready: boolean; cls: number; shifts: string[] };
                if (!result.ready) throw new Error(`${key}: the data did not arrive within 20 s`);
                return result;
              },
            );
            log(`layout shift ${key}: ${values.map((v) => v.toFixed(4)).join(', ')}`);
            for (const shift of worstShifts) log(`  worst run: ${shift}`);
            worst.push(Math.max(...values));
            figures.push(
              figure(
                `cls.${key}`,
                Math.max(...values),
                '',
                `CLS, ${element.key} first on the page, ${viewport.width}×${viewport.height}, ${script.what}, ${data.what} (worst of ${CLS_RUNS})`,
              ),
            );
          }
        }
      }
      figures.push(
        figure(
          `cls.${element.key}`,
          Math.max(...worst),
          '',
          `CLS, ${element.key} first on the page: the worst of desktop and phone, README's snippet and blocking="render", sandbox data and long texts`,
        ),
      );
    }
    // The demo is served at the root when it was built (run.ts builds it for this section).
    if (demoDir && !only) figures.push(...(await measureDemoPages(browser, server)));
  } finally {
    server.apiDelayMs = previousDelay;
  }
  return figures;
}
