/**
 * The sandbox as a Node HTTP server (`npm run sandbox`, `testimonial-elements sandbox`, tests on port 0).
 * Media files are read from disk (the `media/` folder beside this module), with byte ranges for video.
 */
import type { AddressInfo } from 'node:net';
import { createFetchServer, reachableHost } from './node-listener.js';
import { createSandbox, diskMediaReader, type Sandbox, type SandboxOptions } from '../sandbox/index.js';

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

/**
 * Serves the sandbox. Links in its answers are on `publicUrl` when given (the address clients use, when
 * that is not the one listened on: another machine, a reverse proxy), else on the URL it listens on;
 * never on the request's `Host` header.
 */
export async function serveSandbox(options: ServeSandboxOptions = {}): Promise<SandboxServer> {
  const { port = DEFAULT_SANDBOX_PORT, host = '127.0.0.1', ...sandboxOptions } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`serveSandbox: port must be an integer from 0 to 65535, not ${String(port)}.`);
  }
  // The sandbox needs the port (0 picks one), so it is made once listening. It is there before any
  // request: the continuation of the await below runs before the event loop next accepts a connection.
  let sandbox: Sandbox | undefined;
  // The default host answers HTTP/1.0 without Host: links come from the public URL, not from that header.
  const server = createFetchServer((request) => sandbox!.fetch(request), reachableHost(host));
  const close = () =>
    new Promise<void>((done, fail) => {
      server.closeAllConnections();
      server.close((error) => (error ? fail(error) : done()));
    });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${reachableHost(host)}:${actualPort}`;
  try {
    sandbox = createSandbox({
      media: diskMediaReader(new URL('../sandbox/media/', import.meta.url)),
      publicUrl: origin,
      ...sandboxOptions,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `${origin}/v1`, port: actualPort, sandbox, close };
}
