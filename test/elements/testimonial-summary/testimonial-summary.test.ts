/**
 * <testimonial-summary> in a real browser: every variant, theme, direction and state, axe, the text
 * alternative, the request to the proxy (`/api` is the proxy in front of the sandbox), no layout shift
 * when the numbers arrive, and the floating placement with its keyboard dismissal.
 */
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../src/elements/testimonial-summary/define.js';
import type { SummaryData } from '../../../src/client/summary.js';
import { SUMMARY_VARIANTS, type TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import { harness } from '../../support/harness/index.js';
import { mount } from '../shared/mount.js';
import { wordsArrived } from '../shared/words.js';

const SAMPLE: SummaryData = {
  count: 122,
  rated: 118,
  average: 4.82,
  distribution: { 1: 1, 2: 2, 3: 5, 4: 12, 5: 98 },
  integrations: { g2: 12 },
  recent: [
    { name: 'Ada Lovelace', avatar: null },
    { name: 'Grace Hopper', avatar: 'javascript:alert(1)' },
    { name: 'Linus Tanaka', avatar: null },
  ],
  partial: false,
};

function part(el: TestimonialSummary, name: string): HTMLElement | null {
  return harness(el).part(name);
}

/** What a screen reader is told: the visually hidden sentences. */
function spoken(el: TestimonialSummary): string {
  // The live region (role="status") tells of changes; it is not part of the picture's words.
  return harness(el).sentences();
}

async function summaryOf(attrs: string, data?: SummaryData, wrapper = ''): Promise<TestimonialSummary> {
  const host = await mount<HTMLDivElement>(html`<div></div>`);
  host.innerHTML = wrapper
    ? wrapper.replace('><', `><testimonial-summary ${attrs}></testimonial-summary><`)
    : `<testimonial-summary ${attrs}></testimonial-summary>`;
  const el = host.querySelector('testimonial-summary')!;
  if (data) el.summary = data;
  await wordsArrived(el);
  return el;
}

interface HeldRequest {
  url: URL;
  respond(response: Response): void;
}

/** Holds requests to `/held-api/summary` until the test answers them. */
function holdSummaryRequests(): { held: HeldRequest[]; restore(): void } {
  const original = window.fetch;
  const held: HeldRequest[] = [];
  window.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/held-api/')) return original(input, init);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
      held.push({ url, respond: resolve });
    });
  };
  return { held, restore: () => (window.fetch = original) };
}

