/**
 * Issue 13, item 13: the wall's own English words say they are English inside a right-to-left page
 * whose language has no built-in words (Persian); issue 16's language tests cover the built-in ones.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { FakeApi } from './fake-api.js';
import { loaded, part as wallPart, until } from './wall-helpers.js';

describe('<testimonial-wall> in a right-to-left language', () => {
  it('marks its English words as English on a Persian page, and the page’s own words as the page’s', async () => {
    const api = new FakeApi({ count: 8, forms: [{ id: 'f1', name: 'Share', url: 'https://forms.example/f/1' }] });
    const block = await fixture<HTMLDivElement>(html`<div lang="fa"></div>`);
    const wall = document.createElement('testimonial-wall');
    wall.client = api.client();
    wall.setAttribute('limit', '4');
    wall.setAttribute('cta', '');
    block.append(wall);
    await loaded(wall);
    await until(() => wallPart(wall, 'cta'), 'the call to action');
    expect(wallPart(wall, 'load-more')!.matches(':lang(en)'), 'Load more').to.equal(true);
    expect(wallPart(wall, 'cta')!.matches(':lang(en)'), 'Leave a testimonial').to.equal(true);
    expect(wall.shadowRoot!.querySelector('[role="status"]')!.matches(':lang(en)'), 'announcements').to.equal(true);
    wall.setAttribute('cta', 'شاركنا رأيك');
    await wall.updateComplete;
    // The page's words take the page's language (no lang of their own).
    expect(wallPart(wall, 'cta')!.hasAttribute('lang'), 'the page’s words').to.equal(false);
    api.failNext = 1;
    wallPart<HTMLButtonElement>(wall, 'load-more')!.click();
    const warn = console.warn;
    console.warn = () => {};
    try {
      await until(() => wallPart(wall, 'error'), 'the error');
    } finally {
      console.warn = warn;
    }
    expect(wallPart(wall, 'error')!.matches(':lang(en)'), 'the error').to.equal(true);
  });
});
