/**
 * What every benchmark shares: the run's settings, the system Chromium, one loopback server for the
 * pages, the built bundles and the demo API, compressed sizes and the statistics of repeated runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Browser } from 'puppeteer-core';
import { createDevApi } from '../scripts/dev-api.js';
import { launchBrowser as launchTestBrowser } from '../test/support/browser.js';

export const ROOT = resolve(import.meta.dirname, '..');
/** Scratch space of a run (builds); ignored by git. */
export const TMP = join(ROOT, 'bench/.tmp');

/** `BENCH_QUICK=1`: the fewest repetitions that still exercise every path, for development. */
export const QUICK = process.env.BENCH_QUICK === '1';
/** Repetitions of each timed measurement; the figures are their medians. */
export const RUNS = QUICK ? 2 : 7;

// ---------------------------------------------------------------------------------------------
// Results

/** One figure of the table and of results.json. */
/** An event of a Chromium trace (CDP `Tracing`), as the bench's trace tools read it. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** `data` for most timeline events; `elementCount` on a style update (`UpdateLayoutTree`). */
  args?: { data?: Record<string, unknown>; elementCount?: number } & Record<string, unknown>;
}

/** A main-thread task's trace event (Chromium has named it both ways). */
export const TRACE_TASKS: ReadonlySet<string> = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The task of a trace that ran `event`: the shortest on its thread that holds it whole. */
export function taskAround(events: readonly TraceEvent[], event: TraceEvent): TraceEvent | undefined {
  const end = event.ts + (event.dur ?? 0);
  return events
    .filter(
      (task) =>
        TRACE_TASKS.has(task.name) &&
        task.ph === 'X' &&
        task.pid === event.pid &&
        task.tid === event.tid &&
        task.ts <= event.ts &&
        task.ts + (task.dur ?? 0) >= end,
    )
    .sort((a, b) => (a.dur ?? 0) - (b.dur ?? 0))[0];
}

export interface Figure {
  key: string;
  value: number | null;
  unit: string;
  /** What the figure is, in a few words (the table's last column). */
  label: string;
}

export function figure(key: string, value: number | null | undefined, unit: string, label: string): Figure {
  const ok = typeof value === 'number' && Number.isFinite(value);
  return { key, value: ok ? round(value) : null, unit, label };
}

function round(value: number): number {
  if (Number.isInteger(value)) return value;
  return Math.abs(value) >= 100 ? Math.round(value * 10) / 10 : Math.round(value * 1000) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Statistics

export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `ours / baseline`: below 1 means ours is smaller or faster. */
export function ratio(ours: number, baseline: number): number {
  return baseline > 0 ? ours / baseline : Number.NaN;
}

/**
 * The median of the ratios of runs taken side by side (`ours[i]` right after or before `baseline[i]`):
 * steadier than a ratio of medians when the machine's load drifts during the run.
 */
export function pairedRatio(ours: readonly number[], baseline: readonly number[]): number {
  if (ours.length !== baseline.length) throw new Error(`pairedRatio: ${ours.length} runs against ${baseline.length}`);
  return median(ours.map((value, index) => ratio(value, baseline[index]!)));
}

// ---------------------------------------------------------------------------------------------
// Sizes

export interface Compressed {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of already-minified code: as is, gzip level 9, brotli quality 11 (what CDNs serve). */
export function compressedSizes(code: Uint8Array | string): Compressed {
  const bytes = typeof code === 'string' ? Buffer.from(code) : code;
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }).byteLength,
  };
}

// ---------------------------------------------------------------------------------------------
// Browser

/**
 * The test helpers' Chromium (test/support/browser.ts), plus what the benchmarks need: media that
 * plays without a gesture, and no throttling of the frames and timers that chunked rendering and
 * video wait for.
 */
export const BENCH_CHROMIUM_ARGS = [
  '--autoplay-policy=no-user-gesture-required',
  '--disable-quic',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  // window.gc(): the wall benchmark collects the previous run's garbage before each measured run, so
  // neither side pays for the other's removed DOM.
  '--js-flags=--expose-gc',
];

export function launchBrowser(): Promise<Browser> {
  return launchTestBrowser(BENCH_CHROMIUM_ARGS);
}

