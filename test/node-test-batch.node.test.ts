/**
 * `npm test`'s batches (scripts/node-test-batch.mjs and its reporter, scripts/node-test-file-results.mjs):
 * several Node test files in one process must still fail the run when one of them fails or cannot
 * load, report each file on its own, run each file's tests and hooks before the next file's, and
 * refuse a browser to a file that lacks the serial mark.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { run, type Run } from './support/run-command.js';

const root = resolve(import.meta.dirname, '..');

const FIXTURES = {
  'passes.test.ts': `import { after, describe, it } from 'node:test';
import { appendFileSync } from 'node:fs';
const log = (line: string) => appendFileSync(process.env.ORDER_LOG!, line + '\\n');
describe('passing', () => { it('passes', async () => { await new Promise((done) => setTimeout(done, 50)); log('passes: test'); }); });
after(() => log('passes: after'));`,
  'fails.test.ts': `import { it } from 'node:test';
import { appendFileSync } from 'node:fs';
it('fails', () => { appendFileSync(process.env.ORDER_LOG!, 'fails: test\\n'); throw new Error('fails on purpose'); });
it('passes beside it', () => {});`,
  'cannot-load.test.ts': `import { it } from 'node:test';
it('is never reached', () => {});
throw new Error('cannot load on purpose');`,
  'starts-a-browser.test.ts': `import { it } from 'node:test';
import { launchBrowser } from '${pathToFileURL(join(root, 'test/support/browser.ts')).href}';
it('starts a browser without its mark', async () => { await launchBrowser(); });`,
} as const;

describe('npm test: Node test files batched in one process', () => {
  let work: string;
  let ran: Run;
  let results: Array<{ file: string; seconds: number; status: number }>;
  let cpu: Array<{ file: string; cpu: number }>;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'node-test-batch-'));
    for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(work, name), text);
    const reporter = pathToFileURL(join(root, 'scripts/node-test-file-results.mjs')).href;
    const files = Object.keys(FIXTURES).map((name) => join(work, name));
    ran = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        `--test-reporter=${reporter}`,
        `--test-reporter-destination=${join(work, 'results.jsonl')}`,
        'scripts/node-test-batch.mjs',
        ...files,
      ],
      root,
      { ...process.env, ORDER_LOG: join(work, 'order.log'), TEST_FILE_CPU: join(work, 'cpu.jsonl'), TEST_GROUP: 'concurrent' },
    );
    const lines = (name: string) =>
      readFileSync(join(work, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
    results = lines('results.jsonl') as typeof results;
    cpu = lines('cpu.jsonl') as typeof cpu;
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('fails the process when a file fails or cannot load', () => {
    assert.notEqual(ran.code, 0, ran.output);
  });

  it('reports each file, failed or passed, under its own name', () => {
    const status = Object.fromEntries(results.map((result) => [result.file.slice(work.length + 1), result.status]));
    assert.deepEqual(status, { 'passes.test.ts': 0, 'fails.test.ts': 1, 'cannot-load.test.ts': 1, 'starts-a-browser.test.ts': 1 });
    assert.ok(results[0]!.seconds >= 0.05, `the passing file's time: ${results[0]!.seconds} s`);
  });

  it("runs a file's tests and its `after` hooks before the next file's tests", () => {
    assert.equal(readFileSync(join(work, 'order.log'), 'utf8'), 'passes: test\npasses: after\nfails: test\n');
  });

  it('refuses a browser to a file without the serial mark, and says so', () => {
    assert.match(
      ran.output,
      /The test file whose suite this fails starts a browser: make "\/\/ @test-serial: starts a browser" its first line/,
    );
  });

  it('gives the CPU seconds of each file that ran', () => {
    assert.deepEqual(
      cpu.map((entry) => entry.file.slice(work.length + 1)),
      ['passes.test.ts', 'fails.test.ts', 'starts-a-browser.test.ts'],
    );
    for (const entry of cpu) assert.ok(entry.cpu >= 0, `${entry.file}: ${entry.cpu}`);
  });
});
