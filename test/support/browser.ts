/**
 * The system Chromium driven by puppeteer-core, for Node tests that check built pages in a real
 * browser (framework apps, the script-tag page, benchmarks). No browser is ever downloaded: the path
 * comes from `CHROME_PATH` or the usual Debian locations, and a missing browser is a clear error.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { retainerPath } from './heap-retainers.js';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** The flags of every test browser: quiet, no background traffic (no test touches the network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const path = [process.env.CHROME_PATH, ...CHROMIUM_CANDIDATES].find((candidate) => candidate && existsSync(candidate));
  if (!path) {
    throw new Error('No Chromium found. Install one (Debian: sudo apt-get install -y chromium) or set CHROME_PATH to its executable.');
  }
  return path;
}

/**
 * scripts/test.mjs runs Node test files that start a browser one at a time, and the others in batches
 * side by side (TEST_GROUP=concurrent): a browser started there is a file that lacks its mark.
 */
function refuseInConcurrentGroup(): void {
  if (process.env.TEST_GROUP === 'concurrent') {
    // In a batch (scripts/node-test-batch.mjs) the file is the suite this error fails in.
    const file = process.argv[1]?.endsWith('node-test-batch.mjs') ? 'The test file whose suite this fails' : process.argv[1];
    throw new Error(
      `${file ?? 'This test file'} starts a browser: make "// @test-serial: starts a browser" its first line, so that scripts/test.mjs runs it alone.`,
    );
  }
}

/** A headless Chromium with a fresh temporary profile (puppeteer creates and removes it). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  refuseInConcurrentGroup();
  return puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export function firefoxPath(): string {
  const path = [process.env.FIREFOX_PATH, ...FIREFOX_CANDIDATES].find((candidate) => candidate && existsSync(candidate));
  if (!path) {
    throw new Error('No Firefox found. Install one (Debian: sudo apt-get install -y firefox-esr) or set FIREFOX_PATH to its executable.');
  }
  return path;
}

/**
 * A headless Firefox (ESR on Debian) driven over WebDriver BiDi, with a fresh temporary profile. It asks
 * no page for a `/favicon.ico` of its own (Chromium's headless mode does not either): such a request is
 * the browser's, not the page's, and would be one more thing for a page's CSP or request log.
 */
export function launchFirefox(): Promise<Browser> {
  refuseInConcurrentGroup();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    extraPrefsFirefox: { 'browser.chrome.site_icons': false },
  });
}

export interface WatchedPage {
  page: Page;
  /** Uncaught exceptions and `console.error` messages, as text. */
  errors: string[];
  /** Answers with an HTTP error status, as `404 http://…` (the console only says "Failed to load resource"). */
  httpErrors: string[];
  /** `console.warn` messages (elements warn about ignored attributes). */
  warnings: string[];
  /** Every request the page made (including ones answered from cache or aborted later). */
  requests: HTTPRequest[];
  /** The requests whose URL path passes `test`. */
  requestsTo(test: (path: string) => boolean): HTTPRequest[];
}

/** Opens a page that records its errors, warnings and requests from the first moment. */
export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const httpErrors: string[] = [];
  const requests: HTTPRequest[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    if (message.type() === 'warn') warnings.push(message.text());
  });
  page.on('request', (request) => requests.push(request));
  page.on('response', (response) => {
    if (response.status() >= 400) httpErrors.push(`${response.status()} ${response.url()}`);
  });
  // tsx compiles these tests with esbuild's keepNames, which wraps named functions in `__name(…)`;
  // functions sent to the page (page.evaluate) need that helper there too.
  await page.evaluateOnNewDocument('globalThis.__name = (fn) => fn;');
  return {
    page,
    errors,
    httpErrors,
    warnings,
    requests,
    requestsTo: (test) => requests.filter((request) => test(new URL(request.url()).pathname)),
  };
}

/**
 * Counts connected elements matching `selector` in the document and in every open shadow root (a
 * wall's cards live in the wall's shadow root).
 */
export function countDeep(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    let count = 0;
    const walk = (root: Document | ShadowRoot): void => {
      for (const element of root.querySelectorAll('*')) {
        if (element.matches(sel)) count++;
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return count;
  }, selector);
}

/** The rendered text (shadow DOM included) of the first element matching `selector`, trimmed and collapsed. */
export function deepText(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const find = (root: Document | ShadowRoot): Element | undefined => {
      for (const element of root.querySelectorAll('*')) {
        if (element.matches(sel)) return element;
        const inner = element.shadowRoot && find(element.shadowRoot);
        if (inner) return inner;
      }
      return undefined;
    };
    const textOf = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      const element = node as Element;
      const children = [...(element.shadowRoot?.childNodes ?? []), ...node.childNodes];
      return children.map(textOf).join(' ');
    };
    const element = find(document);
    return element ? textOf(element).replace(/\s+/g, ' ').trim() : '';
  }, selector);
}

/**
 * How many instances of a custom element class are still alive in the page's heap: elements that a
 * framework removed but something still holds are counted, which a DOM query cannot see. A full garbage
 * collection runs first (HeapProfiler.collectGarbage): the query alone counted unreachable elements
 * now and then (a failed check found "2 alive", then a heap snapshot found none reachable).
 */
export async function liveInstances(page: Page, tagName: string): Promise<number> {
  const session = await page.createCDPSession();
  try {
    await session.send('HeapProfiler.collectGarbage');
  } finally {
    await session.detach();
  }
  const prototype = await page.evaluateHandle((tag) => {
    const constructor = customElements.get(tag);
    if (!constructor) throw new Error(`<${tag}> is not defined on this page`);
    return constructor.prototype as object;
  }, tagName);
  const instances = await page.queryObjects(prototype);
  const count = await instances.evaluate((list: unknown[]) => list.length);
  await Promise.all([prototype.dispose(), instances.dispose()]);
  return count;
}

/**
 * Polls `condition` until it holds. The time limit only turns a hang into a clear failure naming what
 * was awaited; no test asserts how fast anything is.
 */
export async function waitFor(condition: () => Promise<boolean> | boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until no instance of `tagName`'s class is alive in the heap. A removed element may stay
 * reachable for a moment (a queued animation frame or timer of its own, or the browser's own
 * bookkeeping of removed nodes, which it updates in its next rendering step), so this polls, letting a
 * frame render before each count; an element that something keeps holding never gets there, and the
 * error says how many are left and what holds one.
 */
export async function waitForCollected(page: Page, tagName: string): Promise<void> {
  let alive = 0;
  const renderedFrame = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  try {
    await waitFor(async () => {
      await renderedFrame();
      return (alive = await liveInstances(page, tagName)) === 0;
    }, `removed <${tagName}> elements to be collected`);
  } catch {
    const path = await retainerPath(page, tagName).catch((error: unknown) => `(no heap snapshot: ${String(error)})`);
    throw new Error(`${alive} <${tagName}> instance(s) still alive after removal: something holds them. Shortest retainer path:\n${path}`);
  }
}
