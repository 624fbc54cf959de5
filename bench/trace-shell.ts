/**
 * When a streamed server-rendered page paints its shell before its wall (issue 24 item 1;
 * docs/server-rendering.md, "The first paint"): `node --import tsx bench/trace-shell.ts [loads] [gap ms…]`.
 *
 * Serves the ssr section's server-rendered page (bench/ssr.ts) cut in two, as the Node recipe streams it:
 * the shell (head and heading), then, `gap` ms later, the wall rendered beforehand and the rest (its script
 * included), so that the gap is the server's and not the bench's render. For each gap (default 0, 25, 50
 * and 100 ms) it loads the page `loads` times in Chromium and in Firefox, in fresh contexts, and prints how
 * many loads painted the heading before the testimonials (their first contentful paint before the first
 * Largest Contentful Paint entry inside the wall, see VISIBILITY_PROBE in bench/ssr.ts), with the medians;
 * then the same page gzipped with a flush after each part, as the Node recipe sends it.
 * Then, in Chromium, one traced load per gap (`devtools.timeline`, `loading`, `blink`, `blink.user_timing`, `cc`): when the
 * navigation committed and each piece of HTML reached the renderer's main thread, the parser's tasks and
 * the frames' layouts before the first contentful paint, the entry's evaluation, and what
 * that paint held. Not part of `npm run bench`: a development tool for one question; on a loaded machine
 * its times are the load's, the counts and the order of events are what to read.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import type { Browser } from 'puppeteer-core';
import { launchFirefox } from '../test/support/browser.js';
import { buildElements } from './builds.js';
import { serveSsrPages } from './ssr.js';
import { launchBrowser, median, startBenchServer, type TraceEvent } from './support.js';

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

/**
 * Serves `/gzip-<gap>.html`: the shell, then `gap` ms later the wall and the rest, gzipped with a flush after
 * each part (the Node recipe's way); every other path is fetched from `origin` and passed on as it is.
 */
async function serveGzipped(origin: string, shell: string, wall: string, rest: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/gzip-(\d+)\.html$/.exec(request.url ?? '');
      if (!match) {
        const answer = await fetch(`${origin}${request.url}`, { headers: { 'accept-encoding': 'identity' } });
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
          'cache-control': 'no-store',
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
      const gzip = createGzip();
      gzip.pipe(response);
      const send = (html: string) => new Promise<void>((flushed) => (gzip.write(html), gzip.flush(() => flushed())));
      await send(shell);
      await new Promise((done) => setTimeout(done, Number(match[1])));
      await send(wall + rest);
      gzip.end();
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
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
    const gzipped = await serveGzipped(server.origin, shell, wall, rest);
    urls.push(...gaps.map((gap) => `${gzipped.origin}/gzip-${gap}.html`));
    const labels = [
      ...gaps.map((gap) => `wall ${gap} ms after the shell`),
      ...gaps.map((gap) => `gzipped, wall ${gap} ms after the shell`),
    ];
    for (const [name, launch] of [
      ['Chromium', launchBrowser],
      ['Firefox', launchFirefox],
    ] as const) {
      const browser = await launch();
      try {
        for (const url of urls) await load(browser, url);
        const results = urls.map(() => [] as Load[]);
        for (let round = 0; round < loads; round++) {
          const order = round % 2 === 0 ? urls.keys() : [...urls.keys()].reverse();
          for (const index of order) results[index]!.push(await load(browser, urls[index]!));
        }
        labels.forEach((label, index) => {
          const list = results[index]!;
          const headingFirst = list.filter((entry) => entry.fcp < entry.visible).length;
          console.log(
            `${name}, ${label}: heading painted first in ${headingFirst} of ${list.length} loads; ` +
              `median FCP ${median(list.map((entry) => entry.fcp)).toFixed(0)} ms, testimonials visible ${median(list.map((entry) => entry.visible)).toFixed(0)} ms`,
          );
        });
        if (name === 'Chromium') {
          for (const [index, url] of urls.slice(0, gaps.length).entries()) {
            const traced = await load(browser, url, true);
            console.log(`  traced, ${labels[index]}:\n    ${describeTrace(traced.events!, url)}`);
          }
        }
      } finally {
        await browser.close();
      }
    }
    gzipped.server.closeAllConnections();
    gzipped.server.close();
  } finally {
    await server.close();
  }
}

await main();
