/**
 * renderWall given its first page (`testimonials`) and the `endpoint` the browser pages on from: what
 * the proxy's `/render/wall`, a static build with data in hand, and a page rendered from a cache all do.
 * The server must render the cards, whatever the endpoint looks like, and ask nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TestimonialList } from '../../src/client/types.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderWall } from '../../src/ssr/index.js';

async function firstPage(limit: number) {
  const answer = await createSandbox().fetch(
    new Request(`http://sandbox.test/v1/testimonials?limit=${limit}&approved=true`, { headers: { Authorization: 'sandbox-key' } }),
  );
  return (await answer.json()) as TestimonialList;
}

describe('renderWall with a given page and an endpoint', () => {
  for (const endpoint of ['/api', 'https://proxy.example.com/api']) {
    it(`renders every card with endpoint="${endpoint}", and no error`, async () => {
      const page = await firstPage(4);
      const warnings: unknown[] = [];
      const warn = console.warn;
      console.warn = (...parts: unknown[]) => void warnings.push(parts.join(' '));
      let html: string;
      try {
        html = await renderWall({ testimonials: page, attributes: { endpoint, limit: 4 } });
      } finally {
        console.warn = warn;
      }
      assert.deepEqual(warnings, []);
      assert.ok(!html.includes('Could not load testimonials'), 'the wall rendered its error state');
      assert.equal(html.match(/<div class="tc"[\s>]/g)?.length, 4, 'four cards');
    });
  }
});
