import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from './fake-api.js';
import { all, containsStyle, frames, loaded, part, preferReducedMotion, shownIds, wallOf, until } from './wall-helpers.js';

function status(wall: TestimonialWall): string {
  return wall.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
}

describe('<testimonial-wall> carousel', () => {
  let restoreMotion: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await restoreMotion?.();
    restoreMotion = undefined;
    await resetMouse();
  });

  function track(wall: TestimonialWall): HTMLElement {
    return part(wall, 'track')!;
  }

  async function settled(wall: TestimonialWall): Promise<void> {
    let last = -1;
    await until(
      () => {
        const now = track(wall).scrollLeft;
        const still = now === last;
        last = now;
        return still;
      },
      'the track stops scrolling',
      { interval: 100 },
    );
  }

  /** Waits until slide `index` is at the start edge and the track has stopped moving. */
  async function reaches(wall: TestimonialWall, index: number): Promise<void> {
    await until(() => current(wall) === index, `slide ${index} reaches the start edge`, { timeout: 5000 });
    await settled(wall);
  }

  /** The index of the slide at the start edge. */
  function current(wall: TestimonialWall): number {
    const edge = getComputedStyle(track(wall)).direction === 'rtl' ? 'right' : 'left';
    const start = track(wall).getBoundingClientRect()[edge];
    const slides = all(wall, '.slide');
    const distances = slides.map((slide) => Math.abs(slide.getBoundingClientRect()[edge] - start));
    return distances.indexOf(Math.min(...distances));
  }

  it('follows the WAI-ARIA carousel pattern', async () => {
    const wall = await wallOf(5, { layout: 'carousel', label: 'Customer stories' });
    const region = part(wall, 'carousel')!;
    expect(region.localName).to.equal('section');
    expect(region.getAttribute('aria-roledescription')).to.equal('carousel');
    expect(region.getAttribute('aria-label')).to.equal('Customer stories');
    const slides = all(wall, '[part="slide"]');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).to.deep.equal(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    expect(
      slides.every((slide) => slide.getAttribute('role') === 'group' && slide.getAttribute('aria-roledescription') === 'slide'),
    ).to.equal(true);
    expect(part(wall, 'previous')!.getAttribute('aria-label')).to.equal('Previous testimonial');
    expect(part(wall, 'next')!.getAttribute('aria-controls')).to.equal(track(wall).id);
    expect(part(wall, 'rotation-control')).to.equal(null);
    const style = getComputedStyle(track(wall));
    expect(style.scrollSnapType).to.contain('x');
    expect(style.overflowX).to.equal('auto');
  });

  it('moves with the previous and next buttons, wrapping around at the ends', async () => {
    const wall = await wallOf(5, { layout: 'carousel' }, 400);
    part(wall, 'next')!.click();
    await reaches(wall, 1);
    part(wall, 'previous')!.click();
    await reaches(wall, 0);
    part(wall, 'previous')!.click();
    await reaches(wall, 4);
    part(wall, 'next')!.click();
    await reaches(wall, 0);
    expect(wall.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Testimonial 1 of 5');
  });

  it("turning to a slice not rendered yet changes no slice's style containment (each change walks the whole document)", async () => {
    const wall = await wallOf(40, { layout: 'carousel' }, 400);
    const slices = all(wall, '.batch');
    expect(slices.filter((slice) => slice.classList.contains('deferred')).length, 'the premise: slices not rendered yet').to.be.greaterThan(
      0,
    );
    const before = slices.map(containsStyle);
    // From the first slide, "Previous" wraps around to the last, in the last slice.
    part(wall, 'previous')!.click();
    await reaches(wall, 39);
    expect(slices.at(-1)!.style.contentVisibility, 'the premise: the last slice is rendered now').to.equal('visible');
    expect(all(wall, '.batch').map(containsStyle)).to.deep.equal(before);
  });

  it('moves with the arrow keys, Home and End on the focused track', async () => {
    const wall = await wallOf(5, { layout: 'carousel' }, 400);
    track(wall).focus();
    await sendKeys({ press: 'ArrowRight' });
    await reaches(wall, 1);
    await sendKeys({ press: 'End' });
    await reaches(wall, 4);
    await sendKeys({ press: 'ArrowLeft' });
    await reaches(wall, 3);
    await sendKeys({ press: 'Home' });
    await reaches(wall, 0);
  });

  it('mirrors the arrow keys in right-to-left pages', async () => {
    const wall = await wallOf(5, { layout: 'carousel', dir: 'rtl' }, 400);
    track(wall).focus();
    await sendKeys({ press: 'ArrowLeft' });
    await reaches(wall, 1);
    expect(track(wall).scrollLeft).to.be.lessThan(0);
    await sendKeys({ press: 'ArrowRight' });
    await reaches(wall, 0);
  });

  it('loads the next page at the end when paging allows it', async () => {
    const api = new FakeApi({ count: 6 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 400px">
      <testimonial-wall .client=${api.client()} layout="carousel" limit="3"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    for (let i = 1; i <= 2; i++) {
      part(wall, 'next')!.click();
      await reaches(wall, i);
    }
    part(wall, 'next')!.click();
    await until(() => shownIds(wall).length === 6, 'page 2 arrives');
    await reaches(wall, 3);
    expect(all(wall, '.slide').map((slide) => slide.getAttribute('aria-label'))[5]).to.equal('6 of 6');
  });

  it('autoplay turns the slides, pauses on hover and focus, and the rotation control stops it', async () => {
    const wall = await wallOf(4, { layout: 'carousel', autoplay: '', 'autoplay-interval': '1000' }, 400);
    const region = part(wall, 'carousel')!;
    const control = part<HTMLButtonElement>(wall, 'rotation-control')!;
    expect(control.textContent!.trim()).to.equal('Stop automatic slide show');
    expect(region.classList.contains('rotating')).to.equal(true);
    await until(() => current(wall) === 1, 'the carousel turns by itself', { timeout: 5000 });

    const box = wall.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + 80)] });
    await until(() => !region.classList.contains('rotating'), 'hover pauses');
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.bottom + 60)] });
    await until(() => region.classList.contains('rotating'), 'leaving resumes');

    // A slide in view: the one the carousel left becomes inert once the track rests (sooner on a
    // loaded machine, where the mouse moves above take longer), and focus() on it does nothing.
    const shown = all(wall, '.slide').find((slide) => !slide.inert)!;
    shown.focus();
    expect(wall.shadowRoot!.activeElement === shown, 'the slide in view takes focus').to.equal(true);
    await until(() => !region.classList.contains('rotating'), 'focus pauses');
    shown.blur();
    await until(() => region.classList.contains('rotating'), 'blur resumes');

    control.click();
    await wall.updateComplete;
    expect(control.textContent!.trim()).to.equal('Start automatic slide show');
    control.blur();
    await frames();
    expect(region.classList.contains('rotating')).to.equal(false);
  });

  it('never rotates under reduced motion, and offers no rotation control', async () => {
    restoreMotion = await preferReducedMotion();
    const wall = await wallOf(4, { layout: 'carousel', autoplay: '' }, 400);
    expect(part(wall, 'rotation-control')).to.equal(null);
    expect(part(wall, 'carousel')!.classList.contains('rotating')).to.equal(false);
    await restoreMotion();
    restoreMotion = undefined;
    await until(() => part(wall, 'rotation-control'), 'the preference is followed live');
  });

  it('gives each slide a share of the wall by its width (container queries)', async () => {
    const width = async (wallWidth: number) => {
      const wall = await wallOf(4, { layout: 'carousel' }, wallWidth);
      return all(wall, '.slide')[0]!.getBoundingClientRect().width / track(wall).clientWidth;
    };
    expect(await width(400)).to.be.greaterThan(0.95);
    expect(await width(700)).to.be.within(0.45, 0.5);
    expect(await width(1100)).to.be.within(0.3, 0.34);
  });

  it('Tab from the track enters the slide in view, not slide 1: slides out of view are inert', async () => {
    const wall = await wallOf(5, { layout: 'carousel' }, 400);
    track(wall).focus();
    await sendKeys({ press: 'ArrowRight' });
    await reaches(wall, 1);
    await sendKeys({ press: 'ArrowRight' });
    await reaches(wall, 2);
    await until(() => all(wall, '.slide').filter((slide) => !slide.inert).length === 1, 'only slide 3 is reachable');
    await sendKeys({ press: 'Tab' });
    const focused = wall.shadowRoot!.activeElement!;
    expect(focused.closest('.slide') === all(wall, '.slide')[2], 'focus is in slide 3').to.equal(true);
    await settled(wall);
    expect(current(wall)).to.equal(2);
  });

  it('with several slides in view, moves and "n of m" end at the last slide that reaches the start', async () => {
    // 1000 px: three slides in view.
    const wall = await wallOf(10, { layout: 'carousel' }, 1000);
    part(wall, 'previous')!.click();
    await reaches(wall, 7);
    expect(status(wall)).to.equal('Testimonials 8 to 10 of 10.');
    part(wall, 'next')!.click();
    await reaches(wall, 0);
    expect(status(wall)).to.equal('Testimonials 1 to 3 of 10.');
    track(wall).focus();
    await sendKeys({ press: 'End' });
    await reaches(wall, 7);
    expect(status(wall)).to.equal('Testimonials 8 to 10 of 10.');
    await sendKeys({ press: 'ArrowLeft' });
    await reaches(wall, 6);
    expect(status(wall)).to.equal('Testimonials 7 to 9 of 10.');
  });

  it('counts on from where it is when "next" at the end loads a page', async () => {
    const api = new FakeApi({ count: 12 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 1000px">
      <testimonial-wall .client=${api.client()} layout="carousel" limit="9"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    track(wall).focus();
    await sendKeys({ press: 'End' });
    await reaches(wall, 6);
    expect(status(wall)).to.equal('Testimonials 7 to 9 of 9.');
    part(wall, 'next')!.click();
    await until(() => shownIds(wall).length === 12, 'page 2 arrives');
    await reaches(wall, 7);
    await until(() => status(wall) === 'Testimonials 8 to 10 of 12.', 'the count goes on from slide 8');
  });

  it('is as tall as the slides in view, not its tallest slide, and changes as the reader moves it', async () => {
    const wall = await wallOf(4, { layout: 'carousel' }, 400);
    all(wall, 'testimonial-card')[2]!.style.minBlockSize = '700px';
    await frames(2);
    const height = () => Math.round(track(wall).getBoundingClientRect().height);
    const slide = (index: number) => Math.round(all(wall, '.slide')[index]!.getBoundingClientRect().height);
    expect(slide(0)).to.be.lessThan(500);
    // The slide, the track's padding, and a scrollbar where the browser draws one.
    expect(height()).to.be.within(slide(0), slide(0) + 24);
    part(wall, 'next')!.click();
    await reaches(wall, 1);
    part(wall, 'next')!.click();
    await reaches(wall, 2);
    await until(() => height() >= 700, 'the tall slide in view makes the track tall');
    part(wall, 'next')!.click();
    await reaches(wall, 3);
    await until(() => height() <= slide(3) + 24, 'and short again after it');
  });

  it('lets Tab into every slide that comes into view when the wall grows wider', async () => {
    const wall = await wallOf(5, { layout: 'carousel' }, 400);
    const reachable = () => all(wall, '.slide').filter((slide) => !slide.inert).length;
    await until(() => reachable() === 1, 'one slide in view');
    wall.parentElement!.style.width = '1100px';
    await until(() => reachable() === 3, 'three slides in view');
  });

  it('keeps the height of its tallest slide while it turns by itself, so the page never moves on its own', async () => {
    const wall = await wallOf(4, { layout: 'carousel', autoplay: '' }, 400);
    all(wall, 'testimonial-card')[2]!.style.minBlockSize = '700px';
    await frames(2);
    expect(track(wall).getBoundingClientRect().height).to.be.at.least(700);
  });

  it('its skeleton puts the track where the carousel will have it', async () => {
    const api = new FakeApi({ count: 6 });
    api.hold();
    const box = await fixture<HTMLDivElement>(html`<div style="width: 1000px">
      <testimonial-wall .client=${api.client()} layout="carousel"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await frames(3);
    const top = () => Math.round(wall.shadowRoot!.querySelector('.track')!.getBoundingClientRect().top - wall.getBoundingClientRect().top);
    const before = top();
    api.release();
    await loaded(wall);
    expect(top()).to.equal(before);
  });
});
