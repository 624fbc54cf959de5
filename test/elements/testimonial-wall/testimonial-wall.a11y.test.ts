import { setViewport } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { THEMES } from '../../../src/elements/shared/card-display.js';
import { WALL_LAYOUTS } from '../../../src/elements/testimonial-wall/wall-options.js';
import { FakeApi } from './fake-api.js';
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
});
