import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toCardView } from '../../../src/elements/testimonial-card/view-model.js';
import { clampSegments } from '../../../src/elements/testimonial-card/text-clamp.js';
import { sampleTestimonial, videoTestimonial } from './fixtures.js';

describe('toCardView', () => {
  it('reads every field of a complete testimonial', () => {
    const view = toCardView(sampleTestimonial(), undefined);
    assert.equal(view.name, 'Ada Lovelace');
    assert.equal(view.initials, 'AL');
    assert.equal(view.username, '@ada');
    assert.equal(view.customerUrl, 'https://ada.example.com/');
    assert.equal(view.rating, 4);
    assert.deepEqual(view.title, { text: 'Best tool we bought', lang: 'en' });
    assert.deepEqual(view.source, { label: 'Trustpilot', href: 'https://www.trustpilot.com/reviews/123' });
    assert.equal(view.date?.toISOString(), '2025-01-05T10:00:00.000Z');
    assert.deepEqual(view.media, [
      { kind: 'image', src: 'https://cdn.example.com/shot.png', alt: 'A screenshot of the dashboard', index: 1 },
    ]);
    assert.deepEqual(view.tags, ['enterprise', 'onboarding']);
    assert.equal(view.video, undefined);
    assert.equal(view.lang, 'en');
  });

  it('picks the translation of the requested language, field by field', () => {
    const ar = toCardView(sampleTestimonial(), 'ar-EG');
    assert.equal(ar.lang, 'ar');
    assert.deepEqual(ar.text, { text: 'وفّر علينا <mark>ساعات</mark> كل أسبوع.', lang: 'ar' });
    assert.deepEqual(ar.tagline, { text: 'محللة', lang: 'ar' });
    const de = toCardView(sampleTestimonial(), 'de');
    assert.deepEqual(de.text, { text: 'Spart uns jede Woche Stunden.', lang: 'de' });
    assert.deepEqual(de.title, { text: 'Best tool we bought', lang: 'en' }, 'an empty translated title keeps the original, marked English');
    assert.deepEqual(toCardView(sampleTestimonial(), 'fr').text.lang, 'en', 'no translation: the original');
    assert.deepEqual(toCardView(sampleTestimonial(), 'en-GB').text.lang, 'en');
  });

  it('never throws on bad data and shows nothing it cannot trust', () => {
    for (const value of [null, undefined, 42, 'text', [], {}, { translations: 'x', media: 'y', tags: [1, null, ' a ', 'a'] }]) {
      const view = toCardView(value, 'ar');
      assert.equal(view.name, undefined, 'no name: the card says "Anonymous" in its own language');
      assert.equal(view.initials, '');
      assert.equal(view.rating, 0);
      assert.equal(view.text.text, '');
      assert.deepEqual(view.media, []);
    }
    assert.deepEqual(toCardView({ tags: [1, null, ' a ', 'a', 'b'] }, undefined).tags, ['a', 'b']);
    const odd = toCardView(sampleTestimonial({ integration: 'mastodon' as never, url: 'javascript:alert(1)', rating: 17 }), undefined);
    assert.deepEqual(odd.source, { label: 'Mastodon', href: undefined });
    assert.equal(odd.rating, 5);
    assert.deepEqual(toCardView(sampleTestimonial({ integration: null }), undefined).source, {
      label: 'trustpilot.com',
      href: 'https://www.trustpilot.com/reviews/123',
    });
    // Issue 28 item 11: "via web page" stayed English on every page; a web page is named by its host.
    assert.deepEqual(toCardView(sampleTestimonial({ integration: 'web_page', url: 'https://www.blog.example/post' }), undefined).source, {
      label: 'blog.example',
      href: 'https://www.blog.example/post',
    });
    assert.equal(toCardView(sampleTestimonial({ integration: 'web_page', url: null }), undefined).source, undefined);
  });

  it('describes a video testimonial with its aspect ratio and poster link', () => {
    const view = toCardView(videoTestimonial(), undefined);
    assert.deepEqual(view.video, {
      poster: 'https://cdn.example.com/poster.jpg',
      href: 'https://love.example.com/p/acme/t/6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11',
      aspectRatio: '9 / 16',
      width: 640,
      height: 1138,
    });
    const bare = toCardView(videoTestimonial({ links: undefined, video: { aspect_ratio: 'wide' } as never }), undefined);
    assert.equal(bare.video?.href, 'https://cdn.example.com/high.mp4');
    assert.equal(bare.video?.aspectRatio, '16 / 9');
  });

  it('keeps media items with safe URLs only, naming images without alt text', () => {
    const view = toCardView(
      sampleTestimonial({
        media: [
          { url: 'https://cdn.example.com/a.png', type: 'image' },
          { url: 'javascript:alert(1)', type: 'image' },
          { url: '/media/clip.mp4', type: 'video' },
          { url: 'https://cdn.example.com/b.png', type: 'audio' as never },
          null as never,
        ],
      }),
      undefined,
    );
    assert.deepEqual(view.media, [
      // Without an `alt`, the card names them in its own language ("Image 1 from Ada Lovelace").
      { kind: 'image', src: 'https://cdn.example.com/a.png', alt: undefined, index: 1 },
      { kind: 'video', src: '/media/clip.mp4', label: undefined },
    ]);
  });
});

describe('clampSegments', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

  it('leaves short text whole and never clamps with a limit of 0', () => {
    const segments = [{ text: words(10), marked: false }];
    assert.deepEqual(clampSegments(segments, 400), { segments, clamped: false });
    assert.equal(clampSegments([{ text: 'x'.repeat(10_000), marked: false }], 0).clamped, false);
  });

  it('cuts long text at a word boundary, keeps highlights, adds an ellipsis outside them', () => {
    const long = [
      { text: 'Intro ', marked: false },
      { text: words(40), marked: true },
      { text: ` ${words(2000)}`, marked: false },
    ];
    const { segments, clamped } = clampSegments(long, 100);
    assert.equal(clamped, true);
    const text = segments.map((s) => s.text).join('');
    assert.ok(text.length <= 101 && text.endsWith('…'), text);
    assert.deepEqual(segments[0], { text: 'Intro ', marked: false });
    assert.equal(segments[1]!.marked, true);
    assert.deepEqual(segments.at(-1), { text: '…', marked: false });
  });

  it('cuts text without spaces at the limit, never inside a surrogate pair', () => {
    const { segments } = clampSegments([{ text: '😀'.repeat(500), marked: false }], 101);
    const text = segments[0]!.text;
    assert.ok(!/[\ud800-\udbff]…$/.test(text), 'no lone high surrogate before the ellipsis');
  });
});
