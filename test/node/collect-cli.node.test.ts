/**
 * The collect route from the command line (`testimonial-elements proxy --collect …`) and on the Node
 * runner: flags and their variables, mistakes, the disk store, and the per-client limit by socket.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/node/cli-args.js';
import { parseProxyArgs, USAGE } from '../../src/node/proxy-cli.js';
import { serveProxy, type ServeProxyOptions } from '../../src/node/proxy-server.js';
import { createSandbox } from '../../src/sandbox/index.js';

const UPSTREAM = ['--upstream', 'http://127.0.0.1:8787/v1'];
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

function parsed(argv: string[], env: Record<string, string> = {}): ServeProxyOptions {
  const options = parseProxyArgs([...UPSTREAM, ...argv], env);
  assert.notEqual(options, 'help');
  return options as ServeProxyOptions;
}

describe('collect flags', () => {
  it('is off without --collect', () => {
    assert.equal(parsed([]).collect, undefined);
  });

  it('parses every collect flag', () => {
    const { collect } = parsed([
      '--collect',
      '--collect-consent',
      'You may publish it.',
      '--collect-consent-version',
      '2026-11',
      '--collect-form-id',
      'form-1',
      '--collect-tags',
      'website-form, spring',
      '--collect-require-email',
      '--collect-thank-you',
      'https://example.com/thanks',
      '--collect-rate-limit',
      '5',
      '--collect-max-per-hour',
      '40',
      '--collect-s3-endpoint',
      'https://account.r2.cloudflarestorage.com',
      '--collect-s3-bucket',
      'testimonials',
      '--collect-s3-region',
      'auto',
      '--collect-s3-public-url',
      'https://media.example.com',
      '--collect-public-url',
      'https://example.com/api',
    ]);
    assert.deepEqual(collect, {
      consent: { text: 'You may publish it.', version: '2026-11' },
      formId: 'form-1',
      tags: ['website-form', 'spring'],
      requireEmail: true,
      thankYouUrl: 'https://example.com/thanks',
      rateLimit: { capacity: 5, refillPerSecond: 1 / 30 },
      maxPerHour: 40,
      uploads: {
        endpoint: 'https://account.r2.cloudflarestorage.com',
        bucket: 'testimonials',
        region: 'auto',
        publicUrl: 'https://media.example.com',
      },
      publicUrl: 'https://example.com/api',
    });
  });

  it('takes them from the environment too', () => {
    const { collect } = parsed([], {
      TESTIMONIAL_COLLECT: '1',
      TESTIMONIAL_COLLECT_UPLOAD_DIR: '/var/uploads',
      TESTIMONIAL_COLLECT_MAX_PER_HOUR: '7',
    });
    assert.deepEqual(collect, { uploadDirectory: '/var/uploads', maxPerHour: 7 });
  });

  const mistakes: [string[], RegExp][] = [
    [['--collect-tags', 'a'], /--collect-tags needs --collect/],
    [['--collect', '--collect-consent-version', 'v2'], /needs --collect-consent/],
    [['--collect', '--collect-max-per-hour', '0'], /--collect-max-per-hour must be an integer from 1/],
    [['--collect', '--collect-turnstile'], /TESTIMONIAL_COLLECT_TURNSTILE_SECRET/],
  ];
  for (const [argv, message] of mistakes) {
    it(`refuses ${argv.join(' ')}`, () => {
      assert.throws(
        () => parsed(argv),
        (error: unknown) => error instanceof UsageError && message.test(error.message),
      );
    });
  }

  it('--help lists them with their variables', () => {
    for (const flag of ['--collect', '--collect-upload-dir', '--collect-s3-endpoint', '--collect-max-per-hour', '--collect-turnstile']) {
      assert.match(USAGE, new RegExp(`^  ${flag}\\b.*\\[TESTIMONIAL_COLLECT[A-Z0-9_]*\\]$`, 'm'), flag);
    }
  });
});

describe('collect on the Node runner', () => {
  it('refuses to start without a secret, saying where it goes', async () => {
    const saved = process.env.TESTIMONIAL_COLLECT_SECRET;
    delete process.env.TESTIMONIAL_COLLECT_SECRET;
    try {
      await assert.rejects(
        serveProxy({ upstream: 'http://127.0.0.1:1/v1', apiKey: 'k', port: 0, render: false, collect: {} }),
        /TESTIMONIAL_COLLECT_SECRET/,
      );
    } finally {
      if (saved !== undefined) process.env.TESTIMONIAL_COLLECT_SECRET = saved;
    }
  });

  it('serves the disk store under {base}/uploads/ and limits clients by their socket, not X-Forwarded-For', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'collect-cli-'));
    const sandbox = createSandbox();
    const served = await serveProxy({
      upstream: 'http://sandbox.test/v1',
      apiKey: 'sandbox-key',
      fetch: sandbox.fetch,
      port: 0,
      basePath: '/api',
      render: false,
      collect: { ...parsed(['--collect', '--collect-upload-dir', directory, '--collect-rate-limit', '2']).collect, secret: SECRET },
    });
    try {
      const api = `${served.url}/api`;
      const start = (await (await fetch(`${api}/collect`)).json()) as { token: string; uploads: unknown };
      assert.notEqual(start.uploads, null);
      const asked = await fetch(`${api}/collect/uploads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.1' },
        body: JSON.stringify({ token: start.token, kind: 'photo', contentType: 'image/webp', size: 4 }),
      });
      const issued = (await asked.json()) as { upload: { url: string; headers: Record<string, string> }; url: string };
      assert.ok(issued.upload.url.startsWith(`${api}/uploads/photo/`));
      assert.equal(
        (await fetch(issued.upload.url, { method: 'PUT', headers: issued.upload.headers, body: new Uint8Array(4) })).status,
        200,
      );
      assert.equal((await fetch(issued.url)).headers.get('Content-Type'), 'image/webp');
      // Two collect requests from this socket so far (the file's PUT and GET are not collect requests),
      // whatever X-Forwarded-For says: the third is refused.
      const limited = await fetch(`${api}/collect`, { headers: { 'X-Forwarded-For': '198.51.100.2' } });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('Retry-After')) > 0);
    } finally {
      await served.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
