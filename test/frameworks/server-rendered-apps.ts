/**
 * Server rendering in the two frameworks most marketing sites are built with (issue 24), as docs/frameworks.md's
 * recipes write it: `next-app/` (Next.js App Router, rendered on each request by `next start`) and
 * `astro-app/` (an Astro static build), each built by the framework's own build against the packed
 * package, installed as users install it. test/package/package.node.test.ts installs the tarball once for
 * these apps and its own (issue 25: one install, each build once, one browser of each kind), then loads
 * them in Chromium and Firefox ESR:
 *
 * - the wall's HTML is in the page once: Next.js's React Server Components payload (`self.__next_f`)
 *   does not carry it a second time;
 * - the page hydrates (Next.js) and the elements take the wall over with no error or hydration warning
 *   in the console, no request for page 1, and nothing moved: the boxes of what a reader sees are the
 *   same when the first element is defined and once the wall has taken over, in every frame between
 *   (and in Chromium the Layout Instability API reports under 0.001 from the first paint on);
 * - "Load more" adds page 2;
 * - (Next.js) a client-side navigation to the page, which gets no server HTML, renders the wall in the
 *   browser, which loads page 1 itself.
 *
 * Both apps read the sandbox (the demo API on 127.0.0.1, `scripts/dev-api.ts`) as their upstream, with
 * its key; the Astro build's `dist/` is served by the same server, whose `/api` is the proxy. Next.js,
 * Astro and React come from this repository's node_modules (a `node_modules` link above the apps'
 * project), so the test runs offline after `npm ci`.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { elementsRendered, type BrowserName } from '../ssr/browsers.js';
import { watchedPage } from '../support/browser.js';
import { mustRun, run } from '../support/run-command.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { FRAME_WATCH, imagesInViewPainted, noServerCardLeft, SHIFT_OBSERVER, sameBoxes, type Box } from '../support/take-over-watch.js';

const root = resolve(import.meta.dirname, '../..');
const repoModules = join(root, 'node_modules');
const LIMIT = 6;
const APPS = ['next', 'astro'] as const;
/** The apps' files that docs/frameworks.md's "Next.js (App Router) and Astro" shows, as they are. */
const RECIPE_FILES = [
  'next-app/app/page.tsx',
  'next-app/app/server-rendered-wall.tsx',
  'next-app/app/wall-html.ts',
  'next-app/app/define-elements.tsx',
  'next-app/app/api/[...path]/route.ts',
  'astro-app/src/pages/index.astro',
];
type App = (typeof APPS)[number];

/** The two apps, built and served. */
export interface FrameworkApps {
  origin: Record<App, string>;
  /** Each app's folder, built. */
  dirs: Record<App, string>;
  close(): Promise<void>;
}

/**
 * Copies the apps into `project` (before the tarball is installed there: each app is a package of its
 * own without dependencies, so it finds the installed package in `project/node_modules`).
 */
export function copyFrameworkApps(project: string): void {
  for (const app of APPS) {
    const dir = join(project, `${app}-app`);
    cpSync(join(import.meta.dirname, `${app}-app`), dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `${app}-app`, private: true, type: 'module' }));
  }
}

/** Starts `next start` on a free port of 127.0.0.1 and resolves to its origin. */
function startNext(dir: string, env: NodeJS.ProcessEnv): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(repoModules, 'next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', '0'], {
    cwd: dir,
    env: { ...env, NO_COLOR: '1' },
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const origin = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin && /Ready/.test(output)) resolveStart({ origin, child });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => reject(new Error(`next start exited (${code}):\n${output}`)));
  });
}

