/**
 * Wall render: from data in hand to rendered DOM, for 100 and 1,000 testimonials. `<testimonial-wall>`
 * gets them through its `testimonials` property; the time ends when the wall's chunked rendering is
 * done (its `updateComplete` waits for the last slice), every card's shadow content exists and layout
 * ran. The baseline, in the same page, builds equivalent static markup from the same data and writes
 * it with one `innerHTML`, then forces layout. The longest task (`longtask` entries, 50 ms and over)
 * is taken over the 1,000-card render of each.
 *
 * Everything twice: as the machine runs, and with the page's CPU throttled 4× (Chrome DevTools'
 * `Emulation.setCPUThrottlingRate`, Lighthouse's mobile setting), each ratio against the baseline
 * throttled alike; `.throttled_drift` says how far the throttled ratio is from the unthrottled one
 * (1: a slow device pays what the baseline pays; the slices did not collapse into many frames).
 *
 * The wall is in its default layout (masonry). The grid and list layouts are measured too, unthrottled
 * (`wall.<n>.<layout>.ratio`): the baseline is one CSS grid whatever the layout, so the difference
 * between them is what each layout's own placing costs (docs/performance.md, "Long walls").
 */
import type { Browser, Page } from 'puppeteer-core';
import type { Testimonial } from '../src/client/types.js';
import { STATIC_CARD_MARKUP } from './static-markup.js';
import { figure, htmlPage, log, median, pairedRatio, RUNS, type BenchServer, type Figure } from './support.js';

const SIZES = [100, 1000] as const;
/** CPU slowdowns: none, and Lighthouse's mobile setting. */
const THROTTLES = [1, 4] as const;
/** The other layouts, measured unthrottled beside the default (masonry). */
const OTHER_LAYOUTS = ['grid', 'list'] as const;

/** Runs in the page: both renderers and the long-task bookkeeping. */
export const WALL_PAGE = htmlPage({
  title: 'wall render',
  head: `<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
  .b-wall { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: 1rem; padding: 1rem; }
  .b-card { border: 1px solid #ddd; border-radius: 0.75rem; padding: 1rem; background: #fff; }
  .b-card figure { margin: 0; }
  .b-card figcaption { display: flex; gap: 0.75rem; align-items: center; }
  .b-card img.avatar { border-radius: 50%; width: 48px; height: 48px; }
  .b-card h3 { margin: 0; font-size: 1rem; }
  .b-card .tagline, .b-card .company { display: block; color: #555; font-size: 0.875rem; }
  .b-card .rating svg { width: 1rem; height: 1rem; fill: #f5a623; }
  .b-card blockquote { margin: 0.5rem 0; }
  .b-card .media { display: flex; gap: 0.5rem; list-style: none; padding: 0; }
  .b-card footer { display: flex; justify-content: space-between; font-size: 0.875rem; color: #555; }
</style>
<script type="module" src="/cdn/testimonial-elements.js"></script>
<script>
${STATIC_CARD_MARKUP}

  const longTasks = [];
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
  // Before a measured run: the previous run's DOM is removed; collect it now (window.gc, exposed by the
  // bench's Chromium flags) so its collection does not land in the next run's frames.
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    window.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const longestTask = (start, end) =>
    longTasks.filter((task) => task.startTime < end && task.startTime + task.duration > start).reduce((max, task) => Math.max(max, task.duration), 0);
  const stage = () => document.getElementById('stage');

  window.bench = {
    data: [],
    async ours(count, layout) {
      await customElements.whenDefined('testimonial-wall');
      stage().replaceChildren();
      await settle();
      const wall = document.createElement('testimonial-wall');
      wall.setAttribute('paging', 'none');
      if (layout) wall.setAttribute('layout', layout);
      stage().append(wall);
      await wall.updateComplete;
      const data = window.bench.data.slice(0, count);
      const start = performance.now();
      wall.testimonials = data;
      await wall.updateComplete;
      const cards = [...wall.shadowRoot.querySelectorAll('testimonial-card')];
      await Promise.all(cards.map((card) => card.updateComplete));
      void document.body.offsetHeight;
      const end = performance.now();
      const rendered = cards.filter((card) => card.shadowRoot && card.shadowRoot.querySelector('article')).length;
      await settle();
      return { ms: end - start, longestTask: longestTask(start, end), rendered, hidden: document.hidden };
    },
    async baseline(count) {
      stage().replaceChildren();
      await settle();
      const host = document.createElement('div');
      host.className = 'b-wall';
      stage().append(host);
      const data = window.bench.data.slice(0, count);
      const start = performance.now();
      host.innerHTML = data.map(cardMarkup).join('');
      void document.body.offsetHeight;
      const end = performance.now();
      const rendered = host.querySelectorAll('article').length;
      await settle();
      return { ms: end - start, longestTask: longestTask(start, end), rendered, hidden: document.hidden };
    },
  };
</script>`,
  body: '<div id="stage"></div>',
});

