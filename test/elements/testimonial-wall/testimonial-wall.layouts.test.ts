import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { WALL_LAYOUTS, WALL_THEMES } from '../../../src/elements/testimonial-wall/wall-options.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { all, frames, loaded, part, shownIds } from './wall-helpers.js';

/** A wall of `count` given testimonials in a box `width` pixels wide, fully rendered. */
async function wallOf(count: number, attributes: Record<string, string> = {}, width = 900): Promise<TestimonialWall> {
  const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
  const wall = document.createElement('testimonial-wall');
  for (const [name, value] of Object.entries(attributes)) wall.setAttribute(name, value);
  wall.testimonials = makeTestimonials(count);
  box.append(wall);
  await wall.updateComplete;
  return wall;
}

/** Distinct left edges of the visible list items: the number of columns in use. */
function columnsOf(wall: TestimonialWall): number {
  const visible = all(wall, '[role="listitem"]').filter((item) => item.getClientRects().length > 0);
  return new Set(visible.map((item) => Math.round(item.getBoundingClientRect().left))).size;
}

function visibleItems(wall: TestimonialWall): number {
  return all(wall, '[role="listitem"]').filter((item) => getComputedStyle(item).display !== 'none').length;
}

describe('<testimonial-wall> layouts: accessibility', () => {
  // Cards out of view skip rendering (content-visibility: auto); axe cannot see their background then
  // and would judge dark text against white. A viewport that holds the whole wall lets it see all.
  before(() => setViewport({ width: 1000, height: 1000 }));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const layout of WALL_LAYOUTS) {
    for (const theme of WALL_THEMES) {
      it(`${layout} in the ${theme} theme is axe clean`, async () => {
        const wall = await wallOf(6, { layout, theme, autoplay: '' });
        await frames(2);
        await expect(wall).to.be.accessible();
      });
    }
  }

  it('masonry, grid and list are one list of list items', async () => {
    for (const layout of ['masonry', 'grid', 'list']) {
      const wall = await wallOf(5, { layout, label: 'What customers say' });
      const lists = all(wall, '[role="list"]');
      expect(lists, layout).to.have.length(1);
      expect(lists[0]!.getAttribute('aria-label')).to.equal('What customers say');
      expect(all(wall, '[role="listitem"]')).to.have.length(5);
    }
  });

  it('the error and empty states are axe clean', async () => {
    const api = new FakeApi({ count: 0 });
    const empty = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()}></testimonial-wall>`);
    await loaded(empty);
    await expect(empty).to.be.accessible();
    api.failNext = 1;
    const failing = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} theme="dark"></testimonial-wall>`);
    await waitUntil(() => part(failing, 'retry'));
    await expect(failing).to.be.accessible();
  });
});

