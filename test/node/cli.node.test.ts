import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';

const CLI = new URL('../../src/node/cli.ts', import.meta.url).pathname;
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('testimonial-elements command', () => {
  it('sandbox --port 0 prints the base URL, serves it with links on --public-url, and stops on SIGTERM', async () => {
    const args = ['sandbox', '--port', '0', '--key', 'k1', '--seed', '9', '--public-url', 'https://sandbox.example.com/sb/'];
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(output);
          if (match) resolve(match[0]);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before printing a URL: ${output}`)));
      });
      const response = await fetch(`${url}/testimonials?limit=3`, { headers: { Authorization: 'k1' } });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { total: number }).total, 3);
      assert.equal(
        (await fetch(`${url}/links`, { headers: { Authorization: 'Bearer sandbox-key' } })).status,
        401,
        'the --key replaced the default',
      );
      const links = (await (await fetch(`${url}/links`, { headers: { Authorization: 'k1' } })).json()) as { forms: { url: string }[] };
      assert.ok(links.forms[0]!.url.startsWith('https://sandbox.example.com/sb/p/'), links.forms[0]!.url);
    } finally {
      // A child that already exited (a refused flag) emits no second 'exit' to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
  });

  it('--help prints the options and exits 0', () => {
    const result = run(['sandbox', '--help']);
    assert.equal(result.status, 0);
    for (const flag of ['--port', '--host', '--public-url', '--key', '--seed', '--testimonials', '--latency', '--fail-rate'])
      assert.ok(result.stdout.includes(flag), flag);
    assert.equal(run(['--help']).status, 0);
  });

  const bad: [string[], RegExp][] = [
    [['sandbox', '--port', 'abc'], /--port/],
    [['sandbox', '--port', '70000'], /--port/],
    [['sandbox', '--fail-rate', '2'], /--fail-rate/],
    [['sandbox', '--latency', '-5'], /--latency/],
    [['sandbox', '--seed', '1.5'], /--seed/],
    [['sandbox', '--public-url', 'ftp://example.com'], /--public-url/],
    [['sandbox', '--testimonials', '100001'], /--testimonials/],
    [['sandbox', '--testimonials', '1e3'], /--testimonials/],
    [['sandbox', '--colour', 'red'], /--colour/],
    [['sandbox', 'extra'], /extra/],
    [['launch'], /unknown command "launch"/],
    [[], /usage/],
  ];
  for (const [args, message] of bad) {
    it(`${args.join(' ') || '(nothing)'}: one clear line on stderr, exit 2`, () => {
      const result = run(args);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, message);
      if (args.length) assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    });
  }
});
