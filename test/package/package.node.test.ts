/**
 * The package as a user meets it: `npm pack` of a fresh build, the tarball installed into throwaway
 * apps (issue 18), never the sources.
 *
 * - The tarball: its size and file count (printed), a LICENSE, source maps that resolve, `sideEffects`
 *   entries that name shipped files.
 * - A bare install (`npm install testimonial-elements` and nothing else): no server packages, and the
 *   README's CLI commands work.
 * - The apps in `apps/` (a React 19 app, a Vue 3 app, a plain page's script, a Node server script),
 *   type-checked with `skipLibCheck: false` under TypeScript 5.9 and 7 (and vue-tsc for the SFC), then
 *   the framework apps built with Vite and run in Chromium and Firefox ESR against the demo API.
 * - The script-tag build of the installed package under a strict CSP with Trusted Types (`csp-page.ts`).
 *
 * Offline-friendly: the tarball's own dependencies come from npm's cache (`--prefer-offline`); React,
 * Vue, Vite and TypeScript come from this repository's node_modules, which the apps see through a
 * `node_modules` link in their parent folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import vue from '@vitejs/plugin-vue';
import type { Browser } from 'puppeteer-core';
import { build } from 'vite';
import { deepText, launchBrowser, launchFirefox, waitFor, watchedPage } from '../support/browser.js';
import { mustRun, run, type Run } from '../support/run-command.js';
import { startStaticServer } from '../support/static-server.js';
import { runStrictCspPage } from './csp-page.js';

const root = resolve(import.meta.dirname, '../..');
const repoModules = join(root, 'node_modules');
const PACKAGE = 'testimonial-elements';
const TAGS = new Set(['testimonial-wall', 'testimonial-card', 'video-testimonial']);
const BROWSERS = ['chromium', 'firefox'] as const;
type BrowserName = (typeof BROWSERS)[number];

const npm = (args: string[], cwd: string) => mustRun('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd);

/** Installs the tarball (and what it depends on, from npm's cache where it can) into a new project. */
async function installInto(dir: string, tarball: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', '--ignore-scripts', tarball], dir);
}

const launch = (name: BrowserName): Promise<Browser> => (name === 'chromium' ? launchBrowser() : launchFirefox());

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

