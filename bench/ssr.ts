/**
 * Server rendering (issue 15): what `testimonial-elements/ssr` costs on the server and what it buys in
 * the browser.
 *
 * - Render time on Node for 12, 100 and 1,000 testimonials: `renderWall` against the benchmarks' static
 *   markup baseline (the wall benchmark's string concatenation, bench/static-markup.ts) over the same data.
 * - HTML bytes per card (gzip), from the rendered wall of 12 and of 100.
 * - HTML bytes of the pages' server-rendered wall of 12 (raw, what the browser parses, and gzip).
 * - The proxy's `/render/wall` of 12: a cold call (not in its cache) and the same call from cache.
 * - In Chromium, two pages alike but for the wall, each loaded in fresh contexts: the wall rendered on
 *   the server (streamed after the page's shell, taken over by the script-tag build; also without its
 *   script, and sent in one piece) and the client-rendered wall (`endpoint`, the script renders it). First contentful paint (Paint Timing) and the first paint of the testimonials
 *   (Largest Contentful Paint, see VISIBILITY_PROBE), server-rendered ÷ client-rendered, in paired loads.
 * - JS bytes needed before testimonials are visible: the server-rendered page with every script request
 *   blocked still shows them (0); for the client-rendered page, the script bytes that arrived before its
 *   testimonials showed.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import type { Testimonial } from '../src/client/types.js';
import { createProxyRenderer } from '../src/node/proxy-renderer.js';
import { createProxy } from '../src/proxy/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { renderWall } from '../src/ssr/index.js';
import { staticCardMarkup } from './static-markup.js';
import { figure, htmlPage, log, median, pairedRatio, RUNS, type BenchServer, type Figure } from './support.js';
import { testimonials } from './wall.js';

const RENDER_SIZES = [12, 100, 1000] as const;
/** Testimonials on the pages' page 1. */
const PAGE_LIMIT = 12;

const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).byteLength;

/**
 * Warm-up before the paired timings: rounds of both until `ours` has run WARM_UP_ROUNDS times and for at
 * least WARM_UP_MS. A long-lived server (the proxy's `/render/*`, a build that renders many pages) runs
 * `renderWall` warm; a single round left the 100-card figure on code V8 had not optimised yet (rounds of
 * 100 took 44, 33, 24 then 17 ms in one process). The first round is kept as `.first_ms`: the cold cost.
 */
const WARM_UP_ROUNDS = 10;
const WARM_UP_MS = 1_000;
/**
 * The least time one sample spans: a sample is the mean of as many calls in a row as fill it. A single
 * call of the baseline at 100 cards takes 0.7–1.1 ms, where one collection or one deoptimisation is a
 * third of it: timed one call a sample, `ssr.render.100.ratio` moved from 22.6× to 29.2× between two idle
 * benches of the same renderer (renderWall 38.0 and 21.1 ms, the baseline 1.08 and 0.66 ms).
 */
const MIN_SAMPLE_MS = 25;

/**
 * Milliseconds one call of `work` takes: the mean of as many calls in a row as fill `minMs` (one call
 * when it is 0, for the cold first call and the warm-up).
 */
async function timeCalls(work: () => Promise<unknown> | unknown, minMs = MIN_SAMPLE_MS): Promise<number> {
  const start = performance.now();
  for (let calls = 1; ; calls++) {
    await work();
    const elapsed = performance.now() - start;
    if (elapsed >= minMs) return elapsed / calls;
  }
}

/** Paired timings of `ours` and `baseline`, alternating who goes first, after a warm-up (the first call of `ours` kept). */
async function paired(
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown> | unknown,
): Promise<{ ours: number[]; baseline: number[]; first: number }> {
  const first = await timeCalls(ours, 0);
  await baseline();
  for (let rounds = 1, spent = first; rounds < WARM_UP_ROUNDS || spent < WARM_UP_MS; rounds++) {
    spent += await timeCalls(ours, 0);
    await baseline();
  }
  const result = { ours: [] as number[], baseline: [] as number[], first };
  for (let index = 0; index < RUNS; index++) {
    if (index % 2 === 0) {
      result.ours.push(await timeCalls(ours));
      result.baseline.push(await timeCalls(baseline));
    } else {
      result.baseline.push(await timeCalls(baseline));
      result.ours.push(await timeCalls(ours));
    }
  }
  return result;
}

