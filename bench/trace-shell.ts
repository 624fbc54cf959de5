/**
 * When a streamed server-rendered page paints its shell before its wall (issue 24 item 1;
 * docs/server-rendering.md, "The first paint"): `node --import tsx bench/trace-shell.ts [loads] [gap ms…]`.
 *
 * Serves the ssr section's server-rendered page (bench/ssr.ts) cut in two, as the Node recipe streams it:
 * the shell (head and heading), then, `gap` ms later, the wall rendered beforehand and the rest (its script
 * included), so that the gap is the server's and not the bench's render. For each gap (default 0, 25, 50
 * and 100 ms) it loads the page `loads` times in Chromium and in Firefox, in fresh contexts, and prints how
 * many loads painted the heading before the testimonials (their first contentful paint before the first
 * Largest Contentful Paint entry inside the wall, see VISIBILITY_PROBE in bench/ssr.ts), with the medians.
 * Then, in Chromium, one traced load per gap (`devtools.timeline`, `loading`, `blink`, `blink.user_timing`, `cc`): when the
 * navigation committed and each piece of HTML reached the renderer's main thread, the parser's tasks and
 * the frames' layouts before the first contentful paint, the entry's evaluation, and what
 * that paint held. Not part of `npm run bench`: a development tool for one question; on a loaded machine
 * its times are the load's, the counts and the order of events are what to read.
 */
import type { Browser } from 'puppeteer-core';
import { launchFirefox } from '../test/support/browser.js';
import { buildElements } from './builds.js';
import { serveSsrPages } from './ssr.js';
import { launchBrowser, median, startBenchServer } from './support.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

interface Load {
  fcp: number;
  visible: number;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'loading', 'blink', 'blink.user_timing', 'cc'];

async function load(browser: Browser, url: string, trace = false): Promise<Load & { events?: TraceEvent[] }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    if (trace) await page.tracing.start({ categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, { timeout: 30_000 });
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      visible: (window as unknown as { __visibleAt: number }).__visibleAt,
    }));
    if (!trace) return timings;
    const raw = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(raw ?? new Uint8Array()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return { ...timings, events: traceEvents };
  } finally {
    await context.close();
  }
}

/** One line per traced load: what reached the renderer's main thread when, and what its first frames held. */
function describeTrace(events: TraceEvent[], url: string): string {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return 'no firstContentfulPaint in the trace';
  const main = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid).sort((a, b) => a.ts - b.ts);
  const navigation = events.find((event) => event.name === 'navigationStart' && JSON.stringify(event.args ?? {}).includes(url));
  if (!navigation) return `no navigationStart for ${url} in the trace`;
  const start = navigation.ts;
  const ms = (event: TraceEvent) => ((event.ts - start) / 1000).toFixed(0);
  const took = (event: TraceEvent) => ((event.dur ?? 0) / 1000).toFixed(0);
  const before = main.filter((event) => event.ts >= start && event.ts <= fcp.ts);
  const response = before.find((event) => event.name === 'ResourceReceiveResponse' && event.args?.data?.mimeType === 'text/html');
  const html = before
    .filter((event) => event.name === 'ResourceReceivedData' && event.args?.data?.requestId === response?.args?.data?.requestId)
    .map((event) => `${ms(event)} ms ${String(event.args?.data?.encodedDataLength)} B`);
  const parses = before
    .filter((event) => event.name === 'ParseHTML' && (event.dur ?? 0) > 500)
    .map((event) => `${ms(event)}+${took(event)}`);
  const layouts = before.filter((event) => event.name === 'Layout').map((event) => `${ms(event)}+${took(event)}`);
  const module = main.find((event) => event.name === 'v8.evaluateModule');
  const painted = main.find((event) => event.name === 'largestContentfulPaint::Candidate' && Math.abs(event.ts - fcp.ts) < 1000);
  return [
    `response head ${response ? ms(response) : '?'} ms; HTML reached the main thread at ${html.join(', ')}`,
    `parse tasks ${parses.join(', ') || '-'}; layouts ${layouts.join(', ') || '-'}`,
    `entry evaluated at ${module ? `${ms(module)}+${took(module)}` : '-'} ms; first contentful paint ${ms(fcp)} ms: ${String(painted?.args?.data?.nodeName ?? '?')}`,
  ].join('\n    ');
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 6);
  const gaps = process.argv.slice(3).map(Number);
  if (!(Number.isInteger(loads) && loads > 0) || gaps.some((gap) => !(gap >= 0)))
    throw new Error('usage: trace-shell.ts [loads] [gap ms…]');
  if (gaps.length === 0) gaps.push(0, 25, 50, 100);
  const server = await startBenchServer({ mounts: { '/cdn/': (await buildElements()).outDir } });
  try {
    const { wall, onePieceUrl } = await serveSsrPages(server);
    const whole = await (await fetch(onePieceUrl)).text();
    const at = whole.indexOf(wall);
    if (at < 0) throw new Error('the one-piece page does not hold the wall');
    const [shell, rest] = [whole.slice(0, at), whole.slice(at + wall.length)];
    const urls = gaps.map((gap) => {
      server.page(`/bench/ssr-split-${gap}.html`, async function* () {
        yield shell;
        await new Promise((done) => setTimeout(done, gap));
        yield wall;
        yield rest;
      });
      return `${server.origin}/bench/ssr-split-${gap}.html`;
    });
    for (const [name, launch] of [
      ['Chromium', launchBrowser],
      ['Firefox', launchFirefox],
    ] as const) {
      const browser = await launch();
      try {
        for (const url of urls) await load(browser, url);
        const results = gaps.map(() => [] as Load[]);
        for (let round = 0; round < loads; round++) {
          const order = round % 2 === 0 ? urls.keys() : [...urls.keys()].reverse();
          for (const index of order) results[index]!.push(await load(browser, urls[index]!));
        }
        gaps.forEach((gap, index) => {
          const list = results[index]!;
          const headingFirst = list.filter((entry) => entry.fcp < entry.visible).length;
          console.log(
            `${name}, wall ${gap} ms after the shell: heading painted first in ${headingFirst} of ${list.length} loads; ` +
              `median FCP ${median(list.map((entry) => entry.fcp)).toFixed(0)} ms, testimonials visible ${median(list.map((entry) => entry.visible)).toFixed(0)} ms`,
          );
        });
        if (name === 'Chromium') {
          for (const [index, url] of urls.entries()) {
            const traced = await load(browser, url, true);
            console.log(`  traced, wall ${gaps[index]} ms after the shell:\n    ${describeTrace(traced.events!, url)}`);
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
}

await main();