interface RenderRun {
  ms: number;
  longestTask: number;
  rendered: number;
  /** Whether the page was hidden when the render ended (see `renderOnce`). */
  hidden: boolean;
}

/**
 * One render of `count` cards in the wall page `page`, by the wall (in `layout`, or its default) or by
 * the baseline. The page is brought to the front first: a page behind another is `document.hidden`,
 * where the wall's slices come in tasks with no frame between them (`nextFrame`) and lazy images do not
 * load, a render two to three times cheaper that is no visitor's; a render that ends hidden throws.
 */
export async function renderOnce(page: Page, which: 'ours' | 'baseline', count: number, layout?: string): Promise<RenderRun> {
  await page.bringToFront();
  const run = await page.evaluate(
    (w, n, l) => (window as unknown as Record<string, Record<string, (n: number, l?: string) => Promise<RenderRun>>>).bench![w]!(n, l),
    which,
    count,
    layout,
  );
  if (run.hidden) throw new Error(`the wall page was hidden during its ${which} render: its figure would be no visitor's`);
  return run;
}

/** `count` text testimonials: the sandbox's approved ones, repeated with fresh ids as needed. */
export async function testimonials(server: BenchServer, count: number): Promise<Testimonial[]> {
  const response = await fetch(`${server.origin}/v1/testimonials?limit=1000&approved=true&type=text`, {
    headers: { authorization: 'Bearer sandbox-key' },
  });
  if (!response.ok) throw new Error(`sandbox answered ${response.status} to the list of testimonials`);
  const { testimonials: pool } = (await response.json()) as { testimonials: Testimonial[] };
  if (pool.length === 0) throw new Error('the sandbox has no approved text testimonials');
  return Array.from({ length: count }, (_, index) => {
    const source = pool[index % pool.length]!;
    return { ...source, id: `${source.id.slice(0, -6)}${String(index).padStart(6, '0')}` };
  });
}

