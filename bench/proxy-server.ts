/**
 * Child process of the proxy benchmark: the sandbox on Node (`serveSandbox`) and the proxy on Node
 * (`serveProxy`) in front of it, both on 127.0.0.1. Runs apart from the load loop so that the servers
 * and the client do not share one event loop. Also a server that answers a constant at once: the load
 * loop's own ceiling on this machine. Prints one JSON line with the URLs, then serves until its parent
 * closes stdin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveProxy } from '../src/node/proxy-server.js';
import { serveSandbox } from '../src/node/sandbox-server.js';

const sandbox = await serveSandbox({ port: 0 });
const proxy = await serveProxy({ port: 0, upstream: sandbox.url, apiKey: 'sandbox-key', log: () => {} });
const constant = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"total":0,"testimonials":[]}'));
await new Promise<void>((resolve) => constant.listen(0, '127.0.0.1', resolve));
const ceiling = `http://127.0.0.1:${(constant.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ sandbox: sandbox.url, proxy: proxy.url, ceiling })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  constant.closeAllConnections();
  constant.close();
  void Promise.all([proxy.close(), sandbox.close()]).then(() => process.exit(0));
});
