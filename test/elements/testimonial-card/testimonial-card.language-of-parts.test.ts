/**
 * Issue 28, item 11 (3.1.2, language of parts): "Anonymous" is the card's word, marked with the card's
 * language, not inside the content's (`lang=""` when the data does not say); tags are the data's words,
 * marked with the content's language, not the page's; the media list is named in the card's words and
 * marked so, while an image's `alt` or a video's label from the data keeps the content's language.
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
    // Shown in its German translation, the card's tags are still the data's English words.
    const translated = await cardFor(sampleTestimonial({ tags: ['pricing'] }), { lang: 'de', 'show-tags': true });
    expect(part(translated, 'text')!.matches(':lang(de)'), 'the text is the German translation').to.equal(true);
    expect(part(translated, 'tag')!.matches(':lang(en)'), 'the tag says English').to.equal(true);
  });

  it("names the media list in the card's language and keeps the data's descriptions in the content's", async () => {
    const card = await cardFor(
      sampleTestimonial({
        media: [
          { url: 'https://cdn.example.com/shot.png', type: 'image', alt: 'A screenshot of the dashboard' },
          { url: 'https://cdn.example.com/shot2.png', type: 'image' },
          { url: 'https://cdn.example.com/clip.mp4', type: 'video', alt: 'A 6-second screen recording' },
        ],
      }),
      { lang: 'de' },
    );
    const list = part(card, 'media')!;
    expect(list.getAttribute('aria-label')).to.equal('Medien');
    expect(list.matches(':lang(de)'), 'the list says German').to.equal(true);
    const [described, numbered] = parts(card, 'media-image');
    expect(described!.matches(':lang(en)'), "the data's alt says English").to.equal(true);
    expect(numbered!.getAttribute('alt')).to.equal('Bild 2 von Ada Lovelace');
    expect(numbered!.matches(':lang(de)'), "the card's own alt says German").to.equal(true);
    const video = part(card, 'media-video')!;
    expect(video.getAttribute('label')).to.equal('A 6-second screen recording');
    expect(video.getAttribute('label-lang'), "the player is told its label's language").to.equal('en');
  });
});
