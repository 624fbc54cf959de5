/**
 * One script-tag build for the Node test files that only read it (size, script-tag page, strict-CSP
 * page). `node --test` runs each file in a process of its own, so the build is kept on disk, in a folder
 * named after a hash of everything that goes into it (src/, scripts/, package-lock.json): the first file
 * builds (about 20 s with the Terser pass), the others reuse it, and any change of an input means a new
 * build. Readers must not write into the folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildCdn, type BuiltChunk } from '../../scripts/cdn-build.js';

const root = resolve(import.meta.dirname, '../..');
const cacheRoot = join(root, 'node_modules/.cache/testimonial-elements-cdn');

export interface SharedCdnBuild {
  /** A folder holding `cdn/` (the build) and nothing else; serve it as a site root. */
  root: string;
  /** `root/cdn`: `testimonial-elements.js` and `chunks/`. */
  cdnDir: string;
  chunks: BuiltChunk[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A hash of the build's inputs: file names and contents. */
function inputsKey(): string {
  const hash = createHash('sha256');
  const inputs = [...filesUnder(join(root, 'src')), ...filesUnder(join(root, 'scripts')), join(root, 'package-lock.json')].sort();
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export async function sharedCdnBuild(): Promise<SharedCdnBuild> {
  const key = inputsKey();
  const done = join(cacheRoot, key);
  if (!existsSync(join(done, 'chunks.json'))) {
    mkdirSync(cacheRoot, { recursive: true });
    // Build beside the final place and rename: a reader never sees half a build, and two builders
    // racing leave one complete copy.
    const building = mkdtempSync(join(cacheRoot, `.${key}-`));
    const chunks = await buildCdn(join(building, 'cdn'));
    writeFileSync(join(building, 'chunks.json'), JSON.stringify(chunks));
    for (const old of readdirSync(cacheRoot)) {
      if (old !== key && !old.startsWith('.')) rmSync(join(cacheRoot, old), { recursive: true, force: true });
    }
    try {
      renameSync(building, done);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const chunks = JSON.parse(readFileSync(join(done, 'chunks.json'), 'utf8')) as BuiltChunk[];
  return { root: done, cdnDir: join(done, 'cdn'), chunks };
}
