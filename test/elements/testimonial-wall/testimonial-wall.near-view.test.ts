/**
 * A wall far out of view does nothing until it nears the viewport: no request, no layout or toolbar
 * chunk, no toolbar summary, no card (issue 23 item 4: /wall.html's thirteen walls each asked for their
 * page, and loaded their layout's and toolbar's chunks, before the first paint, which Lighthouse then
 * counted as blocking it), keeps a skeleton whose height no chunk changes, and still completes for
 * whoever awaits `updateComplete`.
 */
import { setViewport } from '@web/test-runner-commands';
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from './fake-api.js';
import { all, frames, loaded, part, until } from './wall-helpers.js';

/** A wall below a spacer `below` px tall (the fixture's first content), its load event counted. */
async function wallBelow(
  below: number,
  attributes: Record<string, string> = {},
): Promise<{ wall: TestimonialWall; api: FakeApi; loads: () => number; spacer: HTMLElement }> {
  const api = new FakeApi({ count: 6 });
  const box = await fixture<HTMLDivElement>(html`<div><div class="spacer" style="height: ${below}px"></div></div>`);
  const wall = document.createElement('testimonial-wall');
  wall.client = api.client();
  wall.setAttribute('limit', '6');
  for (const [name, value] of Object.entries(attributes)) wall.setAttribute(name, value);
  let loads = 0;
  wall.addEventListener('testimonial-wall-load', () => loads++);
  box.append(wall);
  return { wall, api, loads: () => loads, spacer: box.querySelector<HTMLElement>('.spacer')! };
}

const cards = (wall: TestimonialWall): number => all(wall, '[role="listitem"] testimonial-card').length;
const skeletons = (wall: TestimonialWall): number => all(wall, '[part~="skeleton"]').length;

/** The wall's chunks fetched so far (each test file runs in a page of its own: none before this file's walls). */
const CHUNKS = ['masonry-layout', 'moving-layouts', 'controls/wall-controls'];
function chunksFetched(): string[] {
  const names = performance.getEntriesByType('resource').map((entry) => entry.name);
  return CHUNKS.filter((chunk) => names.some((name) => name.endsWith(`/testimonial-wall/${chunk}.ts`)));
}

/** The toolbar's summary requests (it asks with the page's `fetch`), counted while the test runs. */
const summaryRequests: string[] = [];
const pageFetch = window.fetch;
before(() => {
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/summary')) summaryRequests.push(url);
    return pageFetch(input, init);
  };
});
after(() => {
  window.fetch = pageFetch;
});

const VIEWPORTS = [
  [1280, 900],
  [390, 844],
] as const;
const FAR_WALLS: Record<string, string>[] = [{ layout: 'masonry' }, { layout: 'carousel' }, { layout: 'marquee' }, { controls: 'rating' }];
/** Far walls' skeleton heights before any chunk is here, by viewport and attributes. */
const skeletonHeights = new Map<string, number>();

describe('<testimonial-wall> far out of view, its chunks', () => {
  // These tests run in order, first in the file: no wall has fetched a chunk before them.
  it('draws its skeleton with no chunk (heights kept for the last test)', async () => {
    try {
      for (const [width, height] of VIEWPORTS) {
        await setViewport({ width, height });
        for (const attributes of FAR_WALLS) {
          const { wall } = await wallBelow(innerHeight * 4, attributes);
          await frames(3);
          skeletonHeights.set(`${width}:${JSON.stringify(attributes)}`, wall.getBoundingClientRect().height);
          fixtureCleanup();
        }
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
    expect(chunksFetched(), 'no chunk for far walls').to.deep.equal([]);
  });

  for (const layout of ['masonry', 'carousel']) {
    it(`layout=${layout} with controls fetches no layout or toolbar chunk and no summary until near, then shows its cards`, async () => {
      const before = chunksFetched();
      summaryRequests.length = 0;
      const { wall, api, spacer, loads } = await wallBelow(innerHeight * 4, { layout, controls: 'rating' });
      await frames(6);
      expect(chunksFetched(), 'no chunk four screens below the viewport').to.deep.equal(before);
      expect(summaryRequests.length, 'no summary request').to.equal(0);
      expect(api.requests.length, 'no list request').to.equal(0);
      spacer.style.height = `${innerHeight * 1.5}px`;
      await until(() => loads() === 1, 'the first page once the wall is near');
      await wall.updateComplete;
      expect(all(wall, 'testimonial-card').length, 'its cards').to.equal(6);
      await until(() => summaryRequests.length > 0, "the toolbar's summary request once near");
      const chunk = layout === 'masonry' ? 'masonry-layout' : 'moving-layouts';
      expect(chunksFetched()).to.include.members([chunk, 'controls/wall-controls']);
      expect(part(wall, 'controls') !== null, 'the toolbar shows').to.equal(true);
      wall.remove();
    });
  }

  for (const [width, height] of VIEWPORTS) {
    it(`keeps the same skeleton height whether its chunks are here or not (${width} × ${height})`, async () => {
      await setViewport({ width, height });
      try {
        for (const attributes of FAR_WALLS) {
          // The chunks are all here by now (the tests above, and a near wall of each kind here).
          const near = await wallBelow(0, attributes);
          await until(() => near.loads() === 1, `a near wall's first page (${JSON.stringify(attributes)})`);
          await near.wall.updateComplete;
          const { wall } = await wallBelow(innerHeight * 4, attributes);
          await frames(3);
          expect(skeletons(wall), 'the far wall shows its skeleton').to.be.above(0);
          expect(`${JSON.stringify(attributes)}: ${wall.getBoundingClientRect().height}`).to.equal(
            `${JSON.stringify(attributes)}: ${skeletonHeights.get(`${width}:${JSON.stringify(attributes)}`)}`,
          );
          fixtureCleanup();
        }
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }
});

describe('<testimonial-wall> far out of view', () => {
  it('keeps its skeleton, asks nothing and builds no card until it nears the viewport, then shows its cards', async () => {
    const { wall, api, loads, spacer } = await wallBelow(innerHeight * 4);
    await frames(6);
    expect(api.requests.length, 'no request four screens below the viewport').to.equal(0);
    expect(loads()).to.equal(0);
    expect(cards(wall), 'no card built four screens below the viewport').to.equal(0);
    expect(skeletons(wall), 'the skeleton keeps its space').to.be.above(0);
    const height = wall.getBoundingClientRect().height;
    // Scrolled to within a screen of it (the spacer shrinks: the same as scrolling, without moving the runner's page).
    spacer.style.height = `${innerHeight * 1.5}px`;
    await until(() => cards(wall) === 6, 'the cards once the wall is near');
    expect(api.requests.length, 'one request, once near').to.equal(1);
    expect(wall.getBoundingClientRect().height >= height, 'the wall kept at least its reserved height').to.equal(true);
  });

  it('a wall in view shows its cards without being scrolled to', async () => {
    const { wall } = await wallBelow(0);
    await loaded(wall);
    expect(cards(wall)).to.equal(6);
  });

  it('is complete for whoever awaits updateComplete, however far out of view it stays', async () => {
    const { wall, loads } = await wallBelow(innerHeight * 4);
    await frames(2);
    await wall.updateComplete;
    await until(() => loads() === 1, 'the first page arrives');
    await wall.updateComplete;
    expect(cards(wall)).to.equal(6);
    expect(skeletons(wall)).to.equal(0);
  });
});
