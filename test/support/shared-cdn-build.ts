/**
 * One script-tag build for every Node test file that reads or serves it (size, script-tag page,
 * strict-CSP page, server rendering's browser tests, Lighthouse): the one in the packed package
 * (packed-package.ts), which the package tests need anyway, so a test run builds it once (about 20 s
 * with the Terser pass). Its JavaScript is the same as a build from the repository's sources (only the
 * source maps' relative paths differ). Readers must not write into the folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltChunk } from '../../scripts/cdn-build.js';
import { packedPackage } from './packed-package.js';

export interface SharedCdnBuild {
  /** A folder holding `cdn/` (the build) and nothing else; serve it as a site root. */
  root: string;
  /** `root/cdn`: `testimonial-elements.js` and `chunks/`. */
  cdnDir: string;
  chunks: BuiltChunk[];
}

export async function sharedCdnBuild(): Promise<SharedCdnBuild> {
  const { cdnSite, cdnChunks } = await packedPackage();
  const chunks = JSON.parse(readFileSync(cdnChunks, 'utf8')) as BuiltChunk[];
  return { root: cdnSite, cdnDir: join(cdnSite, 'cdn'), chunks };
}