/** Builds the apps copied into `project` (copyFrameworkApps, then the tarball installed) and serves them. */
export async function startFrameworkApps(project: string): Promise<FrameworkApps> {
  const dirs: Record<App, string> = { next: join(project, 'next-app'), astro: join(project, 'astro-app') };
  // Never a developer's real key or service: the sandbox, with its own key.
  const api: StaticServer = await startStaticServer({ root: join(dirs.astro, 'dist'), api: { env: {} } });
  let next: { origin: string; child: ChildProcess } | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TESTIMONIAL_API_URL: `${api.origin}/v1`,
      TESTIMONIAL_API_KEY: 'sandbox-key',
      NEXT_TELEMETRY_DISABLED: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      // Turbopack compiles only what is under its root: the app and the linked node_modules.
      TURBOPACK_ROOT: '/',
      // No minifier, no source maps (next.config.mjs, astro.config.mjs): nothing checked reads them.
      UNMINIFIED_TEST_BUILD: '1',
      // `next build` checks no types (next.config.mjs): describeFrameworkHtml does, with TypeScript 7.
      TYPES_CHECKED_BY_TEST: '1',
    };
    await Promise.all([
      mustRun(process.execPath, [join(repoModules, 'next/dist/bin/next'), 'build'], dirs.next, env),
      mustRun(process.execPath, [join(repoModules, 'astro/astro.js'), 'build'], dirs.astro, env),
    ]);
    next = await startNext(dirs.next, env);
  } catch (error) {
    await api.close();
    throw error;
  }
  const started = next;
  return {
    origin: { next: started.origin, astro: api.origin },
    dirs,
    async close() {
      started.child.kill();
      await api.close();
    },
  };
}

/** The page's `self.__next_f.push(…)` scripts (the React Server Components payload), as one string. */
function rscPayload(html: string): string {
  return [...html.matchAll(/<script>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n');
}

/**
 * Before any page script: the boxes' watch (FRAME_WATCH), Chromium's shift observer, and a hook on
 * `customElements.define` that, when the first of the elements is defined (the server's paint, after
 * React has hydrated), takes the boxes as they are and starts watching every frame.
 */
const BEFORE_DEFINE = `
  const define = customElements.define.bind(customElements);
  customElements.define = (name, constructor, options) => {
    if (!globalThis.__before && /^(testimonial-|video-testimonial$)/.test(name)) {
      globalThis.__before = __boxes();
      __watchFrames();
      // The server's cards, marked: an upgrade keeps the node, a take-over does not.
      for (const card of document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('div.tc, testimonial-card') ?? []) card.__fromServer = true;
    }
    return define(name, constructor, options);
  };`;

function wallCardCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('testimonial-card').length ?? 0);
}

/** The checks of the apps' files and served HTML, no browser needed (`apps()`: the apps once built and served). */
export function describeFrameworkHtml(apps: () => Promise<FrameworkApps>): void {
  it("docs/frameworks.md's recipes are the Next.js and Astro apps' files, as they are", () => {
    const readme = readFileSync(join(root, 'docs/frameworks.md'), 'utf8');
    for (const file of RECIPE_FILES) {
      const code = readFileSync(join(import.meta.dirname, file), 'utf8').trim();
      assert.ok(readme.includes(`\n${code}\n\`\`\`\n`), `docs/frameworks.md does not show test/frameworks/${file} as it is`);
    }
  });

  // What `next build` would check with the project's TypeScript (5.9: 4.4 CPU s), once the build has
  // written the route types the app's tsconfig.json includes: TypeScript 7, the same diagnostics.
  it('next: the app type-checks (TypeScript 7, in place of the check next build runs)', async () => {
    const tsc = join(repoModules, 'typescript7/bin/tsc');
    assert.match(await mustRun(process.execPath, [tsc, '--version'], root), /Version 7\./);
    const { code, output } = await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], (await apps()).dirs.next);
    assert.equal(output.trim(), '');
    assert.equal(code, 0);
  });

  for (const app of APPS) {
    it(`${app}: the wall's HTML is in the page once${app === 'next' ? ', and not in the React Server Components payload' : ''}`, async () => {
      const html = await (await fetch(`${(await apps()).origin[app]}/`)).text();
      assert.equal(html.match(/<testimonial-wall\b/g)?.length, 1, 'one wall in the page');
      const island = /<testimonial-wall\b[\s\S]*?<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
      assert.ok(island, "the wall's data island");
      const names = (JSON.parse(island) as { testimonials: { customer_name: string }[] }).testimonials.map((t) => t.customer_name);
      assert.equal(names.length, LIMIT);
      if (app === 'next') {
        const payload = rscPayload(html);
        console.log(`next: page ${html.length} B, of which the RSC payload ${payload.length} B`);
        assert.ok(payload.length > 0, 'the page has a React Server Components payload');
        for (const needle of ['shadowrootmode', 'c0-name', ...names]) {
          assert.ok(!payload.includes(needle), `the RSC payload carries the wall's HTML again (${JSON.stringify(needle)})`);
        }
      }
    });
  }
}

