/**
 * The wall benchmark's render, frame by frame (issue 23 item 3; docs/performance.md, "Long walls"):
 * `node --import tsx bench/trace-wall-frames.ts [cards] [cpu-slowdown] [layout] [every]`, by default
 * 1000 cards, 4× slower, the default layout (masonry), every 10th task.
 *
 * On the wall benchmark's page (bench/wall.ts), after three unmeasured rounds, one render of the wall
 * and one of its baseline are traced (CDP tracing, `devtools.timeline` with Blink's style events). For
 * the wall it prints every `every`-th task of the main thread while it renders: the task's length and,
 * inside it, the script of animation frames (the slices), the style update (with how many elements it
 * restyled), layout, paint and compositing; then, for the three longest style updates, what they were
 * made of (`Document::updateActiveStyle`, the stylesheets' bookkeeping, against `Document::recalcStyle`,
 * the elements restyled, and the rest of `Document::updateStyle`: counters, quotes, overflow). A cost
 * that grows down the rows while the slices stay alike is a cost per frame that grows with the cards
 * already shown. Not part of `npm run bench`: a development tool, whose times include the tracing's own
 * overhead; compare rows with rows of the same run.
 */
import { buildElements } from './builds.js';
import { launchBrowser, startBenchServer, TRACE_TASKS, type TraceEvent } from './support.js';
import { testimonials, WALL_PAGE } from './wall.js';

interface RenderRun {
  ms: number;
  longestTask: number;
}

const [cards = 1000, slowdown = 4] = process.argv.slice(2, 4).map(Number);
const layout = process.argv[4] ?? '';
const every = Number(process.argv[5] ?? 10);
if (!(cards! > 0 && slowdown! >= 1 && every > 0)) {
  throw new Error('usage: trace-wall-frames.ts [cards > 0] [cpu-slowdown ≥ 1] [layout] [every > 0]');
}

/** What a task is made of: the events this tool sums, by trace name. */
const PARTS: Array<[string, string]> = [
  ['FireAnimationFrame', 'frame script'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'prepaint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['Commit', 'commit'],
];
const ms = (us: number) => (us / 1000).toFixed(1);

const elements = await buildElements();
const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
// The benchmark's page, with the layout asked for (the benchmark's own run leaves it to the default),
// and a mark in the trace where each render starts and ends.
server.page(
  '/bench/wall.html',
  WALL_PAGE.replace(
    "wall.setAttribute('paging', 'none');",
    `wall.setAttribute('paging', 'none');${layout ? ` wall.setAttribute('layout', ${JSON.stringify(layout)});` : ''}`,
  )
    .replaceAll('const start = performance.now();', "const start = performance.now(); performance.mark('render-start');")
    .replaceAll('const end = performance.now();', "const end = performance.now(); performance.mark('render-end');"),
);
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${server.origin}/bench/wall.html`, { waitUntil: 'load' });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown! });
  const data = await testimonials(server, cards!);
  await page.evaluate((items) => void ((window as unknown as { bench: { data: unknown } }).bench.data = items), data as unknown[]);
  const run = (which: 'ours' | 'baseline') =>
    page.evaluate(
      (w, n) => (window as unknown as Record<string, Record<string, (n: number) => Promise<RenderRun>>>).bench![w]!(n),
      which,
      cards!,
    );
  for (let round = 0; round < 3; round++) {
    await run('ours');
    await run('baseline');
  }
  for (const which of ['ours', 'baseline'] as const) {
    const events: TraceEvent[] = [];
    const collect = (message: { value: TraceEvent[] }) => void events.push(...message.value);
    cdp.on('Tracing.dataCollected', collect);
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: ['devtools.timeline', 'blink', 'blink_style', 'blink.user_timing', 'disabled-by-default-devtools.timeline'],
      },
      transferMode: 'ReportEvents',
    });
    const result = await run(which);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);

    // The page's main thread: the one that ran its styles.
    const styled = events.find((event) => event.name === 'UpdateLayoutTree');
    if (!styled) throw new Error('the trace has no style update: was the page rendered?');
    const main = events.filter((event) => event.pid === styled.pid && event.tid === styled.tid && event.ph === 'X' && event.dur);
    const within = (task: TraceEvent) => (event: TraceEvent) => event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!;
    const tasks = main.filter((event) => TRACE_TASKS.has(event.name) && event.dur! > 1000);
    console.log(
      `${which === 'ours' ? `wall${layout ? ` (${layout})` : ''}` : 'innerHTML'}, ${cards} cards, CPU ${slowdown}×: ${result.ms.toFixed(0)} ms, longest task ${result.longestTask.toFixed(0)} ms, ${tasks.length} tasks over 1 ms`,
    );
    if (which === 'baseline') continue;
    // The tasks of the render, between the page's marks.
    const mark = (name: string) => events.find((event) => event.name === name)?.ts;
    const start = mark('render-start');
    const end = mark('render-end');
    if (start === undefined || end === undefined) throw new Error('the trace has no render-start or render-end mark');
    tasks
      .filter((task) => task.ts + task.dur! >= start && task.ts <= end)
      .forEach((task, index) => {
        if (index % every) return;
        const inside = main.filter(within(task));
        const sum = (name: string) => inside.filter((event) => event.name === name).reduce((total, event) => total + event.dur!, 0);
        const restyled = inside
          .filter((event) => event.name === 'UpdateLayoutTree')
          .reduce((total, event) => total + (event.args?.elementCount ?? 0), 0);
        const parts = PARTS.map(([name, label]) => `${label} ${ms(sum(name))}${name === 'UpdateLayoutTree' ? ` (${restyled} el.)` : ''}`);
        console.log(
          `  task ${String(index).padStart(4)} at ${ms(task.ts - start).padStart(8)} ms: ${ms(task.dur!).padStart(6)} ms = ${parts.join(', ')}`,
        );
      });
    const longestStyles = main
      .filter((event) => event.name === 'UpdateLayoutTree' && event.ts >= start && event.ts <= end)
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 3);
    for (const style of longestStyles) {
      const inside = events
        .filter((event) => event.pid === styled.pid && event.tid === styled.tid && event.ph === 'X')
        .filter(within(style));
      const sum = (name: string) => inside.filter((event) => event.name === name).reduce((total, event) => total + event.dur!, 0);
      // What `Document::updateStyle` spends outside the restyle and the layout tree's rebuild: Blink's
      // counters and quotes (a walk of every element when an element's style containment changed, see
      // masonry-layout.ts' CONTAINMENT) and the layout view's overflow.
      const rest = sum('Document::updateStyle') - sum('Document::recalcStyle') - sum('Document::rebuildLayoutTree');
      console.log(
        `  a style update of ${ms(style.dur!)} ms (${style.args?.elementCount ?? 0} elements): updateActiveStyle ${ms(sum('Document::updateActiveStyle'))} ms, recalcStyle ${ms(sum('Document::recalcStyle'))} ms, the rest of updateStyle ${ms(Math.max(0, rest))} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}