async function measureServerRender(data: readonly Testimonial[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  const cardMarkup = staticCardMarkup();
  for (const count of RENDER_SIZES) {
    const slice = data.slice(0, count);
    const times = await paired(
      () => renderWall({ testimonials: slice, attributes: { paging: 'none' } }),
      () => slice.map(cardMarkup).join(''),
    );
    const ms = median(times.ours);
    log(
      `ssr render ${count}: ${ms.toFixed(1)} ms warm (first call ${times.first.toFixed(1)} ms), static markup ${median(times.baseline).toFixed(2)} ms`,
    );
    figures.push(
      figure(`ssr.render.${count}.ms`, ms, 'ms', `renderWall of ${count} testimonials on Node, warm (this machine)`),
      figure(
        `ssr.render.${count}.first_ms`,
        times.first,
        'ms',
        `renderWall of ${count} testimonials: the first call of that size in the bench's process (this machine)`,
      ),
      figure(
        `ssr.render.${count}.baseline_ms`,
        median(times.baseline),
        'ms',
        `${count} cards as static markup by string concatenation (this machine)`,
      ),
      figure(
        `ssr.render.${count}.ratio`,
        pairedRatio(times.ours, times.baseline),
        '×',
        `${count} testimonials: renderWall ÷ static markup (median of ${RUNS} paired runs)`,
      ),
    );
  }
  const small = await renderWall({ testimonials: data.slice(0, 12) });
  const large = await renderWall({ testimonials: data.slice(0, 100) });
  figures.push(
    figure(
      'ssr.html_bytes_per_card.gzip',
      gzipBytes(large) / 100,
      'B',
      'gzip of a rendered wall of 100 ÷ 100 (styles, markup and data island)',
    ),
    figure(
      'ssr.html_bytes_per_card.gzip_12',
      gzipBytes(small) / 12,
      'B',
      'gzip of a rendered wall of 12 ÷ 12 (the styles weigh more on fewer cards)',
    ),
    figure('ssr.html_bytes_per_card.raw', large.length / 100, 'B', 'rendered wall of 100 ÷ 100, uncompressed'),
  );
  return figures;
}

/**
 * The proxy's `/render/wall` for 12 cards (issue 24: within 20 ms cold, from cache after): a cold call
 * is one the proxy's cache has not seen (each asks a label of its own, so each is a new cache key and
 * a new render; the renderer itself is loaded, as a proxy loads it at start), the cached call the same
 * question again. The service is the sandbox, in process.
 */
async function measureRenderRoute(): Promise<Figure[]> {
  const sandbox = createSandbox();
  const proxy = createProxy({
    upstream: 'http://sandbox.test/v1',
    apiKey: 'sandbox-key',
    fetch: sandbox.fetch,
    log: () => {},
    rateLimit: false,
    uncachedLimit: false,
    render: { renderer: createProxyRenderer() },
  });
  const call = async (label: string) => {
    const start = performance.now();
    const answer = await proxy.fetch(new Request(`http://proxy.bench/render/wall?limit=${PAGE_LIMIT}&layout=grid&label=${label}`));
    const text = await answer.text();
    if (!answer.ok || !text.includes('<testimonial-wall')) throw new Error(`/render/wall answered ${answer.status}: ${text.slice(0, 200)}`);
    return performance.now() - start;
  };
  await call('warm-up');
  const cold: number[] = [];
  const cached: number[] = [];
  for (let index = 0; index < RUNS * 3; index++) {
    cold.push(await call(`cold-${index}`));
    cached.push(await call(`cold-${index}`));
  }
  log(`ssr /render/wall of ${PAGE_LIMIT}: ${median(cold).toFixed(1)} ms cold, ${median(cached).toFixed(2)} ms from cache`);
  return [
    figure(
      `ssr.render_route.${PAGE_LIMIT}.cold_ms`,
      median(cold),
      'ms',
      `proxy /render/wall of ${PAGE_LIMIT}, a question not in its cache (this machine)`,
    ),
    figure(
      `ssr.render_route.${PAGE_LIMIT}.cached_ms`,
      median(cached),
      'ms',
      `proxy /render/wall of ${PAGE_LIMIT}, the same question again (this machine)`,
    ),
  ];
}

/**
 * Runs first in every page: records when the testimonials are first painted, as the browser reports
 * it: the first Largest Contentful Paint entry for content inside the wall (Chromium reports paints in
 * shadow roots for LCP, with `element` null as the node is not exposed, but gives Element Timing no
 * entry there; the only other content, the heading and the line below the wall, are light DOM with
 * their element). The heading is short, so any card's text is larger and makes a new entry. The
 * probe used before (issue 24) read boxes in `requestAnimationFrame`, which runs before the frame's
 * paint: it found the server's cards laid out well before they were painted (114 ms against a first
 * contentful paint at 172 ms), so the two figures contradicted each other.
 *
 * Chromium gives a text its LCP time once the frame that painted it is presented, and forgets a text
 * whose node is removed before then: the take-over waits for the page's paint report (see
 * src/elements/shared/swap.ts), so the first such entry on the page with its script is the server's
 * paint, as on the same page without its script (the `no_script` figures: the server's paint alone).
 * Before that wait, it was the take-over's repaint.
 */
const VISIBILITY_PROBE = `<script>
  window.__visibleAt = undefined;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.__visibleAt === undefined && (entry.element === null || entry.element.closest('testimonial-wall'))) window.__visibleAt = entry.startTime;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
</script>`;

function benchPage(title: string, wall: string, script: boolean): string {
  return htmlPage({
    title,
    head: `${VISIBILITY_PROBE}\n<style>body { margin: 0; font: 16px/1.5 system-ui, sans-serif; } main { padding: 1rem; }</style>`,
    body: `<main><h1>Reviews</h1>\n${wall}\n<p>Below the wall.</p></main>${script ? '\n<script type="module" src="/cdn/testimonial-elements.js"></script>' : ''}`,
  });
}

interface Load {
  fcp: number;
  visible: number;
  /** Transfer bytes of scripts that had arrived when the testimonials showed. */
  scriptBytesBeforeVisible: number;
}

/** A slow phone's processor, as Lighthouse's mobile preset emulates it. */
const THROTTLED_CPU = 4;

/**
 * Lighthouse's mobile network as its DevTools throttling applies it (`throttling.devtools` in its
 * constants: a slow 4G's 150 ms round trip × 3.75 as a per-request latency, 1.6 Mbps × 0.9 down,
 * 750 Kbps × 0.9 up), in bytes per second for CDP. Localhost answers in a millisecond, where a wall
 * ready before the browser's first frame is in that frame; a visitor's page comes over a network.
 */
const MOBILE_NETWORK = { latency: 562.5, download: (1638.4 * 0.9 * 1024) / 8, upload: (750 * 0.9 * 1024) / 8 };

interface LoadOptions {
  blockScripts?: boolean;
  cpuSlowdown?: number;
  /** Lighthouse's mobile network (MOBILE_NETWORK) rather than localhost as it is. */
  mobileNetwork?: boolean;
}

async function load(
  browser: Browser,
  url: string,
  { blockScripts = false, cpuSlowdown = 1, mobileNetwork = false }: LoadOptions = {},
): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page: Page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    if (cpuSlowdown > 1) await (await page.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (mobileNetwork) await page.emulateNetworkConditions(MOBILE_NETWORK);
    if (blockScripts) {
      await page.setRequestInterception(true);
      page.on('request', (request) => void (request.resourceType() === 'script' ? request.abort() : request.continue()));
    }
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, { timeout: 30_000 });
    return await page.evaluate(() => {
      const visible = (window as unknown as { __visibleAt: number }).__visibleAt;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => (entry.initiatorType === 'script' || /\.m?js(?:$|\?)/.test(entry.name)) && entry.responseEnd <= visible,
      );
      return { fcp, visible, scriptBytesBeforeVisible: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) };
    });
  } finally {
    await context.close();
  }
}

