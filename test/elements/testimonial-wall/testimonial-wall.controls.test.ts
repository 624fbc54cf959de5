/**
 * Issue 28, items 10 and 12: the marquee's pause button shows its whole focus ring at the wall's
 * corner, and in a right-to-left page the carousel's arrows point the way their buttons go.
 */
import { expect, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { mount } from '../shared/mount.js';
import { FakeApi } from './fake-api.js';
import { loaded, part, until } from './wall-helpers.js';

/** Whether a glyph (‹ or ›), as drawn (mirrored or not), points left. */
function pointsLeft(glyph: HTMLElement): boolean {
  const mirrored = new DOMMatrix(getComputedStyle(glyph).transform === 'none' ? undefined : getComputedStyle(glyph).transform).a < 0;
  return (glyph.textContent!.trim() === '‹') !== mirrored;
}

describe('<testimonial-wall> controls', function () {
  this.timeout(20000);

  it('the marquee\'s "Pause moving testimonials" keeps its whole focus ring inside the wall (a clipping box around it)', async () => {
    const box = await mount<HTMLDivElement>(html`<div style="overflow: hidden; padding: 0"></div>`);
    const wall = document.createElement('testimonial-wall') as TestimonialWall;
    wall.client = new FakeApi({ count: 4 }).client();
    wall.setAttribute('layout', 'marquee');
    box.append(wall);
    await loaded(wall);
    await until(() => part(wall, 'marquee-toggle'), 'the pause button');
    const toggle = part(wall, 'marquee-toggle')!;
    // The shared focus ring (tokens.styles.ts): 2px wide, 2px off the button.
    const ring = 4;
    const button = toggle.getBoundingClientRect();
    const edges = wall.getBoundingClientRect();
    expect(button.top - ring, 'top edge').to.be.at.least(edges.top);
    expect(button.right + ring, 'right edge').to.be.at.most(edges.right);
  });

  it('in right to left, "next" (on the left) points left and "previous" right', async () => {
    const box = await mount<HTMLDivElement>(html`<div dir="rtl" lang="ar" style="inline-size: 900px"></div>`);
    const wall = document.createElement('testimonial-wall') as TestimonialWall;
    wall.client = new FakeApi({ count: 6 }).client();
    wall.setAttribute('layout', 'carousel');
    box.append(wall);
    await loaded(wall);
    await until(() => part(wall, 'next'), 'the carousel');
    const next = part(wall, 'next')!;
    const previous = part(wall, 'previous')!;
    expect(next.getBoundingClientRect().left).to.be.below(previous.getBoundingClientRect().left);
    expect(pointsLeft(next.querySelector('span')!), 'next').to.equal(true);
    expect(pointsLeft(previous.querySelector('span')!), 'previous').to.equal(false);
  });
});
