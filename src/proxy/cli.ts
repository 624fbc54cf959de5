/**
 * `testimonial-elements proxy` / `npm run proxy -- ...`: the proxy on Node.
 *
 * The key is read from `TESTIMONIAL_API_KEY` only. A `--key` flag is refused: a command line can be
 * read by every user of the machine (`ps`) and stays in shell history and CI logs.
 */
import { closeOnSignal, integerFlag, parseFlags, UsageError } from '../cli-args.js';
import { DEFAULT_CACHE, DEFAULT_MAX_LIMIT } from './options.js';
import { DEFAULT_PROXY_PORT, serveProxy, type ServeProxyOptions } from './node.js';

const USAGE = [
  'usage: testimonial-elements proxy --upstream URL [--port 8788] [--host 127.0.0.1] [--max-limit 100] [--ttl 60] [--origins a,b]',
  '  --upstream   the service base URL ending in /v1 (the sandbox: http://127.0.0.1:8787/v1)',
  `  --port       port to listen on, 0 for any free one (default ${DEFAULT_PROXY_PORT})`,
  '  --host       address to listen on (default 127.0.0.1)',
  `  --max-limit  largest limit passed on; larger ones are lowered to it (1-1000, default ${DEFAULT_MAX_LIMIT})`,
  `  --ttl        seconds an answer stays cached (default ${DEFAULT_CACHE.ttlMs / 1000})`,
  '  --origins    comma-separated origins allowed by CORS (default *)',
  'The API key is read from the TESTIMONIAL_API_KEY environment variable, never from a flag.',
].join('\n');

const KEY_FLAG = /^--(?:api-?)?key(?:=|$)/;

export function parseProxyArgs(argv: readonly string[]): ServeProxyOptions | 'help' {
  if (argv.some((arg) => KEY_FLAG.test(arg))) {
    throw new UsageError(
      '--key is refused: a key on the command line is visible to every user of this machine and stays in shell history. Set TESTIMONIAL_API_KEY instead.',
    );
  }
  const values = parseFlags(argv, {
    upstream: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'max-limit': { type: 'string' },
    ttl: { type: 'string' },
    origins: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const upstream = values.upstream as string | undefined;
  if (!upstream) throw new UsageError('--upstream is required: the service base URL ending in /v1, e.g. http://127.0.0.1:8787/v1.');
  const options: ServeProxyOptions = { upstream };
  options.port = integerFlag('port', values.port as string | undefined, 0, 65535);
  if (values.host !== undefined) options.host = values.host as string;
  options.maxLimit = integerFlag('max-limit', values['max-limit'] as string | undefined, 1, 1000);
  const ttl = integerFlag('ttl', values.ttl as string | undefined, 0, 86_400);
  if (ttl !== undefined) options.cache = { ttlMs: ttl * 1000 };
  if (values.origins !== undefined) {
    const origins = (values.origins as string).split(',').map((origin) => origin.trim()).filter(Boolean);
    if (origins.length === 0) throw new UsageError('--origins needs at least one origin, e.g. https://example.com.');
    options.cors = { origins };
  }
  return options;
}

/** Runs the proxy until SIGINT/SIGTERM. Mistakes print one line and set exit status 2. */
export async function runProxyCli(argv: string[]): Promise<void> {
  let options: ServeProxyOptions | 'help';
  try {
    options = parseProxyArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`testimonial-elements proxy: ${error.message} (--help for usage)`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  let served;
  try {
    served = await serveProxy(options);
  } catch (error) {
    // Configuration errors (no key, bad upstream URL, port taken): their messages never hold the key.
    console.error(`testimonial-elements proxy: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  console.log(`testimonial proxy listening on ${served.url} → ${options.upstream} (read-only; key from TESTIMONIAL_API_KEY)`);
  closeOnSignal(() => served.close());
}
