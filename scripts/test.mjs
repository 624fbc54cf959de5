#!/usr/bin/env node
// `npm test`: lint (ESLint, then Prettier's check) beside the typecheck, Node tests (sandbox, client,
// proxy, CLI, the packed package), then browser tests (elements, client in a browser), which start
// beside the last Node files that drive a browser themselves (docs/development.md says how). `npm test -- lint|types|node|browser`
// runs one part; extra args after it go to that runner (for example `npm test -- browser --files
// test/elements/**/*.test.ts` or `npm test -- lint src/elements`).
// The browser part uses the system's Chromium; BROWSERS=all adds Firefox ESR.
// At the end it prints the time of each phase, the slowest test files and every file that failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';

const [part = 'all', ...rest] = process.argv.slice(2);
const PARTS = ['lint', 'types', 'node', 'browser'];
if (part !== 'all' && !PARTS.includes(part)) {
  console.error(`Unknown part "${part}": use lint, types, node or browser.`);
  process.exit(2);
}

/** Node test files that start no browser run in this many processes side by side (two: the CI machine's cores). */
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

/**
 * Times `body` as a phase of the summary. `body` resolves to an exit status, whose CPU time is that of
 * the commands it waited for (childCpu), or to `{ status, cpu }` when it measured its CPU itself.
 */
async function phase(name, body) {
  const start = performance.now();
  const cpuBefore = childCpu();
  const result = await body();
  const { status, cpu } = typeof result === 'number' ? { status: result, cpu: childCpu() - cpuBefore } : result;
  phases.push({ name, start, seconds: seconds(start), cpu, status });
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
const OWN_PROCESS_MARK = /^\/\/ @test-own-process: /;

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

// The sources are checked by TypeScript 7 (npm's `typescript` latest; the `typescript7` alias the
// package test also uses): the same diagnostics as 5.9 on this code, in a quarter of the CPU (5 against
// 19–21 s), the most of any one step before the Node phase. The build and the declarations stay on 5.9,
// and the package test checks the published types with both. By path: node_modules/.bin/tsc is
// whichever of the two npm linked last.
const types = (buffered = false) =>
  run(process.execPath, ['node_modules/typescript7/bin/tsc', '--noEmit', '-p', 'tsconfig.json', ...(part === 'types' ? rest : [])], {
    buffered,
  });

/**
 * One Node test file, in a process of its own (node:test runs a file's tests when the file is run),
 * its result, time and CPU recorded for the summary. Its output is kept and printed in one piece when
 * it ends (files run side by side), and its CPU is that of its own process tree, sampled (childCpu()
 * would count the files beside it). `group` is TEST_GROUP: test/support/browser.ts refuses to start a
 * browser in the `concurrent` group (a file that does must say so on its first line).
 */
async function nodeTestFile(file, group) {
  const start = performance.now();
  const ran = await run(process.execPath, ['--import', 'tsx', '--test-reporter=spec', file], {
    env: { ...process.env, TEST_GROUP: group },
    buffered: true,
    sampleCpu: true,
  });
  const time = seconds(start);
  files.push({ part: 'node', file, seconds: time, cpu: ran.cpu, status: ran.status });
  const verdict = `# ${ran.status === 0 ? 'ok' : `FAILED (exit ${ran.status})`}: ${file}, ${time.toFixed(1)} s`;
  console.log(`\n${ran.output.trimEnd()}\n${verdict}`);
  return { status: ran.status, cpu: ran.cpu };
}

const BATCH = 'scripts/node-test-batch.mjs';
const FILE_RESULTS = pathToFileURL(resolve('scripts/node-test-file-results.mjs')).href;

/**
 * Node test files that start no browser, in one process (scripts/node-test-batch.mjs: each file a suite
 * of its own, their tests one file after the other), which saves each file's start. Each file's result
 * and time come from the batch's reporter (scripts/node-test-file-results.mjs), its CPU from the batch
 * (TEST_FILE_CPU); the batch's output is printed in one piece when it ends, and its CPU is its process
 * tree's, sampled. A file the batch never reported (the process died) counts as failed.
 */
async function nodeTestBatch(batch, group) {
  const start = performance.now();
  const resultsDir = mkdtempSync(join(tmpdir(), 'node-test-batch-'));
  const results = join(resultsDir, 'files.jsonl');
  const cpuResults = join(resultsDir, 'cpu.jsonl');
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout', `--test-reporter=${FILE_RESULTS}`];
  const ran = await run(process.execPath, ['--import', 'tsx', ...reporters, `--test-reporter-destination=${results}`, BATCH, ...batch], {
    env: { ...process.env, TEST_GROUP: group, TEST_FILE_CPU: cpuResults },
    buffered: true,
    sampleCpu: true,
  });
  const lines = (path) =>
    existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
  const reported = new Map(lines(results).map((result) => [result.file, result]));
  const cpu = new Map(lines(cpuResults).map((result) => [result.file, result.cpu]));
  rmSync(resultsDir, { recursive: true, force: true });
  const verdicts = batch.map((file) => {
    const result = reported.get(file) ?? { seconds: Number.NaN, status: ran.status || 1 };
    files.push({ part: 'node', file, seconds: result.seconds, cpu: cpu.get(file) ?? Number.NaN, status: result.status });
    const time = Number.isNaN(result.seconds) ? 'not reported' : `${result.seconds.toFixed(1)} s`;
    return `# ${result.status === 0 ? 'ok' : 'FAILED'}: ${file}, ${time}`;
  });
  const status = ran.status || (verdicts.some((verdict) => verdict.startsWith('# FAILED')) ? 1 : 0);
  const verdict = status === 0 ? 'ok' : `FAILED (exit ${ran.status})`;
  console.log(
    `\n${ran.output.trimEnd()}\n${verdicts.join('\n')}\n# a batch of ${batch.length} files in one process: ${verdict}, ${seconds(start).toFixed(1)} s`,
  );
  return { status, cpu: ran.cpu };
}

/**
 * The lanes of Node test files that start no browser: `count` lanes of about the same recorded time
 * (test/test-times.json), each a list of batches run in turn. Each lane's first batch shares a process;
 * a file marked `// @test-own-process: why` is a batch of its own; the files that need the packed
 * package go last into the lightest lane's shared batch (the build is done by then: none holds a lane
 * up waiting).
 */
function lanesOf(list, afterBuild, count) {
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ batches: [[]], time: 0 }));
  const lightest = () => lanes.reduce((least, lane) => (lane.time < least.time ? lane : least));
  for (const file of longestFirst(list)) {
    const lane = lightest();
    if (OWN_PROCESS_MARK.test(readFileSync(file, 'utf8'))) lane.batches.push([file]);
    else lane.batches[0].push(file);
    lane.time += recordedTimes[file] ?? 1;
  }
  lightest().batches[0].push(...afterBuild);
  return lanes.map((lane) => lane.batches.filter((batch) => batch.length > 0)).filter((batches) => batches.length > 0);
}

