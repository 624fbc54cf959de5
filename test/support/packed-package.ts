/**
 * The package as npm publishes it: `npm pack` of a fresh build, for the Node test files that install it
 * into throwaway apps. Like `shared-cdn-build.ts`, it is kept on disk in a folder named after a hash of
 * everything that goes into it (src/, scripts/, bin/, package.json, package-lock.json, README, LICENSE,
 * tsconfig.json): the first file builds and packs (the build runs on a copy, so the repository's own
 * dist/ is left alone), the others reuse the tarball, and any change of an input means a new one.
 * Readers must not write into the folder.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { mustRun } from './run-command.js';

const root = resolve(import.meta.dirname, '../..');
const cacheRoot = join(root, 'node_modules/.cache/testimonial-elements-pack');
const INPUTS = ['package.json', 'package-lock.json', 'README.md', 'LICENSE', 'tsconfig.json', 'bin', 'scripts', 'src'];
const TARBALL = 'testimonial-elements.tgz';

export interface PackedPackage {
  /** The `npm pack` tarball: install it with `npm install <tarball>`. */
  tarball: string;
  /** The folder that holds the tarball (and nothing a reader should change). */
  dir: string;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of the package's inputs: file names and contents. */
function inputsKey(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => filesUnder(join(root, entry))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export async function packedPackage(): Promise<PackedPackage> {
  const key = inputsKey();
  const dir = join(cacheRoot, key);
  if (!existsSync(join(dir, TARBALL))) {
    mkdirSync(cacheRoot, { recursive: true });
    // Build and pack beside the final place, then rename: a reader never sees half a tarball, and two
    // packers racing leave one complete copy.
    const building = mkdtempSync(join(cacheRoot, `.${key}-`));
    try {
      const source = join(building, 'source');
      for (const entry of INPUTS) cpSync(join(root, entry), join(source, entry), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
      await mustRun(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], source);
      const packed = JSON.parse(await mustRun('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', building], source)) as [
        { filename: string },
      ];
      renameSync(join(building, packed[0].filename), join(building, TARBALL));
      rmSync(source, { recursive: true, force: true });
      for (const old of readdirSync(cacheRoot)) {
        if (old !== key && !old.startsWith('.')) rmSync(join(cacheRoot, old), { recursive: true, force: true });
      }
      renameSync(building, dir);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(join(dir, TARBALL))) throw error;
    }
  }
  return { tarball: join(dir, TARBALL), dir };
}
