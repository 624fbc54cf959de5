/**
 * Small misbehaving upstreams on 127.0.0.1 for the fault suite (faults.node.test.ts) and the bench's
 * fault table: one Node HTTP server whose behaviour is picked per request by the first path segment
 * after `/v1` (`http://127.0.0.1:port/hang/v1/links` hangs), so one server serves every fault and its
 * socket count covers them all. Loopback only; every answer is bounded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Text that only an upstream error body holds: a log line or an answer holding it leaked the body. */
export const SECRET_ERROR_TEXT = 'sk_live_51Hx9SECRETfromUpstreamErrorBody';

export const FAULTS = ['ok', 'hang', 'slow', 'reset', 'error-500', 'busy-429', 'not-json', 'wrong-type', 'oversized', 'redirect'] as const;
export type Fault = (typeof FAULTS)[number];

/** The `Retry-After` the `busy-429` fault sends, in seconds. */
export const BUSY_RETRY_AFTER_S = 20;

const LINKS = { forms: [{ id: 'f1', name: 'Leave a testimonial', url: 'https://love.test/f/1' }] };

export interface FaultUpstream {
  /**
   * `http://127.0.0.1:port/<fault>/v1`: the base URL the proxy is given for that fault; `live` behaves
   * as the fault last given to `setLive` (a cached copy is made in `ok`, then the fault starts).
   */
  base(fault: Fault | 'live'): string;
  setLive(fault: Fault): void;
  /** Sockets open on the server side. */
  openSockets(): number;
  /** Open sockets that carry a request the server has not finished answering (what a leak holds), for one fault or all. */
  busySockets(fault?: Fault): number;
  /** Requests received, per fault. */
  requests(fault: Fault): number;
  /** Bytes of body the `oversized` fault managed to write before the proxy stopped reading. */
  oversizedBytesWritten(): number;
  /** Requests that reached the redirect target (a proxy that follows redirects lands there). */
  redirectTargetHits(): number;
  close(): Promise<void>;
}

/** How big the `oversized` body would be if the proxy read it all (it must not). */
export const OVERSIZED_TOTAL_BYTES = 50 * 1024 * 1024;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Writes `OVERSIZED_TOTAL_BYTES` of a JSON-looking body in chunks, respecting back-pressure. */
function writeOversized(res: ServerResponse, counted: (bytes: number) => void): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  const pump = () => {
    while (written < OVERSIZED_TOTAL_BYTES && !res.destroyed) {
      written += chunk.length;
      counted(chunk.length);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.write('{"forms":[');
  pump();
}

export async function startFaultUpstream(): Promise<FaultUpstream> {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, string>();
  const counts = new Map<string, number>();
  let oversizedBytes = 0;
  let targetHits = 0;
  let live: Fault = 'ok';

  const target = createServer((_req, res) => {
    targetHits++;
    json(res, 200, { forms: [{ id: 'elsewhere', name: 'Another host', url: 'https://elsewhere.test/' }] });
  });
  const targetPort = await listen(target);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const segment = (req.url ?? '/').split('/')[1] ?? '';
    const fault = segment === 'live' ? live : segment;
    counts.set(fault, (counts.get(fault) ?? 0) + 1);
    const socket = req.socket;
    busy.set(socket, fault);
    res.once('finish', () => busy.delete(socket));
    switch (fault as Fault) {
      case 'ok':
        return json(res, 200, LINKS);
      case 'hang':
        return;
      case 'slow':
        // Headers and the start of the body, then nothing: the attempt's timeout covers the body too.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.write('{"forms":[');
      case 'reset':
        return void socket.resetAndDestroy();
      case 'error-500':
        return json(res, 500, { error: { message: `database password rejected: ${SECRET_ERROR_TEXT}` } });
      case 'busy-429':
        return json(res, 429, { error: { message: SECRET_ERROR_TEXT } }, { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
      case 'not-json':
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"forms": [${SECRET_ERROR_TEXT}`);
      case 'wrong-type':
        return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(JSON.stringify(LINKS));
      case 'oversized':
        return writeOversized(res, (bytes) => (oversizedBytes += bytes));
      case 'redirect':
        return void res.writeHead(302, { Location: `http://127.0.0.1:${targetPort}/v1/links` }).end();
      default:
        return json(res, 404, { error: { message: 'no such fault' } });
    }
  };
  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  const port = await listen(server);

  return {
    base: (fault) => `http://127.0.0.1:${port}/${fault}/v1`,
    setLive: (fault) => {
      live = fault;
    },
    openSockets: () => sockets.size,
    busySockets: (fault) => (fault === undefined ? busy.size : [...busy.values()].filter((f) => f === fault).length),
    requests: (fault) => counts.get(fault) ?? 0,
    oversizedBytesWritten: () => oversizedBytes,
    redirectTargetHits: () => targetHits,
    close: async () => {
      for (const s of [server, target]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

/** A base URL where nothing listens (the port was free a moment ago): connections are refused. */
export async function refusedBase(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

/**
 * Forces a full garbage collection (the leak of issue 14 appears once a `Request` is collected):
 * `--expose-gc` switched on at run time makes V8 give `gc` to contexts created afterwards.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Polls until `condition` holds or `ms` pass; says whether it held. */
export async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
