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
    const live = root.querySelector('testimonial-card')!;
    const flat = root.querySelector('.tc')!;
    const size = (e: Element) => { const r = e.getBoundingClientRect(); return `${r.width}x${r.height}`; };
    console.log("live", size(live), size(live.shadowRoot!.querySelector("article")!), "flat", size(flat), size(flat.querySelector("article")!));
    for (const sheet of root.adoptedStyleSheets) console.log('sheet', sheet.cssRules.length, [...sheet.cssRules].slice(-3).map((r) => r.cssText.slice(0, 300)).join(' | '));
    const css = (e: Element, p: string) => getComputedStyle(e).getPropertyValue(p);
    for (const sel of ['footer', '.name', 'blockquote', '.rating']) console.log(sel, css(live.shadowRoot!.querySelector(sel)!, 'margin'), css(flat.querySelector(sel)!, 'margin'), css(live.shadowRoot!.querySelector(sel)!, 'font-size'), css(flat.querySelector(sel)!, 'font-size'));
    expect(root.querySelectorAll('.tc > article').length).to.be.greaterThan(0);
  });
});
