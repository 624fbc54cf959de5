/**
 * What V8's compile hint moves off a first view's main thread (docs/performance.md, "V8's compile hint in
 * the script-tag build"): `node --import tsx bench/trace-compile.ts [pairs] [cpu-slowdown] [network]`,
 * `network` being `mobile` for Lighthouse's mobile network (150 ms round trip × 3.75, 1.6 Mbps × 0.9) or
 * nothing for localhost as it is.
 *
 * Builds the script-tag build, then a copy of it with the hint taken off the top of every file (the
 * same code otherwise), and loads README's snippet page (a 6-card wall, the API answering after 100 ms)
 * from each in turn, a fresh browser context a load, traced (`devtools.timeline`, `v8`,
 * `disabled-by-default-v8.compile`). For each build it prints the medians of: the first contentful
 * paint; V8's compile CPU time on the renderer's main thread before that paint and up to the cards; and
 * on its other threads (where the hinted files are compiled while they stream). Chrome's CPU throttling
 * slows the main thread only, so at a slowdown the other threads' time is a fast machine's. Not part of
 * `npm run bench`: a development tool.
 */
import { readdirSync, readFileSync, rmSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCdn, CDN_ENTRY_FILE, COMPILE_HINT } from '../scripts/cdn-build.js';
import { launchBrowser, median, startBenchServer, TMP, type TraceEvent } from './support.js';

const [pairs = 8, slowdown = 1] = process.argv.slice(2, 4).map(Number);
const network = process.argv[4];
if (!(pairs! > 0 && slowdown! >= 1) || (network !== undefined && network !== 'mobile')) {
  throw new Error('usage: trace-compile.ts [pairs > 0] [cpu-slowdown ≥ 1] [mobile]');
}

const hinted = join(TMP, 'trace-compile/hinted');
const unhinted = join(TMP, 'trace-compile/unhinted');
await buildCdn({ outDir: hinted, input: join(import.meta.dirname, '../src/cdn.ts'), entryFileName: CDN_ENTRY_FILE });
rmSync(unhinted, { recursive: true, force: true });
cpSync(hinted, unhinted, { recursive: true });
for (const file of readdirSync(unhinted, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(join(unhinted, file), 'utf8');
  if (code.startsWith(`${COMPILE_HINT}\n`)) writeFileSync(join(unhinted, file), code.slice(COMPILE_HINT.length + 1));
}

const builds = { hinted, unhinted } as const;
type Build = keyof typeof builds;
const server = await startBenchServer({ mounts: { '/hinted/': hinted, '/unhinted/': unhinted } });
server.apiDelayMs = 100;
for (const build of Object.keys(builds)) {
  server.page(
    `/${build}.html`,
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>${build}</title>` +
      `<script type="module" blocking="render" src="/${build}/${CDN_ENTRY_FILE}"></script></head>` +
      `<body><h1>Testimonials</h1><testimonial-wall endpoint="/api" limit="6"></testimonial-wall><p>What follows.</p></body></html>`,
  );
}

/** V8's parse and compile events: lazy on the main thread, eager where a file streams. */
const COMPILE = /^(V8\.(Compile|Parse)\w*|v8\.(compile|parse)\w*)$/;

type Event = TraceEvent & { tdur?: number; args?: { name?: string } };

/** `events`' CPU time, counting an event nested in another (a parse inside a compile) once. */
function outermostCpu(events: Event[]): number {
  let total = 0;
  let end = -Infinity;
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ts < end) continue;
    end = event.ts + (event.dur ?? 0);
    total += (event.tdur ?? event.dur ?? 0) / 1000;
  }
  return total;
}

const figures: Record<Build, Record<string, number[]>> = { hinted: {}, unhinted: {} };
const browser = await launchBrowser();
try {
  for (let pair = 0; pair < pairs!; pair++) {
    for (const build of (pair % 2 ? ['unhinted', 'hinted'] : ['hinted', 'unhinted']) as Build[]) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      if (slowdown! > 1) await page.emulateCPUThrottling(slowdown!);
      if (network)
        await page.emulateNetworkConditions({ latency: 562.5, download: (1638.4 * 0.9 * 1024) / 8, upload: (750 * 0.9 * 1024) / 8 });
      await page.tracing.start({
        categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.compile', 'loading', 'blink.user_timing'],
      });
      await page.goto(`${server.origin}/${build}.html`, { waitUntil: 'load' });
      await page.waitForFunction(
        `document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('[role="listitem"]').length === 6`,
        {
          timeout: 60_000,
        },
      );
      const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString()) as { traceEvents: TraceEvent[] };
      const events = trace.traceEvents as Event[];
      const paint = events.find((event) => event.name === 'firstContentfulPaint')!;
      const start = events.find((event) => event.name === 'navigationStart' && event.pid === paint.pid) ?? paint;
      const mainThread = events.find(
        (event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain',
      )!.tid;
      const compiling = events.filter((event) => event.pid === paint.pid && event.ph === 'X' && COMPILE.test(event.name));
      const byThread = (main: boolean, before = Infinity) => {
        const threads = new Map<number, Event[]>();
        for (const event of compiling) {
          if ((event.tid === mainThread) !== main || event.ts >= before) continue;
          threads.set(event.tid, [...(threads.get(event.tid) ?? []), event]);
        }
        return [...threads.values()].reduce((sum, list) => sum + outermostCpu(list), 0);
      };
      const add = (key: string, value: number) => (figures[build][key] ??= []).push(value);
      add('first contentful paint', (paint.ts - start.ts) / 1000);
      add('main thread, before the paint', byThread(true, paint.ts));
      add('main thread, up to the cards', byThread(true));
      add('other threads', byThread(false));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`${pairs} pairs, CPU ${slowdown}×, ${network ? "Lighthouse's mobile network" : 'localhost'} (medians, ms; compile: CPU time)`);
for (const build of Object.keys(builds) as Build[]) {
  console.log(
    `${build.padEnd(9)} ${Object.entries(figures[build])
      .map(([key, values]) => `${key} ${median(values).toFixed(1)}`)
      .join(' · ')}`,
  );
}
