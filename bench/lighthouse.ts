/**
 * Lighthouse (the npm package's Node API, driving the system Chromium through puppeteer-core) on every
 * page of the demo built for production and served with its `/api` (proxy in front of the sandbox), as
 * `npm start` would serve it, and on the server-rendered demo page (scripts/server-rendered-page.ts,
 * taken over by the script-tag build): the four category scores and the cumulative layout shift, with
 * Lighthouse's default settings (a mid-range phone, simulated slow 4G).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { serverRenderedPage } from '../scripts/server-rendered-page.js';
import { CDN_ENTRY_FILE } from '../scripts/cdn-build.js';
import { figure, launchBrowser, log, QUICK, type BenchServer, type Figure } from './support.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * Loads of each page: one score moves by 3–5 points between idle runs of the same build (93–98 on
 * `/wall.html`), and Lighthouse's own advice is the median of five runs ("The median Lighthouse score
 * of 5 runs is twice as stable as 1 run", its docs/variability.md), picked with its `computeMedianRun`
 * (the run nearest the medians of FCP and time to interactive). A load takes about 8 s here.
 */
const LOADS = Number(process.env.BENCH_LIGHTHOUSE_LOADS ?? (QUICK ? 1 : 5));
const SERVER_RENDERED = '/server-rendered.html';

interface DemoPage {
  /** `lighthouse.<key>.*`: `demo` for the overview, `demo_<name>` for the others. */
  key: string;
  path: string;
}

/** Every page of the built demo (the overview first), then the server-rendered one. */
export function demoPages(demoDir: string): DemoPage[] {
  const names = readdirSync(demoDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.replace(/\.html$/, ''))
    .sort((a, b) => (a === 'index' ? -1 : b === 'index' ? 1 : a.localeCompare(b)));
  const key = (name: string) => (name === 'index' ? 'demo' : `demo_${name.replace(/-/g, '_')}`);
  return [...names, 'server-rendered'].map((name) => ({ key: key(name), path: `/${name}.html` }));
}

/**
 * Serves the server-rendered demo page as `npm start` does, with the script-tag build (the bench
 * server's `/cdn/`) taking it over and the demo's built stylesheet in place of `/demo.css`.
 */
async function serveServerRenderedPage(server: BenchServer, demoDir: string): Promise<void> {
  const stylesheet = /href="(\/assets\/demo-[^"]+\.css)"/.exec(readFileSync(join(demoDir, 'index.html'), 'utf8'))?.[1];
  if (!stylesheet) throw new Error('the built demo links no demo stylesheet');
  const html = await serverRenderedPage({ api: `${server.origin}/api`, script: `/cdn/${CDN_ENTRY_FILE}` });
  server.page(SERVER_RENDERED, html.replace('href="/demo.css"', `href="${stylesheet}"`));
}

/** A short hint of why an audit failed: its display value or its first items' descriptions or URLs. */
function auditHint(audit: { displayValue?: string; details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const texts = items
    .slice(0, 3)
    .map((item) => String(item.description ?? item.url ?? (item.node as { snippet?: string } | undefined)?.snippet ?? ''))
    .filter(Boolean);
  const hint = [audit?.displayValue, ...texts].filter(Boolean).join('; ');
  return hint ? ` (${hint.slice(0, 300)})` : '';
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** One Lighthouse load of `url` in a browser of its own (Lighthouse changes emulation and throttling on the page it drives). */
async function runLighthouse(url: string, categories: readonly string[]): Promise<RunnerResult> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: [...categories], maxWaitForLoad: 60_000 },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    return result;
  } finally {
    await browser.close();
  }
}

const percent = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : null);

export async function measureLighthouse(server: BenchServer, demoDir: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  await serveServerRenderedPage(server, demoDir);
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = demoPages(demoDir).filter(({ key }) => !only || only.includes(key));
  for (const { key, path } of pages) {
    const url = `${server.origin}${path}`;
    // The first load gathers every category (their audits do not vary from load to load); the
    // others only performance.
    const runs: RunnerResult[] = [];
    for (let load = 0; load < LOADS; load++) runs.push(await runLighthouse(url, load === 0 ? CATEGORIES : ['performance']));
    const medianRun: unknown = computeMedianRun(runs.map((run) => run.lhr));
    const median = runs.find((run) => run.lhr === medianRun)!;
    const medianLhr = median.lhr;
    const first = runs[0]!.lhr;
    // Every audit's details, for finding what costs points (development: BENCH_LIGHTHOUSE_REPORTS=<folder>).
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(join(reports, `${key}.json`), JSON.stringify(medianLhr));
      // The trace it was computed from: which task ran when, what each request waited for.
      writeFileSync(join(reports, `${key}.trace.json`), JSON.stringify(median.artifacts.Trace));
    }
    const scores = runs.map((run) => percent(run.lhr.categories.performance?.score) ?? Number.NaN);
    for (const category of CATEGORIES) {
      const lhr = category === 'performance' ? medianLhr : first;
      figures.push(
        figure(
          `lighthouse.${key}.${category}`,
          percent(lhr.categories[category]?.score),
          'score',
          category === 'performance'
            ? `Lighthouse performance, demo ${path} (mobile defaults; the median of ${LOADS} loads)`
            : `Lighthouse ${category}, demo ${path} (mobile defaults)`,
        ),
      );
    }
    figures.push(
      figure(
        `lighthouse.${key}.performance_min`,
        Math.min(...scores),
        'score',
        `Lighthouse performance, demo ${path}: the lowest of the ${LOADS} loads`,
      ),
    );
    const cls = Math.max(...runs.map((run) => run.lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN));
    figures.push(
      figure(
        `lighthouse.${key}.cls`,
        cls,
        '',
        `Lighthouse cumulative layout shift, demo ${path} (mobile defaults; the largest of ${LOADS} loads)`,
      ),
    );
    const metric = (id: string) => medianLhr.audits[id]?.numericValue?.toFixed(0);
    log(
      `lighthouse ${path}: performance ${scores.join(', ')} (median run: FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms), CLS ${cls.toFixed(3)}, ${CATEGORIES.slice(
        1,
      )
        .map((c) => `${c} ${percent(first.categories[c]?.score)}`)
        .join(', ')}`,
    );
    // What cost points, for whoever owns the page (weighted audits that did not pass).
    for (const category of CATEGORIES) {
      const lhr = category === 'performance' ? medianLhr : first;
      const failed = (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      if (failed.length) log(`  ${category}: ${failed.map((id) => `${id}${auditHint(lhr.audits[id])}`).join(', ')}`);
    }
  }
  if (pages.length === 0) throw new Error(`no demo page found in ${demoDir}`);
  return figures;
}
