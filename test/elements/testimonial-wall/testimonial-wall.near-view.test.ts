/**
 * A wall far out of view does nothing until it nears the viewport: no request, no layout chunk, no card
 * (issue 23 item 4: /wall.html's thirteen walls each asked for their page, and loaded their layout's
 * chunk, before the first paint, which Lighthouse then counted as blocking it), and still completes
 * for whoever awaits `updateComplete`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from './fake-api.js';
import { all, frames, loaded, until } from './wall-helpers.js';

/** A wall below a spacer `below` px tall (the fixture's first content), its load event counted. */
async function wallBelow(below: number): Promise<{ wall: TestimonialWall; api: FakeApi; loads: () => number; spacer: HTMLElement }> {
  const api = new FakeApi({ count: 6 });
  const box = await fixture<HTMLDivElement>(html`<div><div class="spacer" style="height: ${below}px"></div></div>`);
  const wall = document.createElement('testimonial-wall');
  wall.client = api.client();
  wall.setAttribute('limit', '6');
  let loads = 0;
  wall.addEventListener('testimonial-wall-load', () => loads++);
  box.append(wall);
  return { wall, api, loads: () => loads, spacer: box.querySelector<HTMLElement>('.spacer')! };
}

const cards = (wall: TestimonialWall): number => all(wall, '[role="listitem"] testimonial-card').length;
const skeletons = (wall: TestimonialWall): number => all(wall, '[part~="skeleton"]').length;

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
