/**
 * The sandbox as a Node HTTP server (`npm run sandbox`, `testimonial-elements sandbox`, tests on port 0).
 * Media files are read from disk (the `media/` folder beside this module), with byte ranges for video.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandbox, diskMediaReader, type Sandbox, type SandboxOptions } from './index.js';

export const DEFAULT_SANDBOX_PORT = 8787;

export interface ServeSandboxOptions extends SandboxOptions {
  /** Port to listen on; 0 picks a free one. Default 8787. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1 (not reachable from other machines). */
  host?: string;
}

export interface SandboxServer {
  /** The API base URL, e.g. `http://127.0.0.1:8787/v1`. */
  url: string;
  /** The port actually listened on (useful with port 0). */
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  // A wildcard address is not a place to send requests to: print the loopback address instead.
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export function serveSandbox(options: ServeSandboxOptions = {}): Promise<SandboxServer> {
  const { port = DEFAULT_SANDBOX_PORT, host = '127.0.0.1', ...sandboxOptions } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return Promise.reject(new RangeError(`serveSandbox: port must be an integer from 0 to 65535, not ${String(port)}.`));
  }
  const sandbox = createSandbox({ media: diskMediaReader(new URL('./media/', import.meta.url)), ...sandboxOptions });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: sandbox.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({
        url: `http://${hostForUrl(host)}:${info.port}/v1`,
        port: info.port,
        sandbox,
        close: () =>
          new Promise<void>((done, fail) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
    server.once('error', reject);
  });
}
