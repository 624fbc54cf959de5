import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { FakeApi } from './fake-api.js';
import { all, columnsOf, frames, loaded, part, preferReducedMotion, visibleItems, wallOf, until } from './wall-helpers.js';

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
    const boxes = () =>
      all(wall, '[role="listitem"]').map((item) => {
        const { left, top, width, height } = item.getBoundingClientRect();
        return [left, top, width, height].map(Math.round).join(' ');
      });
    const before = boxes();
    await wall.loadMore();
    await wall.updateComplete;
    const after = boxes();
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

  it('stands still under reduced motion, with no copies', async () => {
    restoreMotion = await preferReducedMotion();
    const wall = await wallOf(6, { layout: 'marquee' });
    expect(all(wall, '.marquee-set[aria-hidden="true"]')).to.have.length(0);
    expect(getComputedStyle(all(wall, '.marquee-track')[0]!).animationName).to.equal('none');
    expect(part(wall, 'marquee-toggle')).to.equal(null);
    expect(all(wall, '[role="listitem"]')).to.have.length(6);
  });
});
