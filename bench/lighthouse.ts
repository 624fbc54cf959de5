/**
 * Lighthouse (the npm package's Node API, driving the system Chromium through puppeteer-core) on the
 * demo built for production and served with its `/api` (proxy in front of the sandbox), as `npm start`
 * would serve it: the four category scores, with Lighthouse's default settings (a mid-range phone,
 * simulated slow 4G). The overview page always; the walls page too once the demo has one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { figure, launchBrowser, log, type BenchServer, type Figure } from './support.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  { key: 'demo', path: '/index.html' },
  { key: 'demo_wall', path: '/wall.html' },
] as const;

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
  const pages = PAGES.filter(({ path }) => existsSync(join(demoDir, path)));
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
      log(`lighthouse ${path}: ${CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)}`).join(', ')}`);
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
