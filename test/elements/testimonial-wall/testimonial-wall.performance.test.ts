/**
 * Rendering many testimonials (200: enough for several slices at the largest slice size) and layout
 * stability. Timings are never asserted on this shared, noisy machine: the tests assert the mechanisms
 * (slices across frames, content-visibility, no shift) and print the longest task they saw for the
 * record. A thousand cards and their timings are the bench's (`bench/`, the wall.1000 rows).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { DEFAULT_MAX_CHUNK_SIZE } from '../../../src/elements/testimonial-wall/chunked-list.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { all, containsStyle, frames, loaded, until } from './wall-helpers.js';

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/** Records entries of `type` until `stop()`; an empty list where the browser does not offer the type. */
function record<T extends PerformanceEntry>(type: string): { entries: T[]; stop: () => Promise<T[]> } {
  const entries: T[] = [];
  const supported = PerformanceObserver.supportedEntryTypes.includes(type);
  const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as T[])));
  if (supported) observer.observe({ type });
  return {
    entries,
    stop: async () => {
      await frames(2);
      entries.push(...(observer.takeRecords() as T[]));
      observer.disconnect();
      return entries;
    },
  };
}

/** Waits (up to 300 frames) until masonry has placed every slice: placed slices skip as a whole (`.grouped`). */
async function placed(wall: TestimonialWall): Promise<void> {
  for (let frame = 0; frame < 300 && all(wall, '.batch.deferred:not(.grouped)').length; frame++) await frames(1);
}

/** Several slices even at the largest slice size. */
const MANY = 200;

