/**
 * Issue 13, item 10: text an element draws on the page itself (outside a card's own background) reads
 * on light and dark pages alike, with `theme` unset: 4.5:1 or more, measured from computed styles.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import '../../../src/elements/video-testimonial/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { backgroundBehind, contrast, textContrast } from '../../support/contrast.js';
import { FakeApi } from '../testimonial-wall/fake-api.js';
import { loaded, part, until } from '../testimonial-wall/wall-helpers.js';

const PAGES = [
  { name: 'a dark page', style: 'background: #121212; color: #e8e8e8; color-scheme: dark' },
  { name: 'a light page', style: 'background: #ffffff; color: #1f2328' },
] as const;

const forms = [{ id: 'f1', name: 'Share', url: 'https://forms.example/f/1' }];

async function onPage(style: string): Promise<HTMLDivElement> {
  return fixture<HTMLDivElement>(html`<div style="${style}; padding: 1rem"></div>`);
}

describe('text drawn on the page reads on light and dark pages', () => {
  for (const page of PAGES) {
    it(`the wall's "Leave a testimonial" link on ${page.name}, theme unset or light`, async () => {
      for (const theme of [undefined, 'light']) {
        const box = await onPage(page.style);
        const wall = document.createElement('testimonial-wall') as TestimonialWall;
        wall.client = new FakeApi({ count: 2, forms }).client();
        wall.setAttribute('cta', '');
        if (theme) wall.setAttribute('theme', theme);
        box.append(wall);
        await loaded(wall);
        await until(() => part(wall, 'cta'), 'the call to action');
        const cta = part(wall, 'cta')!;
        expect(backgroundBehind(cta), 'the link sits on the page').to.equal(getComputedStyle(box).backgroundColor);
        expect(textContrast(cta), `${theme ?? 'no'} theme`).to.be.at.least(4.5);
      }
    });

    it(`the video's "Transcript" toggle on ${page.name}`, async () => {
      const box = await onPage(page.style);
      box.innerHTML =
        '<video-testimonial poster="/src/sandbox/media/poster.jpg" transcript="Words said in the video."></video-testimonial>';
      const video = box.firstElementChild as VideoTestimonial;
      await video.updateComplete;
      const summary = video.shadowRoot!.querySelector('[part="transcript"] summary')!;
      expect(summary).to.exist;
      expect(textContrast(summary)).to.be.at.least(4.5);
    });
  }

  it('a dark wall writes in its own colours on its own background', async () => {
    const box = await onPage(PAGES[1].style);
    const wall = document.createElement('testimonial-wall') as TestimonialWall;
    wall.client = new FakeApi({ count: 2, forms }).client();
    wall.setAttribute('cta', '');
    wall.setAttribute('theme', 'dark');
    box.append(wall);
    await loaded(wall);
    await until(() => part(wall, 'cta'), 'the call to action');
    const cta = part(wall, 'cta')!;
    expect(getComputedStyle(cta).color).to.equal('rgb(230, 237, 243)');
    expect(contrast(getComputedStyle(cta).color, backgroundBehind(cta))).to.be.at.least(4.5);
  });
});
