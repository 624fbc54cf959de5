/**
 * First paint (issue 23): what README's snippet costs a page's first paint. A page whose first content
 * is a wall, with the snippet (the script blocks rendering, so the first paint has the skeleton), is
 * loaded against the same page without the script (a heading, the wall's empty box and a paragraph: the
 * least a browser paints), in paired loads, each in a fresh browser context (a new renderer, as for a
 * visitor's first view of a site: nothing of a renderer's first use of the engine is cached). The API
 * answers after a delay, as a network's would, so the skeleton's frame comes before the data.
 *
 * - `first_paint.snippet.ratio`: first contentful paint (Paint Timing), with the snippet ÷ without it.
 * - `first_paint.snippet.render_blocking_ms`: the task that evaluates the entry and upgrades the wall
 *   (its first render, the skeleton's), which the first paint waits for (trace: `v8.evaluateModule`'s task).
 * - `first_paint.snippet.after_paint.longest_task_ms` and `.blocking_ms`: what a visitor's input may wait
 *   for after the first paint, until the cards are in and the page has settled (the locale data's load,
 *   the cards' first render, the slices after it): the longest main-thread task of 50 ms or more (0 when
 *   none is), and the time all such tasks spend over 50 ms (Lighthouse's total blocking time, observed
 *   rather than simulated). Long Tasks API entries, from an observer the page registers before its script.
 * - The same at 4× CPU (`Emulation.setCPUThrottlingRate`, Lighthouse's mobile setting).
 *
 * The first `Intl` formatter or segmenter a renderer makes loads the engine's locale data (20–50 ms on
 * the bench machine): made while the module was evaluated and the skeleton rendered, it was most of
 * this task (test/elements/shared/intl-on-first-use.test.ts keeps it out).
 */
import type { Browser } from 'puppeteer-core';
import { figure, htmlPage, log, median, pairedRatio, RUNS, taskAround, type BenchServer, type Figure, type TraceEvent } from './support.js';

const API_DELAY_MS = 100;
/** Cards the wall shows (its `limit`), and how long after they are in the page is watched for long tasks. */
const CARDS = 6;
const SETTLE_MS = 1500;
/** Paired loads per throttle: twice the timings' runs (each load is short, and first paints vary). */
const LOADS = RUNS * 2;
const WALL = `<h1>Testimonials</h1><testimonial-wall endpoint="/api" limit="${CARDS}"></testimonial-wall><p>What follows the wall.</p>`;
const SNIPPET = '<script type="module" blocking="render" src="/cdn/testimonial-elements.js"></script>';
/** In both pages, before anything else runs: every long task of the load, in Paint Timing's clock. */
const LONG_TASKS =
  '<script>window.__longTasks = []; new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((task) => [task.startTime, task.duration]))).observe({ type: "longtask" });</script>';

interface Load {
  fcp: number;
  renderBlocking: number;
  /** The long tasks after the first paint until the page settled (the snippet's page only). */
  longestTaskAfterPaint: number;
  blockingAfterPaint: number;
}

async function load(browser: Browser, url: string, throttle: number, cards: boolean): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    if (throttle > 1) await page.emulateCPUThrottling(throttle);
    await page.tracing.start({ categories: ['devtools.timeline', 'v8', 'toplevel'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, { timeout: 30_000 });
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
    if (cards) {
      await page.waitForFunction(
        (count: number) => document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('[role="listitem"]').length === count,
        { timeout: 30_000 },
        CARDS,
      );
      await new Promise((settled) => setTimeout(settled, SETTLE_MS));
    }
    const afterPaint = ((await page.evaluate('window.__longTasks')) as Array<[number, number]>)
      .filter(([start]) => start >= fcp)
      .map(([, duration]) => duration);
    const raw = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(raw ?? new Uint8Array()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const evaluation = traceEvents.find((event) => event.name === 'v8.evaluateModule' && event.ph === 'X');
    const task = evaluation && taskAround(traceEvents, evaluation);
    return {
      fcp,
      renderBlocking: task?.dur !== undefined ? task.dur / 1000 : Number.NaN,
      longestTaskAfterPaint: Math.max(0, ...afterPaint),
      blockingAfterPaint: afterPaint.reduce((sum, duration) => sum + duration - 50, 0),
    };
  } finally {
    await context.close();
  }
}

export async function measureFirstPaint(browser: Browser, server: BenchServer): Promise<Figure[]> {
  server.page(
    '/bench/first-paint-snippet.html',
    htmlPage({ title: 'first paint, README snippet', head: LONG_TASKS + SNIPPET, body: WALL }),
  );
  server.page('/bench/first-paint-bare.html', htmlPage({ title: 'first paint, no script', head: LONG_TASKS, body: WALL }));
  const delay = server.apiDelayMs;
  server.apiDelayMs = API_DELAY_MS;
  const figures: Figure[] = [];
  try {
    for (const throttle of [1, 4]) {
      const suffix = throttle === 1 ? '' : `.throttled_${throttle}x`;
      const how = throttle === 1 ? '' : `, CPU ${throttle}× throttled`;
      const ours: Load[] = [];
      const bare: Load[] = [];
      for (let index = 0; index < LOADS; index++) {
        // Alternating who goes first: the machine's state drifts.
        const order = index % 2 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const);
        for (const which of order) {
          const path = which === 'ours' ? 'first-paint-snippet' : 'first-paint-bare';
          (which === 'ours' ? ours : bare).push(await load(browser, `${server.origin}/bench/${path}.html`, throttle, which === 'ours'));
        }
      }
      const ratio = pairedRatio(
        ours.map((run) => run.fcp),
        bare.map((run) => run.fcp),
      );
      const blocking = median(ours.map((run) => run.renderBlocking));
      const longest = median(ours.map((run) => run.longestTaskAfterPaint));
      const blockingAfter = median(ours.map((run) => run.blockingAfterPaint));
      log(
        `first paint${how}: snippet ${median(ours.map((run) => run.fcp)).toFixed(0)} ms, no script ${median(bare.map((run) => run.fcp)).toFixed(0)} ms, render-blocking task ${blocking.toFixed(1)} ms; after the paint, longest task ${longest.toFixed(0)} ms (${ours.map((run) => run.longestTaskAfterPaint.toFixed(0)).join(' ')}), blocking ${blockingAfter.toFixed(0)} ms`,
      );
      figures.push(
        figure(
          `first_paint.snippet${suffix}.ratio`,
          ratio,
          '×',
          `first contentful paint of a page with a wall as first content${how}: README's snippet ÷ no script (median of ${LOADS} paired fresh loads)`,
        ),
        figure(
          `first_paint.snippet${suffix}.render_blocking_ms`,
          blocking,
          'ms',
          `the task that evaluates the entry and renders the wall's skeleton before the first paint${how} (this machine)`,
        ),
        figure(
          `first_paint.snippet${suffix}.after_paint.longest_task_ms`,
          longest,
          'ms',
          `the longest task after the first paint (Long Tasks: one under 50 ms counts 0) until the ${CARDS} cards are in and ${SETTLE_MS / 1000} s more${how} (median of ${LOADS} fresh loads)`,
        ),
        figure(
          `first_paint.snippet${suffix}.after_paint.blocking_ms`,
          blockingAfter,
          'ms',
          `the long tasks' time over 50 ms after the first paint, until the page settled${how} (observed total blocking time, median of ${LOADS} fresh loads)`,
        ),
      );
    }
  } finally {
    server.apiDelayMs = delay;
  }
  return figures;
}
