/**
 * Issue 28, item 11 (3.1.2, language of parts): "Anonymous" is the card's word, marked with the card's
 * language, not inside the content's (`lang=""` when the data does not say); tags are the data's words,
 * marked with the content's language, not the page's.
 */
import { expect } from '@open-wc/testing';
import { sampleTestimonial } from './fixtures.js';
import { cardFor, part, parts } from './helpers.js';

describe('<testimonial-card> language of parts', () => {
  it('"Anonymous" says the card\'s language inside content of unknown language', async () => {
    const testimonial = { ...sampleTestimonial(), customer_name: '', lang: undefined, translations: undefined };
    const card = await cardFor(testimonial, { lang: 'de' });
    const name = part(card, 'name')!.querySelector('bdi')!;
    expect(name.textContent).to.equal('Anonym');
    expect(name.matches(':lang(de)'), 'marked German').to.equal(true);
  });

  it("tags say the content's language, not the page's", async () => {
    const card = await cardFor(sampleTestimonial({ tags: ['pricing', 'support'] }), { lang: 'ja', 'show-tags': true });
    const tags = parts(card, 'tag');
    expect(tags).to.have.length(2);
    for (const tag of tags) expect(tag.matches(':lang(en)'), tag.textContent!).to.equal(true);
  });
});
