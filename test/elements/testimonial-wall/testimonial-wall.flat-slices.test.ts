import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { makeTestimonials } from './fake-api.js';

describe('<testimonial-wall> flat slices', () => {
  it('writes the slices after the first as markup', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px"><testimonial-wall layout="grid"></testimonial-wall></div>`);
    const wall = box.querySelector('testimonial-wall')! as TestimonialWall;
    await import('../../../src/elements/testimonial-wall/chunked-list.js').then((m) => m.sliceSizer.load());
    const t0 = performance.now();
    wall.testimonials = makeTestimonials(100);
    await wall.updateComplete;
    const root = wall.shadowRoot!;
    console.log('ms', performance.now() - t0, 'live', root.querySelectorAll('testimonial-card').length, 'flat', root.querySelectorAll('.tc > article').length, 'batches', root.querySelectorAll('.batch').length);
    console.log(root.querySelector('.tc')?.outerHTML.slice(0, 3000));
    expect(root.querySelectorAll('.tc > article').length).to.be.greaterThan(0);
  });
});
