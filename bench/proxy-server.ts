/**
 * Child process of the proxy benchmark: the sandbox on Node (`serveSandbox`) and the proxy on Node
 * (`serveProxy`) in front of it, both on 127.0.0.1. Runs apart from the load loop so that the servers
 * and the client do not share one event loop. Prints one JSON line with both URLs, then serves until
 * its parent closes stdin.
 */
import { serveProxy } from '../src/proxy/node.js';
import { serveSandbox } from '../src/sandbox/node.js';

const sandbox = await serveSandbox({ port: 0 });
const proxy = await serveProxy({ port: 0, upstream: sandbox.url, apiKey: 'sandbox-key', log: () => {} });
process.stdout.write(`${JSON.stringify({ sandbox: sandbox.url, proxy: proxy.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all([proxy.close(), sandbox.close()]).then(() => process.exit(0));
});