/**
 * The paired loads of the streamed page against the client-rendered one, for the section's two main
 * figures. More than the variants' `RUNS`: the streamed page's first frame is one of two (its heading
 * alone, or its wall, whichever wins the race of docs/server-rendering.md's "The first paint"), so its
 * FCP is bimodal (idle machine, 30 pairs: 13 loads at 0.60–1.11× the client page's, 17 at 2.07–4.86×),
 * and a median of 7 moved with how many loads fell on each side (2.10× to 3.44× in the idle benches).
 */
const MAIN_PAIRS = RUNS * 3;

/** Loads of both pages in turn, alternating who goes first, after one unmeasured load each. */
async function pairedLoads(
  browser: Browser,
  serverUrl: string,
  clientUrl: string,
  options: LoadOptions = {},
  pairs = RUNS,
): Promise<{ ours: Load[]; baseline: Load[] }> {
  const ours: Load[] = [];
  const baseline: Load[] = [];
  await load(browser, serverUrl, options);
  await load(browser, clientUrl, options);
  for (let index = 0; index < pairs; index++) {
    if (index % 2 === 0) {
      ours.push(await load(browser, serverUrl, options));
      baseline.push(await load(browser, clientUrl, options));
    } else {
      baseline.push(await load(browser, clientUrl, options));
      ours.push(await load(browser, serverUrl, options));
    }
  }
  return { ours, baseline };
}

