/**
 * README's element reference and its events table are generated from the manifest
 * (scripts/readme-elements.ts, run by `npm run build`): this fails when the JSDoc changed and README
 * was not regenerated.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generatedSections, replaceBetweenMarkers } from '../scripts/readme-elements.js';
import { buildManifest } from './support/manifest.js';

describe('README', () => {
  it('says what the elements’ JSDoc says: the element reference and the events table are up to date', () => {
    const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
    let expected = readme;
    for (const [name, content] of Object.entries(generatedSections(buildManifest()))) {
      expected = replaceBetweenMarkers(expected, name, content);
    }
    assert.ok(readme === expected, 'README is out of date: run `npm run build` (or the analyzer, then scripts/readme-elements.ts)');
  });

  it('describes the four elements in the order of ELEMENT_ORDER: wall, card, video player, summary', () => {
    const headings = [...generatedSections(buildManifest()).elements.matchAll(/^### `<([a-z-]+)>`/gm)].map((match) => match[1]);
    assert.deepEqual(headings, ['testimonial-wall', 'testimonial-card', 'video-testimonial', 'testimonial-summary', 'testimonial-form']);
  });

  it('lists every event of the four elements with its type', () => {
    const table = generatedSections(buildManifest()).events;
    for (const event of ['testimonial-wall-load', 'testimonial-card-error', 'testimonial-summary-dismiss', 'toggle', 'timeupdate']) {
      assert.match(table, new RegExp(`\\| \`${event}\` \\| \`\\w+\` \\|`), event);
    }
  });
});
