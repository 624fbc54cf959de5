/**
 * One script-tag build for every Node test file that reads or serves it (size, script-tag page,
 * strict-CSP page, server rendering's browser tests, Lighthouse), kept on disk by a hash of its inputs
 * (src/, scripts/, package-lock.json; see disk-cache.ts): the first file builds (about 20 s with the
 * Terser pass), the others reuse it. Readers must not write into the folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCdn, type BuiltChunk } from '../../scripts/cdn-build.js';
import { cachedBuild } from './disk-cache.js';

export interface SharedCdnBuild {
  /** A folder holding `cdn/` (the build) and nothing else; serve it as a site root. */
  root: string;
  /** `root/cdn`: `testimonial-elements.js` and `chunks/`. */
  cdnDir: string;
  chunks: BuiltChunk[];
}

export async function sharedCdnBuild(): Promise<SharedCdnBuild> {
  const root = await cachedBuild(
    'testimonial-elements-cdn',
    ['src', 'scripts', 'package-lock.json', 'test/support/shared-cdn-build.ts'],
    'chunks.json',
    async (dir) => {
      const chunks = await buildCdn(join(dir, 'cdn'));
      writeFileSync(join(dir, 'chunks.json'), JSON.stringify(chunks));
    },
  );
  const chunks = JSON.parse(readFileSync(join(root, 'chunks.json'), 'utf8')) as BuiltChunk[];
  return { root, cdnDir: join(root, 'cdn'), chunks };
}
