// Browser tests: @web/test-runner on the system's Chromium (and Firefox ESR with BROWSERS=all).
// scripts/test.mjs finds the browsers and passes their paths in CHROME_PATH / FIREFOX_PATH; no test
// ever downloads a browser.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

const browsers = [
  chromeLauncher({
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: chromiumArgs },
  }),
];
if (process.env.BROWSERS === 'all') {
  browsers.push(
    puppeteerLauncher({
      launchOptions: {
        browser: 'firefox',
        executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
        headless: true,
        extraPrefsFirefox: { 'media.autoplay.default': 0, 'media.autoplay.blocking_policy': 0 },
      },
    }),
  );
}

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  concurrency: 2,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 180000,
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' })],
  browsers,
  testFramework: { config: { timeout: 15000 } },
};
