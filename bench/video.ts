/**
 * Video: what a page with one video costs before anyone presses play (requests, bytes, media bytes),
 * and the time from the click to the first video frame (`requestVideoFrameCallback`, else `playing`).
 * `<video-testimonial>` against Mux's `hls-video-element` playing the same HLS stream from the
 * sandbox's sample media, each run in a fresh browser context (empty cache), alternating who goes
 * first. The baseline is given `preload="none"` (its most frugal setting) for the click timing; its
 * default preload is measured before play too.
 */
import type { Browser, CDPSession } from 'puppeteer-core';
import { figure, htmlPage, log, median, pairedRatio, ratio, RUNS, withTimeout, type BenchServer, type Figure } from './support.js';

const STREAM = '/media/hls/index.m3u8';
const POSTER = '/media/poster.jpg';
/** Requests for the stream itself: playlists, init segments, media segments, mp4 files. */
const MEDIA = /\.(m3u8|m4s|mp4|ts|aac)(\?|$)/;
/** A pointer on its way to a click rests on the button about this long (and focus, before Enter). */
const HOVER_MS = 300;

/** How the viewer reaches play: a click as the pointer arrives, after it rested, or Enter after focus rested. */
type Approach = 'cold' | 'hover' | 'focus';
/** A mid-range phone's CPU, as Lighthouse's mobile setting emulates it. */
const PHONE_CPU_SLOWDOWN = 4;

/** Development aid: which request and step went when, per approach (docs/video-first-frame.md's tables). */
const TRACE = process.env.BENCH_VIDEO_TRACE === '1';

/**
 * `BENCH_VIDEO_TRACE=1`, in the page: marks on the media pipeline's steps (MediaSource, SourceBuffer,
 * play(), the video's events and controls) and the long tasks, for the trace lines.
 */
const TRACE_PROBE = `<script>
  const marks = (window.traceMarks = []);
  const mark = (name) => marks.push({ name, at: performance.now() });
  const wrap = (proto, method, name) => {
    const original = proto[method];
    proto[method] = function (...args) { mark(name); return original.apply(this, args); };
  };
  wrap(MediaSource.prototype, 'addSourceBuffer', 'addSourceBuffer');
  wrap(SourceBuffer.prototype, 'appendBuffer', 'appendBuffer');
  wrap(HTMLMediaElement.prototype, 'play', 'play()');
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (object) => {
    mark('createObjectURL');
    if (object instanceof MediaSource) object.addEventListener('sourceopen', () => mark('sourceopen'), { once: true });
    return createObjectURL(object);
  };
  new PerformanceObserver((list) => list.getEntries().forEach((task) => marks.push({ name: 'longtask ' + Math.round(task.duration), at: task.startTime })))
    .observe({ type: 'longtask' });
  window.traceVideo = (video) => {
    for (const type of ['loadedmetadata', 'loadeddata', 'canplay', 'playing']) video.addEventListener(type, () => mark(type), { once: true });
    new MutationObserver(() => video.controls && mark('controls')).observe(video, { attributeFilter: ['controls'] });
  };
</script>`;

/** In the page: the click's time and the first frame's, whichever player. */
const PROBE = `${TRACE ? TRACE_PROBE : ''}<script>
  window.bench = { clickAt: 0, firstFrame: 0, via: '' };
  addEventListener('click', (event) => { if (!bench.clickAt) bench.clickAt = event.timeStamp; }, true);
  window.watchVideo = (video) => {
    window.traceVideo?.(video);
    if ('requestVideoFrameCallback' in video) {
      video.requestVideoFrameCallback((now) => { if (!bench.firstFrame) { bench.firstFrame = now; bench.via = 'requestVideoFrameCallback'; } });
    } else {
      video.addEventListener('playing', () => { if (!bench.firstFrame) { bench.firstFrame = performance.now(); bench.via = 'playing'; } }, { once: true });
    }
  };
</script>`;

const STYLE = `<style>body { margin: 0; padding: 1rem; font: 16px system-ui, sans-serif; } .player { display: block; width: 640px; aspect-ratio: 16 / 9; }</style>`;

