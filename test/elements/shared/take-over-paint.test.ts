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
import { sampleTestimonial } from '../testimonial-card/fixtures.js';

/** The shape `testimonial-elements/ssr` writes: a declarative shadow root and the data island. */
function serverRenderedCard(): HTMLElement {
  const island = JSON.stringify(sampleTestimonial()).replace(/</g, '\\u003c');
  const container = document.createElement('div');
  document.body.append(container);
  container.setHTMLUnsafe(
    `<testimonial-card><template shadowrootmode="open"><p id="server">Painted by the server</p></template><script type="application/json">${island}</script></testimonial-card>`,
  );
  return container;
}

/** The next frame's callbacks, right before its paint (a hidden test page has no frames: its next task). */
const nextFrame = () => new Promise((done) => (document.hidden ? setTimeout(done) : requestAnimationFrame(done)));

const serverMarkupIn = (container: HTMLElement) =>
  container.querySelector('testimonial-card')!.shadowRoot?.querySelector('#server') !== null;

describe('taking over server-rendered markup', () => {
  let container: HTMLElement | undefined;
  afterEach(() => container?.remove());

  it('keeps the server markup through the next frames until the page reports a paint, then takes it over', async () => {
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
      container = serverRenderedCard();
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
    report!();
    const card = container.querySelector('testimonial-card')!;
    await card.updateComplete;
    expect(serverMarkupIn(container), 'the server markup is gone once taken over').to.equal(false);
    expect(card.shadowRoot!.querySelector('[part=name]')?.textContent?.trim()).to.equal('Ada Lovelace');
  });
});
