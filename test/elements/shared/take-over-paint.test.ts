/**
 * A server-rendered element is taken over only once the browser has painted and presented the
 * server's markup (issue 24): Chromium gives a text its Largest Contentful Paint time only when the
 * frame that painted it has been presented, and forgets it should its node be removed before then,
 * so a take-over a few microtasks after the script made the page's LCP the take-over's repaint; and a
 * take-over before the page's first frame held that frame back. No timing here: what the next frame
 * paints is read in that frame's callback, which runs right before its paint, and the page's paint
 * report (Paint Timing, through a `PerformanceObserver`) is held back by a stand-in.
 */
import { expect } from '@open-wc/testing';
import '../../../src/elements/testimonial-card/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';
import { FakeApi } from '../testimonial-wall/fake-api.js';

const island = (data: unknown) => `<script type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * The shape `testimonial-elements/ssr` writes, a declarative shadow root and the data island: a card,
 * and a wall of page 1 (one of three testimonials) whose root is only its "Load more".
 */
function serverRendered(api: FakeApi): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  container.setHTMLUnsafe(
    `<testimonial-card><template shadowrootmode="open"><p id="server">Painted by the server</p></template>${island(sampleTestimonial())}</testimonial-card>` +
      `<testimonial-wall limit="1"><template shadowrootmode="open"><div part="footer"><button type="button" part="load-more">Load more</button></div></template>` +
      `${island({ total: api.testimonials.length, testimonials: api.testimonials.slice(0, 1) })}</testimonial-wall>`,
  );
  // Before its first update, which the take-over defers: the wall pages from this API.
  container.querySelector<TestimonialWall>('testimonial-wall')!.client = api.client();
  return container;
}

/** The next frame's callbacks, right before its paint (a hidden test page has no frames: its next task). */
const nextFrame = () => new Promise((done) => (document.hidden ? setTimeout(done) : requestAnimationFrame(done)));

const serverMarkupIn = (container: HTMLElement) =>
  container.querySelector('testimonial-card')!.shadowRoot?.querySelector('#server') !== null;

describe('taking over server-rendered markup', () => {
  let container: HTMLElement | undefined;
  afterEach(() => container?.remove());

  it('keeps the server markup through the next frames until the page reports a paint, then takes it over, clicks kept', async () => {
    const api = new FakeApi({ count: 3 });
    // The page's paint report, held: the take-over waits for it once per page (this file's page is
    // fresh, so the card below is the first to ask).
    const Observer = window.PerformanceObserver;
    let report: (() => void) | undefined;
    window.PerformanceObserver = class {
      constructor(callback: () => void) {
        report = callback;
      }
      observe() {}
    } as unknown as typeof PerformanceObserver;
    try {
      container = serverRendered(api);
      // Asked for before the card's own wait: it runs first in the same frame (or task queue).
      await nextFrame();
      expect(serverMarkupIn(container), 'the server markup is still there when the next frame paints').to.equal(true);
      for (let frame = 0; frame < 50 && !report; frame++) await nextFrame();
    } finally {
      window.PerformanceObserver = Observer;
    }
    expect(report !== undefined, 'the take-over asked for the paint report').to.equal(true);
    for (let frame = 0; frame < 3; frame++) await nextFrame();
    expect(serverMarkupIn(container), 'the server markup is still there three frames later, with no paint reported').to.equal(true);
    // A click on the server's "Load more" meanwhile: no listener there; it is done again once rendered.
    container.querySelector('testimonial-wall')!.shadowRoot!.querySelector<HTMLElement>('[part=load-more]')!.click();
    report!();
    const card = container.querySelector('testimonial-card')!;
    await card.updateComplete;
    const wall = container.querySelector<TestimonialWall>('testimonial-wall')!;
    await wall.updateComplete;
    for (let frame = 0; frame < 20 && api.requests.length === 0; frame++) await nextFrame();
    expect(
      api.requests.map((url) => url.searchParams.get('page') ?? '1').join(),
      'the click on the server\'s "Load more" asked for page 2, and page 1 was not asked for',
    ).to.equal('2');
    expect(serverMarkupIn(container), 'the server markup is gone once taken over').to.equal(false);
    expect(card.shadowRoot!.querySelector('[part=name]')?.textContent?.trim()).to.equal('Ada Lovelace');
  });
});
