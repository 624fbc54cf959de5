/**
 * A small HTTP server on 127.0.0.1 for the Node-driven browser tests (framework apps, the script-tag
 * page, benchmarks): built files from a directory, a few inline pages, and the demo API
 * (`scripts/dev-api.ts`: the proxy at `/api` in front of the in-process sandbox, media at `/media`).
 * It records every request path, so a test can count what the page asked of the server.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { createDevApi, type DevApiOptions } from '../../scripts/dev-api.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticServerOptions {
  /** Directory whose files are served (`/` answers `index.html`). */
  root?: string;
  /** Inline pages by path (`/plain.html` → its HTML, `/site.css` → its CSS), answered before files. */
  pages?: Record<string, string>;
  /** Mount the demo API (`/api`, `/v1`, `/media`); true by default, or its options. */
  api?: boolean | DevApiOptions;
  /** Headers added to every page and file answer (a Content-Security-Policy, CORS for a CDN's files). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, as the browser sent it. */
  url: string;
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly origin: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** The recorded requests whose path (without query) passes `test`. */
  requestsTo(test: (path: string) => boolean): RecordedRequest[];
  close(): Promise<void>;
}

export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  // `env: {}`: a developer's real TESTIMONIAL_API_KEY never reaches a test; the sandbox answers.
  const api = options.api === false ? undefined : createDevApi({ ...(options.api === true ? {} : options.api), env: {} });
  const headers = options.headers ?? {};
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/' });
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`static-server: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (api && (await api.handle(req, res))) return;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const page = options.pages?.[path];
    if (page !== undefined) return send(res, 200, CONTENT_TYPES[extname(path)] ?? CONTENT_TYPES['.html']!, page, headers);
    // Browsers ask for a favicon on their own; a 404 would be logged as a console error in every test.
    if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (!options.root) return send(res, 404, 'text/plain; charset=utf-8', `Not found: ${path}`);
    const file = fileFor(options.root, path);
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info?.isFile()) return send(res, 404, 'text/plain; charset=utf-8', `Not found: ${path}`);
    res.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (test) => requests.filter((request) => test(request.url.split('?')[0]!)),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The file a URL path names inside `root`, or undefined when the path tries to leave it. */
function fileFor(root: string, path: string): string | undefined {
  const relative = normalize(path.endsWith('/') ? `${path}index.html` : path).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}
