#!/usr/bin/env node
// `npm test`: lint (ESLint, then Prettier's check), typecheck, Node tests (sandbox, client, proxy, CLI),
// then browser tests (elements, client in a browser). `npm test -- lint|types|node|browser` runs one part;
// extra args after it go to that runner (for example `npm test -- browser --files test/elements/**/*.test.ts`
// or `npm test -- lint src/elements`).
// The browser part uses the system's Chromium; BROWSERS=all adds Firefox ESR.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [part = 'all', ...rest] = process.argv.slice(2);
const parts = part === 'all' ? ['lint', 'types', 'node', 'browser'] : [part];

function run(cmd, args, env = process.env) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  return result.status ?? 1;
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

const steps = {
  // eslint.config.mjs and .prettierrc.json say what; `npm run format` fixes what Prettier reports.
  lint: () => {
    const paths = rest.length ? rest : ['.'];
    const eslint = run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...paths]);
    const prettier = run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', ...paths]);
    return eslint || prettier;
  },
  // TypeScript 5.9 by path: node_modules/.bin/tsc may be TypeScript 7's (the typescript7 alias the
  // package test uses), whichever npm linked last.
  types: () => run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json', ...rest]),
  // Node test files that start a browser say so on their first line (`// @test-serial: starts a
  // browser`): they run one at a time, after the others, so that no page competes for the 2 cores of a
  // CI machine (focus, animation frames and layout shifts are what they check). The other files run two
  // at a time; test/support/browser.ts refuses to launch a browser in that group, so a file that starts
  // one without the mark fails with a message that says so.
  node: () => {
    const files = rest.length ? rest : findFiles('test', (f) => f.endsWith('.node.test.ts')).sort();
    const serial = files.filter((file) => existsSync(file) && SERIAL_MARK.test(readFileSync(file, 'utf8')));
    const concurrent = files.filter((file) => !serial.includes(file));
    const nodeTest = (group, concurrency) =>
      group.length === 0
        ? 0
        : run(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...group], {
            ...process.env,
            TEST_GROUP: concurrency === 1 ? 'serial' : 'concurrent',
          });
    const concurrentStatus = nodeTest(concurrent, 2);
    return nodeTest(serial, 1) || concurrentStatus;
  },
  browser: () => {
    // One browser after the other (see web-test-runner.config.mjs): Chromium, then Firefox ESR with
    // BROWSERS=all (or only Firefox with BROWSERS=firefox).
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
    let status = 0;
    for (const browser of wanted) {
      console.log(`\n# browser tests in ${browser}`);
      status =
        run('npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs', ...rest], { ...env, TEST_BROWSER: browser }) || status;
    }
    return status;
  },
};

let failed = 0;
for (const name of parts) {
  if (!steps[name]) {
    console.error(`Unknown part "${name}": use lint, types, node or browser.`);
    process.exit(2);
  }
  const status = steps[name]();
  if (status !== 0) {
    console.error(`\n${name} tests failed (exit ${status}).`);
    failed++;
    if (name === 'types') break;
  }
}
process.exit(failed ? 1 : 0);