/** The section's server-rendered wall, and the URLs of its pages. */
export interface SsrPages {
  wall: string;
  serverUrl: string;
  clientUrl: string;
  noScriptUrl: string;
  /** The server-rendered page sent in one piece, as a static build writes it: its first frame is the wall's. */
  onePieceUrl: string;
}

/** Where the page's wall goes in `benchPage`'s HTML, to split it into the shell before and the rest after. */
const WALL_SLOT = '<!--wall-->';

/**
 * Serves the section's pages, alike but for the wall: the server-rendered page, the client-rendered one,
 * the server-rendered one without its script, and the server-rendered one sent in one piece (read by
 * `bench/trace-fonts.ts`).
 *
 * The first two server-rendered pages are served as docs/server-rendering.md's Node recipe serves them:
 * streamed, the shell (the head and the heading) sent at once, then the wall of page 1 once the API has
 * answered and `renderWall` has rendered it, each request, then the rest (issue 24 item 1: when the wall
 * comes after the browser's first frame, that frame is the heading, as the client-rendered page's).
 */
export async function serveSsrPages(server: BenchServer): Promise<SsrPages> {
  const attributes = { endpoint: '/api', limit: PAGE_LIMIT };
  const renderPage1 = async () => {
    const answer = await fetch(`${server.origin}/api/testimonials?limit=${PAGE_LIMIT}`);
    if (!answer.ok) throw new Error(`/api answered ${answer.status}`);
    const page1 = (await answer.json()) as { total: number; testimonials: Testimonial[] };
    return renderWall({ testimonials: page1, attributes });
  };
  const streamed = (title: string, script: boolean) => {
    const [shell, rest] = benchPage(title, WALL_SLOT, script).split(WALL_SLOT) as [string, string];
    // A generator per request: the wall is rendered for each page view, after the shell has gone.
    return async function* () {
      yield shell;
      yield await renderPage1();
      yield rest;
    };
  };
  server.page('/bench/ssr-server.html', streamed('server-rendered wall', true));
  server.page(
    '/bench/ssr-client.html',
    benchPage('client-rendered wall', `<testimonial-wall endpoint="/api" limit="${PAGE_LIMIT}"></testimonial-wall>`, true),
  );
  // The same server-rendered page without its script: the server's paint alone, as the browser reports
  // it when nothing takes the markup over (see VISIBILITY_PROBE).
  server.page('/bench/ssr-server-no-script.html', streamed('server-rendered wall, no script', false));
  const wall = await renderPage1();
  server.page('/bench/ssr-server-one-piece.html', benchPage('server-rendered wall, one piece', wall, true));
  return {
    wall,
    onePieceUrl: `${server.origin}/bench/ssr-server-one-piece.html`,
    serverUrl: `${server.origin}/bench/ssr-server.html`,
    clientUrl: `${server.origin}/bench/ssr-client.html`,
    noScriptUrl: `${server.origin}/bench/ssr-server-no-script.html`,
  };
}

