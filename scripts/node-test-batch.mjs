// Runs several Node test files in one process (scripts/test.mjs starts it with `--import tsx`), their
// tests one file after the other in the order given: each file is imported inside a suite named after it, so its
// tests, hooks and failures are that suite's (node:test nests what a module declares while it loads
// under the suite that loads it), and a file that fails to load fails its own suite, not the others.
// One process for many files saves each file's start: node, tsx's loader, and the modules the files
// share (TypeScript, jsdom, Lit's SSR, the sources), loaded once. The files share those modules'
// state too: a file that needs them fresh (a cache it checks from empty) says so on its first line
// (`// @test-own-process: why`) and gets a batch of its own.
//
// The reporter (scripts/node-test-file-results.mjs) gives each file's result and time; each file's
// CPU seconds, from its first test to its last `after` hook, go to the file TEST_FILE_CPU names.
import { appendFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe } from 'node:test';
import { pathToFileURL } from 'node:url';

/** CPU seconds used so far by this process and the children it waited for (Linux; elsewhere NaN). */
function cpuSoFar() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime and cstime: fields 14 to 17 of proc(5), counted from the state (field 3).
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

const cpuResults = process.env.TEST_FILE_CPU;

for (const file of process.argv.slice(2)) {
  describe(file, async () => {
    let cpuBefore = Number.NaN;
    before(() => {
      cpuBefore = cpuSoFar();
    });
    await import(pathToFileURL(resolve(file)).href);
    after(() => {
      if (cpuResults) appendFileSync(cpuResults, `${JSON.stringify({ file, cpu: cpuSoFar() - cpuBefore })}\n`);
    });
  });
}
