/**
 * Video testimonials before and after <video-testimonial> is defined. This file defines it part-way
 * through (the other card test files never do), so the order of the tests matters.
 */
import { expect } from '@open-wc/testing';
import { sampleTestimonial, videoTestimonial } from './fixtures.js';
import { cardFor, part, TestimonialCard } from './helpers.js';

describe('<testimonial-card> video testimonials', () => {
  it('shows a poster linking to the public page while <video-testimonial> is not defined', async () => {
    expect(customElements.get('video-testimonial')).to.equal(undefined);
    const el = await cardFor(videoTestimonial());
    const player = part(el, 'video')!;
    expect(player.localName).to.equal('video-testimonial');
    const poster = part<HTMLAnchorElement>(el, 'poster')!;
    expect(poster.getAttribute('href')).to.equal('https://love.example.com/p/acme/t/6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11');
    expect(poster.getAttribute('rel')).to.equal('noopener noreferrer nofollow ugc');
    expect(poster.textContent).to.include('Watch the video testimonial from Ada Lovelace');
    expect(getComputedStyle(poster).aspectRatio).to.equal('9 / 16');
    const img = poster.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal('https://cdn.example.com/poster.jpg');
    expect([img.getAttribute('width'), img.getAttribute('height')]).to.deep.equal(['640', '1138']);
    // A poster of another shape than the frame (a landscape one in this portrait frame) is letterboxed, not cut (issue 13, item 15).
    expect(getComputedStyle(img).objectFit).to.equal('contain');
    await expect(el).to.be.accessible();
  });

  it('keeps the video of a video testimonial under no-media', async () => {
    const el = await cardFor(videoTestimonial(), { 'no-media': true });
    expect(part(el, 'video')).not.to.equal(null);
  });

  it('upgrades to the player in place once <video-testimonial> is defined', async () => {
    const data = videoTestimonial();
    const el = await cardFor(data);
    const media = await cardFor(sampleTestimonial({ media: [{ url: '/media/clip.mp4', type: 'video', alt: 'Unboxing' }] }));
    expect(part(media, 'media-video')!.querySelector('a')!.getAttribute('href')).to.equal('/media/clip.mp4');
    // A card with no video has nothing to upgrade: the player's arrival must not render it again (a
    // wall of a thousand text cards, six with a video, rendered all of them again when it came).
    const text = await cardFor(sampleTestimonial({ text: 'It saved us hours every week.', media: [] }));
    let textRenders = 0;
    const render = text.render.bind(text);
    text.render = () => (textRenders++, render());

    await import('../../../src/elements/video-testimonial/define.js');
    await customElements.whenDefined('video-testimonial');
    await el.updateComplete;
    await media.updateComplete;
    await text.updateComplete;
    expect(textRenders).to.equal(0, 'the text card was not rendered again');

    const player = part(el, 'video') as HTMLElement & { testimonial: unknown };
    expect(player.matches(':defined')).to.equal(true);
    expect(player.testimonial).to.equal(data);
    expect(part(el, 'poster')).to.equal(null, 'the fallback poster is gone');
    const item = part(media, 'media-video') as HTMLElement & { src: string | null };
    expect(item.matches(':defined')).to.equal(true);
    expect(item.src).to.equal('/media/clip.mp4');
    expect(item.children.length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('registers itself through its define module, guarded against a second definition', async () => {
    await import('../../../src/elements/testimonial-card/define.js');
    await import('../../../src/elements/testimonial-card/define.js');
    expect(customElements.get('testimonial-card')).to.equal(TestimonialCard);
  });
});
