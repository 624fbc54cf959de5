// @test-serial: starts a browser (and builds React, Vue, Next.js and Astro apps)
/**
 * The package as a user meets it: `npm pack` of a fresh build (test/support/packed-package.ts, shared
 * with other test files), the tarball installed into throwaway apps (issue 18), never the sources. One
 * install serves every app (issue 25: the framework and package tests are one, each app built once, one
 * browser of each kind for all their pages): made as a bare install, then copied under the apps.
 *
 * - The tarball: its size and file count (printed), a LICENSE, the docs pages README links to, source
 *   maps that resolve, `sideEffects` entries that name shipped files.
 * - A bare install (`npm install testimonial-elements` and nothing else): no server packages, and the
 *   README's CLI commands work.
 * - The apps in `apps/` (a React 19 app, a Vue 3 app, a plain page's script, a Node server script),
 *   type-checked with `skipLibCheck: false` under TypeScript 5.9 (vue-tsc, which checks the SFC too) and 7.
 * - The framework example apps (demo/frameworks: React 19 and Vue 3), built with Vite against the
 *   installed package as an application builds them, and run in Chromium and Firefox ESR against the
 *   demo API (example-app.ts): properties, attributes and events reach the elements, remounting asks
 *   once per mount, and removed elements are collected.
 * - Server rendering in Next.js and Astro (test/frameworks/server-rendered-apps.ts): docs/frameworks.md's
 *   recipes, built by each framework's own build and loaded in both browsers.
 * - The script-tag build in the tarball, under the strict Content-Security-Policy docs/security.md
 *   documents, with Trusted Types required, in both browsers (csp-page.ts): no violation, no error, and
 *   everything on screen (cards, highlights, decoded references, a video played through hls.js from
 *   the media origin). And docs/security.md quotes exactly the policy that is checked.
 *
 * Offline-friendly: the tarball's own dependencies come from npm's cache (`--prefer-offline`); React,
 * Vue, Vite, Next.js, Astro and TypeScript come from this repository's node_modules, which the apps see
 * through a `node_modules` link in their parent folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'vite';
import {
  copyFrameworkApps,
  describeFrameworkHtml,
  describeFrameworkPages,
  startFrameworkApps,
  type FrameworkApps,
} from '../frameworks/server-rendered-apps.js';
import { inEachBrowser } from '../ssr/browsers.js';
import { packedPackage } from '../support/packed-package.js';
import { mustRun, run, type Run } from '../support/run-command.js';
import { runStrictCspPage } from './csp-page.js';
import { README_EXAMPLE_ORIGINS, strictCsp } from './csp-policy.js';
import { describeExampleApp, type ExampleApp } from './example-app.js';

const root = resolve(import.meta.dirname, '../..');
const repoModules = join(root, 'node_modules');
const PACKAGE = 'testimonial-elements';
const EXAMPLE_APPS: readonly ExampleApp[] = ['react', 'vue'];

const npm = (args: string[], cwd: string) => mustRun('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd);

/** Installs the tarball (and what it depends on, from npm's cache where it can) into a new project. */
async function installInto(dir: string, tarball: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', '--ignore-scripts', tarball], dir);
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => path.split('\\').join('/'));
}

