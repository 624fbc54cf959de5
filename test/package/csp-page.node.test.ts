// @test-serial: starts a browser
/**
 * The script-tag build of the packed package (`dist/cdn` as published; test/support/packed-package.ts)
 * under the strict Content-Security-Policy docs/security.md documents, with Trusted Types required, in Chromium
 * and Firefox ESR: no violation, no error, and everything on screen (cards,
 * highlights, decoded references, a video played through hls.js from the media origin). And docs/security.md
 * quotes exactly the policy that is checked here.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { packedPackage } from '../support/packed-package.js';
import { runStrictCspPage } from './csp-page.js';
import { README_EXAMPLE_ORIGINS, strictCsp } from './csp-policy.js';

describe('the published script-tag build under a strict CSP with Trusted Types', () => {
  let cdnDir: string;

  before(async () => {
    cdnDir = join((await packedPackage()).dir, 'dist/cdn');
  });

  for (const browser of ['chromium', 'firefox'] as const) {
    it(`renders and plays with no violation in ${browser}`, async () => {
      const result = await runStrictCspPage({ cdnDir, browser });
      console.log(`# ${browser}: ${JSON.stringify(result)}`);
      assert.deepEqual(result.violations, [], `CSP violations in ${browser}`);
      assert.deepEqual(result.errors, [], `errors in ${browser}`);
      assert.ok(result.cardsRendered >= 4, `cards with text on screen: ${result.cardsRendered}`);
      assert.ok(result.marksRendered > 0, 'highlights on screen');
    });
  }
});

describe('The Content-Security-Policy section of docs/security.md', () => {
  it('quotes the checked policy, for the script tag and for a bundle', async () => {
    const readme = await readFile(join(import.meta.dirname, '../../docs/security.md'), 'utf8');
    const { cdn, media } = README_EXAMPLE_ORIGINS;
    for (const scripts of [cdn, "'self'"]) {
      const policy = strictCsp({ scripts, api: "'self'", media });
      assert.ok(readme.includes(policy), `docs/security.md quotes: ${policy}`);
    }
  });
});
