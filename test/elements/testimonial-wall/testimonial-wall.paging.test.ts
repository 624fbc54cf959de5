import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { all, frames, loaded, part, shownIds, until } from './wall-helpers.js';

function status(wall: TestimonialWall): string {
  return wall.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
}

describe('<testimonial-wall> paging="button"', () => {
  it('loads the next page with "Load more", announces it, moves focus to it, and stops at a short page', async () => {
    const api = new FakeApi({ count: 25 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="10"></testimonial-wall>`);
    await loaded(wall);
    expect(shownIds(wall)).to.have.length(10);
    const button = part<HTMLButtonElement>(wall, 'load-more')!;
    expect(button.textContent!.trim()).to.equal('Load more');

    button.focus();
    button.click();
    await oneEvent(wall, 'testimonial-wall-load');
    await until(() => wall.shadowRoot!.activeElement?.matches('.item'), 'focus moves to the first new testimonial');
    expect(shownIds(wall)).to.have.length(20);
    expect(all(wall, '.items .item').indexOf(wall.shadowRoot!.activeElement as HTMLElement)).to.equal(10);
    expect(status(wall)).to.equal('10 more testimonials loaded.');

    part<HTMLButtonElement>(wall, 'load-more')!.click();
    const { detail } = await oneEvent(wall, 'testimonial-wall-load');
    expect(detail.page).to.equal(3);
    await wall.updateComplete;
    expect(shownIds(wall)).to.deep.equal(makeTestimonials(25).map((testimonial) => testimonial.id));
    expect(part(wall, 'load-more')).to.equal(null);
    expect(status(wall)).to.equal('5 more testimonials loaded.');
    expect(api.queries).to.deep.equal(['?limit=10', '?limit=10&page=2', '?limit=10&page=3']);
  });

  it('loadMore() appends without duplicates when the data moved between pages', async () => {
    const api = new FakeApi({ count: 8 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    // A testimonial approved meanwhile pushes t-4 onto page 2.
    api.testimonials.unshift(makeTestimonials(1, 'new')[0]!);
    await wall.loadMore();
    await wall.updateComplete;
    expect(shownIds(wall)).to.deep.equal(['t-1', 't-2', 't-3', 't-4', 't-5', 't-6', 't-7']);
    expect(new Set(shownIds(wall)).size).to.equal(7);
  });

  it('asks once when loadMore() is called again while a page is on its way', async () => {
    const api = new FakeApi({ count: 12 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    api.hold();
    const first = wall.loadMore();
    const second = wall.loadMore();
    await wall.updateComplete;
    const button = part<HTMLButtonElement>(wall, 'load-more')!;
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(button.textContent!.trim()).to.equal('Loading…');
    api.release();
    await Promise.all([first, second]);
    await wall.updateComplete;
    expect(api.requests).to.have.length(2);
    expect(shownIds(wall)).to.have.length(8);
  });

  it('keeps focus on "Load more" while the page loads (aria-disabled, never disabled), then on the first new one', async () => {
    const api = new FakeApi({ count: 12 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    api.hold();
    const button = part<HTMLButtonElement>(wall, 'load-more')!;
    button.focus();
    button.click();
    await until(() => button.getAttribute('aria-disabled') === 'true', 'the button says it is busy');
    await frames(2);
    expect(button.disabled).to.equal(false);
    expect(document.activeElement).to.equal(wall);
    expect(wall.shadowRoot!.activeElement).to.equal(button);
    // A second press while loading does nothing.
    button.click();
    api.release();
    await until(() => wall.shadowRoot!.activeElement?.matches('.item'), 'focus moves to the first new testimonial');
    expect(all(wall, '.items .item').indexOf(wall.shadowRoot!.activeElement as HTMLElement)).to.equal(4);
    expect(api.requests).to.have.length(2);
  });

  it('keeps what it has when a further page fails, and offers to retry it', async () => {
    const api = new FakeApi({ count: 8 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    api.failNext = 1;
    const failed = oneEvent(wall, 'testimonial-wall-error');
    part<HTMLButtonElement>(wall, 'load-more')!.click();
    expect((await failed).detail.page).to.equal(2);
    await wall.updateComplete;
    expect(shownIds(wall)).to.have.length(4);
    expect(part(wall, 'error')!.textContent).to.contain('Could not load more testimonials');
    expect(part(wall, 'load-more')).to.equal(null);
    part<HTMLButtonElement>(wall, 'retry')!.click();
    await oneEvent(wall, 'testimonial-wall-load');
    await wall.updateComplete;
    expect(shownIds(wall)).to.have.length(8);
    expect(part(wall, 'error')).to.equal(null);
  });

  it('announces when a further page brings nothing new', async () => {
    const api = new FakeApi({ count: 4 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    await wall.loadMore();
    await wall.updateComplete;
    expect(status(wall)).to.equal('No more testimonials.');
    expect(part(wall, 'load-more')).to.equal(null);
  });
});

describe('<testimonial-wall> paging="scroll"', () => {
  it('loads the next page when the end of the wall comes into view, and no sooner', async () => {
    const api = new FakeApi({ count: 12 });
    const box = await fixture<HTMLDivElement>(html`<div style="height: 240px; overflow: auto">
      <testimonial-wall .client=${api.client()} limit="5" paging="scroll" layout="list"></testimonial-wall>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await loaded(wall);
    await frames(3);
    expect(api.requests).to.have.length(1);
    expect(part(wall, 'load-more')).to.equal(null);
    // Cards not yet seen take an assumed height until they render, so the end may move while we go:
    // keep scrolling to it, as a reader would.
    // The box must be in the viewport for its end to come into view: an earlier test may have left the
    // window scrolled (focus moved to a new testimonial) past where this fixture sits.
    box.scrollIntoView({ block: 'start' });
    const scrollToEnd = () => (box.scrollTop = box.scrollHeight);
    await until(() => scrollToEnd() && shownIds(wall).length >= 10, 'page 2 shown', { timeout: 5000 });
    await until(() => scrollToEnd() && shownIds(wall).length === 12, 'page 3 shown', { timeout: 5000 });
    await frames(3);
    expect(api.queries).to.deep.equal(['?limit=5', '?limit=5&page=2', '?limit=5&page=3']);
    expect(wall.shadowRoot!.querySelector('.sentinel')).to.equal(null);
  });
});

describe('<testimonial-wall> paging="none"', () => {
  it('shows one page, with no button and no sentinel', async () => {
    const api = new FakeApi({ count: 12 });
    const wall = await fixture<TestimonialWall>(
      html`<testimonial-wall .client=${api.client()} limit="5" paging="none"></testimonial-wall>`,
    );
    await loaded(wall);
    await frames(3);
    expect(shownIds(wall)).to.have.length(5);
    expect(part(wall, 'load-more')).to.equal(null);
    expect(wall.shadowRoot!.querySelector('.sentinel')).to.equal(null);
    expect(api.requests).to.have.length(1);
  });

  it('the marquee shows the first page only, whatever the paging', async () => {
    const api = new FakeApi({ count: 12 });
    const wall = await fixture<TestimonialWall>(
      html`<testimonial-wall .client=${api.client()} limit="5" layout="marquee"></testimonial-wall>`,
    );
    await loaded(wall);
    expect(part(wall, 'load-more')).to.equal(null);
  });
});
