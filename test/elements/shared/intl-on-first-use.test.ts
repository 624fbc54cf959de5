/**
 * The first `Intl` formatter or segmenter a page makes loads the engine's locale data: 20–50 ms in a
 * fresh Chromium renderer on the bench machine, whichever kind comes first, four times that on a phone
 * (issue 23). The elements' module is evaluated, and a first screen's skeletons are rendered, in the
 * page's render-blocking task, so neither makes one: the grapheme segmenter waits for a name that needs
 * it, and a skeleton's unseen card (aria-hidden, inert) has no rating label and no date; its source
 * holds its footer's line, `no-source` or not, so the skeleton stays as tall as the cards it stands for.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { TestimonialCard, TestimonialWall } from '../../../src/index.js';

const watched = ['NumberFormat', 'DateTimeFormat', 'Segmenter'] as const;
const made: string[] = [];
for (const kind of watched) {
  const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
  Object.defineProperty(Intl, kind, {
    configurable: true,
    writable: true,
    value: new Proxy(Original, {
      construct(target, args, newTarget) {
        made.push(kind);
        return Reflect.construct(target, args, newTarget) as object;
      },
    }),
  });
}
// Imported once the constructors are watched: what the modules' evaluation makes counts too.
const { makeTestimonials } = await import('../testimonial-wall/fake-api.js');
await import('../../../src/define.js');

describe('Intl on first use', () => {
  it('makes no formatter for the elements’ evaluation, nor for a wall’s or a card’s skeleton', async () => {
    const realFetch = window.fetch;
    // Answers never come: the skeletons stay.
    window.fetch = () => new Promise<Response>(() => {});
    try {
      // Rendered as in the render-blocking task: no frame between the upgrade and the check.
      const stage = document.createElement('div');
      stage.innerHTML =
        '<testimonial-wall endpoint="/api" no-source></testimonial-wall><testimonial-card endpoint="/api" testimonial-id="t-1"></testimonial-card>';
      document.body.append(stage);
      const [wall, card] = stage.children as unknown as [TestimonialWall, TestimonialCard];
      // Lit's updates are microtasks; the wall's updateComplete would wait for its layout's chunk too.
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
      const sizer = wall.shadowRoot!.querySelector<TestimonialCard>('[part=skeleton] testimonial-card')!;
      await sizer.updateComplete;
      await card.updateComplete;
      expect(made).to.deep.equal([]);
      // The unseen cards were drawn whole, their stars and a footer's line included: the skeletons keep their height.
      for (const root of [sizer.shadowRoot!, card.shadowRoot!]) {
        expect(root.querySelectorAll('[part=stars] .full')).to.have.length(1);
        expect(root.querySelector('[part=rating]')!.hasAttribute('aria-label')).to.equal(false);
        expect(root.querySelector('[part=source]')?.textContent?.trim()).to.equal('via Google');
      }
      // After the skeletons' frame, in a task of its own, the locale data is loaded for the cards to come.
      await waitUntil(() => made.length > 0, 'no formatter was made after the skeletons’ frame');
      expect(made).to.deep.equal(['DateTimeFormat']);
      stage.remove();
    } finally {
      window.fetch = realFetch;
    }
  });

  it('makes each when a card needs it: numbers for a rating, a date, a name’s first grapheme', async () => {
    const [testimonial] = makeTestimonials(1);
    const card = await fixture<TestimonialCard>(
      html`<testimonial-card .testimonial=${{ ...testimonial, customer_name: 'Élodie Ōta', date: '2025-03-04' }}></testimonial-card>`,
    );
    expect(card.shadowRoot!.querySelector('[part=rating]')!.getAttribute('aria-label')).to.equal('4 out of 5 stars');
    expect(card.shadowRoot!.querySelector('[part=initials]')?.textContent).to.equal('ÉŌ');
    expect(new Set(made)).to.deep.equal(new Set(watched));
  });
});