describe('<testimonial-summary>', () => {
  afterEach(() => sessionStorage.clear());

  it('badge: the average, the stars and the count, and the same in one sentence', async () => {
    const el = await summaryOf('', SAMPLE);
    expect(part(el, 'average')!.textContent).to.equal('4.8');
    expect(part(el, 'count')!.textContent!.trim()).to.equal('118 reviews');
    expect(part(el, 'stars')!.getAttribute('style')).to.contain('96.4');
    expect(spoken(el)).to.equal('Rated 4.8 out of 5 from 118 reviews');
  });

  it('avatars: recent customers (unsafe avatars left out) and "Loved by"', async () => {
    const el = await summaryOf('variant="avatars"', SAMPLE);
    const avatars = harness(el).parts('avatar');
    expect(avatars).to.have.length(3);
    expect(harness(el).images()).to.have.length(0);
    expect(avatars[0]!.textContent!.trim()).to.equal('AL');
    expect(part(el, 'count')!.textContent!.trim()).to.equal('Loved by 122 customers');
    expect(spoken(el)).to.equal('Loved by 122 customers, among them Ada Lovelace, Grace Hopper, and Linus Tanaka.');
    const two = await summaryOf('variant="avatars" avatars="2"', SAMPLE);
    expect(harness(two).parts('avatar')).to.have.length(2);
  });

  it('histogram: five bars in proportion, each said in words', async () => {
    const el = await summaryOf('variant="histogram"', SAMPLE);
    const bars = harness(el).parts('bar-fill');
    expect(bars).to.have.length(5);
    expect(bars[0]!.style.getPropertyValue('--_share')).to.equal('100%');
    expect(bars[4]!.getBoundingClientRect().width).to.be.below(bars[0]!.getBoundingClientRect().width / 10);
    expect(spoken(el)).to.contain('5 stars: 98 reviews');
    expect(spoken(el)).to.contain('1 star: 1 review');
  });

  it('words follow the language: plurals and decimal separators', async () => {
    const one = await summaryOf('', { ...SAMPLE, count: 1, rated: 1, average: 5 });
    expect(spoken(one)).to.equal('Rated 5.0 out of 5 from 1 review');
    const german = await summaryOf('', { ...SAMPLE, count: 1234, rated: 1234, average: 4.56 }, '<div lang="de"></div>');
    expect(part(german, 'average')!.textContent).to.equal('4,6');
    expect(spoken(german)).to.equal('4,6 von 5 Sternen aus 1.234 Bewertungen');
    const polish = await summaryOf('', { ...SAMPLE, count: 3, rated: 3, average: 4.5 }, '<div lang="pl"></div>');
    expect(spoken(polish)).to.equal('Ocena 4,5 na 5 (3 opinie)');
    const partial = await summaryOf('', { ...SAMPLE, partial: true, rated: 50000 });
    expect(part(partial, 'count')!.textContent!.trim()).to.equal('50,000+ reviews');
  });

  it('no rated testimonial: the count alone; none at all: the empty state', async () => {
    const unrated = await summaryOf('', { ...SAMPLE, rated: 0, average: null });
    expect(part(unrated, 'stars') === null).to.equal(true);
    expect(spoken(unrated)).to.equal('122 reviews');
    const empty = await summaryOf('', { ...SAMPLE, count: 0, rated: 0, average: null, recent: [] });
    expect(part(empty, 'empty')!.textContent).to.equal('No reviews yet.');
    await expect(empty).to.be.accessible();
  });

  it('links the whole summary with href (http(s) only)', async () => {
    const el = await summaryOf('href="https://example.com/wall"', SAMPLE);
    const link = part(el, 'link') as HTMLAnchorElement;
    expect(link.href).to.equal('https://example.com/wall');
    expect(link.rel).to.equal('noopener noreferrer nofollow ugc');
    expect(link.contains(part(el, 'summary'))).to.equal(true);
    const unsafe = await summaryOf('href="javascript:alert(1)"', SAMPLE);
    expect(part(unsafe, 'link') === null).to.equal(true);
  });

  it('wall-link links it to the first wall of love of GET /links', async () => {
    const links: { walls_of_love: { url: string }[] } = await (await fetch('/api/links')).json();
    const el = await summaryOf('wall-link endpoint="/api"', SAMPLE);
    await waitUntil(() => part(el, 'link') !== null, 'the link once /links answers');
    expect((part(el, 'link') as HTMLAnchorElement).href).to.equal(links.walls_of_love[0]!.url);
  });

  for (const variant of SUMMARY_VARIANTS) {
    for (const theme of ['light', 'dark', 'auto']) {
      it(`${variant} in the ${theme} theme is axe clean`, async () => {
        const el = await summaryOf(`variant="${variant}" theme="${theme}" href="https://example.com/wall"`, SAMPLE);
        await expect(el).to.be.accessible();
      });
    }
    it(`${variant} right to left: mirrored and axe clean`, async () => {
      const el = await summaryOf(`variant="${variant}"`, SAMPLE, '<div dir="rtl" lang="ar"></div>');
      const box = part(el, 'summary')!;
      expect(getComputedStyle(box).direction).to.equal('rtl');
      await expect(el).to.be.accessible();
    });
  }

  it('fetches from the proxy, fires testimonial-summary-load, and counts what the sandbox holds', async () => {
    const host = await mount<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement('testimonial-summary');
    el.setAttribute('endpoint', '/api');
    el.setAttribute('type', 'text');
    const loaded = oneEvent(el, 'testimonial-summary-load');
    host.append(el);
    const { detail } = await loaded;
    const all: { testimonials: { type: string; rating: number }[] } = await (
      await fetch('/v1/testimonials?approved=true&limit=1000', { headers: { Authorization: 'Bearer sandbox-key' } })
    ).json();
    const texts = all.testimonials.filter((t) => t.type === 'text');
    expect(detail.summary.count).to.equal(texts.length);
    expect(detail.summary.rated).to.equal(texts.filter((t) => t.rating > 0).length);
    await el.updateComplete;
    expect(spoken(el)).to.match(/^Rated \d\.\d out of 5 from \d+ reviews$/);
  });

  it("an invalid filter is the error state with the proxy's sentence, and Try again asks again", async () => {
    const el = await summaryOf('endpoint="/api" type="audio"');
    const failed = await oneEvent(el, 'testimonial-summary-error');
    expect(failed.detail.message).to.match(/type/);
    await el.updateComplete;
    const error = part(el, 'error')!;
    // Polite, through the element's live region (issue 28, item 7: never role="alert").
    expect(error.hasAttribute('role')).to.equal(false);
    expect(harness(el).announcement()).to.contain('Could not load the reviews summary');
    expect(error.textContent).to.contain('Could not load the reviews summary');
    await expect(el).to.be.accessible();
    el.type = 'text';
    await oneEvent(el, 'testimonial-summary-load');
    await el.updateComplete;
    expect(part(el, 'error') === null).to.equal(true);
  });

  it('shows a skeleton of its final size while loading: nothing below moves when the numbers arrive', async () => {
    const stub = holdSummaryRequests();
    try {
      for (const variant of SUMMARY_VARIANTS) {
        const host = await mount<HTMLDivElement>(html`<div></div>`);
        host.innerHTML = `<testimonial-summary endpoint="/held-api" variant="${variant}" rating="${SUMMARY_VARIANTS.indexOf(variant) + 1}"></testimonial-summary><p>after</p>`;
        const el = host.querySelector('testimonial-summary')!;
        const after = host.querySelector('p')!;
        await el.updateComplete;
        await waitUntil(() => stub.held.length > 0, 'the summary is asked for');
        expect(part(el, 'skeleton') !== null, variant).to.equal(true);
        const before = after.getBoundingClientRect().top;
        const request = stub.held.shift()!;
        expect(request.url.pathname).to.equal('/held-api/summary');
        expect(request.url.searchParams.get('rating')).to.equal(String(SUMMARY_VARIANTS.indexOf(variant) + 1));
        request.respond(Response.json(SAMPLE));
        await oneEvent(el, 'testimonial-summary-load');
        await el.updateComplete;
        expect(part(el, 'skeleton') === null, variant).to.equal(true);
        expect(after.getBoundingClientRect().top, `${variant}: the paragraph below stays`).to.equal(before);
      }
    } finally {
      stub.restore();
    }
  });

  it('summaries asking the same question share one request', async () => {
    const stub = holdSummaryRequests();
    try {
      const host = await mount<HTMLDivElement>(html`<div></div>`);
      host.innerHTML = `<testimonial-summary endpoint="/held-api" tags="shared"></testimonial-summary>
        <testimonial-summary endpoint="/held-api" tags="shared" variant="histogram"></testimonial-summary>`;
      const [a, b] = [...host.querySelectorAll('testimonial-summary')];
      await waitUntil(() => stub.held.length > 0);
      const both = Promise.all([oneEvent(a!, 'testimonial-summary-load'), oneEvent(b!, 'testimonial-summary-load')]);
      expect(stub.held).to.have.length(1);
      stub.held[0]!.respond(Response.json(SAMPLE));
      await both;
    } finally {
      stub.restore();
    }
  });
});

