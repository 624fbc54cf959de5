#!/usr/bin/env node
// `npm test`: lint (ESLint, then Prettier's check) beside the typecheck, Node tests (sandbox, client,
// proxy, CLI), then browser tests (elements, client in a browser). `npm test -- lint|types|node|browser`
// runs one part; extra args after it go to that runner (for example `npm test -- browser --files
// test/elements/**/*.test.ts` or `npm test -- lint src/elements`).
// The browser part uses the system's Chromium; BROWSERS=all adds Firefox ESR.
// At the end it prints the time of each phase, the slowest test files and every file that failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';

const [part = 'all', ...rest] = process.argv.slice(2);
const PARTS = ['lint', 'types', 'node', 'browser'];
if (part !== 'all' && !PARTS.includes(part)) {
  console.error(`Unknown part "${part}": use lint, types, node or browser.`);
  process.exit(2);
}

/** Node test files that start no browser run this many at a time (two: the CI machine's cores). */
const NODE_CONCURRENCY = Number(process.env.TEST_CONCURRENCY) || 2;

/** What the summary reports: each phase, and each test file (Node's and the browsers'). */
const phases = [];
const files = [];

const seconds = (start) => (performance.now() - start) / 1000;

/**
 * CPU seconds spent so far by the commands this script ran and waited for (Linux: the children's
 * times in /proc/self/stat; elsewhere NaN). Unlike wall time it hardly depends on what else the
 * machine runs, so phases can be compared on a busy machine.
 */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime: fields 16 and 17 of proc(5), counted from the state (field 3).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Each process's parent and its own CPU seconds so far (user + system), from /proc (Linux; else empty). */
function processTable() {
  const table = new Map();
  let names;
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const name of names) {
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      // ppid, utime and stime: fields 4, 14 and 15 of proc(5), counted from the state (field 3).
      table.set(Number(name), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The process ended while we read.
    }
  }
  return table;
}

/**
 * The CPU seconds used by a process and everything it starts, sampled twice a second: each process's
 * last reading, summed. A browser that web-test-runner leaves to exit on its own is reaped by nobody we
 * wait for, so childCpu() misses it; this does not (it keeps reading the processes it has seen until
 * they are gone). Processes that live under half a second are missed: a lower bound, close enough to
 * compare runs.
 */
function treeCpuSampler(rootPid) {
  const seen = new Map();
  const sample = () => {
    const table = processTable();
    const inTree = (pid) => {
      for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
        if (at === rootPid || seen.has(at)) return true;
        at = table.get(at)?.parent ?? 0;
      }
      return false;
    };
    for (const [pid, { cpu }] of table) if (inTree(pid)) seen.set(pid, cpu);
    return table;
  };
  const timer = setInterval(sample, 500);
  return {
    /**
     * Stops sampling once the processes seen are gone or idle (a browser's crash handler lingers, idle),
     * at most 3 s after the command ended, and resolves to their CPU seconds.
     */
    async stop() {
      clearInterval(timer);
      const total = () => [...seen.values()].reduce((sum, cpu) => sum + cpu, 0);
      for (let waited = 0, last = -1; waited < 3_000 && total() !== last; waited += 250) {
        last = total();
        await new Promise((resolveWait) => setTimeout(resolveWait, 250));
        sample();
      }
      return total();
    },
  };
}

/**
 * Runs a command. Its output goes straight to ours, or, for commands that run side by side, is kept
 * and printed in one piece when it ends (so that two files' reports never interleave).
 */
function run(cmd, args, { env = process.env, buffered = false, sampleCpu = false } = {}) {
  const line = `> ${cmd === process.execPath ? 'node' : cmd} ${args.join(' ')}`;
  if (!buffered) console.log(`\n${line}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const sampler = sampleCpu && child.pid ? treeCpuSampler(child.pid) : undefined;
    let output = buffered ? `${line}\n` : '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n`, cpu: Number.NaN }));
    child.on('close', async (code) => resolve({ status: code ?? 1, output, cpu: sampler ? await sampler.stop() : Number.NaN }));
  });
}

