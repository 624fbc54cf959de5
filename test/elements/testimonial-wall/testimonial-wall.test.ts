import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { frames, loaded, requestsSeen, warningsDuring, until } from './wall-helpers.js';
import { harness } from '../../support/harness/index.js';

describe('<testimonial-wall> data', () => {
  it('asks for every list parameter of spec 4.1 given as attributes', async () => {
    const api = new FakeApi({ count: 30 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall
      .client=${api.client()}
      sort="rating"
      order="asc"
      rating="4"
      type="text"
      integration="trustpilot"
      tags="onboarding, enterprise"
      query="saved"
      lang="en"
      limit="5"
      page="2"
    ></testimonial-wall>`);
    await loaded(wall);
    expect(api.queries).to.deep.equal([
      '?sort=rating&order=asc&rating=4&type=text&integration=trustpilot&tags=enterprise&tags=onboarding&query=saved&lang=en&limit=5&page=2',
    ]);
    expect(harness(wall).ids()).to.deep.equal(['t-6', 't-7', 't-8', 't-9', 't-10']);
  });

  it('warns about invalid attributes and uses the defaults instead of breaking', async () => {
    const api = new FakeApi({ count: 3 });
    let wall!: TestimonialWall;
    const warnings = await warningsDuring(async () => {
      wall = await fixture<TestimonialWall>(html`<testimonial-wall
        .client=${api.client()}
        limit="lots"
        sort="stars"
        layout="bento"
        paging="forever"
        theme="neon"
        marquee-rows="0"
      ></testimonial-wall>`);
      await loaded(wall);
    });
    expect(warnings).to.have.length(6);
    for (const name of ['limit', 'sort', 'layout', 'paging', 'theme', 'marquee-rows']) {
      const code = `TE-INVALID-${name.toUpperCase()}`;
      expect(
        warnings.some((message) => message.startsWith(`[testimonial-wall] ${code}: ${name}=`)),
        name,
      ).to.equal(true);
    }
    expect(api.queries).to.deep.equal(['']);
    expect(harness(wall).part('wall')!.classList.contains('masonry')).to.equal(true);
    expect(harness(wall).ids()).to.have.length(3);
  });

  it('warns TE-INVALID-TESTIMONIALS when testimonials is not an array, and shows none', async () => {
    let wall!: TestimonialWall;
    const warnings = await warningsDuring(async () => {
      wall = await fixture<TestimonialWall>(
        html`<testimonial-wall .testimonials=${{ data: makeTestimonials(2) } as unknown as []}></testimonial-wall>`,
      );
      await loaded(wall);
    });
    expect(warnings).to.deep.equal([
      '[testimonial-wall] TE-INVALID-TESTIMONIALS: testimonials="[object Object]" is not an array of testimonials; using none.',
    ]);
    expect(harness(wall).ids()).to.deep.equal([]);
    expect(harness(wall).part('empty')?.textContent?.trim()).to.equal('No testimonials to show yet.');
  });

  it('refetches when the question changes, aborting the stale request, one request for changes made together', async () => {
    const api = new FakeApi({ count: 30 });
    api.hold();
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="5"></testimonial-wall>`);
    await requestsSeen(api, 1);
    const loads: number[] = [];
    wall.addEventListener('testimonial-wall-load', (event) => loads.push(event.detail.testimonials.length));
    wall.setAttribute('limit', '3');
    wall.setAttribute('sort', 'rating');
    wall.setAttribute('order', 'asc');
    await wall.updateComplete;
    await requestsSeen(api, 2);
    await until(() => api.aborted.length === 1, 'the stale request is aborted');
    expect(api.aborted[0]!.search).to.equal('?limit=5');
    api.release();
    await oneEvent(wall, 'testimonial-wall-load');
    await wall.updateComplete;
    expect(api.queries).to.deep.equal(['?limit=5', '?sort=rating&order=asc&limit=3']);
    expect(loads).to.deep.equal([3]);
    expect(harness(wall).ids()).to.have.length(3);
  });

  it('does not refetch for changes that do not change the question', async () => {
    const api = new FakeApi({ count: 4 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} tags="a,b"></testimonial-wall>`);
    await loaded(wall);
    wall.layout = 'grid';
    wall.tags = ['b', 'a'];
    wall.setAttribute('variant', 'compact');
    await wall.updateComplete;
    await frames();
    expect(api.requests).to.have.length(1);
  });

  it('renders the testimonials property without fetching, and fetches again once it is cleared', async () => {
    const api = new FakeApi({ count: 2 });
    const given = makeTestimonials(4, 'given');
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} .testimonials=${given}></testimonial-wall>`);
    expect(harness(wall).ids()).to.deep.equal(['given-1', 'given-2', 'given-3', 'given-4']);
    expect(harness(wall).part('load-more')).to.equal(null);
    wall.testimonials = given.slice(0, 1);
    await wall.updateComplete;
    expect(harness(wall).ids()).to.deep.equal(['given-1']);
    expect(api.requests).to.have.length(0);
    wall.testimonials = undefined;
    await wall.updateComplete;
    await loaded(wall);
    expect(harness(wall).ids()).to.deep.equal(['t-1', 't-2']);
  });

  it('shows a skeleton sized like a card while loading, busy for assistive technology', async () => {
    const api = new FakeApi({ count: 10 });
    api.hold();
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall
      .client=${api.client()}
      layout="grid"
      style="--testimonial-wall-item-size: 210px"
    ></testimonial-wall>`);
    const skeletons = harness(wall).parts('skeleton');
    expect(skeletons).to.have.length(6);
    expect(skeletons.every((skeleton) => skeleton.getBoundingClientRect().height === 210)).to.equal(true);
    expect(skeletons.every((skeleton) => skeleton.getAttribute('aria-hidden') === 'true')).to.equal(true);
    expect(harness(wall).part('list')!.getAttribute('aria-busy')).to.equal('true');
    expect(harness(wall).part('list')!.textContent).to.contain('Loading testimonials');
    api.release();
    await loaded(wall);
    expect(harness(wall).parts('skeleton')).to.have.length(0);
    expect(harness(wall).part('list')!.hasAttribute('aria-busy')).to.equal(false);
  });

  // One card sizes the skeleton; the other boxes are as tall by the layout. Six cards per wall before its
  // data was what the first paint of a page of many walls waited for (issue 23 item 4).
  for (const layout of ['masonry', 'grid', 'list', 'carousel', 'marquee'] as const) {
    for (const width of [374, 1248]) {
      it(`${layout} at ${width}px: its skeleton builds one card, and its other boxes are as tall`, async () => {
        const api = new FakeApi({ count: 10 });
        api.hold();
        const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"
          ><testimonial-wall .client=${api.client()} layout=${layout}></testimonial-wall
        ></div>`);
        const wall = box.firstElementChild as TestimonialWall;
        await until(() => api.requests.length > 0, 'the wall asks for its data');
        await frames(2);
        const root = wall.shadowRoot!;
        expect(root.querySelectorAll('testimonial-card').length, 'cards built').to.equal(1);
        const heights = harness(wall)
          .parts('skeleton')
          .map((skeleton) => Math.round(skeleton.getBoundingClientRect().height));
        expect(heights.length, 'boxes').to.equal(layout === 'carousel' ? 3 : layout === 'marquee' ? 4 : 6);
        expect(heights[0], 'the card that sizes them').to.be.above(150);
        expect(heights.join(), 'every box as tall as the card').to.equal(heights.map(() => heights[0]).join());
        expect(root.querySelector('[aria-busy="true"]')!.textContent).to.contain('Loading testimonials');
        api.release();
        await loaded(wall);
      });
    }
  }

  it('says so when there is no testimonial', async () => {
    const api = new FakeApi({ count: 0 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()}></testimonial-wall>`);
    await loaded(wall);
    expect(harness(wall).part('empty')!.textContent).to.contain('No testimonials to show yet.');
    expect(harness(wall).part('list')).to.equal(null);
    expect(harness(wall).part('load-more')).to.equal(null);
  });

  it('shows an error with a retry button, fires testimonial-wall-error, and recovers on retry', async () => {
    const api = new FakeApi({ count: 3 });
    api.failNext = 1;
    const wall = document.createElement('testimonial-wall');
    wall.client = api.client();
    const failed = oneEvent(wall, 'testimonial-wall-error');
    document.body.append(wall);
    try {
      const { detail } = await failed;
      expect(detail.page).to.equal(1);
      expect(detail.message).to.contain('failed on purpose');
      expect(detail.error).to.be.instanceOf(Error);
      await wall.updateComplete;
      const error = harness(wall).part('error')!;
      expect(error.getAttribute('role')).to.equal(null);
      expect(error.textContent).to.contain('Could not load testimonials.');
      const retried = oneEvent(wall, 'testimonial-wall-load');
      void harness(wall).retry();
      const { detail: load } = await retried;
      expect(load.page).to.equal(1);
      expect(load.testimonials.map((testimonial: { id: string }) => testimonial.id)).to.deep.equal(['t-1', 't-2', 't-3']);
      await wall.updateComplete;
      expect(harness(wall).part('error')).to.equal(null);
      expect(harness(wall).ids()).to.have.length(3);
    } finally {
      wall.remove();
    }
  });

  it('fires testimonial-wall-load with the page and its testimonials, bubbling out of shadow roots', async () => {
    const api = new FakeApi({ count: 3 });
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const heard = oneEvent(host, 'testimonial-wall-load');
    const wall = document.createElement('testimonial-wall');
    wall.client = api.client();
    wall.setAttribute('page', '1');
    root.append(wall);
    const { detail } = (await heard) as CustomEvent<{ testimonials: { id: string }[]; page: number }>;
    expect(detail.page).to.equal(1);
    expect(detail.testimonials.map((t) => t.id)).to.deep.equal(['t-1', 't-2', 't-3']);
  });

  it('shares one request between walls that ask the same question', async () => {
    const api = new FakeApi({ count: 8 });
    const client = api.client();
    const container = await fixture<HTMLDivElement>(html`<div>
      <testimonial-wall .client=${client} limit="4" sort="rating"></testimonial-wall>
      <testimonial-wall .client=${client} sort="rating" limit="4" layout="list"></testimonial-wall>
      <testimonial-wall .client=${client} limit="2"></testimonial-wall>
    </div>`);
    const walls = [...container.querySelectorAll('testimonial-wall')];
    // loaded(): the third wall is far enough down the page to wait for the reader otherwise.
    await Promise.all(walls.map((wall) => loaded(wall)));
    expect(api.queries.sort()).to.deep.equal(['?limit=2', '?sort=rating&limit=4']);
    expect(harness(walls[0]!).ids()).to.deep.equal(harness(walls[1]!).ids());
  });

  it('reports an unusable endpoint as an error, with no request', async () => {
    let wall!: TestimonialWall;
    const warnings = await warningsDuring(async () => {
      wall = await fixture<TestimonialWall>(html`<testimonial-wall endpoint="javascript:alert(1)"></testimonial-wall>`);
    });
    expect(warnings.join()).to.contain('must be an http(s) URL');
    expect(harness(wall).part('error')!.textContent).to.contain('Could not load testimonials.');
    expect(harness(wall).part('retry')).to.equal(null);
  });

  it('passes the variant, theme and no-* switches down to every card', async () => {
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall
      .testimonials=${makeTestimonials(2)}
      variant="quote"
      theme="dark"
      no-date
      no-rating
      no-source
      no-avatar
      no-media
      show-tags
      heading-level="4"
    ></testimonial-wall>`);
    const cards = harness(wall).cards();
    expect(cards).to.have.length(2);
    for (const card of cards) {
      expect(card.variant).to.equal('quote');
      expect(card.theme).to.equal('dark');
      expect([card.noDate, card.noRating, card.noSource, card.noAvatar, card.noMedia, card.showTags]).to.deep.equal([
        true,
        true,
        true,
        true,
        true,
        true,
      ]);
      expect(card.headingLevel).to.equal(4);
    }
    wall.noDate = false;
    await wall.updateComplete;
    expect(cards.every((card) => !card.noDate)).to.equal(true);
  });

  it('filters by lang and lets the cards show that translation', async () => {
    const api = new FakeApi({ count: 1 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} lang="de"></testimonial-wall>`);
    await loaded(wall);
    expect(api.queries).to.deep.equal(['?lang=de']);
    const card = harness(wall).cards()[0]!;
    await card.updateComplete;
    expect(harness(card).text()).to.contain('Spart uns jede Woche Stunden.');
    wall.lang = 'en';
    await requestsSeen(api, 2);
    expect(api.queries[1]).to.equal('?lang=en');
  });

  it('forgets the language filter when lang is removed, without writing lang="null"', async () => {
    const api = new FakeApi({ count: 1 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} lang="de"></testimonial-wall>`);
    await loaded(wall);
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      wall.removeAttribute('lang');
      await requestsSeen(api, 2);
    } finally {
      console.warn = original;
    }
    expect(wall.hasAttribute('lang')).to.equal(false);
    expect(wall.lang).to.equal('');
    expect(api.queries[1]).to.equal('');
    expect(warnings).to.deep.equal([]);
  });
});