describe('<testimonial-summary placement>', () => {
  afterEach(() => sessionStorage.clear());

  it('floats in the corner asked for, above the page, within a small share of the viewport', async () => {
    const end = await summaryOf('placement="bottom-end"', SAMPLE);
    const box = end.getBoundingClientRect();
    expect(getComputedStyle(end).position).to.equal('fixed');
    expect(Math.round(innerWidth - box.right)).to.equal(16);
    expect(Math.round(innerHeight - box.bottom)).to.equal(16);
    expect(box.width * box.height).to.be.below(innerWidth * innerHeight * 0.25);
    const start = await summaryOf('placement="bottom-start"', SAMPLE, '<div dir="rtl"></div>');
    expect(Math.round(innerWidth - start.getBoundingClientRect().right), 'start is the right in rtl').to.equal(16);
    await expect(end).to.be.accessible();
  });

  it('on a phone, covers a small share of the screen (a tenth for the badge and the avatars)', async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      for (const variant of SUMMARY_VARIANTS) {
        const el = await summaryOf(`placement="bottom-start" variant="${variant}"`, SAMPLE);
        const box = el.getBoundingClientRect();
        const share = (box.width * box.height) / (375 * 667);
        expect(share, variant).to.be.below(variant === 'histogram' ? 0.25 : 0.1);
        expect(box.left, variant).to.be.at.least(0);
        expect(box.right, variant).to.be.at.most(375);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('slides in, but not under reduced motion', async function () {
    const moving = await summaryOf('placement="bottom-end"', SAMPLE);
    const duration = (el: TestimonialSummary) => parseFloat(getComputedStyle(harness(el).floating!).animationDuration);
    expect(duration(moving)).to.be.above(0.1);
    // Media emulation goes through CDP: Chromium only.
    if (
      !(await emulateMedia({ reducedMotion: 'reduce' }).then(
        () => true,
        () => false,
      ))
    )
      this.skip();
    try {
      const still = await summaryOf('placement="bottom-end"', SAMPLE);
      expect(duration(still)).to.be.below(0.001);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('closes with Escape and with its button, and stays closed for the visit', async () => {
    const el = await summaryOf('placement="bottom-end"', SAMPLE);
    const close = harness(el).part<HTMLButtonElement>('close')!;
    expect(close.getAttribute('aria-label')).to.equal('Dismiss the reviews summary');
    close.focus();
    const dismissed = oneEvent(el, 'testimonial-summary-dismiss');
    await sendKeys({ press: 'Escape' });
    await dismissed;
    await el.updateComplete;
    expect(part(el, 'summary') === null).to.equal(true);
    const again = await summaryOf('placement="bottom-end"', SAMPLE);
    expect(part(again, 'summary') === null, 'remembered for the visit').to.equal(true);
    sessionStorage.clear();
    const third = await summaryOf('placement="bottom-end"', SAMPLE);
    await harness(third).close();
    await third.updateComplete;
    expect(part(third, 'summary') === null).to.equal(true);
    expect(sessionStorage.length).to.equal(1);
  });

  it('comes in with its numbers: no panel while loading, so nothing in the corner grows (no layout shift)', async () => {
    const { held, restore } = holdSummaryRequests();
    const shifts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    });
    try {
      observer.observe({ type: 'layout-shift' });
      const el = await summaryOf('placement="bottom-end" endpoint="/held-api"');
      await waitUntil(() => held.length === 1, 'the summary is asked for');
      // Booleans, not elements: a failure message does not try to print a node of a shadow tree.
      expect(el.shadowRoot!.querySelector('.floating') === null, 'no panel before the numbers').to.equal(true);
      held[0]!.respond(new Response(JSON.stringify(SAMPLE), { headers: { 'Content-Type': 'application/json' } }));
      await waitUntil(() => part(el, 'summary'), 'the numbers arrive');
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      expect(el.shadowRoot!.querySelector('.floating') !== null, 'the panel, with them').to.equal(true);
      // Chromium reports layout shifts; elsewhere the list stays empty and the panel check above holds.
      expect(shifts.reduce((sum, value) => sum + value, 0)).to.equal(0);
    } finally {
      observer.disconnect();
      restore();
    }
  });

  it('steps aside while the focused element is under it', async () => {
    const host = await mount<HTMLDivElement>(html`<div></div>`);
    host.innerHTML = `<button style="position: fixed; right: 20px; bottom: 20px">Under</button><button>Elsewhere</button>`;
    const el = await summaryOf('placement="bottom-end"', SAMPLE);
    const [under, elsewhere] = [...host.querySelectorAll('button')];
    under!.focus();
    await el.updateComplete;
    const floating = harness(el).floating!;
    expect(getComputedStyle(floating).visibility).to.equal('hidden');
    elsewhere!.focus();
    await el.updateComplete;
    expect(getComputedStyle(floating).visibility).to.equal('visible');
  });
});
