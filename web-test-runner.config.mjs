// Browser tests: @web/test-runner on the system's Chromium (and Firefox ESR with BROWSERS=all).
// scripts/test.mjs finds the browsers and passes their paths in CHROME_PATH / FIREFOX_PATH; no test
// ever downloads a browser.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { register } from 'tsx/esm/api';

// The test server answers `/api` with the proxy in front of the sandbox, `/v1` and `/media` with the
// sandbox itself (scripts/dev-api.ts, shared with `npm start`), so element tests use a real endpoint.
register();
const { createDevApi } = await import('./scripts/dev-api.ts');
const { createDiskUploadStore } = await import('./src/node/disk-upload-store.ts');
// The uploads of a run, removed when the server's process ends.
const uploadDirectory = mkdtempSync(join(tmpdir(), 'testimonial-test-uploads-'));
process.once('exit', () => rmSync(uploadDirectory, { recursive: true, force: true }));
// Its collect route is npm start's (its disk upload store, in the folder above), with its own options
// made fit for tests: no 3 s wait before a submission, no rate limits in the way of a run's dozens of
// submissions from one address, and a 3 s video limit so the recorder is seen stopping by itself.
const testCollect = {
  minFillMs: 0,
  rateLimit: { capacity: 10000, refillPerSecond: 100 },
  maxPerHour: 10000,
  limits: { videoSeconds: 3 },
  uploads: createDiskUploadStore({ directory: uploadDirectory }),
};
const devApi = createDevApi({ env: {}, collect: testCollect });
// A second sandbox behind the same proxy, under `/isolated/` (`/isolated/api`, `/isolated/v1`): for a
// test that approves what it created (the hostile corpus sent through the form). In the shared sandbox
// the files that run beside it (Chromium runs two at a time) would see those cards in their walls and
// counts, and their proxy would cache them.
const isolatedApi = createDevApi({ env: {}, collect: testCollect });
const ISOLATED = '/isolated';
// `/docs/…` as `npm start` serves it (scripts/docs-plugin.ts), its script and style sheet from `demo/`.
const { docsMiddleware } = await import('./scripts/docs-plugin.ts');
const docs = docsMiddleware({ script: '/demo/docs-page.ts', stylesheet: '/demo/docs.css' });
// The collect route's failures that the real route cannot be made to give on request: see the file.
const { collectFault, collectFaultsCommand } = await import('./test/support/collect-faults.ts');

// The flags every test browser uses (quiet, no background traffic), plus autoplay without a gesture.
const { CHROMIUM_ARGS } = await import('./test/support/browser.ts');
// The fake camera and microphone (and no permission prompt) for <testimonial-form>'s recorder tests.
const chromiumArgs = [
  ...CHROMIUM_ARGS,
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

// scripts/test.mjs runs one browser at a time (TEST_BROWSER=chromium|firefox): side by side on two
// cores, focus, hover and visibility tests of one browser starve while the other plays video.

/**
 * Chromium runs CHROMIUM_CONCURRENCY test files at a time (2 unless set), each in a window of its own
 * that behaves as the focused one: a second *tab* would be hidden (no requestAnimationFrame, on which
 * fixture() and Lit's first render wait; no focus), a second window with focus emulation is visible,
 * focused and painted like the first (checked with puppeteer on Chromium 156: visibilityState,
 * hasFocus(), rAF, focus events).
 */
const CHROMIUM_CONCURRENCY = Number(process.env.CHROMIUM_CONCURRENCY) || 2;
/**
 * Puppeteer follows every request of every page by default (CDP's Network domain; over WebDriver BiDi,
 * Firefox's, it also keeps each request's and response's body, in Firefox's parent process), and a test
 * page loads its hundreds of modules one request each. Nothing here reads those events (the tests count
 * requests in the page or on the server), so they are off: measured on the card's ten files at load
 * 11 on 2 cores, Firefox 30–32 → 23–24 CPU s, Chromium 20–22 → 18–19 (two runs each, interleaved).
 */
const NETWORK_EVENTS = false;
const chromium = () =>
  chromeLauncher({
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: chromiumArgs,
      networkEnabled: NETWORK_EVENTS,
    },
    concurrency: CHROMIUM_CONCURRENCY,
    async createPage({ context }) {
      const page = await context.newPage({ type: 'window' });
      await page.emulateFocusedPage(true);
      return page;
    },
  });
/**
 * Firefox runs FIREFOX_CONCURRENCY test files at a time (3 unless set), each in a Firefox of its own
 * (test/support/launcher-pool.ts): a second window of one Firefox is visible and painted but never holds
 * focus, so keyboard and focus tests would fail there; each process's one window does hold it. Three,
 * not two: at two, a file's Firefox mostly waits on its parent process and timers, and the phase, which
 * runs alone at the end of `npm test`, used about 1.5 of the 2 cores (docs/development.md).
 */
const FIREFOX_CONCURRENCY = Number(process.env.FIREFOX_CONCURRENCY) || 3;
const { launcherPool } = await import('./test/support/launcher-pool.ts');
const firefoxOne = () =>
  puppeteerLauncher({
    launchOptions: {
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
      headless: true,
      networkEnabled: NETWORK_EVENTS,
      extraPrefsFirefox: {
        'media.autoplay.default': 0,
        'media.autoplay.blocking_policy': 0,
        // The fake camera and microphone, granted without a prompt (<testimonial-form>'s recorder tests).
        'media.navigator.streams.fake': true,
        'media.navigator.permission.disabled': true,
      },
    },
  });
