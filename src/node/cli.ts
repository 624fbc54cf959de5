/**
 * The `testimonial-elements` command (also `npm run sandbox` / `npm run proxy`):
 *
 *   testimonial-elements sandbox [--port 8787] [--host 127.0.0.1] [--public-url URL] [--key K] [--seed N] [--testimonials N] [--latency MS] [--fail-rate R]
 *   testimonial-elements proxy --upstream URL [...]     (see `testimonial-elements proxy --help`)
 *   testimonial-elements render wall|card [...] > page.html (see `testimonial-elements render --help`)
 *
 * A mistake in the command line is one line on stderr and exit status 2.
 */
import { closeOnSignal, integerFlag, numberFlag, parseFlags, UsageError } from './cli-args.js';
import { loadWithPeers } from '../peer-dependencies.js';
import { DEFAULT_SANDBOX_KEY, diskMediaReader, FIXTURE_COUNT, MAX_FIXTURE_COUNT } from '../sandbox/index.js';
import { DEFAULT_SANDBOX_PORT, serveSandbox, type ServeSandboxOptions } from './sandbox-server.js';
import { publicBase } from '../sandbox/urls.js';

const USAGE = `usage: testimonial-elements <command> [options]

commands:
  sandbox   serve the offline sandbox of the whole API at http://HOST:PORT/v1, its media at /media
  proxy     serve the key-holding proxy (testimonial-elements proxy --help)
  render    print a server-rendered wall or card (testimonial-elements render --help)

sandbox options:
  --port N         port to listen on, 0 for any free one (default ${DEFAULT_SANDBOX_PORT})
  --host ADDR      address to listen on (default 127.0.0.1)
  --public-url URL where clients reach it, for the links in its answers (media, public pages,
                   Location), e.g. http://my-machine:8787 with --host 0.0.0.0, or a reverse proxy's URL
                   (default http://HOST:PORT; never the request's Host header)
  --key K          the API key to accept, as "Bearer K" or bare (default ${DEFAULT_SANDBOX_KEY})
  --seed N         seed of the fixtures, ids and injected failures (default 1)
  --testimonials N how many testimonials to generate from the seed, 0 to ${MAX_FIXTURE_COUNT} (default ${FIXTURE_COUNT})
  --latency MS     delay every API answer by MS milliseconds (default 0)
  --fail-rate R    answer a share R (0 to 1) of API requests 503 with Retry-After (default 0)
  -h, --help       show this help`;

export function parseSandboxArgs(argv: readonly string[]): ServeSandboxOptions | 'help' {
  const values = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    key: { type: 'string' },
    seed: { type: 'string' },
    testimonials: { type: 'string' },
    latency: { type: 'string' },
    'fail-rate': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const text = (name: string) => values[name] as string | undefined;
  const options: ServeSandboxOptions = {
    port: integerFlag('port', text('port'), 0, 65535),
    seed: numberFlag('seed', text('seed'), Number.isSafeInteger, 'an integer'),
    testimonials: integerFlag('testimonials', text('testimonials'), 0, MAX_FIXTURE_COUNT),
    latencyMs: numberFlag('latency', text('latency'), (n) => n >= 0, 'a number of milliseconds ≥ 0'),
    failRate: numberFlag('fail-rate', text('fail-rate'), (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
  };
  const host = text('host');
  if (host !== undefined) {
    if (!host.trim()) throw new UsageError('--host must not be empty.');
    options.host = host;
  }
  const publicUrl = text('public-url');
  if (publicUrl !== undefined) {
    if (!publicBase(publicUrl))
      throw new UsageError('--public-url must be an absolute http:// or https:// URL without query or credentials.');
    options.publicUrl = publicUrl;
  }
  const key = text('key');
  if (key !== undefined) {
    if (!key.trim() || /\s/.test(key)) throw new UsageError('--key must be a non-empty string without spaces.');
    options.key = key;
  }
  // Leave unset flags out, so the defaults of serveSandbox/createSandbox apply.
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as ServeSandboxOptions;
}

async function runSandbox(argv: readonly string[]): Promise<void> {
  const options = parseSandboxArgs(argv);
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  // The media folder is named from this module, not the sandbox's: the published command is one
  // bundled file (dist/node/cli.js, see scripts/build.ts) beside dist/sandbox/.
  const server = await serveSandbox({ media: diskMediaReader(new URL('../sandbox/media/', import.meta.url)), ...options });
  const faults = [options.latencyMs ? `latency ${options.latencyMs} ms` : '', options.failRate ? `fail rate ${options.failRate}` : '']
    .filter(Boolean)
    .join(', ');
  console.log(`Sandbox API: ${server.url}`);
  if (options.publicUrl) console.log(`  links in answers: ${options.publicUrl}`);
  console.log(
    `  key: ${options.key ?? DEFAULT_SANDBOX_KEY} (Authorization: Bearer <key>), seed: ${options.seed ?? 1}, ${options.testimonials ?? FIXTURE_COUNT} testimonials${faults ? `, ${faults}` : ''}`,
  );
  console.log(
    `  media: ${server.url.replace(/\/v1$/, '/media/')}   try: curl -H 'Authorization: Bearer ${options.key ?? DEFAULT_SANDBOX_KEY}' '${server.url}/testimonials?limit=1'`,
  );
  closeOnSignal(() => server.close());
}

/**
 * The proxy's command lives with the proxy, loaded only when asked for. A literal specifier, so the
 * published bundle of this command (dist/node/cli.js) carries it.
 */
async function runProxy(argv: string[]): Promise<void> {
  const { runProxyCli } = await import('./proxy-cli.js');
  await runProxyCli(argv, () => import(PROXY_RENDERER) as Promise<typeof import('./proxy-renderer.js')>);
}

/**
 * Server rendering loads Lit's server renderer and jsdom (optional peer dependencies) from the package
 * beside this command, not from the command's bundle: a specifier esbuild does not follow, so the
 * published bundle stays free of them and shares the package's one copy of Lit.
 */
const RENDER_CLI = './render-cli.js';
const PROXY_RENDERER = './proxy-renderer.js';

async function runRender(argv: string[]): Promise<void> {
  const { runRenderCli } = await loadWithPeers(() => import(RENDER_CLI) as Promise<typeof import('./render-cli.js')>, 'ssr');
  await runRenderCli(argv, { env: process.env, sandboxKey: DEFAULT_SANDBOX_KEY });
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    (command === undefined ? console.error : console.log)(USAGE);
    if (command === undefined) process.exitCode = 2;
    return;
  }
  try {
    if (command === 'sandbox') await runSandbox(rest);
    else if (command === 'proxy') await runProxy(rest);
    else if (command === 'render') await runRender(rest);
    else throw new UsageError(`unknown command "${command}": use sandbox, proxy or render (--help for more).`);
  } catch (error) {
    const usage = error instanceof UsageError;
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? `the port is already in use (${(error as Error).message}); pick another with --port.`
        : (error as Error).message;
    console.error(`testimonial-elements: ${message}`);
    process.exit(usage ? 2 : 1);
  }
}

await main(process.argv.slice(2));