/** Runs `jobs` (functions returning promises), `size` at a time, in order; resolves to their results. */
async function inPool(jobs, size) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, jobs.length) }, worker));
  return results;
}

/**
 * Times `body` as a phase of the summary. `body` resolves to an exit status, whose CPU time is that of
 * the commands it waited for (childCpu), or to `{ status, cpu }` when it measured its CPU itself.
 */
async function phase(name, body) {
  const start = performance.now();
  const cpuBefore = childCpu();
  const result = await body();
  const { status, cpu } = typeof result === 'number' ? { status: result, cpu: childCpu() - cpuBefore } : result;
  phases.push({ name, seconds: seconds(start), cpu, status });
  if (status !== 0) console.error(`\n${name} failed (exit ${status}).`);
  return status;
}

function findFiles(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? findFiles(path, test) : test(path) ? [path] : [];
  });
}

function which(candidates) {
  return candidates.find((path) => path && existsSync(path));
}

const SERIAL_MARK = /^\/\/ @test-serial: /;

const isRootOnDebian = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function findBrowser(name, candidates, debianPackage) {
  let path = which(candidates);
  if (!path && isRootOnDebian) {
    console.log(`No ${name} found: installing Debian's ${debianPackage} (apt-get install -y ${debianPackage}).`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit' });
    path = which(candidates);
  }
  if (!path) {
    console.error(
      `No ${name} found. Install one (Debian: sudo apt-get install -y ${debianPackage}) or set ${name === 'Chromium' ? 'CHROME_PATH' : 'FIREFOX_PATH'} to its executable.`,
    );
    process.exit(1);
  }
  return path;
}

/** Builds the packed package the package tests share (see test/support/packed-package.ts). */
const PACK = "const { packedPackage } = await import('./test/support/packed-package.ts'); await packedPackage();";

const lintArgs = rest.length ? rest : ['.'];

// eslint.config.mjs and .prettierrc.json say what; `npm run format` fixes what Prettier reports.
async function lint(buffered = false) {
  const eslint = await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...lintArgs], { buffered });
  const prettier = await run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', ...lintArgs], {
    buffered,
  });
  return { status: eslint.status || prettier.status, output: eslint.output + prettier.output };
}

// TypeScript 5.9 by path: node_modules/.bin/tsc may be TypeScript 7's (the typescript7 alias the
// package test uses), whichever npm linked last.
const types = (buffered = false) =>
  run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json', ...(part === 'types' ? rest : [])], {
    buffered,
  });

/**
 * One Node test file, in a process of its own (node:test runs a file's tests when the file is run),
 * its result and time recorded for the summary. `group` is TEST_GROUP (test/support/browser.ts refuses
 * to start a browser in the concurrent group).
 */
async function nodeTestFile(file, group) {
  const buffered = group === 'concurrent';
  const start = performance.now();
  const cpu = childCpu();
  if (!buffered) console.log(`\n# ${file} (alone: it starts a browser)`);
  const ran = await run(process.execPath, ['--import', 'tsx', '--test-reporter=spec', file], {
    env: { ...process.env, TEST_GROUP: group },
    buffered,
    // Beside another file, childCpu() would count both: its own process tree is sampled instead.
    sampleCpu: buffered,
  });
  const { status, output } = ran;
  const time = seconds(start);
  files.push({ part: 'node', file, seconds: time, cpu: buffered ? ran.cpu : childCpu() - cpu, status });
  const verdict = `# ${status === 0 ? 'ok' : `FAILED (exit ${status})`}: ${file}, ${time.toFixed(1)} s`;
  if (buffered) console.log(`\n${output.trimEnd()}\n${verdict}`);
  else console.log(verdict);
  return status;
}