export async function measureWallRender(browser: Browser, server: BenchServer): Promise<Figure[]> {
  server.page('/bench/wall.html', WALL_PAGE);
  const data = await testimonials(server, Math.max(...SIZES));
  const figures: Figure[] = [];
  const ratios = new Map<string, number>();
  for (const throttle of THROTTLES) {
    const suffix = throttle === 1 ? '' : '.throttled';
    const how = throttle === 1 ? '' : `, CPU ${throttle}× throttled`;
    for (const count of SIZES) {
      const page = await wallPage(browser, server, data, throttle);
      try {
        const { ours, baseline } = await pairedRuns(page, count);
        const oursMs = median(ours.map((r) => r.ms));
        const baselineMs = median(baseline.map((r) => r.ms));
        log(`wall ${count}${how}: ours ${oursMs.toFixed(1)} ms, innerHTML ${baselineMs.toFixed(1)} ms`);
        const ratio = pairedRatio(
          ours.map((r) => r.ms),
          baseline.map((r) => r.ms),
        );
        ratios.set(`${count}${suffix}`, ratio);
        figures.push(
          figure(`wall.${count}${suffix}.ratio`, ratio, '×', `${count} cards${how}: wall ÷ one innerHTML (median of ${RUNS} paired runs)`),
          figure(`wall.${count}${suffix}.ms`, oursMs, 'ms', `${count} cards${how}: wall, data → rendered DOM (this machine)`),
          figure(`wall.${count}${suffix}.baseline_ms`, baselineMs, 'ms', `${count} cards${how}: innerHTML baseline (this machine)`),
        );
        if (throttle !== 1) {
          figures.push(
            figure(
              `wall.${count}.throttled_drift`,
              ratio / ratios.get(String(count))!,
              '×',
              `${count} cards: the ratio CPU ${throttle}× throttled ÷ the ratio unthrottled`,
            ),
          );
        }
        if (count === 1000) {
          const oursTask = median(ours.map((r) => r.longestTask));
          const baselineTask = median(baseline.map((r) => r.longestTask));
          figures.push(
            figure(
              `wall.1000${suffix}.longest_task_ratio`,
              pairedRatio(
                ours.map((r) => r.longestTask),
                baseline.map((r) => r.longestTask),
              ),
              '×',
              `longest task, 1,000 cards${how}: wall ÷ innerHTML (median of paired runs)`,
            ),
            figure(
              `wall.1000${suffix}.longest_task_ms`,
              oursTask,
              'ms',
              `longest task during the 1,000-card wall render${how} (0: none ≥ 50 ms)`,
            ),
            figure(`wall.1000${suffix}.baseline_longest_task_ms`, baselineTask, 'ms', `longest task during the 1,000-card innerHTML${how}`),
          );
        }
      } finally {
        await page.close();
      }
    }
  }
  for (const count of SIZES) {
    const page = await wallPage(browser, server, data, 1);
    try {
      for (const layout of OTHER_LAYOUTS) {
        const { ours, baseline } = await pairedRuns(page, count, layout);
        log(
          `wall ${count}, ${layout}: ours ${median(ours.map((r) => r.ms)).toFixed(1)} ms, innerHTML ${median(baseline.map((r) => r.ms)).toFixed(1)} ms`,
        );
        figures.push(
          figure(
            `wall.${count}.${layout}.ratio`,
            pairedRatio(
              ours.map((r) => r.ms),
              baseline.map((r) => r.ms),
            ),
            '×',
            `${count} cards, layout="${layout}": wall ÷ one innerHTML (median of ${RUNS} paired runs)`,
          ),
        );
      }
    } finally {
      await page.close();
    }
  }
  return figures;
}

/** A page of the benchmark with the data in it, its CPU slowed `throttle` times. */
async function wallPage(browser: Browser, server: BenchServer, data: readonly Testimonial[], throttle: number): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${server.origin}/bench/wall.html`, { waitUntil: 'load' });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.evaluate((items) => void ((window as unknown as { bench: { data: unknown } }).bench.data = items), data as unknown[]);
  return page;
}

/**
 * `RUNS` renders of `count` cards by the wall (in `layout`, or its default) and by the baseline, paired,
 * after one unmeasured round of each (compiled code and warm caches for both, as on a page that has run).
 */
async function pairedRuns(page: Page, count: number, layout?: string): Promise<{ ours: RenderRun[]; baseline: RenderRun[] }> {
  const run = (which: 'ours' | 'baseline') => renderOnce(page, which, count, layout);
  await run('ours');
  await run('baseline');
  const ours: RenderRun[] = [];
  const baseline: RenderRun[] = [];
  for (let index = 0; index < RUNS; index++) {
    // Alternate who goes first, so drift in the machine's load does not favour one side.
    if (index % 2 === 0) {
      ours.push(await run('ours'));
      baseline.push(await run('baseline'));
    } else {
      baseline.push(await run('baseline'));
      ours.push(await run('ours'));
    }
  }
  for (const result of [...ours, ...baseline]) {
    if (result.rendered !== count) throw new Error(`expected ${count} rendered cards, found ${result.rendered}`);
  }
  return { ours, baseline };
}