/** Builds the packed package (test/support/packed-package.ts), or finds it built; reported as a file. */
async function packedPackageBuild() {
  const start = performance.now();
  const name = 'the packed package (test/support/packed-package.ts)';
  const ran = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PACK], { buffered: true, sampleCpu: true });
  files.push({ part: 'node', file: name, seconds: seconds(start), cpu: ran.cpu, status: ran.status });
  console.log(`\n${ran.output.trimEnd()}\n# ${ran.status === 0 ? 'built' : 'FAILED'}: ${name}, ${seconds(start).toFixed(1)} s`);
  return { status: ran.status, cpu: ran.cpu };
}

/**
 * Each Node test file's wall seconds in an idle run (test/test-times.json, rewritten by a run with
 * TEST_TIMES=write): the longest start first, so that no long file starts last and runs alone.
 */
const TIMES_FILE = 'test/test-times.json';
const recordedTimes = existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : {};
const longestFirst = (list) => [...list].sort((a, b) => (recordedTimes[b] ?? 0) - (recordedTimes[a] ?? 0));

function writeTimes() {
  const times = { ...recordedTimes };
  for (const { part: from, file, seconds: time, status } of files)
    if (from === 'node' && status === 0 && file.endsWith('.ts')) times[file] = Number(time.toFixed(1));
  const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(TIMES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`# wrote ${TIMES_FILE}`);
}

/**
 * The Node test files: those that start a browser (`serial`, one at a time, longest first), the others
 * (`concurrent`) but those that need the packed package (`afterBuild`); `packed`: whether any file
 * needs the packed package.
 */