describe('<testimonial-wall> masonry, grid, list', () => {
  it('masonry balances each batch in CSS columns and never moves placed cards when a page arrives', async () => {
    const api = new FakeApi({ count: 20 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px">
      <testimonial-wall .client=${api.client()} limit="10"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    const batch = wall.shadowRoot!.querySelector<HTMLElement>('.batch')!;
    expect(getComputedStyle(batch).columnCount).to.equal('3');
    expect(columnsOf(wall)).to.equal(3);
    const before = all(wall, '[role="listitem"]').map((item) => item.getBoundingClientRect().toJSON());
    await wall.loadMore();
    await wall.updateComplete;
    const after = all(wall, '[role="listitem"]').map((item) => item.getBoundingClientRect().toJSON());
    expect(after).to.have.length(20);
    expect(after.slice(0, 10)).to.deep.equal(before);
  });

  it('grid columns follow the wall’s width and --testimonial-wall-columns', async () => {
    expect(columnsOf(await wallOf(6, { layout: 'grid' }, 300))).to.equal(1);
    expect(columnsOf(await wallOf(6, { layout: 'grid' }, 620))).to.equal(2);
    expect(columnsOf(await wallOf(6, { layout: 'grid' }, 1000))).to.equal(3);
    const two = await wallOf(6, { layout: 'grid', style: '--testimonial-wall-columns: 2' }, 1000);
    expect(columnsOf(two)).to.equal(2);
    const gap = await wallOf(2, { layout: 'grid', style: '--testimonial-wall-gap: 40px' }, 1000);
    const [first, second] = all(gap, '[role="listitem"]').map((item) => item.getBoundingClientRect());
    expect(Math.round(second!.left - first!.right)).to.equal(40);
  });

  it('list is one column at any width', async () => {
    expect(columnsOf(await wallOf(4, { layout: 'list' }, 1000))).to.equal(1);
  });

  it('limits items per breakpoint of the wall’s own width, and hides "Load more" once the limit is full', async () => {
    const limits = { 'max-items-sm': '2', 'max-items-md': '4', 'max-items-lg': '6', layout: 'grid' };
    expect(visibleItems(await wallOf(10, limits, 400))).to.equal(2);
    expect(visibleItems(await wallOf(10, limits, 800))).to.equal(4);
    expect(visibleItems(await wallOf(10, limits, 1100))).to.equal(6);
    expect(visibleItems(await wallOf(10, { layout: 'grid' }, 400))).to.equal(10);

    const api = new FakeApi({ count: 30 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 400px">
      <testimonial-wall .client=${api.client()} limit="3" max-items-sm="3"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    expect(part(wall, 'load-more')).to.not.equal(null);
    expect(getComputedStyle(part(wall, 'load-more')!).display).to.equal('none');
    box.style.width = '800px';
    await frames();
    expect(getComputedStyle(part(wall, 'load-more')!).display).to.not.equal('none');
  });
});

describe('<testimonial-wall> carousel', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    await resetMouse();
  });

  function track(wall: TestimonialWall): HTMLElement {
    return part(wall, 'track')!;
  }

  async function settled(wall: TestimonialWall): Promise<void> {
    let last = -1;
    await waitUntil(() => {
      const now = track(wall).scrollLeft;
      const still = now === last;
      last = now;
      return still;
    }, 'the track stops scrolling', { interval: 100 });
  }

  /** The index of the slide at the start edge. */
  function current(wall: TestimonialWall): number {
    const start = track(wall).getBoundingClientRect().left;
    const slides = all(wall, '.slide');
    const distances = slides.map((slide) => Math.abs(slide.getBoundingClientRect().left - start));
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
    expect(slides.every((slide) => slide.getAttribute('role') === 'group' && slide.getAttribute('aria-roledescription') === 'slide')).to.equal(true);
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
    await settled(wall);
    expect(current(wall)).to.equal(1);
    part(wall, 'previous')!.click();
    await settled(wall);
    expect(current(wall)).to.equal(0);
    part(wall, 'previous')!.click();
    await settled(wall);
    expect(current(wall)).to.equal(4);
    part(wall, 'next')!.click();
    await settled(wall);
    expect(current(wall)).to.equal(0);
    expect(wall.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Testimonial 1 of 5');
  });

  it('moves with the arrow keys, Home and End on the focused track', async () => {
    const wall = await wallOf(5, { layout: 'carousel' }, 400);
    track(wall).focus();
    await sendKeys({ press: 'ArrowRight' });
    await settled(wall);
    expect(current(wall)).to.equal(1);
    await sendKeys({ press: 'End' });
    await settled(wall);
    expect(current(wall)).to.equal(4);
    await sendKeys({ press: 'ArrowLeft' });
    await settled(wall);
    expect(current(wall)).to.equal(3);
    await sendKeys({ press: 'Home' });
    await settled(wall);
    expect(current(wall)).to.equal(0);
  });

  it('mirrors the arrow keys in right-to-left pages', async () => {
    const wall = await wallOf(5, { layout: 'carousel', dir: 'rtl' }, 400);
    track(wall).focus();
    await sendKeys({ press: 'ArrowLeft' });
    await settled(wall);
    expect(track(wall).scrollLeft).to.be.lessThan(0);
  });

  it('loads the next page at the end when paging allows it', async () => {
    const api = new FakeApi({ count: 6 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 400px">
      <testimonial-wall .client=${api.client()} layout="carousel" limit="3"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    for (let i = 0; i < 2; i++) {
      part(wall, 'next')!.click();
      await settled(wall);
    }
    part(wall, 'next')!.click();
    await waitUntil(() => shownIds(wall).length === 6, 'page 2 arrives');
    await settled(wall);
    expect(current(wall)).to.equal(3);
    expect(all(wall, '.slide').map((slide) => slide.getAttribute('aria-label'))[5]).to.equal('6 of 6');
  });

  it('autoplay turns the slides, pauses on hover and focus, and the rotation control stops it', async () => {
    const wall = await wallOf(4, { layout: 'carousel', autoplay: '', 'autoplay-interval': '1000' }, 400);
    const region = part(wall, 'carousel')!;
    const control = part<HTMLButtonElement>(wall, 'rotation-control')!;
    expect(control.textContent!.trim()).to.equal('Stop automatic slide show');
    expect(region.classList.contains('rotating')).to.equal(true);
    await waitUntil(() => current(wall) === 1, 'the carousel turns by itself', { timeout: 5000 });

    const box = wall.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + 80)] });
    await waitUntil(() => !region.classList.contains('rotating'), 'hover pauses');
    await resetMouse();
    await waitUntil(() => region.classList.contains('rotating'), 'leaving resumes');

    all(wall, '.slide')[0]!.focus();
    await waitUntil(() => !region.classList.contains('rotating'), 'focus pauses');
    all(wall, '.slide')[0]!.blur();
    await waitUntil(() => region.classList.contains('rotating'), 'blur resumes');

    control.click();
    await wall.updateComplete;
    expect(control.textContent!.trim()).to.equal('Start automatic slide show');
    control.blur();
    await frames();
    expect(region.classList.contains('rotating')).to.equal(false);
  });

  it('never rotates under reduced motion, and offers no rotation control', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const wall = await wallOf(4, { layout: 'carousel', autoplay: '' }, 400);
    expect(part(wall, 'rotation-control')).to.equal(null);
    expect(part(wall, 'carousel')!.classList.contains('rotating')).to.equal(false);
    await emulateMedia({ reducedMotion: 'no-preference' });
    await waitUntil(() => part(wall, 'rotation-control'), 'the preference is followed live');
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
});

