/**
 * How the figures are shown: the table `npm run bench` prints, and the "Performance" page of the docs (docs/performance.md)
 * it writes after a full run (between `<!-- performance:start -->` and `<!-- performance:end -->`), so
 * the page always carries the figures of the committed bench/results.json.
 */
import type { Figure } from './support.js';

export function formatValue({ value, unit }: Figure): string {
  if (value === null) return 'n/a';
  if (unit === 'B') return `${value.toLocaleString('en')} B (${(value / 1000).toFixed(1)} KB)`;
  if (unit === '×') return `${value.toFixed(2)}×`;
  if (unit === 'score' || unit === '') return String(value);
  return `${value} ${unit}`;
}

export function printTable(figures: readonly Figure[]): void {
  const rows = figures.map((f) => [f.key, formatValue(f), f.label]);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length), 6));
  const line = (cells: string[]) => `${cells[0]!.padEnd(widths[0]!)}  ${cells[1]!.padStart(widths[1]!)}  ${cells[2]}`;
  console.log(line(['figure', 'value', 'what']));
  console.log(line(['-'.repeat(widths[0]!), '-'.repeat(widths[1]!), '----']));
  for (const row of rows) console.log(line(row));
}

/** The figures the README shows, grouped; every figure is in bench/results.json. */
const README_GROUPS: Array<[string, string[]]> = [
  [
    'Bytes',
    [
      'bytes.entry.gzip',
      'bytes.entry.brotli',
      'bytes.lazy.purify-segments.gzip',
      'bytes.lazy.hls.light.gzip',
      'bytes.video_playing.gzip',
      'bytes.video_playing.ratio',
      'bytes.video_playing_captions.gzip',
      'bytes.video_playing_captions.ratio',
    ],
  ],
  [
    'Wall render',
    [
      'wall.100.ratio',
      'wall.1000.ratio',
      'wall.100.grid.ratio',
      'wall.1000.grid.ratio',
      'wall.100.list.ratio',
      'wall.1000.list.ratio',
      'wall.1000.longest_task_ms',
      'wall.1000.baseline_longest_task_ms',
      'wall.100.throttled.ratio',
      'wall.1000.throttled.ratio',
      'wall.100.throttled_drift',
      'wall.1000.throttled_drift',
      'wall.1000.throttled.longest_task_ms',
      'wall.1000.throttled.baseline_longest_task_ms',
    ],
  ],
  [
    'Video',
    [
      'video.before_play.media_bytes',
      'video.before_play.requests',
      'video.before_play.bytes_ratio',
      'video.baseline_default.before_play.media_bytes',
      'video.first_frame.ratio',
      'video.first_frame.hovered_ratio',
      'video.first_frame.focused_ratio',
      'video.first_frame.throttled_ratio',
    ],
  ],
  ['Layout shift', ['cls.masonry', 'cls.grid', 'cls.list', 'cls.carousel', 'cls.marquee', 'cls.card', 'cls.summary']],
  [
    'First paint',
    [
      'first_paint.snippet.ratio',
      'first_paint.snippet.render_blocking_ms',
      'first_paint.snippet.throttled_4x.ratio',
      'first_paint.snippet.throttled_4x.render_blocking_ms',
      'first_paint.snippet.after_paint.longest_task_ms',
      'first_paint.snippet.throttled_4x.after_paint.longest_task_ms',
      'first_paint.snippet.throttled_4x.after_paint.blocking_ms',
    ],
  ],
  ['Proxy', ['proxy.warm_rps_ratio', 'proxy.warm_rps_of_ceiling', 'proxy.concurrent_miss_upstream_calls']],
  ['Proxy memory', ['proxy.flood.rss_mb', 'proxy.flood.rss_growth_mb', 'proxy.flood.heap_mb', 'proxy.flood.cache_mb']],
  [
    'Proxy under hostile floods',
    [
      'proxy.flood.summary.upstream_calls',
      'proxy.flood.summary.rss_growth_mb',
      'proxy.flood.summary.cached_max_ms',
      'proxy.flood.summary.refused',
      'proxy.flood.render.upstream_calls',
      'proxy.flood.render.rss_growth_mb',
      'proxy.flood.render.cached_max_ms',
      'proxy.flood.render.refused',
    ],
  ],
  [
    'Server rendering',
    [
      'ssr.render.12.ms',
      'ssr.render.100.ms',
      'ssr.render.100.ratio',
      'ssr.render.1000.ms',
      'ssr.render.1000.first_ms',
      'ssr.render.1000.ratio',
      'ssr.html_bytes_per_card.gzip',
      'ssr.fcp.ratio',
      'ssr.visible.ratio',
      'ssr.heading_first.share',
      'ssr.fcp.mobile.ratio',
      'ssr.visible.mobile.ratio',
      'ssr.js_bytes_before_visible',
      'ssr.js_bytes_before_visible.client',
    ],
  ],
];