function nodeTestFiles() {
  const all = rest.length && part === 'node' ? rest : findFiles('test', (f) => f.endsWith('.node.test.ts')).sort();
  const text = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const serial = longestFirst(all.filter((file) => SERIAL_MARK.test(text(file))));
  const needsBuild = (file) => /support\/(packed-package|shared-cdn-build)\.js/.test(text(file));
  const others = all.filter((file) => !serial.includes(file));
  const afterBuild = others.filter(needsBuild);
  return { serial, concurrent: others.filter((file) => !needsBuild(file)), afterBuild, packed: serial.length > 0 || afterBuild.length > 0 };
}

/** Runs `jobs` in turn, one at a time; resolves to the first failure's status (or 0) and their CPU. */
async function inTurn(jobs) {
  let status = 0;
  let cpu = 0;
  for (const job of jobs) {
    const result = await job();
    status ||= result.status;
    cpu += result.cpu;
  }
  return { status, cpu };
}

/**
 * The Node test files in two lanes side by side. The files that start no browser run in
 * NODE_CONCURRENCY batches side by side, each batch one process (nodeTestBatch; they keep the cores
 * busy); beside them, one at a time: the packed package's build and then the files that start a
 * browser (their first line is `// @test-serial: starts a browser`), which mostly wait on pages, builds
 * and servers. `whenConcurrentDone` (the browser tests, in a whole run) starts as soon as the first
 * lane has ended, beside the browser lane's last files; its result is returned beside the phase's status.
 */
async function nodeTests(whenConcurrentDone = async () => 0) {
  const { serial, concurrent, afterBuild, packed } = nodeTestFiles();
  const lanes = lanesOf(concurrent, afterBuild, NODE_CONCURRENCY);
  let after = Promise.resolve(0);
  const count = concurrent.length + afterBuild.length;
  const processes = lanes.flat().length;
  const name = `node: ${count} files in ${processes} processes, ${lanes.length} at a time, beside ${serial.length} that start a browser, one at a time`;
  const status = await phase(name, async () => {
    const browserLane = inTurn([...(packed ? [packedPackageBuild] : []), ...serial.map((file) => () => nodeTestFile(file, 'serial'))]);
    const results = await Promise.all(lanes.map((batches) => inTurn(batches.map((batch) => () => nodeTestBatch(batch, 'concurrent')))));
    after = whenConcurrentDone();
    const lane = await browserLane;
    const failed = results.find((result) => result.status !== 0);
    return { status: lane.status || (failed?.status ?? 0), cpu: lane.cpu + results.reduce((sum, result) => sum + result.cpu, 0) };
  });
  await after;
  return status;
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
  // In the order they started (the browser phases start while the Node phase ends).
  for (const { name, seconds: time, cpu: used, status } of [...phases].sort((a, b) => a.start - b.start)) {
    console.log(`#   ${pad(name, width)}${time.toFixed(1).padStart(6)} s${cpu(used)}${status === 0 ? '' : '  FAILED'}`);
  }
  const totalCpu = phases.reduce((sum, { cpu: used }) => sum + used, 0);
  console.log(`#   ${pad('total', width)}${seconds(start).toFixed(1).padStart(6)} s${cpu(totalCpu)}`);
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
  const typesStatus = await phase('lint + types, side by side', async () => {
    const [linted, typed] = await Promise.all([lint(true), types(true)]);
    console.log(`\n${linted.output.trimEnd()}\n# lint: ${linted.status === 0 ? 'ok' : 'FAILED'}`);
    console.log(`\n${typed.output.trimEnd()}\n# types: ${typed.status === 0 ? 'ok' : 'FAILED'}`);
    failed += linted.status === 0 ? 0 : 1;
    return typed.status;
  });
  if (typesStatus !== 0) failed++;
  else {
    // The browser tests start when the Node files that start no browser have ended, beside the last
    // of the files that do (each in a headless browser of its own: neither takes the other's focus).
    let browserStatus = 0;
    const nodeStatus = await nodeTests(async () => (browserStatus = await browserTests()));
    failed += (nodeStatus === 0 ? 0 : 1) + (browserStatus === 0 ? 0 : 1);
  }
}
if (process.env.TEST_TIMES === 'write') writeTimes();
printSummary(start);
process.exit(failed ? 1 : 0);
