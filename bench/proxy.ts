/**
 * Proxy: requests per second through `serveProxy` with a warm cache, against the sandbox served
 * directly (`serveSandbox`), both on 127.0.0.1 in a child process, driven by a keep-alive load loop
 * here (32 concurrent requests, bounded in time and in count). Then the upstream calls made for 100
 * concurrent identical requests that all miss the cache, counted at a counting upstream.
 */
import { spawn } from 'node:child_process';
import { Agent, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { serveProxy } from '../src/node/proxy-server.js';
import { measureProxyFaults } from './proxy-faults.js';
import { createSandbox } from '../src/sandbox/index.js';
import { figure, log, QUICK, ratio, ROOT, withTimeout, type Figure } from './support.js';

const CONCURRENCY = 32;
const ROUND_MS = QUICK ? 1000 : 5000;
const ROUND_MAX_REQUESTS = 20_000;
const ROUNDS = QUICK ? 1 : 2;
const MISSES = 100;
const QUERY = 'limit=20&sort=date';

interface Load {
  ok: number;
  failed: number;
  ms: number;
}

function request(url: string, agent: Agent, headers: IncomingHttpHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `CONCURRENCY` loops of back-to-back GETs on kept-alive sockets until the time or the count runs out. */
async function load(url: string, headers: IncomingHttpHeaders, ms: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const result: Load = { ok: 0, failed: 0, ms: 0 };
  let sent = 0;
  const start = performance.now();
  const deadline = start + ms;
  const loop = async (): Promise<void> => {
    while (sent < ROUND_MAX_REQUESTS && performance.now() < deadline) {
      sent++;
      const status = await request(url, agent, headers).catch(() => 0);
      if (status === 200) result.ok++;
      else result.failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  result.ms = performance.now() - start;
  agent.destroy();
  return result;
}

interface Servers {
  sandbox: string;
  proxy: string;
  ceiling: string;
  close(): Promise<void>;
}

async function startServers(): Promise<Servers> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/proxy-server.ts'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  const urls = JSON.parse(await withTimeout(firstLine, 60_000, 'proxy benchmark servers')) as Omit<Servers, 'close'>;
  return {
    ...urls,
    close: async () => {
      child.stdin!.end();
      await withTimeout(exited, 10_000, 'closing the proxy benchmark servers').catch(() => child.kill());
    },
  };
}

async function throughput(): Promise<Figure[]> {
  const servers = await startServers();
  try {
    const direct = { url: `${servers.sandbox}/testimonials?${QUERY}&approved=true`, headers: { authorization: 'Bearer sandbox-key' } };
    const proxied = { url: `${servers.proxy}/testimonials?${QUERY}`, headers: {} };
    // Warm-up: fills the proxy's cache and lets both servers' code get compiled.
    await load(direct.url, direct.headers, 300);
    await load(proxied.url, proxied.headers, 300);
    const ceiling = { url: `${servers.ceiling}/testimonials`, headers: {} };
    await load(ceiling.url, ceiling.headers, 300);
    const targets = { proxy: proxied, direct, ceiling };
    const totals = { direct: { ok: 0, failed: 0, ms: 0 }, proxy: { ok: 0, failed: 0, ms: 0 }, ceiling: { ok: 0, failed: 0, ms: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order so a change in the machine's load does not favour one side.
      const order = round % 2 === 0 ? (['proxy', 'direct', 'ceiling'] as const) : (['ceiling', 'direct', 'proxy'] as const);
      for (const side of order) {
        const target = targets[side];
        const result = await load(target.url, target.headers, ROUND_MS);
        totals[side].ok += result.ok;
        totals[side].failed += result.failed;
        totals[side].ms += result.ms;
      }
    }
    for (const [side, total] of Object.entries(totals)) {
      if (total.failed > 0) throw new Error(`${side}: ${total.failed} requests did not answer 200`);
    }
    const rps = (side: keyof typeof totals) => (totals[side].ok / totals[side].ms) * 1000;
    const [proxyRps, directRps, ceilingRps] = [rps('proxy'), rps('direct'), rps('ceiling')];
    log(
      `proxy ${proxyRps.toFixed(0)} req/s (${totals.proxy.ok}), sandbox ${directRps.toFixed(0)} req/s (${totals.direct.ok}), constant ${ceilingRps.toFixed(0)} req/s`,
    );
    return [
      figure(
        'proxy.warm_rps_ratio',
        ratio(proxyRps, directRps),
        '×',
        `requests/s: proxy with warm cache ÷ sandbox direct (${CONCURRENCY} concurrent, keep-alive)`,
      ),
      figure('proxy.warm_rps', proxyRps, 'req/s', 'proxy with warm cache on 127.0.0.1 (this machine)'),
      figure('proxy.sandbox_rps', directRps, 'req/s', 'sandbox served directly on 127.0.0.1 (this machine)'),
      figure(
        'proxy.warm_rps_of_ceiling',
        ratio(proxyRps, ceilingRps),
        '×',
        "proxy requests/s ÷ a server answering a constant (the load loop's ceiling)",
      ),
      figure('proxy.ceiling_rps', ceilingRps, 'req/s', 'a bare Node server answering a constant (this machine)'),
    ];
  } finally {
    await servers.close();
  }
}

/** 100 identical requests at once, all cache misses: how many reach the upstream. */
async function sharedMisses(): Promise<Figure[]> {
  const sandbox = createSandbox({ latencyMs: 50 });
  let upstreamCalls = 0;
  const counting = (request: Request): Promise<Response> => {
    upstreamCalls++;
    return sandbox.fetch(request);
  };
  const served = await serveProxy({ port: 0, upstream: 'http://sandbox.bench/v1', apiKey: 'sandbox-key', fetch: counting, log: () => {} });
  const agent = new Agent({ keepAlive: false, maxSockets: MISSES });
  try {
    const { port } = served.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/testimonials?${QUERY}`;
    const statuses = await Promise.all(Array.from({ length: MISSES }, () => request(url, agent, {})));
    const ok = statuses.filter((status) => status === 200).length;
    if (ok !== MISSES) throw new Error(`${MISSES - ok} of ${MISSES} concurrent misses did not answer 200`);
    log(`${MISSES} concurrent identical misses → ${upstreamCalls} upstream call(s)`);
    return [
      figure('proxy.concurrent_miss_upstream_calls', upstreamCalls, 'calls', `upstream calls for ${MISSES} concurrent identical misses`),
    ];
  } finally {
    agent.destroy();
    await served.close();
  }
}

export async function measureProxy(): Promise<Figure[]> {
  return [...(await throughput()), ...(await sharedMisses()), ...(await measureProxyFaults())];
}
