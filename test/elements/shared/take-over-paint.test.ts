/**
 * A server-rendered element is taken over only once the browser has painted the server's markup
 * (issue 24): a page whose HTML parses for longer than its script takes to arrive runs the script
 * before its first frame, and a take-over there (a render, then style and layout of what it drew) held
 * back the page's first paint, the server's testimonials in it. No timing here: what the next frame
 * paints is read in that frame's callback, which runs right before its paint.
 */
import { expect } from '@open-wc/testing';
import '../../../src/elements/testimonial-card/define.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';

/** The shape `testimonial-elements/ssr` writes: a declarative shadow root and the data island. */
function serverRenderedCard(): string {
  const island = JSON.stringify(sampleTestimonial()).replace(/</g, '\\u003c');
  return `<testimonial-card><template shadowrootmode="open"><p id="server">Painted by the server</p></template><script type="application/json">${island}</script></testimonial-card>`;
}

/** The next frame's callbacks, right before its paint (a hidden test page has no frames: its next task). */
const beforeNextPaint = (check: () => void) =>
  new Promise<void>((done) => {
    const run = () => {
      check();
      done();
    };
    if (document.hidden) setTimeout(run);
    else requestAnimationFrame(run);
  });

describe('taking over server-rendered markup', () => {
  let container: HTMLElement;
  afterEach(() => container.remove());

  it('lets the next frame paint the server markup, then takes it over', async () => {
    container = document.createElement('div');
    document.body.append(container);
    container.setHTMLUnsafe(serverRenderedCard());
    const card = container.querySelector('testimonial-card')!;
    let paintedServerMarkup = false;
    // Asked for before the card's own wait: it runs first in the same frame (or task queue).
    await beforeNextPaint(() => (paintedServerMarkup = card.shadowRoot?.querySelector('#server') !== null));
    expect(paintedServerMarkup, 'the server markup is still there when the next frame paints').to.equal(true);
    await card.updateComplete;
    expect(card.shadowRoot!.querySelector('#server') === null, 'the server markup is gone once taken over').to.equal(true);
    expect(card.shadowRoot!.querySelector('[part=name]')?.textContent?.trim()).to.equal('Ada Lovelace');
  });
});