/** A whole generated page: the benchmarks' pages differ only in title, head and body. */
export function htmlPage({ title, head = '', body }: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>bench: ${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

// ---------------------------------------------------------------------------------------------
// Server

export interface BenchServerOptions {
  /** URL prefix → folder of static files, e.g. `{ '/cdn/': '.tmp/cdn' }`; `'/'` is the fallback. */
  mounts: Record<string, string>;
  /** Path → HTML of a page the benchmarks generate. */
  pages?: Record<string, string>;
}

/** A page sent in parts as they come, as a streaming server sends it. */
export type PageParts = () => AsyncIterable<string>;

export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Delay before `/api` answers (a network round trip to the proxy), in ms; may change between runs. */
  apiDelayMs: number;
  /**
   * Adds or replaces a generated page: its HTML, or a function giving its parts for each request, each
   * sent as soon as it is known (a streaming server: the shell first, then what it waits for).
   */
  page(path: string, html: string | PageParts): void;
  /**
   * Serves `/api<rest>` again under `prefix` (delayed as `/api` is, by asking it), its JSON answer passed through
   * `transform`: the same API with other data (long texts, say).
   */
  derivedApi(prefix: string, transform: (body: unknown) => unknown): void;
  close(): Promise<void>;
}

/** Text answers are sent gzipped when the browser accepts it, as any production server would. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * One loopback server: the demo API of `npm start` (`/api` the proxy, `/v1` + `/media` the sandbox,
 * scripts/dev-api.ts), generated pages, and static folders. Static files are sent with `no-store`, so
 * every fresh browser context downloads everything again, and text is gzipped (level 6) on request.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const api = createDevApi({ env: {}, log: () => {} });
  const pages = new Map<string, string | PageParts>(Object.entries(options.pages ?? {}));
  const mounts = Object.entries(options.mounts).sort(([a], [b]) => b.length - a.length);
  const state = { apiDelayMs: 0 };
  const derived = new Map<string, (body: unknown) => unknown>();
  let origin = '';
  const gzipCache = new Map<string, Buffer>();
  const gzipped = (file: string, body: Buffer): Buffer => {
    let zipped = gzipCache.get(file);
    if (!zipped) gzipCache.set(file, (zipped = gzipSync(body, { level: 6 })));
    return zipped;
  };

  function serveStatic(path: string, req: IncomingMessage, res: ServerResponse): boolean {
    for (const [prefix, folder] of mounts) {
      if (!path.startsWith(prefix)) continue;
      let relative = decodeURIComponent(path.slice(prefix.length));
      if (relative === '' || relative.endsWith('/')) relative += 'index.html';
      const file = normalize(join(folder, relative));
      if (!file.startsWith(normalize(folder) + sep) || !existsSync(file)) continue;
      let body: Buffer;
      try {
        body = readFileSync(file);
      } catch {
        continue;
      }
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': 'no-store', vary: 'accept-encoding' };
      if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        body = gzipped(file, body);
        headers['content-encoding'] = 'gzip';
      }
      headers['content-length'] = body.byteLength;
      res.writeHead(200, headers);
      res.end(body);
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) {
      if (state.apiDelayMs > 0) await new Promise((done) => setTimeout(done, state.apiDelayMs));
    }
    if (await api.handle(req, res)) return;
    const prefix = [...derived.keys()].find((key) => path.startsWith(`${key}/`));
    if (prefix) {
      const answer = await fetch(`${origin}/api${(req.url ?? '').slice(prefix.length)}`);
      const body = JSON.stringify(answer.ok ? derived.get(prefix)!(await answer.json()) : await answer.json());
      res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    const page = pages.get(path);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, 'cache-control': 'no-store' });
      if (typeof page === 'string') {
        res.end(page);
        return;
      }
      for await (const part of page()) res.write(part);
      res.end();
      return;
    }
    if (serveStatic(path, req, res)) return;
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(`not found: ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  // Idle keep-alive connections stay open until close(). With Node's default (5 s) this server, which
  // runs in the benchmark's own process, closed a connection that Node's fetch then reused after a
  // long stretch of rendering kept the event loop busy: the request failed with ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    get apiDelayMs() {
      return state.apiDelayMs;
    },
    set apiDelayMs(value: number) {
      state.apiDelayMs = value;
    },
    page: (path, html) => void pages.set(path, html),
    derivedApi: (prefix, transform) => void derived.set(prefix, transform),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Misc

/** Rejects after `ms` with a message saying what did not happen in time. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}