describe('the packed package, installed as users install it', () => {
  let work: string;
  let pack: PackInfo;
  let tarball: string;
  /** The apps' project: the tarball installed, React/Vue/Vite/TypeScript from the repository. */
  let app: string;
  /** Only `npm install testimonial-elements`: nothing else on the module path. */
  let bare: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'package-test-'));
    // Build a copy, so the repository's own dist/ and README are left alone.
    const copy = join(work, 'source');
    for (const entry of ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'bin', 'scripts', 'src']) {
      cpSync(join(root, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(repoModules, join(copy, 'node_modules'), 'dir');
    await mustRun(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], copy);
    [pack] = JSON.parse(await npm(['pack', '--json', '--pack-destination', work], copy)) as PackInfo[];
    tarball = join(work, pack.filename);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    console.log(`package tarball ${pack.filename}: ${mb(pack.size)} packed, ${mb(pack.unpackedSize)} unpacked, ${pack.entryCount} files`);

    const deps = join(work, 'deps');
    mkdirSync(deps);
    symlinkSync(repoModules, join(deps, 'node_modules'), 'dir');
    app = join(deps, 'app');
    bare = join(work, 'bare');
    cpSync(join(import.meta.dirname, 'apps'), app, { recursive: true });
    await Promise.all([installInto(app, tarball), installInto(bare, tarball)]);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe('the tarball', () => {
    const shipped = () => new Set(pack.files.map((file) => file.path));

    it('has the LICENSE that "license": "MIT" promises', () => {
      assert.ok(shipped().has('LICENSE'));
      assert.match(
        readFileSync(join(bare, 'node_modules', PACKAGE, 'LICENSE'), 'utf8'),
        /^MIT License\n\nCopyright \(c\) \d{4} testimonial-elements contributors/,
      );
    });

    it('ships only source maps that resolve, and none of hls.js', () => {
      const maps = pack.files.filter((file) => file.path.endsWith('.map'));
      for (const { path } of maps) {
        const map = JSON.parse(readFileSync(join(bare, 'node_modules', PACKAGE, path), 'utf8')) as {
          sources: string[];
          sourcesContent?: (string | null)[];
        };
        map.sources.forEach((source, index) => {
          const inside = typeof map.sourcesContent?.[index] === 'string';
          const beside = shipped().has(posix.normalize(posix.join(posix.dirname(path), source)));
          assert.ok(inside || beside, `${path} names ${source}, which is neither in the map nor in the package`);
        });
      }
      assert.ok(!maps.some((file) => /hls/.test(file.path)), 'no map of hls.js');
      for (const { path } of pack.files.filter((file) => file.path.endsWith('.js'))) {
        const code = readFileSync(join(bare, 'node_modules', PACKAGE, path), 'utf8');
        const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
        if (named) assert.ok(shipped().has(posix.join(posix.dirname(path), named)), `${path} names ${named}, which is not shipped`);
      }
    });

    it('names only shipped files in sideEffects, and keeps the sandbox media the CLI serves', () => {
      const { sideEffects } = JSON.parse(readFileSync(join(bare, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as {
        sideEffects: string[];
      };
      for (const pattern of sideEffects) {
        const matcher = new RegExp(`^${pattern.replace(/^\.\//, '').replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
        assert.ok(
          [...shipped()].some((path) => matcher.test(path)),
          `sideEffects names ${pattern}, which matches no shipped file`,
        );
      }
      for (const media of ['poster.jpg', 'low.mp4', 'hls/index.m3u8']) assert.ok(shipped().has(`dist/sandbox/media/${media}`), media);
    });
  });

  describe('a bare install', () => {
    it('installs no server packages (hono is an optional peer of the server entries)', () => {
      assert.ok(!existsSync(join(bare, 'node_modules/hono')), 'hono installed');
      assert.ok(!existsSync(join(bare, 'node_modules/@hono/node-server')), '@hono/node-server installed');
      assert.ok(!existsSync(join(bare, 'node_modules/@lit-labs/ssr')), '@lit-labs/ssr installed');
      assert.ok(!existsSync(join(bare, 'node_modules/jsdom')), 'jsdom installed');
    });

    it("runs the README's CLI: the sandbox serves its API and media", async () => {
      const bin = join(bare, 'node_modules/.bin', PACKAGE);
      assert.match(await mustRun(bin, ['proxy', '--help'], bare), /--upstream/);
      const child = spawn(bin, ['sandbox', '--port', '0'], { cwd: bare });
      try {
        let output = '';
        child.stderr.on('data', (chunk) => (output += chunk));
        const url = await new Promise<string>((resolveUrl, reject) => {
          child.stdout.on('data', (chunk) => {
            output += chunk;
            const found = /Sandbox API: (\S+)/.exec(output);
            if (found) resolveUrl(found[1]!);
          });
          child.on('close', (code) => reject(new Error(`the sandbox exited (${code}):\n${output}`)));
        });
        const list = await fetch(`${url}/testimonials?limit=1`, { headers: { Authorization: 'Bearer sandbox-key' } });
        assert.equal(list.status, 200);
        assert.equal(((await list.json()) as { testimonials: unknown[] }).testimonials.length, 1);
        const poster = await fetch(url.replace(/\/v1$/, '/media/poster.jpg'));
        assert.equal(poster.status, 200);
        assert.ok((await poster.arrayBuffer()).byteLength > 1000);
      } finally {
        child.kill();
      }
    });

    it('says which packages the server entries need when they are missing', async () => {
      const { code, output } = await run(process.execPath, ['--input-type=module', '-e', `await import('${PACKAGE}/proxy')`], bare);
      assert.notEqual(code, 0);
      assert.match(output, /testimonial-elements\/proxy needs the package "hono".*npm i hono @hono\/node-server/);
      const ssr = await run(process.execPath, ['--input-type=module', '-e', `await import('${PACKAGE}/ssr')`], bare);
      assert.notEqual(ssr.code, 0);
      assert.match(ssr.output, /testimonial-elements\/ssr needs the package "@lit-labs\/ssr".*npm i @lit-labs\/ssr jsdom/);
    });
  });

  it('serves the proxy in front of the sandbox from the server entries where Hono is installed', async () => {
    const script = `
      import { createProxy } from '${PACKAGE}/proxy';
      import { createSandbox } from '${PACKAGE}/sandbox';
      const sandbox = createSandbox();
      const proxy = createProxy({ apiKey: 'sandbox-key', upstream: 'http://sandbox.test/v1', fetch: sandbox.fetch });
      const answer = await proxy.fetch(new Request('http://localhost/testimonials?limit=2'));
      console.log(answer.status, (await answer.json()).testimonials.length);`;
    assert.equal((await mustRun(process.execPath, ['--input-type=module', '-e', script], app)).trim(), '200 2');
  });

  describe('the apps type-check with skipLibCheck: false', () => {
    const checks: Array<[string, string[]]> = [
      ['TypeScript 5.9: plain page, React 19, Vue 3 entry', [join(repoModules, 'typescript/bin/tsc'), '-p', 'tsconfig.json']],
      [
        'TypeScript 5.9: Node server on the proxy and sandbox entries',
        [join(repoModules, 'typescript/bin/tsc'), '-p', 'server/tsconfig.json'],
      ],
      ['TypeScript 7: plain page, React 19, Vue 3 entry', [join(repoModules, 'typescript7/bin/tsc'), '-p', 'tsconfig.json']],
      [
        'TypeScript 7: Node server on the proxy and sandbox entries',
        [join(repoModules, 'typescript7/bin/tsc'), '-p', 'server/tsconfig.json'],
      ],
      // vue-tsc runs on TypeScript's JavaScript API, which TypeScript 7 does not have: 5.9 here.
      ['vue-tsc (TypeScript 5.9): the Vue SFC template', [join(repoModules, 'vue-tsc/bin/vue-tsc.js'), '-p', 'vue/tsconfig.json']],
    ];
    /** The checks run side by side (each is mostly waiting on one core): title → version and result. */
    let results: Map<string, readonly [version: string, result: Run]>;

    before(async () => {
      const done = await Promise.all(
        checks.map(
          async ([title, args]) =>
            [title, [await mustRun(process.execPath, [args[0]!, '--version'], app), await run(process.execPath, args, app)]] as const,
        ),
      );
      results = new Map(done);
    });

    for (const [title] of checks) {
      it(title, () => {
        const [version, { code, output }] = results.get(title)!;
        if (title.startsWith('TypeScript 7')) assert.match(version, /Version 7\./);
        if (title.startsWith('TypeScript 5.9')) assert.match(version, /Version 5\.9\./);
        assert.equal(output.trim(), '');
        assert.equal(code, 0);
      });
    }
  });

  for (const framework of ['react', 'vue'] as const) {
    describe(`the ${framework} app, built with Vite`, () => {
      let outDir: string;

      before(async () => {
        outDir = join(work, `${framework}-dist`);
        await build({
          configFile: false,
          root: join(app, framework),
          logLevel: 'warn',
          plugins: framework === 'vue' ? [vue({ template: { compilerOptions: { isCustomElement: (tag) => TAGS.has(tag) } } })] : [],
          oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
          build: { outDir, emptyOutDir: true, target: 'es2022' },
        });
      });

      for (const name of BROWSERS) {
        it(`runs in ${name}: properties, attributes and events reach the elements`, async () => {
          const server = await startStaticServer({ root: outDir });
          const browser = await launch(name);
          try {
            const watched = await watchedPage(browser);
            await watched.page.goto(`${server.origin}/`, { waitUntil: 'load' });
            const events = () => watched.page.$$eval('#log li', (items) => items.map((item) => (item as HTMLElement).dataset.event ?? ''));
            await waitFor(
              async () => (await events()).some((entry) => entry.startsWith(`${framework} testimonial-card-load:`)),
              'the fetched card',
            );
            const log = await events();
            const loaded = log.find((entry) => entry.startsWith(`${framework} testimonial-wall-load:`));
            assert.ok(loaded && Number(loaded.split(':')[1]) > 0, `the wall loaded testimonials (${log.join(', ')})`);
            const id = log.find((entry) => entry.startsWith(`${framework} testimonial-card-load:`))!.split(':')[1];
            assert.ok(log.includes(`dom testimonial-card-load:${id}`), 'a plain DOM listener heard the same event');
            assert.match(await deepText(watched.page, '#featured-card'), /Ada Example/);
            const query = watched.requestsTo((path) => path === '/api/testimonials').map((request) => new URL(request.url()).searchParams);
            // (The client sorts tags, so that walls asking the same question share one request.)
            assert.deepEqual(query[0]?.getAll('tags').sort(), ['mobile', 'pricing'], 'the tags array reached the wall as a property');
            assert.deepEqual([...watched.httpErrors, ...watched.errors], []);
          } finally {
            await browser.close();
            await server.close();
          }
        });
      }
    });
  }

  describe('the script-tag build of the installed package under a strict CSP with Trusted Types', () => {
    for (const name of BROWSERS) {
      it(`renders in ${name} without a violation`, async () => {
        const result = await runStrictCspPage({ cdnDir: join(bare, 'node_modules', PACKAGE, 'dist/cdn'), browser: name });
        assert.deepEqual(result.violations, []);
        assert.deepEqual(result.errors, []);
        assert.ok(result.cardsRendered > 0, 'cards rendered');
        assert.ok(result.marksRendered > 0, '<mark> highlights rendered');
      });
    }
  });
});