/** The Node test files: those that start a browser (run one at a time) and the others. */
function nodeTestFiles() {
  const all = rest.length && part === 'node' ? rest : findFiles('test', (f) => f.endsWith('.node.test.ts')).sort();
  const text = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const serial = all.filter((file) => SERIAL_MARK.test(text(file)));
  // One file that needs the packed package (test/support/packed-package.ts, the longest build, kept on
  // disk for the others) first, so that its build overlaps the other files; the other files that need
  // it last, so that none holds a place waiting for the build.
  const needsBuild = (file) => /support\/(packed-package|shared-cdn-build)\.js/.test(text(file));
  const others = all.filter((file) => !serial.includes(file));
  const [builder, ...waiters] = others.filter(needsBuild);
  const concurrent = [...(builder ? [builder] : []), ...others.filter((file) => !needsBuild(file)), ...waiters];
  return { serial, concurrent };
}

/** The files that start no browser, `size` at a time. */
async function concurrentNodeTests(concurrent, size = NODE_CONCURRENCY, name = `node: ${concurrent.length} files, ${size} at a time`) {
  if (!concurrent.length) return 0;
  return phase(name, async () => {
    const results = await inPool(
      concurrent.map((file) => () => nodeTestFile(file, 'concurrent')),
      size,
    );
    return results.find((status) => status !== 0) ?? 0;
  });
}

/** The files that start a browser, one at a time. */
async function serialNodeTests(serial) {
  if (!serial.length) return 0;
  return phase(`node: ${serial.length} files that start a browser, one at a time`, async () => {
    let status = 0;
    for (const file of serial) status = (await nodeTestFile(file, 'serial')) || status;
    return status;
  });
}

// Node test files that start a browser say so on their first line (`// @test-serial: starts a
// browser`): they run one at a time, after the others, so that no page competes for the 2 cores of a
// CI machine (focus, animation frames and layout shifts are what they check). The other files run
// NODE_CONCURRENCY at a time.
async function nodeTests() {
  const { serial, concurrent } = nodeTestFiles();
  const concurrentStatus = await concurrentNodeTests(concurrent);
  return (await serialNodeTests(serial)) || concurrentStatus;
}

// One browser after the other (see web-test-runner.config.mjs): Chromium, then Firefox ESR with
// BROWSERS=all (or only Firefox with BROWSERS=firefox). The config's reporter writes each file's
// result to TEST_RESULTS (a line of JSON per file) for the summary.
async function browserTests() {
  const wanted = { all: ['chromium', 'firefox'], firefox: ['firefox'] }[process.env.BROWSERS ?? ''] ?? ['chromium'];
  const env = { ...process.env };
  if (wanted.includes('chromium')) {
    env.CHROME_PATH = findBrowser(
      'Chromium',
      [
        process.env.CHROME_PATH,
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/bin/google-chrome-stable',
        '/usr/bin/google-chrome',
      ],
      'chromium',
    );
  }
  if (wanted.includes('firefox')) {
    env.FIREFOX_PATH = findBrowser('Firefox', [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'], 'firefox-esr');
  }
  const resultsDir = mkdtempSync(join(tmpdir(), 'test-results-'));
  let status = 0;
  try {
    for (const browser of wanted) {
      const results = join(resultsDir, `${browser}.jsonl`);
      status =
        (await phase(`browser: ${browser}`, async () => {
          console.log(`\n# browser tests in ${browser}`);
          const args = ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs', ...rest];
          // Sampled: web-test-runner leaves its browser to exit on its own, so childCpu() misses it.
          const { status: ran, cpu } = await run(process.execPath, args, {
            env: { ...env, TEST_BROWSER: browser, TEST_RESULTS: results },
            sampleCpu: true,
          });
          return { status: ran, cpu };
        })) || status;
      if (existsSync(results)) {
        for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) files.push({ part: browser, ...JSON.parse(line) });
      }
    }
  } finally {
    rmSync(resultsDir, { recursive: true, force: true });
  }
  return status;
}

function printSummary(start) {
  const pad = (text, width) => text + ' '.repeat(Math.max(1, width - text.length));
  const width = Math.max(...phases.map((p) => p.name.length), 5) + 2;
  const cpu = (value) => (Number.isNaN(value) ? '' : `  (CPU ${value.toFixed(0)} s)`);
  console.log('\n# npm test: time by phase (CPU: the seconds of processor time its commands used)');
  for (const { name, seconds: time, cpu: used, status } of phases) {
    console.log(`#   ${pad(name, width)}${time.toFixed(1).padStart(6)} s${cpu(used)}${status === 0 ? '' : '  FAILED'}`);
  }
  console.log(`#   ${pad('total', width)}${seconds(start).toFixed(1).padStart(6)} s`);
  const count = Number(process.env.TEST_SLOWEST) || 8;
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length > 1) {
    console.log('# slowest files');
    for (const file of slowest)
      console.log(`#   ${file.seconds.toFixed(1).padStart(6)} s  ${file.part}: ${file.file}${cpu(file.cpu ?? Number.NaN)}`);
  }
  // Wall time on a busy machine says more about the machine than about the file: the Node files that
  // cost the most processor time too (the browsers' files share one sampled process tree, so have none).
  const costliest = files
    .filter((file) => Number.isFinite(file.cpu))
    .sort((a, b) => b.cpu - a.cpu)
    .slice(0, count);
  if (costliest.length > 1) {
    console.log('# most CPU');
    for (const file of costliest)
      console.log(`#   ${file.cpu.toFixed(1).padStart(6)} s  ${file.part}: ${file.file}  (wall ${file.seconds.toFixed(1)} s)`);
  }
  const failed = files.filter((file) => file.status !== 0);
  if (failed.length) {
    console.error('# FAILED files:');
    for (const file of failed) console.error(`#   ${file.part}: ${file.file}`);
  }
}