const firefox = () => launcherPool(Array.from({ length: FIREFOX_CONCURRENCY }, firefoxOne));
const inFirefox = process.env.TEST_BROWSER === 'firefox';
const browsers = [inFirefox ? firefox() : chromium()];

/**
 * For scripts/test.mjs's summary: each test file's result and time, a line of JSON per file in the file
 * TEST_RESULTS names. Files run `concurrency` at a time, first come first served, so a file started
 * when the file `concurrency` places before it ended (or when the run started).
 */
function fileResultsReporter(path, concurrency) {
  const ends = [];
  const started = Date.now();
  return {
    reportTestFileResults({ sessionsForTestFile, testFile }) {
      const now = Date.now();
      const since = ends.at(-concurrency) ?? started;
      ends.push(now);
      const passed = sessionsForTestFile.every((session) => session.passed);
      const file = testFile.replace(`${process.cwd()}/`, '');
      appendFileSync(path, `${JSON.stringify({ file, seconds: (now - since) / 1000, status: passed ? 0 : 1 })}\n`);
    },
  };
}

/**
 * Test files whose first line is `// @test-browsers: chromium (why)`: pure logic that happens to run in
 * a page (a function of its arguments, a stubbed environment), nothing an engine decides, so Firefox
 * would only repeat Chromium's run. Anything that renders, lays out, focuses, plays or parses
 * markup runs in both.
 */
const CHROMIUM_ONLY = /^\/\/ @test-browsers: chromium\b/;
const chromiumOnlyFiles = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.test.ts') && !path.endsWith('.node.test.ts'))
  .map((path) => `test/${path.split('\\').join('/')}`)
  .filter((path) => CHROMIUM_ONLY.test(readFileSync(path, 'utf8')));

/** URLs whose next request fails (see the `failNextRequest` middleware). */
const failNextRequests = new Set();

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts', ...(inFirefox ? chromiumOnlyFiles.map((path) => `!${path}`) : [])],
  nodeResolve: true,
  rootDir: '.',
  // Each launcher sets its own (above).
  concurrency: 1,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  // Generous: on a busy 2-core machine a file's tests can take minutes in Firefox; a hang still fails.
  testsFinishTimeout: Number(process.env.WTR_FINISH_TIMEOUT ?? 300000),
  middleware: [
    // An unreachable file on request: a test names a URL with `executeServerCommand('fail-next-request',
    // { url })` and the server answers the next request for it with a 503, as a CDN that lost the file
    // would. Browsers remember a module that failed to load (other pages of the run included), so a
    // test fails a URL of its own: the same file under the server's other host name, 127.0.0.1, which
    // no other test uses. Modules are served with CORS for that.
    async function failNextRequest(context, next) {
      if (failNextRequests.delete(context.href)) {
        context.status = 503;
        context.body = 'unavailable (test)';
        return;
      }
      await next();
      context.set('Access-Control-Allow-Origin', '*');
    },
    async function collectFaults(context, next) {
      if (collectFault(context.req, context.res)) {
        context.respond = false;
        return;
      }
      return next();
    },
    async function api(context, next) {
      const isolated = context.path.startsWith(`${ISOLATED}/`);
      if (isolated) context.req.url = context.req.url.slice(ISOLATED.length);
      if (await (isolated ? isolatedApi : devApi).handle(context.req, context.res)) {
        context.respond = false;
        return;
      }
      return next();
    },
    async function docsPages(context, next) {
      const handled = await new Promise((resolve, reject) => {
        context.res.once('finish', () => resolve(true));
        docs(context.req, context.res, (error) => (error ? reject(error) : resolve(false)));
      });
      if (handled) context.respond = false;
      else return next();
    },
  ],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }),
    {
      // `executeServerCommand('emulate-forced-colors', { forcedColors: 'active' | 'none', colorScheme? })`:
      // forced colours (a high-contrast mode) in Chromium, over CDP; puppeteer's emulateMediaFeatures
      // refuses the feature, and Firefox's WebDriver BiDi has no such command yet (Mozilla bug 1980877),
      // so there the command answers false and the test says it was skipped.
      name: 'emulate-forced-colors',
      async executeCommand({ command, payload, session }) {
        if (command !== 'emulate-forced-colors') return undefined;
        if (session.browser.type !== 'puppeteer' || process.env.TEST_BROWSER === 'firefox') return false;
        const page = session.browser.getPage(session.id);
        const features = [{ name: 'forced-colors', value: payload?.forcedColors === 'active' ? 'active' : 'none' }];
        if (payload?.colorScheme) features.push({ name: 'prefers-color-scheme', value: payload.colorScheme });
        await page._client().send('Emulation.setEmulatedMedia', { features });
        return true;
      },
    },
    {
      // `executeServerCommand('collect-faults', { … })`: see test/support/collect-faults.ts.
      name: 'collect-faults',
      executeCommand({ command, payload }) {
        if (command !== 'collect-faults') return undefined;
        return collectFaultsCommand(payload ?? {});
      },
    },
    {
      // `executeServerCommand('fail-next-request', { url })`: see the `failNextRequest` middleware.
      name: 'fail-next-request',
      executeCommand({ command, payload }) {
        if (command !== 'fail-next-request') return undefined;
        if (typeof payload?.url !== 'string') throw new Error('fail-next-request needs { url }');
        failNextRequests.add(payload.url);
        return true;
      },
    },
  ],
  browsers,
  reporters: [
    defaultReporter(),
    ...(process.env.TEST_RESULTS
      ? [fileResultsReporter(process.env.TEST_RESULTS, inFirefox ? FIREFOX_CONCURRENCY : CHROMIUM_CONCURRENCY)]
      : []),
  ],
  testFramework: { config: { timeout: 15000 } },
};