describe('<testimonial-wall> call to action', () => {
  const forms = [
    { id: 'f0', name: 'Bad', url: 'javascript:alert(1)' },
    { id: 'f1', name: 'Share', url: 'https://forms.example/f/1' },
  ];

  it('asks GET /links only when cta is set', async () => {
    const api = new FakeApi({ count: 1, forms });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()}></testimonial-wall>`);
    await loaded(wall);
    expect(api.linkRequests).to.equal(0);
    expect(harness(wall).part('cta')).to.equal(null);
  });

  it('links to the first form with a safe URL, as an outbound link, with the words of the attribute', async () => {
    const api = new FakeApi({ count: 1, forms });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} cta></testimonial-wall>`);
    await loaded(wall);
    await until(() => harness(wall).part('cta'), 'the call to action appears');
    const link = harness(wall).part<HTMLAnchorElement>('cta')!;
    expect(link.getAttribute('href')).to.equal('https://forms.example/f/1');
    expect(link.rel).to.equal('noopener noreferrer nofollow ugc');
    expect(link.textContent!.trim()).to.equal('Leave a testimonial');
    wall.setAttribute('cta', 'Tell us your story');
    await wall.updateComplete;
    expect(harness(wall).part('cta')!.textContent!.trim()).to.equal('Tell us your story');
    expect(api.linkRequests).to.equal(1);
  });

  it('shows no link, and warns, when no form has a safe URL; the wall itself still works', async () => {
    const api = new FakeApi({ count: 2, forms: forms.slice(0, 1) });
    let wall!: TestimonialWall;
    const warnings = await warningsDuring(async (messages) => {
      wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} cta></testimonial-wall>`);
      await loaded(wall);
      await until(() => messages.length > 0, 'a warning');
      await wall.updateComplete;
    });
    expect(harness(wall).part('cta')).to.equal(null);
    expect(warnings.join()).to.contain('no form with a safe http(s) URL');
    expect(harness(wall).ids()).to.have.length(2);
  });
});

describe('<testimonial-wall> clean-up', () => {
  it('aborts its request when taken off the page and asks again when put back', async () => {
    const api = new FakeApi({ count: 3 });
    api.hold();
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()}></testimonial-wall>`);
    const parent = wall.parentElement!;
    await requestsSeen(api, 1);
    wall.remove();
    await until(() => api.aborted.length === 1, 'the request is aborted');
    api.release();
    await aTimeout(0);
    expect(harness(wall).ids()).to.have.length(0);
    parent.append(wall);
    await loaded(wall);
    expect(api.requests).to.have.length(2);
    expect(harness(wall).ids()).to.have.length(3);
  });

  it('stops rendering slices while away and finishes when back', async () => {
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall></testimonial-wall>`);
    const parent = wall.parentElement!;
    wall.testimonials = makeTestimonials(100);
    await aTimeout(0);
    wall.remove();
    const countWhenRemoved = harness(wall).items().length;
    await frames(3);
    expect(harness(wall).items().length).to.equal(countWhenRemoved);
    expect(countWhenRemoved).to.be.lessThan(100);
    parent.append(wall);
    await wall.updateComplete;
    expect(harness(wall).items()).to.have.length(100);
  });
});