const start = performance.now();
let failed = 0;
if (part === 'lint') failed = await phase('lint', async () => (await lint()).status);
else if (part === 'types') failed = await phase('types', async () => (await types()).status);
else if (part === 'node') failed = await nodeTests();
else if (part === 'browser') failed = await browserTests();
else {
  // Lint and the typecheck each keep one core busy: side by side, then the tests (a file that does not
  // type-check would only fail in them with a less clear message).
  const typesStatus = await phase(
    process.env.TEST_OVERLAP === '1' ? 'lint + types + the packed package, side by side' : 'lint + types, side by side',
    async () => {
      // With TEST_OVERLAP=1 the browser-starting Node files come first: the package they test is built
      // here too (test/support/packed-package.ts keeps it on disk for them).
      const pack =
        process.env.TEST_OVERLAP === '1'
          ? [run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PACK], { buffered: true })]
          : [];
      const [linted, typed, packed] = await Promise.all([lint(true), types(true), ...pack]);
      if (packed) console.log(`\n${packed.output.trimEnd()}\n# the packed package: ${packed.status === 0 ? 'built' : 'FAILED'}`);
      console.log(`\n${linted.output.trimEnd()}\n# lint: ${linted.status === 0 ? 'ok' : 'FAILED'}`);
      console.log(`\n${typed.output.trimEnd()}\n# types: ${typed.status === 0 ? 'ok' : 'FAILED'}`);
      failed += linted.status === 0 ? 0 : 1;
      return typed.status;
    },
  );
  if (typesStatus !== 0) failed++;
  else if (process.env.TEST_OVERLAP === '1') {
    // Opt-in (measure it on the machine that runs CI): the browser-starting Node files first, alone;
    // then the browser tests, with the other Node files beside them one at a time (they start no
    // browser and mostly keep one core busy, while a browser test mostly waits on frames and timers).
    const { serial, concurrent } = nodeTestFiles();
    failed += (await serialNodeTests(serial)) === 0 ? 0 : 1;
    const statuses = await Promise.all([
      browserTests(),
      concurrentNodeTests(concurrent, 1, `node: ${concurrent.length} files, beside the browsers`),
    ]);
    failed += statuses.filter((status) => status !== 0).length;
  } else {
    failed += (await nodeTests()) === 0 ? 0 : 1;
    failed += (await browserTests()) === 0 ? 0 : 1;
  }
}
printSummary(start);
process.exit(failed ? 1 : 0);
