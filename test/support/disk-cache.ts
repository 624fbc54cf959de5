/**
 * A build made once for all the Node test files that need it. `node --test` runs each file in a process
 * of its own (several at a time), so the result is kept on disk under `node_modules/.cache/<name>/<key>`,
 * where the key is a hash of everything that goes into it: the first process builds, the others wait for
 * it and reuse the result, and any change of an input means a new build (older ones are removed).
 * Readers must not write into the folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** A builder that held the lock longer than this is taken for dead (a killed test run). */
const STALE_LOCK_MS = 10 * 60_000;

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of the names and contents of the files under `inputs` (paths relative to the repository). */
export function inputsKey(inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesUnder(join(repoRoot, input))).sort();
  for (const file of files) hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * The folder holding `build`'s output for these inputs, built now if no process has built it yet.
 * `build` writes into the empty folder it is given; `done` names a file it writes last, whose presence
 * says the build is complete.
 */
export async function cachedBuild(
  name: string,
  inputs: readonly string[],
  done: string,
  build: (dir: string) => Promise<void>,
): Promise<string> {
  const cacheRoot = join(repoRoot, 'node_modules/.cache', name);
  const key = inputsKey(inputs);
  const finished = join(cacheRoot, key);
  const lock = join(cacheRoot, `.${key}.lock`);
  mkdirSync(cacheRoot, { recursive: true });
  while (!existsSync(join(finished, done))) {
    try {
      // mkdir is atomic: one process builds, the others poll until its result appears.
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (existsSync(join(finished, done))) break;
      // Built beside the final place and renamed: a reader never sees half a build.
      const building = mkdtempSync(join(cacheRoot, `.${key}-`));
      await build(building);
      for (const old of readdirSync(cacheRoot)) {
        if (old !== key && !old.startsWith('.')) rmSync(join(cacheRoot, old), { recursive: true, force: true });
      }
      rmSync(finished, { recursive: true, force: true });
      renameSync(building, finished);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return finished;
}
