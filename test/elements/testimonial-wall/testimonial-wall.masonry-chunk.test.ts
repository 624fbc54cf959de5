/**
 * A file of its own, so that masonry's chunk has not arrived when the first wall renders (each test
 * file runs in a page of its own): the cards of a masonry wall are never shown where they are not to
 * stay. Drawn as a grid until the chunk placed them, the cards below a long one moved up by hundreds
 * of pixels (a layout shift in every page whose data came before the chunk).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { makeTestimonials } from './fake-api.js';
import { all, frames } from './wall-helpers.js';

/** Where each card shown is, by its testimonial's id. */
function cardBoxes(wall: TestimonialWall): Map<string, string> {
  const boxes = new Map<string, string>();
  for (const card of all<TestimonialCard>(wall, 'testimonial-card')) {
    const box = card.getBoundingClientRect();
    if (box.height > 0 && card.testimonial?.id) boxes.set(card.testimonial.id, `${Math.round(box.left)},${Math.round(box.top)}`);
  }
  return boxes;
}

describe('<testimonial-wall> masonry before its chunk', () => {
  it('shows its skeleton until the chunk is here, and each card where it stays', async () => {
    const testimonials = makeTestimonials(6);
    testimonials[0] = { ...testimonials[0]!, text: 'A long story of how the product changed our team. '.repeat(40) };
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px">
      <testimonial-wall .testimonials=${testimonials} text-limit="5000"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    const first = new Map<string, string>();
    const moved: string[] = [];
    // Every frame from the first render until all six cards have been shown for ten frames.
    for (let frame = 0, settled = 0; settled < 10 && frame < 600; frame++) {
      for (const [id, at] of cardBoxes(wall)) {
        if (!first.has(id)) first.set(id, at);
        else if (first.get(id) !== at) moved.push(`${id}: ${first.get(id)} → ${at}`);
      }
      if (first.size === testimonials.length) settled++;
      await frames(1);
    }
    expect(first.size, 'cards shown').to.equal(testimonials.length);
    expect([...new Set(moved)]).to.deep.equal([]);
  });
});
