import { sendKeys, setViewport } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { THEMES } from '../../../src/elements/shared/card-display.js';
import { WALL_LAYOUTS } from '../../../src/elements/testimonial-wall/wall-options.js';
import { FakeApi, makeTestimonials } from './fake-api.js';
import { all, frames, loaded, part, wallOf, until } from './wall-helpers.js';

describe('<testimonial-wall> layouts: accessibility', () => {
  // Cards out of view skip rendering (content-visibility: auto); axe cannot see their background then
  // and would judge dark text against white. A viewport that holds the whole wall lets it see all.
  before(() => setViewport({ width: 1000, height: 1000 }));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const layout of WALL_LAYOUTS) {
    for (const theme of THEMES) {
      it(`${layout} in the ${theme} theme is axe clean`, async () => {
        const wall = await wallOf(6, { layout, theme, autoplay: '' });
        await frames(2);
        await expect(wall).to.be.accessible();
      });
    }
  }

  it('masonry, grid and list are one list of list items', async () => {
    for (const layout of ['masonry', 'grid', 'list']) {
      const wall = await wallOf(5, { layout, label: 'What customers say' });
      const lists = all(wall, '[role="list"]');
      expect(lists, layout).to.have.length(1);
      expect(lists[0]!.getAttribute('aria-label')).to.equal('What customers say');
      expect(all(wall, '[role="listitem"]')).to.have.length(5);
    }
  });

  it('the error and empty states are axe clean', async () => {
    const api = new FakeApi({ count: 0 });
    const empty = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()}></testimonial-wall>`);
    await loaded(empty);
    await expect(empty).to.be.accessible();
    api.failNext = 1;
    const failing = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} theme="dark"></testimonial-wall>`);
    await until(() => part(failing, 'retry'));
    await expect(failing).to.be.accessible();
  });

  it('offers "Skip testimonials", seen only while focused, which takes focus past the testimonials', async () => {
    const box = await fixture<HTMLDivElement>(html`<div>
      <button id="before">before</button>
      <testimonial-wall .testimonials=${makeTestimonials(8)}></testimonial-wall>
      <button id="after">after</button>
    </div>`);
    const wall = box.querySelector('testimonial-wall')!;
    await wall.updateComplete;
    const skip = part(wall, 'skip')!;
    expect(skip.getBoundingClientRect().width).to.be.at.most(1);
    box.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(wall.shadowRoot!.activeElement).to.equal(skip);
    expect(skip.textContent!.trim()).to.equal('Skip testimonials');
    expect(skip.getBoundingClientRect().width).to.be.greaterThan(50);
    await sendKeys({ press: 'Enter' });
    expect(wall.shadowRoot!.activeElement!.textContent!.trim()).to.equal('End of testimonials');
    await sendKeys({ press: 'Tab' });
    expect(
      document.activeElement!.id,
      `focused: ${document.activeElement?.outerHTML.slice(0, 80)} / ${wall.shadowRoot!.activeElement?.outerHTML.slice(0, 120)}`,
    ).to.equal('after');
  });

  it('aria-label on the wall names its list or carousel, over label', async () => {
    const list = await wallOf(3, { label: 'Ignored', 'aria-label': 'What customers say' });
    expect(part(list, 'list')!.getAttribute('aria-label')).to.equal('What customers say');
    list.setAttribute('aria-label', 'Reviews');
    await list.updateComplete;
    expect(part(list, 'list')!.getAttribute('aria-label')).to.equal('Reviews');
    list.removeAttribute('aria-label');
    await list.updateComplete;
    expect(part(list, 'list')!.getAttribute('aria-label')).to.equal('Ignored');
    const carousel = await wallOf(3, { layout: 'carousel', 'aria-label': 'Top-rated testimonials' });
    expect(part(carousel, 'carousel')!.getAttribute('aria-label')).to.equal('Top-rated testimonials');
  });
});
