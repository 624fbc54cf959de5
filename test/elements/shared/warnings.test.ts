// @test-browsers: chromium (which messages the elements log for which attribute values: their own logic)
/**
 * One warning policy for every element: an invalid attribute value gets `[tag] TE-INVALID-<ATTRIBUTE>: …`
 * on the console, once per element and code, and the element carries on with the default; the define
 * guard says so when another definition holds a tag.
 */
import { expect, html } from '@open-wc/testing';
import '../../../src/define.js';
import '../../../src/elements/testimonial-summary/define.js';
import { defineElement } from '../../../src/elements/shared/lazy-define.js';
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';
import { loaded, warningsDuring } from '../testimonial-wall/wall-helpers.js';
import { mount } from './mount.js';

const longText = 'Word '.repeat(200).trim();

describe('warnings', () => {
  it('the card reports each invalid display attribute with its code and renders the defaults', async () => {
    let card!: TestimonialCard;
    const warnings = await warningsDuring(async () => {
      card = await mount<TestimonialCard>(
        html`<testimonial-card
          .testimonial=${sampleTestimonial({ text: longText })}
          variant="big"
          theme="neon"
          heading-level="9"
          text-limit="lots"
        ></testimonial-card>`,
      );
    });
    expect(warnings).to.deep.equal([
      '[testimonial-card] TE-INVALID-VARIANT: variant="big" is not one of default, compact, quote; using default.',
      '[testimonial-card] TE-INVALID-THEME: theme="neon" is not one of light, dark, auto; using light.',
      '[testimonial-card] TE-INVALID-HEADING-LEVEL: heading-level="9" must be a whole number from 1 to 6; using the default.',
      '[testimonial-card] TE-INVALID-TEXT-LIMIT: text-limit="NaN" must be a whole number of at least 0; using the default.',
    ]);
    expect(card.shadowRoot!.querySelector('[part~="name"]')!.localName).to.equal('h3');
    // The default limit of the default variant: 400 characters, then "Read more".
    expect(card.shadowRoot!.querySelector('[part~="read-more"]')).to.not.equal(null);
  });

  it('says each code once per element, however often it renders or the value changes', async () => {
    const testimonial = sampleTestimonial();
    const warnings = await warningsDuring(async () => {
      const first = await mount<TestimonialCard>(html`<testimonial-card .testimonial=${testimonial} variant="big"></testimonial-card>`);
      first.setAttribute('variant', 'huge');
      first.setAttribute('heading-level', '0');
      await first.updateComplete;
      first.setAttribute('heading-level', '8');
      first.requestUpdate();
      await first.updateComplete;
      const second = await mount<TestimonialCard>(html`<testimonial-card .testimonial=${testimonial} variant="big"></testimonial-card>`);
      await second.updateComplete;
    });
    expect(warnings.filter((line) => line.includes('TE-INVALID-VARIANT'))).to.have.length(2);
    expect(warnings.filter((line) => line.includes('TE-INVALID-HEADING-LEVEL'))).to.have.length(1);
  });

  it('the wall reports invalid display attributes under its own name and hands its cards only valid ones', async () => {
    const testimonials = [sampleTestimonial({ id: 'a' }), sampleTestimonial({ id: 'b' })];
    let wall!: HTMLElement;
    const warnings = await warningsDuring(async () => {
      wall = await mount(
        html`<testimonial-wall .testimonials=${testimonials} variant="big" heading-level="2" text-limit="-1"></testimonial-wall>`,
      );
      await loaded(wall as never);
    });
    expect(warnings).to.deep.equal([
      '[testimonial-wall] TE-INVALID-VARIANT: variant="big" is not one of default, compact, quote; using default.',
      '[testimonial-wall] TE-INVALID-TEXT-LIMIT: text-limit="-1" must be a whole number of at least 0; using the default.',
    ]);
    const cards = [...wall.shadowRoot!.querySelectorAll('testimonial-card')];
    expect(cards).to.have.length(2);
    // The variant goes as an attribute (the card's styles select on it); the rest as properties.
    for (const card of cards) {
      expect(card.hasAttribute('variant')).to.equal(false);
      expect(card.textLimit).to.equal(undefined);
      expect(card.headingLevel).to.equal(2);
    }
  });

  it('the summary and the video player follow the same policy', async () => {
    const warnings = await warningsDuring(async () => {
      await mount(html`<testimonial-summary variant="stars" avatars="40"></testimonial-summary>`);
      await mount(html`<video-testimonial src="javascript:alert(1)"></video-testimonial>`);
    });
    expect(warnings).to.deep.equal([
      '[testimonial-summary] TE-INVALID-VARIANT: variant="stars" is not one of badge, avatars, histogram; using badge.',
      '[testimonial-summary] TE-INVALID-AVATARS: avatars="40" must be a whole number from 0 to 12; using the default.',
      '[video-testimonial] TE-INVALID-SRC: src="javascript:alert(1)" is not a safe http(s) URL; using none.',
    ]);
  });

  it('the define guard warns, and keeps the first definition, when another one holds the tag', async () => {
    class First extends HTMLElement {}
    class Second extends HTMLElement {}
    const warnings = await warningsDuring(() => {
      defineElement('guarded-probe', First);
      defineElement('guarded-probe', Second);
    });
    expect(customElements.get('guarded-probe')).to.equal(First);
    expect(warnings).to.deep.equal(['[guarded-probe] TE-TAG-TAKEN: the tag is taken; this one is not registered.']);
  });
});
