/**
 * The package as npm publishes it, for every Node test file that installs or reads it (the package
 * test, the framework app tests, and through shared-cdn-build.ts every test of the script-tag build):
 * a fresh build of a copy of the sources (the repository's own dist/ and README are left alone),
 * `npm pack`ed, and the tarball unpacked beside it. Built once per hash of its inputs and kept on disk
 * (disk-cache.ts), so several test files, even running at the same time, build and pack once. Readers
 * must not write into any of its folders.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedBuild, repoRoot } from './disk-cache.js';

/** What goes into the package: what `npm pack` ships and what the build reads. */
const INPUTS = ['package.json', 'package-lock.json', 'README.md', 'docs', 'LICENSE', 'tsconfig.json', 'bin', 'scripts', 'src'];

export interface PackedPackage {
  /** The `.tgz` that `npm pack` wrote: install it with `npm install <tarball>`. */
  tarball: string;
  /** The tarball's contents, unpacked (`package.json`, `dist/`, `custom-elements.json`…). */
  dir: string;
  /** A folder holding a copy of the build's `dist/cdn` as `cdn/` and nothing else: a site root. */
  cdnSite: string;
  /** The script-tag build's chunks, as `buildCdn` returned them (scripts/build.ts writes the list). */
  cdnChunks: string;
}

function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk) => ((stdout += chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolveRun(stdout) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed (${code}):\n${output}`)),
    );
  });
}

async function buildAndPack(dir: string): Promise<void> {
  // The copy is built outside node_modules/: under a `node_modules` path the bundlers treat the sources
  // as a dependency's (the published script-tag build lost its video player under the strict CSP page).
  const source = mkdtempSync(join(tmpdir(), 'packed-package-'));
  for (const entry of INPUTS) cpSync(join(repoRoot, entry), join(source, entry), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(source, 'node_modules'), 'dir');
  const chunks = join(dir, 'cdn-chunks.json');
  // Not type-checked again: `npm test`'s types phase checks these sources; no size report either
  // (test/size.node.test.ts measures): scripts/build.ts says why.
  await mustRun(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], source, {
    CDN_CHUNKS_JSON: chunks,
    BUILD_SKIP_TYPECHECK: '1',
    BUILD_SKIP_SIZE_REPORT: '1',
  });
  cpSync(join(source, 'dist/cdn'), join(dir, 'cdn-site/cdn'), { recursive: true });
  const [pack] = JSON.parse(await mustRun('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', dir], source)) as {
    filename: string;
  }[];
  const unpacked = join(dir, 'package');
  mkdirSync(unpacked);
  await mustRun('tar', ['-xzf', join(dir, pack!.filename), '-C', unpacked, '--strip-components=1'], dir);
  rmSync(source, { recursive: true, force: true });
  writeFileSync(join(dir, 'packed.json'), JSON.stringify({ filename: pack!.filename }));
}

export async function packedPackage(): Promise<PackedPackage> {
  // This file is an input too: a change in how the package is built and packed means a new one.
  const dir = await cachedBuild('testimonial-elements-pack', [...INPUTS, 'test/support/packed-package.ts'], 'packed.json', buildAndPack);
  const { filename } = JSON.parse(readFileSync(join(dir, 'packed.json'), 'utf8')) as { filename: string };
  return {
    tarball: join(dir, filename),
    dir: join(dir, 'package'),
    cdnSite: join(dir, 'cdn-site'),
    cdnChunks: join(dir, 'cdn-chunks.json'),
  };
}