/** A page with one player: its script, and a module that finds the player's <video> once defined. */
function playerPage(tag: string, script: string, setup: string, body: string): string {
  return htmlPage({
    title: tag,
    head: `${STYLE}${PROBE}
<script type="module" src="${script}"></script>
<script type="module">
  await customElements.whenDefined('${tag}');
  const player = document.querySelector('${tag}');
  ${setup}
  window.ready = true;
</script>`,
    body,
  });
}

const OURS = playerPage(
  'video-testimonial',
  '/cdn/testimonial-elements.js',
  "await player.updateComplete; watchVideo(player.shadowRoot.querySelector('video'));",
  `<video-testimonial class="player" src="${STREAM}" poster="${POSTER}" label="bench video"></video-testimonial>`,
);

const baselinePage = (preload: string) =>
  playerPage(
    'hls-video',
    '/hls-video/hls-video-element.js',
    "watchVideo(player.nativeEl); document.querySelector('#play').addEventListener('click', () => player.play());",
    `<hls-video class="player" src="${STREAM}" poster="${POSTER}" ${preload} playsinline></hls-video>
<button id="play" type="button">Play</button>`,
  );

interface Traffic {
  requests: number;
  bytes: number;
  mediaRequests: number;
  mediaBytes: number;
}

/** Every response of the page, by URL, with its bytes on the wire once finished. */
async function recordTraffic(session: CDPSession, cpuSlowdown: number): Promise<() => Traffic> {
  if (cpuSlowdown > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  session.on('Network.requestWillBeSent', (event) => void urls.set(event.requestId, event.request.url));
  session.on('Network.loadingFinished', (event) => void sizes.set(event.requestId, event.encodedDataLength));
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  return () => {
    const traffic: Traffic = { requests: 0, bytes: 0, mediaRequests: 0, mediaBytes: 0 };
    for (const [id, url] of urls) {
      if (url.startsWith('data:')) continue;
      const bytes = sizes.get(id) ?? 0;
      traffic.requests++;
      traffic.bytes += bytes;
      if (MEDIA.test(new URL(url).pathname)) {
        traffic.mediaRequests++;
        traffic.mediaBytes += bytes;
      }
    }
    return traffic;
  };
}

interface VideoRun {
  beforePlay: Traffic;
  firstFrameMs: number;
  via: string;
  /** `BENCH_VIDEO_TRACE=1`: each request after the click (hls.js chunk, playlists, segments), ms after the click. */
  steps?: TraceStep[];
}

/** One request seen by resource timing: its short name, when it was asked for and when it ended, after the click. */
interface TraceStep {
  name: string;
  start: number;
  end: number;
}

/** In the page: the hls.js chunk and the stream's requests made after the click, relative to it. */
const TRACE_SCRIPT = `performance.getEntriesByType('resource')
  .filter((entry) => /\\.(m3u8|m4s|mp4|vtt)$|hls|chunks\\//.test(entry.name) && entry.responseEnd > bench.clickAt - 1)
  .map((entry) => ({ name: entry.name.split('/').slice(-2).join('/'), start: entry.startTime - bench.clickAt, end: entry.responseEnd - bench.clickAt }))
  .concat(traceMarks.filter((m) => m.at > bench.clickAt - 1).map((m, i, all) => ({ name: m.name + (all.slice(0, i).some((o) => o.name === m.name) ? '#' + all.slice(0, i).filter((o) => o.name === m.name).length : ''), start: m.at - bench.clickAt, end: m.at - bench.clickAt })))`;

/** The median of each step over runs, as one line: `name start→end`. */
function traceLine(label: string, runs: readonly VideoRun[]): string {
  const byName = new Map<string, TraceStep[]>();
  for (const step of runs.flatMap((r) => r.steps ?? [])) byName.set(step.name, [...(byName.get(step.name) ?? []), step]);
  const steps = [...byName].map(([name, all]) => ({
    name,
    start: median(all.map((s) => s.start)),
    end: median(all.map((s) => s.end)),
    n: all.length,
  }));
  steps.sort((a, b) => a.start - b.start);
  const frame = median(runs.map((r) => r.firstFrameMs));
  return `trace ${label}: ${steps.map((s) => `${s.name}${s.n < runs.length ? `(${s.n}/${runs.length})` : ''} ${s.start.toFixed(0)}→${s.end.toFixed(0)}`).join(', ')}; frame ${frame.toFixed(0)}`;
}

/**
 * Loads the page in a fresh context, waits for the network to be quiet, presses play as `approach`
 * says (a click as the pointer arrives; a click after the pointer rested `HOVER_MS` on the button;
 * Enter after focus rested as long), waits for a frame; the page's CPU slowed down `cpuSlowdown` times.
 */
async function run(
  browser: Browser,
  url: string,
  playSelector: string | undefined,
  approach: Approach = 'cold',
  cpuSlowdown = 1,
): Promise<VideoRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const traffic = await recordTraffic(await page.createCDPSession(), cpuSlowdown);
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.waitForFunction('window.ready === true', { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforePlay = traffic();
    if (!playSelector) return { beforePlay, firstFrameMs: Number.NaN, via: '' };
    const button = (await page.waitForSelector(playSelector, { timeout: 10_000 }))!;
    if (approach === 'hover') await button.hover();
    if (approach === 'focus') await button.focus();
    if (approach !== 'cold') await new Promise((resolve) => setTimeout(resolve, HOVER_MS));
    if (approach === 'focus') await page.keyboard.press('Enter');
    else await button.click();
    await withTimeout(page.waitForFunction('window.bench.firstFrame > 0', { timeout: 30_000 }), 35_000, `first frame of ${url}`);
    const { clickAt, firstFrame, via } = (await page.evaluate('window.bench')) as { clickAt: number; firstFrame: number; via: string };
    if (!clickAt) throw new Error(`the click on ${playSelector} was not seen by the page`);
    const steps = TRACE ? ((await page.evaluate(TRACE_SCRIPT)) as TraceStep[]) : undefined;
    return { beforePlay, firstFrameMs: firstFrame - clickAt, via, steps };
  } finally {
    await context.close();
  }
}

export async function measureVideo(browser: Browser, server: BenchServer): Promise<Figure[]> {
  server.page('/bench/video-ours.html', OURS);
  server.page('/bench/video-hls.html', baselinePage('preload="none"'));
  server.page('/bench/video-hls-default.html', baselinePage(''));
  const ours: VideoRun[] = [];
  const hovered: VideoRun[] = [];
  const focused: VideoRun[] = [];
  const baseline: VideoRun[] = [];
  const throttled: VideoRun[] = [];
  const baselineThrottled: VideoRun[] = [];
  const ourButton = 'video-testimonial >>> [part="play-button"]';
  const oursUrl = `${server.origin}/bench/video-ours.html`;
  const baselineUrl = `${server.origin}/bench/video-hls.html`;
  // Unmeasured: the first decoder start and compilation in this browser.
  await run(browser, oursUrl, ourButton);
  await run(browser, baselineUrl, '#play');
  for (let index = 0; index < RUNS; index++) {
    const pair = [
      async () => ours.push(await run(browser, oursUrl, ourButton)),
      async () => hovered.push(await run(browser, oursUrl, ourButton, 'hover')),
      async () => focused.push(await run(browser, oursUrl, ourButton, 'focus')),
      async () => baseline.push(await run(browser, baselineUrl, '#play')),
      async () => throttled.push(await run(browser, oursUrl, ourButton, 'cold', PHONE_CPU_SLOWDOWN)),
      async () => baselineThrottled.push(await run(browser, baselineUrl, '#play', 'cold', PHONE_CPU_SLOWDOWN)),
    ];
    if (index % 2) pair.reverse();
    for (const step of pair) await step();
  }
  const baselineDefault = await run(browser, `${server.origin}/bench/video-hls-default.html`, undefined);

  const frames = (runs: VideoRun[]) => runs.map((r) => r.firstFrameMs);
  const [oursMs, hoveredMs, focusedMs, baselineMs, throttledMs, baselineThrottledMs] = [
    ours,
    hovered,
    focused,
    baseline,
    throttled,
    baselineThrottled,
  ].map((runs) => median(frames(runs))) as [number, number, number, number, number, number];
  if (TRACE) {
    for (const [label, runs] of Object.entries({ ours, hovered, focused, baseline, throttled, baselineThrottled }))
      log(traceLine(label, runs));
  }
  const before = (runs: VideoRun[], key: keyof Traffic) => median(runs.map((r) => r.beforePlay[key]));
  log(
    `video first frame: ours ${oursMs.toFixed(0)} ms (${ours[0]?.via}), hovered ${hoveredMs.toFixed(0)} ms, focused ${focusedMs.toFixed(0)} ms, hls-video ${baselineMs.toFixed(0)} ms (${baseline[0]?.via}); CPU ${PHONE_CPU_SLOWDOWN}× slower: ours ${throttledMs.toFixed(0)} ms, hls-video ${baselineThrottledMs.toFixed(0)} ms`,
  );
  return [
    figure('video.before_play.media_bytes', before(ours, 'mediaBytes'), 'B', 'video-testimonial: stream bytes before play'),
    figure(
      'video.before_play.requests',
      before(ours, 'requests'),
      'requests',
      'video-testimonial page: requests before play (page, script, poster)',
    ),
    figure('video.before_play.bytes', before(ours, 'bytes'), 'B', 'video-testimonial page: bytes before play (all, gzip on the wire)'),
    figure(
      'video.baseline.before_play.media_bytes',
      before(baseline, 'mediaBytes'),
      'B',
      'hls-video preload=none: stream bytes before play',
    ),
    figure('video.baseline.before_play.requests', before(baseline, 'requests'), 'requests', 'hls-video preload=none: requests before play'),
    figure('video.baseline.before_play.bytes', before(baseline, 'bytes'), 'B', 'hls-video preload=none: bytes before play'),
    figure(
      'video.before_play.bytes_ratio',
      ratio(before(ours, 'bytes'), before(baseline, 'bytes')),
      '×',
      'bytes before play: video-testimonial ÷ hls-video preload=none',
    ),
    figure(
      'video.baseline_default.before_play.media_bytes',
      baselineDefault.beforePlay.mediaBytes,
      'B',
      'hls-video default preload: stream bytes before play',
    ),
    figure(
      'video.baseline_default.before_play.requests',
      baselineDefault.beforePlay.requests,
      'requests',
      'hls-video default preload: requests before play',
    ),
    figure(
      'video.first_frame.ratio',
      pairedRatio(frames(ours), frames(baseline)),
      '×',
      `click → first frame: video-testimonial ÷ hls-video (median of ${RUNS} paired runs)`,
    ),
    figure(
      'video.first_frame.ms',
      oursMs,
      'ms',
      'click → first frame, video-testimonial, the pointer clicking as it arrives (this machine)',
    ),
    figure('video.first_frame.baseline_ms', baselineMs, 'ms', 'click → first frame, hls-video preload=none (this machine)'),
    figure(
      'video.first_frame.hovered_ratio',
      pairedRatio(frames(hovered), frames(baseline)),
      '×',
      `the same after the pointer rested ${HOVER_MS} ms on the play button (playback primed on intent) ÷ hls-video`,
    ),
    figure(
      'video.first_frame.hovered_ms',
      hoveredMs,
      'ms',
      `click → first frame, video-testimonial after a ${HOVER_MS} ms hover (this machine)`,
    ),
    figure(
      'video.first_frame.focused_ratio',
      pairedRatio(frames(focused), frames(baseline)),
      '×',
      `Enter → first frame after focus rested ${HOVER_MS} ms on the play button ÷ hls-video's click`,
    ),
    figure(
      'video.first_frame.focused_ms',
      focusedMs,
      'ms',
      `Enter → first frame, video-testimonial after ${HOVER_MS} ms of focus (this machine)`,
    ),
    figure(
      'video.first_frame.throttled_ratio',
      pairedRatio(frames(throttled), frames(baselineThrottled)),
      '×',
      `click → first frame, the page's CPU ${PHONE_CPU_SLOWDOWN}× slower (a mid-range phone): video-testimonial ÷ hls-video`,
    ),
    figure(
      'video.first_frame.throttled_ms',
      throttledMs,
      'ms',
      `click → first frame, video-testimonial, CPU ${PHONE_CPU_SLOWDOWN}× slower (this machine)`,
    ),
  ];
}
