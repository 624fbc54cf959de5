/**
 * Issue 26, item 1: the server renders a wall's visitor toolbar in its initial state, and from the
 * page URL's choices (`controls-url`) when given: the first page narrowed as the browser's would be.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Testimonial } from '../../src/client/types.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderWall } from '../../src/ssr/index.js';

const sandbox = createSandbox();
const upstream = { url: 'http://sandbox.test/v1', apiKey: 'sandbox-key' };

function page(html: string): Testimonial[] {
  const found = /<script type="application\/json">([^<]*)<\/script><\/testimonial-wall>/.exec(html.replace(/<!--[\s\S]*?-->/g, ''));
  return (JSON.parse(found![1]!) as { testimonials: Testimonial[] }).testimonials;
}

describe('renderWall with controls', () => {
  it('renders the toolbar in its initial state: a searchbox in a search landmark, the type and sort radio groups', async () => {
    const html = await renderWall({
      upstream,
      fetch: sandbox.fetch,
      attributes: { endpoint: '/api', limit: 6, controls: 'search type sort' },
    });
    assert.match(html, /<form class="tb-search" role="search"/);
    assert.match(html, /<input[^>]*type="search"[^>]*aria-label="Search testimonials"/);
    assert.match(html, /role="toolbar"[^>]*aria-label="Filter and sort testimonials"/);
    assert.match(html, /role="radio"[^>]*aria-checked="true"[^>]*>\s*(<!--[^>]*-->)?\s*All/);
    assert.match(html, /role="radio"[^>]*aria-checked="true"[^>]*>\s*(<!--[^>]*-->)?\s*Newest first/);
    assert.doesNotMatch(html, /part="controls-reset"/);
  });

  it('renders the choices of the page URL (controls-url): the toolbar set, the first page narrowed', async () => {
    const html = await renderWall({
      upstream,
      fetch: sandbox.fetch,
      url: 'https://shop.example/reviews?t-type=video&t-sort=lowest&utm=x',
      attributes: { endpoint: '/api', limit: 6, controls: 'type sort', 'controls-url': true },
    });
    assert.match(html, / controls-url[ >]/);
    assert.match(html, /role="radio"[^>]*aria-checked="true"[^>]*>\s*(<!--[^>]*-->)?\s*Video/);
    assert.match(html, /role="radio"[^>]*aria-checked="true"[^>]*>\s*(<!--[^>]*-->)?\s*Lowest rated/);
    assert.match(html, /part="controls-reset"/);
    const shown = page(html);
    assert.ok(shown.length > 0 && shown.every((t) => t.type === 'video'), 'video testimonials only');
    const ratings = shown.map((t) => t.rating);
    assert.deepEqual(
      ratings,
      [...ratings].sort((a, b) => a - b),
      'lowest rated first',
    );
    // Without controls-url, the page URL is not read.
    const plain = await renderWall({
      upstream,
      fetch: sandbox.fetch,
      url: 'https://shop.example/reviews?t-type=video',
      attributes: { endpoint: '/api', limit: 6, controls: 'type' },
    });
    assert.ok(page(plain).some((t) => t.type === 'text'));
  });
});