async function measurePages(browser: Browser, server: BenchServer): Promise<Figure[]> {
  const { wall, serverUrl, clientUrl, noScriptUrl, onePieceUrl } = await serveSsrPages(server);
  const { ours, baseline } = await pairedLoads(browser, serverUrl, clientUrl, {}, MAIN_PAIRS);
  const noScript = await pairedLoads(browser, noScriptUrl, clientUrl);
  const onePiece = await pairedLoads(browser, onePieceUrl, clientUrl);
  const throttled = await pairedLoads(browser, serverUrl, clientUrl, { cpuSlowdown: THROTTLED_CPU });
  // Lighthouse's mobile conditions: its CPU and its network.
  const mobile = await pairedLoads(browser, serverUrl, clientUrl, { cpuSlowdown: THROTTLED_CPU, mobileNetwork: true });
  // Without any script, the server-rendered page must still show its testimonials: no JS is needed.
  let jsNeeded: number | null = 0;
  try {
    const blocked = await load(browser, serverUrl, { blockScripts: true });
    if (blocked.scriptBytesBeforeVisible !== 0) jsNeeded = blocked.scriptBytesBeforeVisible;
  } catch (error) {
    log(`ssr: with scripts blocked the server-rendered testimonials never showed: ${(error as Error).message}`);
    jsNeeded = null;
  }
  const fcp = (loads: Load[]) => median(loads.map((l) => l.fcp));
  const visible = (loads: Load[]) => median(loads.map((l) => l.visible));
  /** Server-rendered ÷ client-rendered, load by load, for one timing. */
  const ratio = (server: Load[], client: Load[], timing: 'fcp' | 'visible') =>
    pairedRatio(
      server.map((l) => l[timing]),
      client.map((l) => l[timing]),
    );
  /** `ssr.{fcp,visible}.<name>.ratio` of another server-rendered page against the client-rendered one. */
  const variantRatios = (name: string, loads: { ours: Load[]; baseline: Load[] }, page: string, conditions = '') =>
    (['fcp', 'visible'] as const).map((timing) =>
      figure(
        `ssr.${timing}.${name}.ratio`,
        ratio(loads.ours, loads.baseline, timing),
        '×',
        `${timing === 'fcp' ? 'first contentful paint' : 'testimonials visible'}: ${page} ÷ client-rendered page${conditions}`,
      ),
    );
  log(
    `ssr pages: FCP ${fcp(ours).toFixed(0)} vs ${fcp(baseline).toFixed(0)} ms, visible ${visible(ours).toFixed(0)} vs ${visible(baseline).toFixed(0)} ms (server vs client)`,
  );
  log(
    `ssr pages, Lighthouse's mobile network and CPU: FCP ${fcp(mobile.ours).toFixed(0)} vs ${fcp(mobile.baseline).toFixed(0)} ms, visible ${visible(mobile.ours).toFixed(0)} vs ${visible(mobile.baseline).toFixed(0)} ms`,
  );
  log(
    `ssr pages, CPU ${THROTTLED_CPU}× slower: FCP ${fcp(throttled.ours).toFixed(0)} vs ${fcp(throttled.baseline).toFixed(0)} ms, visible ${visible(throttled.ours).toFixed(0)} vs ${visible(throttled.baseline).toFixed(0)} ms`,
  );
  return [
    figure(
      'ssr.html_bytes.12.raw',
      wall.length,
      'B',
      `the pages' server-rendered wall of ${PAGE_LIMIT} (data island included), uncompressed`,
    ),
    figure('ssr.html_bytes.12.gzip', gzipBytes(wall), 'B', `the same wall of ${PAGE_LIMIT}, gzip`),
    figure(
      'ssr.fcp.ratio',
      ratio(ours, baseline, 'fcp'),
      '×',
      `first contentful paint: server-rendered ÷ client-rendered page (median of ${MAIN_PAIRS} paired loads)`,
    ),
    figure(
      'ssr.heading_first.share',
      Math.round((100 * ours.filter((l) => l.fcp < l.visible).length) / ours.length) / 100,
      '',
      `share of the streamed server-rendered page's loads (of ${MAIN_PAIRS}) whose first frame was its heading alone, its testimonials in a later one`,
    ),
    figure(
      'ssr.visible.ratio',
      ratio(ours, baseline, 'visible'),
      '×',
      'time until testimonials are visible: server-rendered ÷ client-rendered',
    ),
    ...variantRatios('no_script', noScript, 'the server-rendered page without its script'),
    ...variantRatios('one_piece', onePiece, 'the server-rendered page sent in one piece (a static build)'),
    ...variantRatios(
      'mobile',
      mobile,
      'the server-rendered page',
      `, both in Lighthouse's mobile conditions (its network throttling, CPU ${THROTTLED_CPU}× slower)`,
    ),
    figure(
      'ssr.fcp.throttled.ratio',
      ratio(throttled.ours, throttled.baseline, 'fcp'),
      '×',
      `first contentful paint, CPU ${THROTTLED_CPU}× slower (Emulation.setCPUThrottlingRate): server-rendered ÷ client-rendered`,
    ),
    figure(
      'ssr.visible.throttled.ratio',
      ratio(throttled.ours, throttled.baseline, 'visible'),
      '×',
      `testimonials visible, CPU ${THROTTLED_CPU}× slower: server-rendered ÷ client-rendered`,
    ),
    figure('ssr.fcp.ms', fcp(ours), 'ms', 'FCP, server-rendered page (this machine)'),
    figure('ssr.fcp.client_ms', fcp(baseline), 'ms', 'FCP, client-rendered page (this machine)'),
    figure('ssr.visible.ms', visible(ours), 'ms', 'testimonials visible, server-rendered page (this machine)'),
    figure('ssr.visible.client_ms', visible(baseline), 'ms', 'testimonials visible, client-rendered page (this machine)'),
    figure('ssr.fcp.throttled.ms', fcp(throttled.ours), 'ms', `FCP, server-rendered page, CPU ${THROTTLED_CPU}× slower`),
    figure('ssr.fcp.throttled.client_ms', fcp(throttled.baseline), 'ms', `FCP, client-rendered page, CPU ${THROTTLED_CPU}× slower`),
    figure(
      'ssr.js_bytes_before_visible',
      jsNeeded,
      'B',
      'JS needed before testimonials are visible, server-rendered page (visible with every script blocked: 0)',
    ),
    figure(
      'ssr.js_bytes_before_visible.client',
      median(baseline.map((l) => l.scriptBytesBeforeVisible)),
      'B',
      'script bytes transferred before testimonials were visible, client-rendered page',
    ),
  ];
}

export async function measureServerRendering(browser: () => Promise<Browser>, server: BenchServer): Promise<Figure[]> {
  const data = await testimonials(server, Math.max(...RENDER_SIZES));
  return [...(await measureServerRender(data)), ...(await measureRenderRoute()), ...(await measurePages(await browser(), server))];
}
