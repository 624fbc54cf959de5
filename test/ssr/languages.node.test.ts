/**
 * Server rendering in the page's language: `renderWall({ lang: 'de' })` writes the wall's and its
 * cards' words in German (the page's `lang` is read in the browser again when it takes over, so
 * nothing of it is written into the HTML), an element's own `lang` wins, and English stays the default.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderCard, renderVideo, renderWall } from '../../src/ssr/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { sampleTestimonial, videoTestimonial } from '../elements/testimonial-card/fixtures.js';

const LONG = 'Wir haben unser Onboarding umgebaut. '.repeat(20);

const testimonials = [
  sampleTestimonial({ id: 't-1', text: LONG, rating: 4, translations: [] }),
  sampleTestimonial({ id: 't-2', rating: 5 }),
];

/** The markup without its style sheets (whose comments name the English words). */
const withoutStyles = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '');

/** The host's start tag. */
const startTag = (html: string, tag: string) => new RegExp(`<${tag}[^>]*>`).exec(html)![0];

describe('server rendering in the page language', () => {
  it('renders a wall on a German page with German words and no lang attribute of its own', async () => {
    const html = await renderWall({ testimonials, lang: 'de' });
    assert.match(html, /Kundenstimmen überspringen/, 'the skip link');
    assert.match(html, /aria-label="4 von 5 Sternen"/, "a card's rating");
    assert.match(html, /Weiterlesen/, "a card's Read more");
    assert.match(html, /lang="de"/, 'the words say their language');
    assert.match(html, /Spart uns jede Woche Stunden\./, "a card shows the testimonial's German translation, as in a German page");
    assert.doesNotMatch(withoutStyles(html), /Read more|Skip testimonials|out of 5 stars/, 'no English word');
    assert.doesNotMatch(startTag(html, 'testimonial-wall'), /\blang=/, 'the page language is not a filter on the wall');
  });

  it("follows the wall's own lang (its filter and its words), and falls back pt-BR → pt", async () => {
    const html = await renderWall({ testimonials, lang: 'de', attributes: { lang: 'fr' } });
    assert.match(html, /Lire la suite/);
    assert.doesNotMatch(html, /Weiterlesen/);
    const brazil = await renderWall({ testimonials, lang: 'pt-BR' });
    assert.match(brazil, /Ler mais/);
  });

  it('renders a card and a player on an Arabic page in Arabic, English without a page language', async () => {
    const card = await renderCard(sampleTestimonial({ text: LONG, translations: [] }), { lang: 'ar' });
    assert.match(card, /قراءة المزيد/);
    assert.doesNotMatch(card, /Read more/);
    const video = await renderVideo(videoTestimonial(), { lang: 'ar' });
    assert.doesNotMatch(video, /Play video testimonial/);
    assert.match(await renderCard(sampleTestimonial({ text: LONG, translations: [] })), /Read more/);
  });

  it('renders a fetched page in the page language too', async () => {
    const sandbox = createSandbox();
    const upstream = { url: 'http://sandbox.test/v1', apiKey: 'sandbox-key' };
    const html = await renderWall({ upstream, fetch: sandbox.fetch, lang: 'ja', attributes: { endpoint: '/api', limit: 3 } });
    assert.match(html, /お客様の声をスキップ/);
  });
});