/** The apps' pages in one browser (`browser()`, launched by the caller and shared with other checks). */
export function describeFrameworkPages(browserName: BrowserName, browser: () => Browser, apps: () => Promise<FrameworkApps>): void {
  for (const app of APPS) {
    it(`${app}: hydrates and takes the wall over with no error, no request for page 1 and nothing moved; "Load more" adds page 2`, async () => {
      const { origin } = await apps();
      const watched = await watchedPage(browser());
      const { page } = watched;
      await page.setViewport({ width: 1200, height: 900 });
      if (browserName === 'chromium') await page.evaluateOnNewDocument(SHIFT_OBSERVER);
      await page.evaluateOnNewDocument(FRAME_WATCH + BEFORE_DEFINE);
      await page.goto(`${origin[app]}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => customElements.get('testimonial-wall') !== undefined);
      await elementsRendered(page);
      await imagesInViewPainted(page);
      await elementsRendered(page);

      // Taken over: the wall's cards are the browser's own now, none of the server's.
      assert.equal(await wallCardCount(page), LIMIT);
      await noServerCardLeft(page);
      assert.deepEqual(await page.evaluate('__stopWatching()'), [], 'a box moved in a frame while the elements took over');
      sameBoxes((await page.evaluate('__boxes()')) as Box[], (await page.evaluate('__before')) as Box[], 0);
      if (browserName === 'chromium') {
        const shifts = (await page.evaluate('__shifts')) as { value: number }[];
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        assert.ok(total < 0.001, `layout shifts (Layout Instability API): ${JSON.stringify(shifts)}`);
      }
      const lists = () => watched.requestsTo((path) => path === '/api/testimonials' || path.startsWith('/api/testimonials/'));
      assert.deepEqual(
        lists().map((request) => request.url()),
        [],
        'the wall asked again for what the server rendered',
      );

      await page.evaluate(() =>
        document.querySelector('testimonial-wall')!.shadowRoot!.querySelector<HTMLElement>('[part="load-more"]')!.click(),
      );
      await page.waitForFunction(
        (count) => document.querySelector('testimonial-wall')!.shadowRoot!.querySelectorAll('testimonial-card').length > count,
        {},
        LIMIT,
      );
      assert.deepEqual(
        lists().map((request) => new URL(request.url()).searchParams.get('page')),
        ['2'],
      );
      assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
      assert.deepEqual(
        watched.warnings.filter((warning) => /hydrat/i.test(warning)),
        [],
      );
      await page.close();
    });
  }

  it('next: a client-side navigation to the page renders the wall in the browser, which loads page 1', async () => {
    const { origin } = await apps();
    const watched = await watchedPage(browser());
    const { page } = watched;
    await page.goto(`${origin.next}/elsewhere`, { waitUntil: 'load' });
    await page.click('a[href="/"]');
    await page.waitForFunction(
      (count) => document.querySelector('testimonial-wall')?.shadowRoot?.querySelectorAll('testimonial-card').length === count,
      {},
      LIMIT,
    );
    assert.equal(await page.evaluate(() => document.querySelectorAll('testimonial-wall > script').length), 0, 'no server HTML');
    const pages = watched
      .requestsTo((path) => path === '/api/testimonials')
      .map((request) => new URL(request.url()).searchParams.get('page'));
    assert.equal(pages.length, 1, 'one request: page 1');
    assert.ok(pages[0] === null || pages[0] === '1', `page 1 (asked for page ${pages[0]})`);
    assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
    await page.close();
  });
}