/** The fault table: the time to an answer per upstream fault, without and with a cached copy. */
function faultTable(byKey: ReadonlyMap<string, Figure>): string[] {
  const faults = [...byKey.keys()].flatMap((key) => /^proxy\.fault\.(.+)\.no_copy_ms$/.exec(key)?.[1] ?? []);
  if (faults.length === 0) return [];
  const time = (key: string) => {
    const found = byKey.get(key);
    return found ? formatValue(found) : 'n/a';
  };
  const settingsOf = (key: string) => /\(([^()]*)\)$/.exec(byKey.get(key)?.label ?? '')?.[1];
  const settings = [settingsOf(`proxy.fault.${faults[0]}.no_copy_ms`), settingsOf(`proxy.fault.${faults[0]}.copy_ms`)]
    .filter(Boolean)
    .join(', ');
  return [
    '',
    `**The proxy under a failing upstream** (\`proxy.fault.*\`, servers on 127.0.0.1; ${settings}): the time a visitor waits.`,
    '',
    '| upstream fault | without a cached copy | with an expired copy |',
    '|---|---|---|',
    ...faults.map((fault) => `| ${fault} | ${time(`proxy.fault.${fault}.no_copy_ms`)} | ${time(`proxy.fault.${fault}.copy_ms`)} |`),
  ];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export interface RunInfo {
  date: string;
  command: string;
  machine: string;
  runs: number;
  seconds: number;
}

/** The docs' "Performance" section: the run, the main figures, and the commercial embeds' weights. */
export function performanceSection(figures: readonly Figure[], run: RunInfo): string {
  const byKey = new Map(figures.map((f) => [f.key, f]));
  const rows = README_GROUPS.flatMap(([group, keys]) =>
    keys.flatMap((key) => {
      const found = byKey.get(key);
      return found ? [`| ${group} | \`${key}\` | ${formatValue(found)} | ${cell(found.label)} |`] : [];
    }),
  );
  // One row per demo page Lighthouse ran on (`lighthouse.<page>.*`), the overview first.
  const lighthousePages = [...byKey.keys()].flatMap((key) => /^lighthouse\.([^.]+)\.performance$/.exec(key)?.[1] ?? []);
  const lighthouse = lighthousePages.map((page) => {
    const scores = ['performance', 'cls', 'accessibility', 'best-practices', 'seo'].map((category) => {
      const found = byKey.get(`lighthouse.${page}.${category}`);
      return `${category === 'cls' ? 'CLS' : category} ${found ? formatValue(found) : 'n/a'}`;
    });
    const path = /demo (\/\S+)/.exec(byKey.get(`lighthouse.${page}.performance`)?.label ?? '')?.[1] ?? page;
    return `| Lighthouse | \`lighthouse.${page}\` | ${scores.join(', ')} | demo ${path}, mobile defaults, system Chromium |`;
  });
  const entry = byKey.get('bytes.entry.gzip')?.value;
  const entryKb = typeof entry === 'number' ? `${(entry / 1000).toFixed(1)} KB` : 'n/a';
  return [
    `Measured on ${run.date.slice(0, 10)} with \`${run.command}\` (${run.machine}; ${run.runs} runs per timing, ${Math.round(run.seconds)} s in all). ` +
      'Timings are ratios against a baseline measured in the same run (below 1: ours is smaller or faster); ' +
      'every figure and how it is taken: `bench/results.json` and [`bench/README.md`](../bench/README.md).',
    '',
    `**Weight.** A text wall downloads ${entryKb} (min+gzip, the script-tag entry and its static imports). ` +
      "The commercial embeds' published script weights, measured by a third party: Senja 65 KB, Famewall 88 KB, " +
      'Testimonial.to 125 KB (gzip).',
    '',
    '| | figure | value | what |',
    '|---|---|---|---|',
    ...rows,
    ...lighthouse,
    ...faultTable(byKey),
  ].join('\n');
}
