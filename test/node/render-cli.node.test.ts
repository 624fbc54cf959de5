import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { JSDOM } from 'jsdom';
import { serveProxy } from '../../src/node/proxy-server.js';
import { serveSandbox, type SandboxServer } from '../../src/node/sandbox-server.js';
import { renderCli } from '../../src/node/render-cli.js';

const CLI = new URL('../../src/node/cli.ts', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command in this process, with an environment of its own (no key unless given). */
const run = (args: string[], env: Record<string, string> = {}): Promise<Run> => renderCli(args, { env, sandboxKey: 'sandbox-key' });

/** The command in a child process, as a user runs it, without the developer's key (or any). */
function spawnRun(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { TESTIMONIAL_API_KEY: _key, TESTIMONIAL_API_URL: _url, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'render', ...args], {
    env: { ...rest, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('testimonial-elements render', () => {
  let sandbox: SandboxServer;
  before(async () => {
    sandbox = await serveSandbox({ port: 0 });
  });
  after(() => sandbox.close());

  it('render wall prints a server-rendered wall from a local sandbox with no key', async () => {
    const { code, stdout, stderr } = await spawnRun([
      'wall',
      '--upstream',
      sandbox.url,
      '--limit',
      '3',
      '--layout',
      'grid',
      '--no-rating',
      '--endpoint',
      '/api',
    ]);
    assert.equal(code, 0, stderr);
    const { document } = new JSDOM(stdout).window;
    const wall = document.querySelector('testimonial-wall')!;
    assert.equal(wall.getAttribute('layout'), 'grid');
    assert.equal(wall.getAttribute('endpoint'), '/api');
    assert.ok(wall.hasAttribute('no-rating'));
    const island = JSON.parse(wall.querySelector(':scope > script[type="application/json"]')!.textContent!) as {
      testimonials: { customer_name: string }[];
    };
    assert.equal(island.testimonials.length, 3);
    for (const { customer_name: name } of island.testimonials)
      assert.ok(stdout.includes(name.replace(/&/g, '&amp;').replace(/</g, '&lt;')), name);
    assert.ok(!stdout.includes('customer_email'));
  });

  it('render card <id> prints one card, with review JSON-LD when --item-reviewed asks', async () => {
    const list = (await (
      await fetch(`${sandbox.url}/testimonials?limit=100&approved=true`, { headers: { Authorization: 'sandbox-key' } })
    ).json()) as {
      testimonials: { id: string; customer_name: string; rating: number; integration: string | null }[];
    };
    const rated = list.testimonials.find((t) => t.rating > 0 && t.integration === null)!;
    const item = '{"@type":"SoftwareApplication","name":"Acme CRM"}';
    const { code, stdout, stderr } = await run(['card', rated.id, '--upstream', sandbox.url, '--item-reviewed', item]);
    assert.equal(code, 0, stderr);
    const { document } = new JSDOM(stdout).window;
    assert.ok(document.querySelector('testimonial-card template[shadowrootmode="open"]'));
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as {
      review: { author: { name: string } }[];
    };
    assert.equal(jsonLd.review[0]!.author.name, rated.customer_name);
  });

  it('render wall --proxy reads through a proxy, with no key', async () => {
    const proxy = await serveProxy({ port: 0, upstream: sandbox.url, apiKey: 'sandbox-key', render: false, log: () => {} });
    try {
      const { code, stdout, stderr } = await run(['wall', '--proxy', proxy.url, '--limit', '2', '--endpoint', proxy.url]);
      assert.equal(code, 0, stderr);
      assert.equal(stdout.match(/<testimonial-card[\s>]|<div class="tc"[\s>]/g)?.length, 2);
    } finally {
      await proxy.close();
    }
  });

  // Issue 29, item 5: one approved testimonial with a media URL the elements refuse failed the whole build.
  it('one record with a refused media URL does not fail the build: exit 0, the wall printed without it', async () => {
    const testimonial = (id: string, media: string) => ({
      id,
      type: 'video',
      text: `Testimonial ${id}`,
      rating: 5,
      approved: true,
      date: '2024-05-17T09:30:00Z',
      customer_name: `Customer ${id}`,
      video_url: media,
      thumbnail_url: media,
      media: [{ url: media, type: 'image', alt: '' }],
    });
    const list = {
      total: 2,
      testimonials: [testimonial('bad-1', '/..//evil.example/x.mp4'), testimonial('good-1', 'https://cdn.test/a.mp4')],
    };
    const server = createServer((_request, response) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(list)),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { code, stdout, stderr } = await run(['wall', '--proxy', `http://127.0.0.1:${(server.address() as AddressInfo).port}`]);
      assert.equal(code, 0, stderr);
      assert.equal(stdout.match(/<testimonial-card[\s>]|<div class="tc"[\s>]/g)?.length, 2, 'both cards are there');
      assert.ok(!/="\/\/evil/.test(stdout), 'the refused URL is in no attribute');
      // ... and the build says what the record lost, on stderr, one line for it.
      assert.equal(
        stderr,
        'testimonial-elements render: warning: testimonial bad-1: thumbnail_url, video_url, media (1 of 1) left out (not a safe URL)\n',
      );
    } finally {
      server.close();
    }
  });

  it('bad flags and values are one clear line and exit status 2, with nothing printed', async () => {
    const spawned = await spawnRun(['wall', '--upstream', sandbox.url, '--bogus']);
    assert.equal(spawned.code, 2);
    assert.match(spawned.stderr, /^testimonial-elements render: Unknown option '--bogus'/);
    const cases: [string[], RegExp][] = [
      [['wall', '--upstream', sandbox.url, '--bogus'], /Unknown option '--bogus'.*render wall --help/],
      [['wall', '--upstream', sandbox.url, '--layout'], /--layout.*argument missing/],
      [
        ['wall', '--upstream', sandbox.url, '--layout', 'gird', '--limit', '2'],
        /layout="gird" is not one of masonry, grid, list, carousel, marquee/,
      ],
      [['wall'], /--upstream URL \(or TESTIMONIAL_API_URL\) or --proxy URL is required/],
      [['wall', '--upstream', 'https://api.example.com/v1'], /TESTIMONIAL_API_KEY is not set/],
      [['wall', '--upstream', sandbox.url, '--key', 'k'], /--key is refused/],
      [
        ['wall', '--upstream', sandbox.url, '--item-reviewed', '{"@type":"Organization","name":"Acme"}'],
        /"Organization" is refused: .*self-serving/,
      ],
      [['wall', '--upstream', sandbox.url, '--item-reviewed', '{nope'], /--item-reviewed must be a JSON object/],
      [['card', '--upstream', sandbox.url], /render card takes one testimonial id; got none/],
      [['page'], /"page" is not wall or card/],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await run(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message, args.join(' '));
      assert.equal(stderr.trim().split('\n').length, 1, `one line: ${stderr}`);
      assert.equal(stdout, '', args.join(' '));
    }
  });

  it('a refused key or an unknown id is exit status 1 with the service’s reason, never the key', async () => {
    const wrongKey = await run(['wall', '--upstream', sandbox.url], { TESTIMONIAL_API_KEY: 'wrong-secret-key' });
    assert.equal(wrongKey.code, 1);
    assert.match(wrongKey.stderr, /401/);
    assert.ok(!wrongKey.stderr.includes('wrong-secret-key'));
    const unknown = await run(['card', 'no-such-id', '--upstream', sandbox.url]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /404/);
  });
});

describe('the published command (dist/node/cli.js, one esbuild bundle)', () => {
  it('loads the renderer from the package beside it: no Lit server renderer, jsdom or elements inside', async () => {
    const result = await build({
      entryPoints: [CLI],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(
      inputs.some((input) => input.endsWith('src/sandbox/index.ts')),
      'the bundle was read',
    );
    assert.deepEqual(
      inputs.filter((input) => /src\/ssr\/|src\/elements\/|node_modules\/(jsdom|lit|lit-html|@lit-labs)\//.test(input)),
      [],
    );
  });
});