describe('the packed package, installed as users install it', () => {
  let work: string;
  /** The paths the tarball holds (`package.json`, `dist/…`). */
  let shipped: Set<string>;
  /** The tarball's `dist/cdn`, the script-tag build as published. */
  let cdnDir: string;
  /** The apps' project: the tarball installed, React/Vue/Vite/Next.js/Astro/TypeScript from the repository. */
  let app: string;
  /** Only `npm install testimonial-elements`: nothing else on the module path. */
  let bare: string;
  /**
   * The Next.js and Astro apps, building from when the tarball is installed (beside the type checks and
   * the Vite builds: each mostly waits on a process of its own), then served.
   */
  let frameworkApps: Promise<FrameworkApps> | undefined;
  /** Awaited by each check of those apps: their build failing fails those, not the other apps' checks. */
  const served = (): Promise<FrameworkApps> => frameworkApps ?? Promise.reject(new Error('the tarball was not installed'));

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'package-test-'));
    const packed = await packedPackage();
    shipped = new Set(filesUnder(packed.dir));
    cdnDir = join(packed.dir, 'dist/cdn');
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    const unpacked = [...shipped].reduce((sum, path) => sum + statSync(join(packed.dir, path)).size, 0);
    console.log(`package tarball: ${mb(statSync(packed.tarball).size)} packed, ${mb(unpacked)} unpacked, ${shipped.size} files`);

    const deps = join(work, 'deps');
    mkdirSync(deps);
    symlinkSync(repoModules, join(deps, 'node_modules'), 'dir');
    app = join(deps, 'app');
    bare = join(work, 'bare');
    cpSync(join(import.meta.dirname, 'apps'), app, { recursive: true });
    copyFrameworkApps(app);
    // One `npm install` serves both: the apps' project gets the same tree (npm looks at no node_modules
    // above the project, so the apps' would be the bare one), copied, not linked: Node resolves a module
    // from its real path, and the server entries must find hono in the repository's node_modules above
    // the apps, not beside the bare install.
    await installInto(bare, packed.tarball);
    for (const file of ['package.json', 'package-lock.json', 'node_modules'])
      cpSync(join(bare, file), join(app, file), { recursive: true, verbatimSymlinks: true });
    frameworkApps = startFrameworkApps(app);
    // Awaited by the checks of those apps (served()); a failure is reported there, not as an unhandled rejection.
    frameworkApps.catch(() => {});
  });

  after(async () => {
    await (await frameworkApps?.catch(() => undefined))?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe('the tarball', () => {
    it('has the LICENSE that "license": "MIT" promises', () => {
      assert.ok(shipped.has('LICENSE'));
      assert.match(
        readFileSync(join(bare, 'node_modules', PACKAGE, 'LICENSE'), 'utf8'),
        /^MIT License\n\nCopyright \(c\) \d{4} testimonial-elements contributors/,
      );
    });

    it('ships the pages of docs/ that its README links to', () => {
      const readme = readFileSync(join(bare, 'node_modules', PACKAGE, 'README.md'), 'utf8');
      const pages = [...readme.matchAll(/\]\((docs\/[^)#]+\.md)[)#]/g)].map((match) => match[1]!);
      assert.ok(pages.length >= 10, `README links to ${pages.length} pages of docs/`);
      for (const page of pages) assert.ok(shipped.has(page), `README links to ${page}, which is not shipped`);
    });

    it('ships only source maps that resolve, and none of hls.js', () => {
      const maps = [...shipped].filter((path) => path.endsWith('.map'));
      for (const path of maps) {
        const map = JSON.parse(readFileSync(join(bare, 'node_modules', PACKAGE, path), 'utf8')) as {
          sources: string[];
          sourcesContent?: (string | null)[];
        };
        map.sources.forEach((source, index) => {
          const inside = typeof map.sourcesContent?.[index] === 'string';
          const beside = shipped.has(posix.normalize(posix.join(posix.dirname(path), source)));
          assert.ok(inside || beside, `${path} names ${source}, which is neither in the map nor in the package`);
        });
      }
      assert.ok(!maps.some((path) => /hls/.test(path)), 'no map of hls.js');
      for (const path of [...shipped].filter((file) => file.endsWith('.js'))) {
        const code = readFileSync(join(bare, 'node_modules', PACKAGE, path), 'utf8');
        const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
        if (named) assert.ok(shipped.has(posix.join(posix.dirname(path), named)), `${path} names ${named}, which is not shipped`);
      }
    });

    it('names only shipped files in sideEffects, and keeps the sandbox media the CLI serves', () => {
      const { sideEffects } = JSON.parse(readFileSync(join(bare, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as {
        sideEffects: string[];
      };
      for (const pattern of sideEffects) {
        const matcher = new RegExp(`^${pattern.replace(/^\.\//, '').replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
        assert.ok(
          [...shipped].some((path) => matcher.test(path)),
          `sideEffects names ${pattern}, which matches no shipped file`,
        );
      }
      for (const media of ['poster.jpg', 'low.mp4', 'hls/index.m3u8']) assert.ok(shipped.has(`dist/sandbox/media/${media}`), media);
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
      [
        'TypeScript 5.9: Node server on the proxy and sandbox entries',
        [join(repoModules, 'typescript/bin/tsc'), '-p', 'server/tsconfig.json'],
      ],
      ['TypeScript 7: plain page, React 19, Vue 3 entry', [join(repoModules, 'typescript7/bin/tsc'), '-p', 'tsconfig.json']],
      [
        'TypeScript 7: Node server on the proxy and sandbox entries',
        [join(repoModules, 'typescript7/bin/tsc'), '-p', 'server/tsconfig.json'],
      ],
      // vue-tsc runs on TypeScript's JavaScript API, which TypeScript 7 does not have: 5.9 here. One
      // program for every app and the Vue SFC (apps/vue/tsconfig.json), not a tsc run beside it.
      [
        'vue-tsc (TypeScript 5.9): plain page, React 19, Vue 3 entry and the Vue SFC template',
        [join(repoModules, 'vue-tsc/bin/vue-tsc.js'), '-p', 'vue/tsconfig.json'],
      ],
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

  describe('the framework apps built against the installed package, and the script tag under a strict CSP', () => {
    const outDirs = {} as Record<ExampleApp, string>;

    before(async () => {
      // The example apps with Vite, in this process, while Next.js and Astro build in theirs.
      // The apps import the package's sources (`../../../src/define.js`) so that they run from a
      // checkout; an application imports `testimonial-elements/define`, which is what this build gets.
      const installedDefine = createRequire(join(app, 'package.json')).resolve(`${PACKAGE}/define`);
      for (const name of EXAMPLE_APPS) {
        outDirs[name] = join(work, `${name}-dist`);
        const output = await build({
          configFile: join(root, `demo/frameworks/${name}/vite.config.ts`),
          logLevel: 'warn',
          resolve: { alias: [{ find: /^(?:\.\.\/)+src\/define\.js$/, replacement: installedDefine }] },
          // Neither minified nor its sizes reported: what the check reads is the bundle's modules and behaviour.
          build: { outDir: outDirs[name], emptyOutDir: true, minify: false, reportCompressedSize: false },
        });
        const modules = [output]
          .flat()
          .flatMap((result) => ('output' in result ? result.output : []))
          .flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
        assert.ok(modules.includes(installedDefine), `the ${name} app bundles the installed package`);
        assert.deepEqual(
          modules.filter((id) => id.startsWith(join(root, 'src'))),
          [],
          `the ${name} app bundles no source module`,
        );
      }
    });

    describeFrameworkHtml(served);

    // One browser of each kind for every app's pages.
    inEachBrowser((browserName, browser) => {
      for (const name of EXAMPLE_APPS) describeExampleApp(name, browserName, browser, () => outDirs[name]);
      describeFrameworkPages(browserName, browser, served);

      it('the script-tag build renders and plays under the strict CSP with Trusted Types, with no violation', async () => {
        const result = await runStrictCspPage({ cdnDir, browser: browser() });
        console.log(`# ${browserName}: ${JSON.stringify(result)}`);
        assert.deepEqual(result.violations, [], `CSP violations in ${browserName}`);
        assert.deepEqual(result.errors, [], `errors in ${browserName}`);
        assert.ok(result.cardsRendered >= 4, `cards with text on screen: ${result.cardsRendered}`);
        assert.ok(result.marksRendered > 0, 'highlights on screen');
      });
    });
  });
});

describe('The Content-Security-Policy section of docs/security.md', () => {
  it('quotes the checked policy, for the script tag and for a bundle', () => {
    const page = readFileSync(join(root, 'docs/security.md'), 'utf8');
    const { cdn, media } = README_EXAMPLE_ORIGINS;
    for (const scripts of [cdn, "'self'"]) {
      const policy = strictCsp({ scripts, api: "'self'", media });
      assert.ok(page.includes(policy), `docs/security.md quotes: ${policy}`);
    }
  });
});