describe('<testimonial-wall> marquee', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    await resetMouse();
  });

  it('moves endless rows whose second copy is hidden from assistive technology and inert', async () => {
    const wall = await wallOf(6, { layout: 'marquee', 'marquee-rows': '2' });
    const rows = all(wall, '.marquee-row');
    expect(rows).to.have.length(2);
    expect(all(wall, '[role="listitem"]')).to.have.length(6);
    const copies = all(wall, '.marquee-set[aria-hidden="true"]');
    expect(copies).to.have.length(2);
    expect(copies.every((copy) => copy.inert)).to.equal(true);
    expect(copies.every((copy) => copy.querySelectorAll('[role]').length === 0)).to.equal(true);
    const tracks = all(wall, '.marquee-track');
    expect(getComputedStyle(tracks[0]!).animationName).to.equal('testimonial-wall-marquee');
    expect(getComputedStyle(tracks[1]!).animationDirection).to.equal('reverse');
    expect(getComputedStyle(tracks[0]!).animationPlayState).to.equal('running');
  });

  it('pauses on hover, on focus and with its toggle', async () => {
    const wall = await wallOf(4, { layout: 'marquee' });
    const track = all(wall, '.marquee-track')[0]!;
    const box = part(wall, 'marquee')!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 30), Math.round(box.top + 30)] });
    expect(getComputedStyle(track).animationPlayState).to.equal('paused');
    await resetMouse();
    expect(getComputedStyle(track).animationPlayState).to.equal('running');

    all(wall, '[role="listitem"] testimonial-card')[0]!.shadowRoot!.querySelector<HTMLElement>('a[href]')!.focus();
    expect(getComputedStyle(track).animationPlayState).to.equal('paused');
    (wall.shadowRoot!.activeElement as HTMLElement | null)?.blur();
    (document.activeElement as HTMLElement | null)?.blur();

    const toggle = part<HTMLButtonElement>(wall, 'marquee-toggle')!;
    expect(toggle.textContent!.trim()).to.equal('Pause moving testimonials');
    toggle.click();
    await wall.updateComplete;
    toggle.blur();
    expect(getComputedStyle(track).animationPlayState).to.equal('paused');
    expect(toggle.textContent!.trim()).to.equal('Play moving testimonials');
  });

  it('stands still under reduced motion, with no copies', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const wall = await wallOf(6, { layout: 'marquee' });
    expect(all(wall, '.marquee-set[aria-hidden="true"]')).to.have.length(0);
    expect(getComputedStyle(all(wall, '.marquee-track')[0]!).animationName).to.equal('none');
    expect(part(wall, 'marquee-toggle')).to.equal(null);
    expect(all(wall, '[role="listitem"]')).to.have.length(6);
  });
});