describe(`<testimonial-wall> with ${MANY} testimonials`, function () {
  // Rendering hundreds of cards takes seconds on a busy 2-core machine, more in Firefox.
  this.timeout(60000);

  // The first card on a page pays the card's own start-up (styles, Intl data): measured apart, so the
  // figures below are the wall's.
  before(async () => {
    const longTasks = record<PerformanceEntry>('longtask');
    const first = await fixture<TestimonialWall>(html`<testimonial-wall .testimonials=${makeTestimonials(1)}></testimonial-wall>`);
    await first.updateComplete;
    const tasks = await longTasks.stop();
    console.log(
      `[wall perf] the first card on the page: longest task ${Math.round(Math.max(0, ...tasks.map((task) => task.duration)))} ms`,
    );
  });

  for (const layout of ['grid', 'masonry', 'list', 'carousel'] as const) {
    it(`${layout}: renders them in slices over many frames, cards out of view skipped by content-visibility`, async () => {
      const wall = await fixture<TestimonialWall>(html`<testimonial-wall layout=${layout}></testimonial-wall>`);
      const longTasks = record<PerformanceEntry>('longtask');
      const counted: number[] = [];
      let watching = true;
      const watch = () => {
        counted.push(all(wall, '.item').length);
        if (watching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      const started = performance.now();
      wall.testimonials = makeTestimonials(MANY);
      await wall.updateComplete;
      const elapsed = performance.now() - started;
      watching = false;

      expect(all(wall, '.item')).to.have.length(MANY);
      const partial = new Set(counted.filter((count) => count > 0 && count < MANY));
      // Even at the largest slice size, that many cards take several frames.
      expect(partial.size, 'frames that showed part of the list').to.be.at.least(Math.ceil(MANY / DEFAULT_MAX_CHUNK_SIZE) - 1);
      // Every card but the first slice's (the first screen) may skip rendering while out of view.
      // List, carousel and (once its cards are placed) masonry slices skip as a whole: one
      // content-visibility box per slice, which the browser checks against the viewport every frame;
      // grid cards one by one (its slices are no boxes: `display: contents`).
      if (layout === 'masonry') await placed(wall);
      const skippable =
        layout === 'grid'
          ? all(wall, '.item').slice(all(wall, '.batch')[0]!.querySelectorAll('.item').length)
          : all(wall, '.batch').slice(1);
      expect(skippable.length).to.be.greaterThan(0);
      expect(skippable.every((element) => getComputedStyle(element).contentVisibility === 'auto')).to.equal(true);
      expect(getComputedStyle(all(wall, '.item')[0]!).contentVisibility).to.equal('visible');
      const boxes = all(wall, '.batch, .item').filter((element) => getComputedStyle(element).contentVisibility === 'auto').length;
      expect(boxes, 'content-visibility boxes').to.equal(skippable.length);

      const tasks = await longTasks.stop();
      const longest = Math.max(0, ...tasks.map((task) => task.duration));
      const taskFigures = PerformanceObserver.supportedEntryTypes.includes('longtask')
        ? `longest task ${Math.round(longest)} ms; tasks over 50 ms: ${tasks.length}`
        : 'no Long Tasks API here';
      console.log(
        `[wall perf] ${layout}: ${MANY} testimonials in ${partial.size + 1} slices over ${Math.round(elapsed)} ms; ${taskFigures}`,
      );
    });
  }
});

describe('<testimonial-wall> slices already shown', () => {
  for (const layout of ['masonry', 'grid', 'list'] as const) {
    it(`${layout}: each card is rendered once, whatever slice comes after it (a frame costs its own slice)`, async () => {
      const wall = await fixture<TestimonialWall>(html`<testimonial-wall layout=${layout}></testimonial-wall>`);
      // The wall's card template, counted: a slice rendered again would render its cards again.
      const renders = new Map<string, number>();
      const internals = wall as unknown as { cardTemplate: (testimonial: { id: string }) => unknown };
      const card = internals.cardTemplate;
      internals.cardTemplate = (testimonial) => {
        renders.set(testimonial.id, (renders.get(testimonial.id) ?? 0) + 1);
        return card(testimonial);
      };
      wall.testimonials = makeTestimonials(MANY);
      await wall.updateComplete;
      expect(all(wall, '.batch').length, 'the premise: several slices').to.be.greaterThan(2);
      expect(renders.size).to.equal(MANY);
      expect([...renders.values()].filter((count) => count !== 1).length, 'cards rendered more than once').to.equal(0);
    });
  }
});

describe('<testimonial-wall> style containment while revealing', () => {
  // Each change of style containment (see containsStyle) costs a walk of the whole document in its
  // frame (3.5 ms at a thousand cards on the bench machine): a frame's cost that grows with the cards
  // shown, and with the page around the wall. Masonry's placing turns content-visibility (which brings
  // style containment) on for a slice and off for its cards.
  for (const layout of ['masonry', 'grid', 'list'] as const) {
    it(`${layout}: no slice or card gains or loses style containment once rendered (masonry's placing included)`, async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div style="width: 1000px"><testimonial-wall layout=${layout}></testimonial-wall></div>`,
      );
      const wall = page.querySelector('testimonial-wall')!;
      const first = new Map<Element, boolean>();
      const changed = new Set<Element>();
      const check = () => {
        for (const element of all(wall, '.batch, .item')) {
          const contained = containsStyle(element);
          if (!first.has(element)) first.set(element, contained);
          else if (first.get(element) !== contained) changed.add(element);
        }
      };
      let watching = true;
      const watch = () => {
        check();
        if (watching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      wall.testimonials = makeTestimonials(MANY);
      await wall.updateComplete;
      if (layout === 'masonry') await placed(wall);
      await frames(2);
      watching = false;
      check();
      expect(all(wall, '.batch').length, 'the premise: several slices').to.be.greaterThan(2);
      if (layout === 'masonry') expect(all(wall, '.batch.grouped').length, 'the premise: slices placed and grouped').to.be.greaterThan(0);
      expect(changed.size, 'slices and cards whose style containment changed').to.equal(0);
    });
  }
});

describe('<testimonial-wall> images of cards out of view', () => {
  // An image's `src`, even on a lazy image, is work for every card revealed (a cached image loads at
  // once; an uncached one is watched for the viewport in every frame): masonry's later slices wait for
  // theirs until the browser starts rendering them (content-visibility: auto), as a lazy image would.
  const AVATAR = `${location.origin}/src/sandbox/media/avatars/ada.png`;
  const avatarOf = (item: Element) =>
    item.querySelector('testimonial-card')!.shadowRoot!.querySelector<HTMLImageElement>('[part="avatar-image"]')!;

  /** A masonry wall of 60 cards with avatars, placed: the last card far below the view. */
  async function longWall(): Promise<{ first: Element; last: Element }> {
    const page = await fixture<HTMLDivElement>(html`<div style="width: 1000px"><testimonial-wall></testimonial-wall></div>`);
    const wall = page.querySelector('testimonial-wall')!;
    wall.testimonials = makeTestimonials(60).map((testimonial) => ({ ...testimonial, customer_avatar: AVATAR }));
    await wall.updateComplete;
    await placed(wall);
    await frames(3);
    const items = all(wall, '.item');
    expect(all(wall, '.batch').length, 'the premise: several slices').to.be.greaterThan(2);
    const last = items[items.length - 1]!;
    expect(last.getBoundingClientRect().top, 'the premise: the last card far below the view').to.be.greaterThan(3 * innerHeight);
    return { first: items[0]!, last };
  }

  it('masonry: a slice far below the view has no image source until it comes near; the first screen has its own at once', async function () {
    this.timeout(30000);
    const { first, last } = await longWall();
    expect(avatarOf(first).getAttribute('src'), "the first slice's avatar").to.equal(AVATAR);
    expect(avatarOf(last).hasAttribute('src'), "the last card's avatar, far below the view").to.equal(false);
    last.scrollIntoView();
    await until(() => avatarOf(last).getAttribute('src') === AVATAR, "the last card's avatar once it is in view");
    await until(() => avatarOf(last).complete && avatarOf(last).naturalWidth > 0, 'the avatar loaded');
    window.scrollTo(0, 0);
  });

  it('masonry: a page printed gets every image, as lazy images are loaded before printing', async function () {
    this.timeout(30000);
    const { last } = await longWall();
    expect(avatarOf(last).hasAttribute('src'), 'the premise: the last avatar waits').to.equal(false);
    window.dispatchEvent(new Event('beforeprint'));
    await until(() => avatarOf(last).getAttribute('src') === AVATAR, "the last card's avatar, for printing");
  });
});

describe('<testimonial-wall> layout stability', () => {
  beforeEach(function () {
    // Firefox has no Layout Instability API: there is nothing to count shifts with.
    if (!PerformanceObserver.supportedEntryTypes.includes('layout-shift')) this.skip();
  });

  for (const layout of ['masonry', 'grid', 'list'] as const) {
    it(`${layout}: content below a wall whose skeleton reserved the space never shifts (loading, slices, footer)`, async () => {
      const api = new FakeApi({ count: 100 });
      api.hold();
      const shifts = record<LayoutShift>('layout-shift');
      const page = await fixture<HTMLDivElement>(html`<div>
      <testimonial-wall .client=${api.client()} layout=${layout} cta></testimonial-wall>
      <p>What comes after the wall.</p>
    </div>`);
      const wall = page.querySelector('testimonial-wall')!;
      await frames(3);
      // The premise: six skeleton cards reserve the first screen, so what follows starts below it.
      expect(page.querySelector('p')!.getBoundingClientRect().top).to.be.greaterThan(innerHeight);
      api.release();
      await loaded(wall);
      await frames(5);
      const entries = (await shifts.stop()).filter((entry) => !entry.hadRecentInput);
      expect(all(wall, '.item')).to.have.length(100);
      expect(entries.map((entry) => entry.value)).to.deep.equal([]);
    });
  }

  it('a card whose media holds a video keeps its height when the player arrives (the phone wall of the bench moved 0.054)', async () => {
    expect(customElements.get('video-testimonial'), 'the premise: no player defined yet').to.equal(undefined);
    const testimonials = makeTestimonials(3);
    testimonials[0] = { ...testimonials[0]!, media: [{ url: 'https://cdn.example.com/clip.mp4', type: 'video', alt: 'A clip' }] };
    const shifts = record<LayoutShift>('layout-shift');
    const page = await fixture<HTMLDivElement>(html`<div style="width: 390px">
      <testimonial-wall .testimonials=${testimonials}></testimonial-wall>
      <p>What comes after the wall.</p>
    </div>`);
    const wall = page.querySelector('testimonial-wall')!;
    await wall.updateComplete;
    // The card's fallback link shows until the player's chunk defines the element.
    await customElements.whenDefined('video-testimonial');
    await Promise.all(
      all(wall, 'testimonial-card').map((card) => (card as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete),
    );
    await frames(3);
    expect(all(wall, 'testimonial-card')[0]!.shadowRoot!.querySelector('video-testimonial')!.shadowRoot).not.to.equal(null);
    const entries = (await shifts.stop()).filter((entry) => !entry.hadRecentInput);
    expect(entries.map((entry) => entry.value)).to.deep.equal([]);
  });

  it('the measurement sees shifts: a wall whose skeleton reserved nothing moves the content below', async () => {
    const api = new FakeApi({ count: 6 });
    api.hold();
    const shifts = record<LayoutShift>('layout-shift');
    const page = await fixture<HTMLDivElement>(html`<div>
      <testimonial-wall .client=${api.client()} style="--testimonial-wall-item-size: 0px"></testimonial-wall>
      <p>What comes after the wall.</p>
    </div>`);
    const wall = page.querySelector('testimonial-wall')!;
    await frames(3);
    api.release();
    await loaded(wall);
    await frames(3);
    const entries = await shifts.stop();
    expect(entries.length).to.be.greaterThan(0);
  });
});
