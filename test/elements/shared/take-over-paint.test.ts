/**
 * A server-rendered element is taken over only once the browser has painted the server's markup
 * (issue 24): a page whose HTML parses for longer than its script takes to arrive runs the script
 * before its first frame, and a take-over there (a render, then style and layout of what it drew) held
 * back the page's first paint, the server's testimonials in it. Until the take-over, the server's
 * markup is drawn by the server's styles alone: the element's live style sheet, adopted when it made
 * its render root, is written for the live markup (the wall's `.footer` rule gave each of the server's
 * flat cards' footers a margin, 16 px taller cards for the frames before the swap). No timing here:
 * what the next frame paints is read in that frame's callback, which runs right before its paint.
 */
import { expect } from '@open-wc/testing';
import '../../../src/elements/testimonial-card/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';

const island = (data: unknown) => `<script type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The shape `testimonial-elements/ssr` writes: a declarative shadow root and the data island. */
function serverRenderedCard(): string {
  return `<testimonial-card><template shadowrootmode="open"><p id="server">Painted by the server</p></template>${island(sampleTestimonial())}</testimonial-card>`;
}

/**
 * A wall as `renderWall` writes a grid wall: its cards flat in its root, each a `div.tc` holding the
 * card's content, a card's footer among it, with the server's styles (cut to what can match).
 */
function serverRenderedWall(): string {
  return (
    `<testimonial-wall endpoint="https://api.example.invalid" layout="grid"><template shadowrootmode="open">` +
    `<style>.footer{display:flex}</style>` +
    `<div class="wall grid"><div class="tc"><article class="card"><footer class="footer" id="server-footer">Ada</footer></article></div></div>` +
    `</template>${island({ total: 1, testimonials: [sampleTestimonial()] })}</testimonial-wall>`
  );
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

  function mount(html: string): void {
    container = document.createElement('div');
    document.body.append(container);
    container.setHTMLUnsafe(html);
  }

  it('lets the next frame paint the server markup, then takes it over', async () => {
    mount(serverRenderedCard());
    const card = container.querySelector('testimonial-card')!;
    let paintedServerMarkup = false;
    // Asked for before the card's own wait: it runs first in the same frame (or task queue).
    await beforeNextPaint(() => (paintedServerMarkup = card.shadowRoot?.querySelector('#server') !== null));
    expect(paintedServerMarkup, 'the server markup is still there when the next frame paints').to.equal(true);
    await card.updateComplete;
    expect(card.shadowRoot!.querySelector('#server') === null, 'the server markup is gone once taken over').to.equal(true);
    expect(card.shadowRoot!.querySelector('[part=name]')?.textContent?.trim()).to.equal('Ada Lovelace');
  });

  it("draws the server's markup with the server's styles alone until the take-over", async () => {
    mount(serverRenderedWall());
    const wall = container.querySelector<TestimonialWall>('testimonial-wall')!;
    let margin = '';
    let adopted = -1;
    await beforeNextPaint(() => {
      const footer = wall.shadowRoot!.querySelector('#server-footer');
      margin = footer ? getComputedStyle(footer).marginBlockStart : 'the server footer is gone';
      adopted = wall.shadowRoot!.adoptedStyleSheets.length;
    });
    expect(margin, "the server card's footer, before the take-over").to.equal('0px');
    expect(adopted, 'style sheets adopted before the take-over').to.equal(0);
    await wall.updateComplete;
    expect(wall.shadowRoot!.querySelector('#server-footer') === null, 'the server markup is gone once taken over').to.equal(true);
    expect(wall.shadowRoot!.adoptedStyleSheets.length > 0, "the wall's own styles, adopted at the take-over").to.equal(true);
    expect(wall.shadowRoot!.querySelectorAll('testimonial-card').length).to.equal(1);
  });
});
