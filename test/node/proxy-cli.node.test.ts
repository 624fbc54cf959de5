/**
 * `testimonial-elements proxy` (`npm run proxy`): flag parsing, and the real command spawned against a
 * sandbox served on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseProxyArgs, USAGE } from '../../src/node/proxy-cli.js';
import { serveSandbox } from '../../src/node/sandbox-server.js';

const CLI = fileURLToPath(new URL('../../src/node/cli.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the command; `until` ends it with SIGTERM once stdout matches (for a server that keeps running). */
async function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  until?: (stdout: string) => Promise<void> | undefined,
): Promise<Run> {
  const childEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'proxy', ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let pending: Promise<void> | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    pending ??= until?.(stdout)?.finally(() => child.kill('SIGTERM'));
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  await pending;
  return { code, stdout, stderr };
}

describe('proxy command line', () => {
  it('parses every flag', () => {
    const options = parseProxyArgs(
      [
        '--upstream',
        'http://127.0.0.1:8787/v1',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--max-limit',
        '50',
        '--ttl',
        '30',
        '--origins',
        'https://a.test, https://b.test',
        '--base-path',
        '/api',
        '--rate-limit',
        '60',
        '--rate-refill',
        '0.5',
        '--trust-proxy-headers',
        '--stale-after',
        '1.5',
        '--stale-if-error',
        '120',
        '--cache-entries',
        '200',
        '--cache-mb',
        '16',
        '--max-body-mb',
        '2',
        '--timeout',
        '4',
        '--retries',
        '0',
        '--summary-ttl',
        '300',
        '--summary-max-pages',
        '10',
      ],
      {},
    );
    assert.deepEqual(options, {
      upstream: 'http://127.0.0.1:8787/v1',
      port: 0,
      host: '0.0.0.0',
      basePath: '/api',
      maxLimit: 50,
      cache: { ttlMs: 30_000, staleAfterMs: 1_500, staleIfErrorMs: 120_000, maxEntries: 200, maxBytes: 16 * 1024 * 1024 },
      cors: { origins: ['https://a.test', 'https://b.test'] },
      rateLimit: { capacity: 60, refillPerSecond: 0.5 },
      trustProxyHeaders: true,
      maxBodyBytes: 2 * 1024 * 1024,
      timeoutMs: 4_000,
      retries: 0,
      summary: { ttlMs: 300_000, maxPages: 10 },
    });
  });

  it('takes what no flag says from the environment, and a flag wins over its variable', () => {
    const env = {
      TESTIMONIAL_API_URL: 'http://env.test/v1',
      PORT: '9000',
      TESTIMONIAL_PROXY_RATE_LIMIT: '30',
      TESTIMONIAL_PROXY_TRUST_PROXY_HEADERS: 'true',
      TESTIMONIAL_PROXY_TIMEOUT: '3',
      TESTIMONIAL_PROXY_STALE_AFTER: '2',
    };
    assert.deepEqual(parseProxyArgs(['--port', '0'], env), {
      upstream: 'http://env.test/v1',
      port: 0,
      rateLimit: { capacity: 30, refillPerSecond: 1 },
      trustProxyHeaders: true,
      timeoutMs: 3_000,
      cache: { staleAfterMs: 2_000 },
    });
    assert.equal(
      (parseProxyArgs([], { ...env, TESTIMONIAL_PROXY_TRUST_PROXY_HEADERS: '0' }) as { trustProxyHeaders?: boolean }).trustProxyHeaders,
      undefined,
    );
  });

  it('names the variable when a value from the environment is wrong', () => {
    assert.throws(
      () => parseProxyArgs([], { TESTIMONIAL_API_URL: 'http://a.test/v1', TESTIMONIAL_PROXY_TIMEOUT: 'soon' }),
      /TESTIMONIAL_PROXY_TIMEOUT: --timeout must be/,
    );
    assert.throws(
      () => parseProxyArgs([], { TESTIMONIAL_API_URL: 'http://a.test/v1', TESTIMONIAL_PROXY_TRUST_PROXY_HEADERS: 'maybe' }),
      /TESTIMONIAL_PROXY_TRUST_PROXY_HEADERS/,
    );
  });

  it('--help lists every flag with its environment variable', () => {
    for (const flag of [
      '--rate-limit',
      '--rate-refill',
      '--trust-proxy-headers',
      '--timeout',
      '--retries',
      '--stale-after',
      '--cache-mb',
      '--max-body-mb',
      '--ttl',
      '--cache-entries',
      '--stale-if-error',
      '--base-path',
      '--summary-ttl',
      '--summary-max-pages',
    ]) {
      assert.match(USAGE, new RegExp(`^  ${flag}\\b.*\\[[A-Z_]+\\]$`, 'm'), flag);
    }
  });

  const mistakes: [string[], RegExp][] = [
    [['--upstream', 'http://a.test/v1', '--key', 'k'], /--key is refused.*TESTIMONIAL_API_KEY/],
    [['--upstream', 'http://a.test/v1', '--api-key=k'], /--key is refused/],
    [[], /--upstream \(or TESTIMONIAL_API_URL\) is required/],
    [['--upstream', 'http://a.test/v1', '--rate-refill', '2'], /--rate-refill needs --rate-limit/],
    [['--upstream', 'http://a.test/v1', '--rate-limit', '0'], /--rate-limit must be an integer from 1/],
    [['--upstream', 'http://a.test/v1', '--timeout=-1'], /--timeout must be a number of seconds/],
    [['--upstream', 'http://a.test/v1', '--cache-mb', '0'], /--cache-mb must be a number of megabytes above 0/],
    [['--upstream', 'http://a.test/v1', '--stale-after', 'x'], /--stale-after/],
    [['--upstream', 'http://a.test/v1', '--summary-max-pages', '0'], /--summary-max-pages must be an integer from 1 to 1000/],
    [['--upstream', 'http://a.test/v1', '--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--upstream', 'http://a.test/v1', '--max-limit', '0'], /--max-limit/],
    [['--upstream', 'http://a.test/v1', '--ttl', '-5'], /ttl/],
    [['--upstream', 'http://a.test/v1', '--origins', ','], /--origins needs at least one origin/],
    [['--upstream', 'http://a.test/v1', '--verbose'], /Unknown option '--verbose'/],
  ];
  for (const [argv, message] of mistakes) {
    it(`refuses ${argv.join(' ') || 'no flags'}`, () => {
      assert.throws(() => parseProxyArgs(argv, {}), message);
    });
  }

  it('serves the sandbox through the proxy with the key from TESTIMONIAL_API_KEY, and stops on SIGTERM', async (t) => {
    const sandbox = await serveSandbox({ port: 0, key: 'cli-test-key' });
    t.after(() => sandbox.close());
    let answer: { status: number; body: { total: number; testimonials: Record<string, unknown>[] } } | undefined;
    const run = await runCli(
      ['--port', '0', '--upstream', sandbox.url, '--max-limit', '5'],
      { TESTIMONIAL_API_KEY: 'cli-test-key' },
      (stdout) => {
        const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
        if (!url) return undefined;
        return fetch(`${url}/testimonials?limit=50`).then(async (response) => {
          answer = { status: response.status, body: (await response.json()) as NonNullable<typeof answer>['body'] };
        });
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(answer?.status, 200);
    assert.equal(answer?.body.total, 5);
    assert.ok(
      answer?.body.testimonials.every((t) => !('customer_email' in t)),
      'customer_email left the proxy',
    );
    assert.ok(!run.stdout.includes('cli-test-key'), 'the key was printed');
  });

  it('turns the rate limit on from the command line, with the upstream and port from the environment', async (t) => {
    const sandbox = await serveSandbox({ port: 0, key: 'cli-test-key' });
    t.after(() => sandbox.close());
    const statuses: number[] = [];
    const env = { TESTIMONIAL_API_KEY: 'cli-test-key', TESTIMONIAL_API_URL: sandbox.url, PORT: '0' };
    const run = await runCli(['--rate-limit', '1', '--rate-refill', '0.001'], env, (stdout) => {
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (!url) return undefined;
      return (async () => {
        for (let i = 0; i < 2; i++) statuses.push((await fetch(`${url}/links`)).status);
      })();
    });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(statuses, [200, 429]);
  });

  it('a --key flag exits 2 with one line, and nothing listens', async () => {
    const run = await runCli(['--upstream', 'http://127.0.0.1:9/v1', '--key', 'leaky-key'], { TESTIMONIAL_API_KEY: 'k' });
    assert.equal(run.code, 2);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /TESTIMONIAL_API_KEY/);
    assert.ok(!run.stderr.includes('leaky-key'), 'the refused key was echoed');
    assert.equal(run.stdout, '');
  });

  it('without TESTIMONIAL_API_KEY it exits 2 saying so', async () => {
    const run = await runCli(['--upstream', 'http://127.0.0.1:9/v1', '--port', '0'], { TESTIMONIAL_API_KEY: undefined });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /no API key.*TESTIMONIAL_API_KEY/);
  });

  it('a bad flag exits 2 with one line', async () => {
    const run = await runCli(['--upstream', 'http://127.0.0.1:9/v1', '--port', 'eighty'], { TESTIMONIAL_API_KEY: 'k' });
    assert.equal(run.code, 2);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /--port/);
  });
});
