import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { all, columnsOf, frames, loaded, part, preferReducedMotion, visibleItems, wallOf, until } from './wall-helpers.js';

/**
 * Holes in a masonry wall: space between two cards of a column beyond the gap (as between blocks that
 * were balanced apart), or a column that ends above where a card of another starts (as when columns
 * are filled one after the other). Placing each card under the column that ends highest leaves none.
 */
function masonryHoles(wall: TestimonialWall, gap = 16): string[] {
  const columns = new Map<number, DOMRect[]>();
  for (const item of all(wall, '[role="listitem"]')) {
    const box = item.getBoundingClientRect();
    columns.set(Math.round(box.left), [...(columns.get(Math.round(box.left)) ?? []), box]);
  }
  const holes: string[] = [];
  const lowestTop = Math.max(...[...columns.values()].flat().map((box) => box.top));
  for (const [left, boxes] of columns) {
    boxes.sort((a, b) => a.top - b.top);
    boxes.slice(1).forEach((box, index) => {
      const space = box.top - boxes[index]!.bottom;
      if (space > gap + 1) holes.push(`column at x=${left}: ${Math.round(space)} px between two cards`);
    });
    const end = boxes.at(-1)!.bottom;
    if (end < lowestTop - 1) holes.push(`column at x=${left} ends at ${Math.round(end)}, a card starts at ${Math.round(lowestTop)}`);
  }
  return holes;
}

/** Testimonials whose first is far longer than the others (shown whole with text-limit="5000"). */
function oneLongFirst(count: number) {
  const testimonials = makeTestimonials(count);
  testimonials[0] = { ...testimonials[0]!, text: 'A long story of how the product changed our team. '.repeat(40) };
  return testimonials;
}

