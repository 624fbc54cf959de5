/**
 * A wall within a screen of the viewport asks for its testimonials without waiting for the near
 * chunk: the near observer's chunk (and the in-view controller it imports) came first, then its
 * first answer, a frame later; on a slow network that put the first screen's testimonials 250–400 ms
 * later than a wall that asked at once. A file of its own: each test file runs in a page of its own, so
 * no other wall has fetched the chunk before these (the far walls of the near-view tests do).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { FakeApi } from './fake-api.js';
import { all, frames, until } from './wall-helpers.js';

const nearChunkFetched = (): boolean =>
  performance.getEntriesByType('resource').some((entry) => /\/testimonial-wall\/near\.ts(\?|$)/.test(entry.name));

describe('<testimonial-wall> in the first screen', () => {
  it('asks and shows its cards without fetching the near chunk; a far wall still fetches it', async () => {
    const api = new FakeApi({ count: 6 });
    const box = await fixture<HTMLDivElement>(html`<div><div style="height: ${innerHeight / 2}px"></div></div>`);
    const wall = document.createElement('testimonial-wall');
    wall.client = api.client();
    wall.setAttribute('limit', '6');
    box.append(wall);
    await until(() => all(wall, '[role="listitem"] testimonial-card').length === 6, 'its cards');
    await frames(2);
    expect(api.queries.length, 'one request').to.equal(1);
    expect(nearChunkFetched(), 'no near chunk for a wall in the first screen').to.equal(false);

    // Four screens down, it asks nothing: the near chunk tells it when it nears.
    const far = document.createElement('testimonial-wall');
    const farApi = new FakeApi({ count: 6 });
    far.client = farApi.client();
    far.style.marginTop = `${innerHeight * 4}px`;
    box.append(far);
    await until(nearChunkFetched, 'the near chunk for a far wall');
    await frames(2);
    expect(farApi.queries.length, 'no request four screens down').to.equal(0);
  });
});
