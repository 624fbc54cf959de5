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
import { serverRenderedPage } from '../scripts/server-rendered-page.js';
import { CDN_ENTRY_FILE } from '../scripts/cdn-build.js';
import { figure, launchBrowser, log, type BenchServer, type Figure } from './support.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
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

export async function measureLighthouse(server: BenchServer, demoDir: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  await serveServerRenderedPage(server, demoDir);
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = demoPages(demoDir).filter(({ key }) => !only || only.includes(key));
  for (const { key, path } of pages) {
    // A browser of its own: Lighthouse changes emulation and throttling on the page it drives.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const url = `${server.origin}${path}`;
      const result = await lighthouse(
        url,
        { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], maxWaitForLoad: 60_000 },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { lhr } = result;
      // Every audit's details, for finding what costs points (development: BENCH_LIGHTHOUSE_REPORTS=<folder>).
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(join(reports, `${key}.json`), JSON.stringify(lhr));
        // The trace it was computed from: which task ran when, what each request waited for.
        writeFileSync(join(reports, `${key}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const category of CATEGORIES) {
        const score = lhr.categories[category]?.score;
        figures.push(
          figure(
            `lighthouse.${key}.${category}`,
            typeof score === 'number' ? score * 100 : null,
            'score',
            `Lighthouse ${category}, demo ${path} (mobile defaults)`,
          ),
        );
      }
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
      figures.push(figure(`lighthouse.${key}.cls`, cls, '', `Lighthouse cumulative layout shift, demo ${path} (mobile defaults)`));
      log(
        `lighthouse ${path}: CLS ${cls?.toFixed(3)}, ${CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)}`).join(', ')}`,
      );
      // What cost points, for whoever owns the page (weighted audits that did not pass).
      for (const category of CATEGORIES) {
        const failed = (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (failed.length) log(`  ${category}: ${failed.map((id) => `${id}${auditHint(lhr.audits[id])}`).join(', ')}`);
      }
    } finally {
      await browser.close();
    }
  }
  if (pages.length === 0) throw new Error(`no demo page found in ${demoDir}`);
  return figures;
}
