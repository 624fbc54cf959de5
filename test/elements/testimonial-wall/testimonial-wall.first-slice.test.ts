/**
 * On a phone, the first slice of a fetched page is a screenful of its single column, not the eight
 * cards of a desktop's screen. The task the answer arrives in builds the first slice, and at 4× CPU
 * eight cards made it the longest task of the demo's walls page after its first paint (Lighthouse's
 * blocking time, issue 23 item 4). Wider walls keep eight: masonry of two columns or more places a
 * slice a frame after it comes, so a first slice short of the screen would move the next one up in view.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/testimonial-wall/define.js';
import { DEFAULT_CHUNK_SIZE } from '../../../src/elements/testimonial-wall/chunked-list.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from './fake-api.js';
import { all, frames, until } from './wall-helpers.js';

const PAGE = 12;

/**
 * A wall of `layout` on `api`, in a viewport of `width` × `height`, whose first page answers after the
 * skeleton's first frame, as over a network: its skeleton's first box and gap, then its first slice,
 * once every card of the page is there.
 */
async function loadAfterSkeleton(
  layout: string,
  width: number,
  height: number,
  api = new FakeApi({ count: PAGE }),
): Promise<{ wall: TestimonialWall; cards: number; box: number; gap: number }> {
  await setViewport({ width, height });
  api.hold();
  const wall = await fixture<TestimonialWall>(
    html`<testimonial-wall layout=${layout} limit=${PAGE} .client=${api.client()}></testimonial-wall>`,
  );
  await until(() => all(wall, '.skeleton').length > 0, 'the skeleton');
  await frames(2);
  const box = all(wall, '.skeleton')[0]!.getBoundingClientRect().height;
  const gap = parseFloat(getComputedStyle(all(wall, '.items')[0]!).rowGap) || 0;
  api.release();
  await until(() => all(wall, '.batch').length > 0, 'the first slice');
  const cards = all(wall, '.batch')[0]!.querySelectorAll('.item').length;
  await until(() => all(wall, '[role="listitem"]').length === PAGE, 'every card, in the slices after it');
  return { wall, cards, box, gap };
}

describe('<testimonial-wall> first slice', () => {
  after(() => setViewport({ width: 800, height: 600 }));

  for (const layout of ['masonry', 'list'] as const) {
    it(`${layout} on a phone: the cards its screen shows, not eight`, async () => {
      const { cards, box, gap } = await loadAfterSkeleton(layout, 390, 844);
      expect(cards, 'fewer than a desktop screenful').to.be.below(DEFAULT_CHUNK_SIZE);
      expect(cards * (box + gap), 'as many rows of skeleton boxes as fill the screen').to.be.at.least(innerHeight);
    });
  }

  // Lighthouse's accessibility audit (axe's target-size) found "Load more" covered: the cards of the
  // slice after a phone's first, out of view, skipped rendering in boxes of the assumed 12rem, half a
  // real card at that width, and axe, reading their geometry, laid them out overflowing their boxes.
  // Where the skeleton's boxes stood in rows (masonry of two columns or more), a sixth of its height
  // was less than a box, and a card skipped there overflowed its place onto the next and "Load more"
  // (87 px at 800 × 600, 183 px in four columns, whose viewport is short so that some cards are out of view).
  // A grid's rows are as tall as their tallest card: its cases passed before, and hold it to that.
  for (const [layout, width, height] of [
    ['masonry', 390, 844],
    ['list', 390, 844],
    ['masonry', 800, 600],
    ['masonry', 1280, 200],
    ['grid', 800, 600],
    ['grid', 1280, 200],
  ] as const) {
    it(`${layout} at ${width} × ${height}: a card not yet rendered is assumed no shorter than it is`, async () => {
      const api = new FakeApi({ count: 2 * PAGE });
      for (const testimonial of api.testimonials) testimonial.text = 'A long testimonial, as many are. '.repeat(8);
      const { wall } = await loadAfterSkeleton(layout, width, height, api);
      await frames(2);
      const items = all(wall, '[role="listitem"]');
      const skipped = items.filter(
        (item) => !item.querySelector('testimonial-card')!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
      );
      expect(skipped.length, 'cards out of view skip rendering').to.be.above(0);
      const loadMore = all(wall, '[part~="load-more"]')[0]!.getBoundingClientRect();
      for (const item of items) {
        const card = item.querySelector('testimonial-card')!.getBoundingClientRect();
        expect(card.bottom, 'the card within its box').to.be.at.most(item.getBoundingClientRect().bottom + 1);
        expect(card.bottom, 'the card above "Load more"').to.be.at.most(loadMore.top);
      }
    });
  }

  for (const [layout, width, height] of [
    ['grid', 1280, 900],
    ['masonry', 800, 600],
  ] as const) {
    it(`${layout} at ${width} × ${height}: the default eight`, async () => {
      const { cards } = await loadAfterSkeleton(layout, width, height);
      expect(cards).to.equal(DEFAULT_CHUNK_SIZE);
    });
  }
});