/** A wall of six testimonials, the first far longer, in a box `width` pixels wide, rendered and placed. */
async function longFirstWall(width: number): Promise<{ box: HTMLDivElement; wall: TestimonialWall }> {
  const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px">
    <testimonial-wall .testimonials=${oneLongFirst(6)} text-limit="5000"></testimonial-wall>
  </div>`);
  const wall = box.querySelector('testimonial-wall')!;
  await wall.updateComplete;
  await frames(2);
  return { box, wall };
}

describe('<testimonial-wall> masonry, grid, list', () => {
  it('masonry places each card under the column that ends highest, so no column leaves a hole', async () => {
    const { wall } = await longFirstWall(900);
    expect(columnsOf(wall)).to.equal(3);
    expect(masonryHoles(wall)).to.deep.equal([]);
  });

  it('masonry leaves no hole between pages after "Load more"', async () => {
    const api = new FakeApi({ count: 12 });
    api.testimonials.splice(0, 1, oneLongFirst(1)[0]!);
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px">
      <testimonial-wall .client=${api.client()} limit="6" text-limit="5000"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    await wall.loadMore();
    await wall.updateComplete;
    expect(all(wall, '[role="listitem"]')).to.have.length(12);
    // Cards are placed a frame after they are measured, and again when content-visibility starts
    // rendering one (its real height replaces the assumed one): wait for the last placement.
    await until(() => masonryHoles(wall).length === 0, 'no holes once the cards are placed').catch(() => undefined);
    expect(masonryHoles(wall)).to.deep.equal([]);
  });

  it('masonry never moves the cards in view when a page arrives', async () => {
    const api = new FakeApi({ count: 20 });
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px">
      <testimonial-wall .client=${api.client()} limit="10"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    // Cards are placed by a ResizeObserver, at the next rendering (before it is painted).
    await frames(2);
    expect(columnsOf(wall)).to.equal(3);
    const boxes = () =>
      all(wall, '[role="listitem"]')
        .filter((item) => item.getBoundingClientRect().top < innerHeight)
        .map((item) => {
          const { left, top, width, height } = item.getBoundingClientRect();
          return [left, top, width, height].map(Math.round).join(' ');
        });
    const before = boxes();
    await wall.loadMore();
    await wall.updateComplete;
    await frames(2);
    expect(all(wall, '[role="listitem"]')).to.have.length(20);
    expect(before.length).to.be.greaterThan(2);
    expect(boxes().slice(0, before.length).join(', ')).to.equal(before.join(', '));
  });

  it('masonry slices that skip rendering as a whole leave no hole once scrolled through', async function () {
    this.timeout(60000);
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px">
      <testimonial-wall .testimonials=${oneLongFirst(120)} text-limit="5000"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await wall.updateComplete;
    await until(() => all(wall, '.batch.deferred').length > 1 && !all(wall, '.batch.deferred:not(.grouped)').length, 'every slice placed');
    expect(getComputedStyle(all(wall, '.batch')[1]!).contentVisibility, 'the premise: a slice skips as a whole').to.equal('auto');
    // Every card comes into view (and renders at its own height) once, then the wall is placed again.
    for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight / 2) {
      scrollTo(0, top);
      await frames(3);
    }
    scrollTo(0, 0);
    await frames(3);
    expect(masonryHoles(wall)).to.deep.equal([]);
  });

  it('masonry places nothing in one column (a phone), places the cards once the wall widens, and lets go when it narrows', async () => {
    const { box, wall } = await longFirstWall(390);
    const list = part(wall, 'list')!;
    // Nothing written: the list is the grid its style sheet makes, its cards where that grid puts them,
    // a card not yet rendered assumed as the wall's styles assume it (a sixth of the skeleton, one of its boxes).
    const placing = ['display', 'block-size', 'padding-block-start', 'grid-area', 'margin-block-start', '--_item-size'];
    const written = () =>
      [list, ...all(wall, '.batch'), ...all(wall, '[role="listitem"]')].filter((element) =>
        placing.some((name) => element.style.getPropertyValue(name) !== ''),
      );
    expect(columnsOf(wall)).to.equal(1);
    expect(written()).to.deep.equal([]);
    box.style.width = '900px';
    // (A grid's items stretch to their row, which the hole count cannot tell from masonry: wait for placing.)
    await until(() => written().length > 0 && masonryHoles(wall).length === 0, 'the cards placed without holes').catch(() => undefined);
    expect(written()).not.to.deep.equal([]);
    expect(columnsOf(wall)).to.equal(3);
    expect(masonryHoles(wall)).to.deep.equal([]);
    box.style.width = '390px';
    await until(() => written().length === 0, 'the inline styles taken back').catch(() => undefined);
    expect(columnsOf(wall)).to.equal(1);
    expect(written()).to.deep.equal([]);
  });

  it('masonry slices take the list’s columns from the style sheet, never by inheriting them', async () => {
    // A child that inherits explicitly (`inherit`) makes the browser restyle every child of the list
    // whenever the list's own style changes, as its height does when cards are placed: with a thousand
    // cards, hundreds of slices restyled at every slice that came.
    const wall = await wallOf(40);
    const slices = all(wall, '.batch');
    await until(() => slices.every((slice) => slice.style.display === 'grid'), 'every slice placed').catch(() => undefined);
    expect(slices.length).to.be.greaterThan(1);
    expect(columnsOf(wall)).to.equal(3);
    expect(slices.filter((slice) => slice.style.display !== 'grid')).to.deep.equal([]);
    expect(slices.map((slice) => slice.style.cssText).filter((style) => style.includes('inherit'))).to.deep.equal([]);
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

describe('<testimonial-wall> marquee', () => {
  let restoreMotion: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await restoreMotion?.();
    restoreMotion = undefined;
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
    const state = () => getComputedStyle(track).animationPlayState;
    await sendMouse({ type: 'move', position: [Math.round(box.left + 30), Math.round(box.top + 30)] });
    await until(() => state() === 'paused', 'hover pauses');
    await sendMouse({ type: 'move', position: [Math.round(box.left + 30), Math.round(box.bottom + 60)] });
    await until(() => state() === 'running', 'leaving resumes');

    all(wall, '[role="listitem"] testimonial-card')[0]!.shadowRoot!.querySelector<HTMLElement>('a[href]')!.focus();
    await until(() => state() === 'paused', 'focus pauses');
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

  it('brings a card that takes focus into view, wherever the motion had taken it, and stops there', async () => {
    const wall = await wallOf(8, { layout: 'marquee' }, 600);
    // Something focusable after the wall: the last Tab must land in the page. Past the page's last
    // element Firefox moves focus to its own UI, and the document stays unfocused for the test files
    // after this one (their keyboard tests then fail).
    const after = document.createElement('button');
    after.textContent = 'after';
    wall.after(after);
    const track = all(wall, '.marquee-track')[0]!;
    const row = all(wall, '.marquee-row')[0]!.getBoundingClientRect();
    const animation = track.getAnimations()[0]!;
    // Far into the loop: the first cards have slid out of the row.
    animation.currentTime = Number(animation.effect!.getTiming().duration) * 0.6;
    part<HTMLButtonElement>(wall, 'marquee-toggle')!.focus();
    const visited = new Set<Element>();
    for (let step = 0; step < 40; step++) {
      await sendKeys({ press: 'Tab' });
      if (document.activeElement === after) break;
      const item = wall.shadowRoot!.activeElement?.closest('.marquee .item');
      if (!item) break;
      visited.add(item);
      const box = item.getBoundingClientRect();
      expect(box.left, `card ${visited.size} starts in the row`).to.be.at.least(row.left - 1);
      expect(box.right, `card ${visited.size} ends in the row`).to.be.at.most(row.right + 1);
      expect(getComputedStyle(track).animationPlayState).to.equal('paused');
    }
    expect(visited.size).to.equal(8);
    expect(document.activeElement, 'Tab left the wall for the button after it').to.equal(after);
  });

  it('stands still under reduced motion, with no copies', async () => {
    restoreMotion = await preferReducedMotion();
    const wall = await wallOf(6, { layout: 'marquee' });
    expect(all(wall, '.marquee-set[aria-hidden="true"]')).to.have.length(0);
    expect(getComputedStyle(all(wall, '.marquee-track')[0]!).animationName).to.equal('none');
    expect(part(wall, 'marquee-toggle')).to.equal(null);
    expect(all(wall, '[role="listitem"]')).to.have.length(6);
  });
});
