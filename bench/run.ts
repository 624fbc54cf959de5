/**
 * `npm run bench`: builds the bundles, serves them on 127.0.0.1 with the demo API, runs every benchmark
 * in the system Chromium (and the proxy's on Node), prints a table and writes bench/results.json.
 *
 * `BENCH_QUICK=1` repeats each timing twice instead of 7 times (development only; never commit its
 * figures). `BENCH_ONLY=bytes,wall` runs some sections. A section that fails is reported and the others
 * still run; the command then exits 1 so a broken benchmark is not mistaken for a figure.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { buildDemo, buildElements, buildHlsVideoElement, type Bundle } from './builds.js';
import { measureBytes } from './bytes.js';
import { measureFirstPaint } from './first-paint.js';
import { measureLayoutShift } from './layout-shift.js';
import { measureLighthouse } from './lighthouse.js';
import { measureProxy } from './proxy.js';
import { measureSummary } from './summary.js';
import { measureServerRendering } from './ssr.js';
import { performanceSection, printTable } from './report.js';
import { replaceBetweenMarkers } from '../scripts/docs-elements.js';
import { launchBrowser, log, QUICK, ROOT, RUNS, startBenchServer, TMP, type BenchServer, type Figure } from './support.js';
import { measureVideo } from './video.js';
import { measureVisitorQueries } from './visitor-queries.js';
import { measureWallRender } from './wall.js';
import { measureWallControls } from './wall-controls.js';

interface Context {
  elements: Bundle;
  hlsVideo: Bundle;
  demo: string;
  server: BenchServer;
  browser: () => Promise<Browser>;
}

const SECTIONS: Record<string, (context: Context) => Promise<Figure[]>> = {
  bytes: async ({ elements, hlsVideo }) => measureBytes(elements, hlsVideo),
  wall: async ({ browser, server }) => measureWallRender(await browser(), server),
  'wall-controls': async ({ browser, server }) => measureWallControls(await browser(), server),
  video: async ({ browser, server }) => measureVideo(await browser(), server),
  'layout-shift': async ({ browser, server, demo }) => measureLayoutShift(await browser(), server, demo),
  'first-paint': async ({ browser, server }) => measureFirstPaint(await browser(), server),
  proxy: async () => measureProxy(),
  'visitor-queries': async () => measureVisitorQueries(),
  summary: async ({ elements }) => measureSummary(elements),
  lighthouse: async ({ server, demo }) => measureLighthouse(server, demo),
  ssr: async ({ browser, server }) => measureServerRendering(browser, server),
};

function selectedSections(): string[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only) return Object.keys(SECTIONS);
  const unknown = only.filter((name) => !(name in SECTIONS));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  return only;
}

async function main(): Promise<number> {
  const started = Date.now();
  const sections = selectedSections();
  mkdirSync(TMP, { recursive: true });
  log('building the script-tag bundle, the hls-video-element baseline and the demo…');
  const elements = await buildElements();
  const hlsVideo = await buildHlsVideoElement();
  // BENCH_CLS_ONLY (development: some of layout-shift's elements) skips the demo pages, and their build.
  const demo =
    sections.includes('lighthouse') || (sections.includes('layout-shift') && !process.env.BENCH_CLS_ONLY) ? await buildDemo() : '';
  const server = await startBenchServer({
    mounts: { '/cdn/': elements.outDir, '/hls-video/': hlsVideo.outDir, ...(demo ? { '/': demo } : {}) },
  });
  let browser: Browser | undefined;
  const context: Context = {
    elements,
    hlsVideo,
    demo,
    server,
    browser: async () => (browser ??= await launchBrowser()),
  };

  const figures: Figure[] = [];
  const errors: Record<string, string> = {};
  try {
    for (const name of sections) {
      const sectionStart = Date.now();
      log(`${name}…`);
      try {
        figures.push(...(await SECTIONS[name]!(context)));
      } catch (error) {
        // With its cause: Node's fetch says only "fetch failed", the cause says why (ECONNRESET, …).
        const cause = error instanceof Error && error.cause !== undefined ? `\ncause: ${String(error.cause)}` : '';
        errors[name] = (error instanceof Error ? (error.stack ?? error.message) : String(error)) + cause;
        log(`${name} FAILED: ${errors[name]}`);
      }
      log(`${name} took ${((Date.now() - sectionStart) / 1000).toFixed(1)} s`);
    }
  } finally {
    await browser?.close();
    await server.close();
  }

  const seconds = (Date.now() - started) / 1000;
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    command: QUICK ? 'BENCH_QUICK=1 npm run bench' : 'npm run bench',
    runs: RUNS,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    duration_s: Math.round(seconds),
    ...Object.fromEntries(figures.map((f) => [f.key, f.value])),
    units: Object.fromEntries(figures.map((f) => [f.key, f.unit])),
    ...(Object.keys(errors).length ? { errors } : {}),
  };
  console.log();
  printTable(figures);
  console.log(`\n${figures.length} figures in ${seconds.toFixed(0)} s${QUICK ? ' (BENCH_QUICK: not for committing)' : ''}`);
  // A partial run (BENCH_ONLY) must not overwrite the full results.
  const file = process.env.BENCH_ONLY ? join(TMP, 'results.partial.json') : join(ROOT, 'bench/results.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written: ${file.replace(`${ROOT}/`, '')}`);
  // Only a full run's figures go into the docs, the same ones as bench/results.json.
  if (!process.env.BENCH_ONLY && !QUICK) {
    const page = join(ROOT, 'docs/performance.md');
    const section = performanceSection(figures, {
      date: results.date as string,
      command: results.command as string,
      machine: results.machine as string,
      runs: RUNS,
      seconds,
    });
    writeFileSync(page, replaceBetweenMarkers(readFileSync(page, 'utf8'), 'performance', section, 'docs/performance.md'));
    console.log('written: docs/performance.md');
  }
  if (Object.keys(errors).length) {
    console.error(`failed section(s): ${Object.keys(errors).join(', ')} (see errors in the results file)`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
