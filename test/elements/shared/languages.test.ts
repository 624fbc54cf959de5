/**
 * Every element in every built-in language: no English word where the language has its own, no missing
 * word (an empty accessible name), the words marked with the language they are in, right-to-left
 * languages mirroring the controls, and axe clean.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { SummaryData } from '../../../src/client/summary.js';
import '../../../src/elements/testimonial-card/define.js';
import '../../../src/elements/testimonial-summary/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import '../../../src/elements/video-testimonial/define.js';
import type { PluralForms } from '../../../src/elements/shared/localize.js';
import { PIXEL_PNG, sampleTestimonial, videoTestimonial } from '../testimonial-card/fixtures.js';
import { FakeApi, makeTestimonials } from '../testimonial-wall/fake-api.js';
import { frames, until } from '../testimonial-wall/wall-helpers.js';
import { allElements, englishIn, forms, spokenStrings } from './words.js';

const LANGUAGES = ['ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'zh'] as const;

const SUMMARY: SummaryData = {
  count: 122,
  rated: 118,
  average: 4.8,
  distribution: { 1: 1, 2: 2, 3: 5, 4: 37, 5: 73 },
  recent: [
    { name: 'Ada Lovelace', avatar: null },
    { name: 'Grace Hopper', avatar: null },
  ],
  partial: false,
} as unknown as SummaryData;

/** Testimonials that bring out every word of a card: long text, unnamed media, no name, a logo alone, a video. */
function richTestimonials() {
  const long = 'Lorem ipsum dolor sit amet. '.repeat(30);
  return [
    sampleTestimonial({
      id: 'rich-1',
      text: long,
      translations: [],
      customer_avatar: null,
      media: [
        { url: PIXEL_PNG, type: 'image' },
        { url: '/media/clip.mp4', type: 'video' },
      ],
    }),
    sampleTestimonial({ id: 'rich-2', customer_name: null as never, customer_company: null, customer_avatar: null }),
    videoTestimonial({ id: 'rich-3', thumbnail_url: PIXEL_PNG }),
  ];
}

/** The element (in a shadow root or not) whose part list holds `name`, below `host`. */
function partOf(host: Element, name: string): HTMLElement | undefined {
  return allElements(host).find((element) => element.getAttribute('part')?.split(/\s+/).includes(name)) as HTMLElement | undefined;
}

/** The `lang` in effect for `element`, walking out of shadow roots. */
function langOf(element: Element): string | null {
  let current: Element | null = element;
  while (current) {
    const holder = current.closest('[lang]');
    if (holder) return holder.getAttribute('lang');
    const root = current.getRootNode();
    current = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

async function page(lang: string): Promise<HTMLElement> {
  const api = new FakeApi({ count: 5, forms: [{ id: 'f1', name: 'Form', url: 'https://love.example.com/f/1' }] });
  const failing = new FakeApi();
  failing.failNext = 1;
  const root = await fixture<HTMLElement>(html`<div lang=${lang} style="width: 960px">
    <testimonial-wall layout="list" limit="2" cta="" show-tags .client=${api.client()}></testimonial-wall>
    <testimonial-wall layout="grid" show-tags .testimonials=${richTestimonials()}></testimonial-wall>
    <testimonial-wall layout="carousel" autoplay .testimonials=${makeTestimonials(4)}></testimonial-wall>
    <testimonial-wall layout="marquee" .testimonials=${makeTestimonials(3)}></testimonial-wall>
    <testimonial-wall .testimonials=${[]}></testimonial-wall>
    <testimonial-wall .client=${failing.client()}></testimonial-wall>
    <testimonial-card no-date .testimonial=${sampleTestimonial({ id: 'no-date' })}></testimonial-card>
    <testimonial-card endpoint="/api" testimonial-id="no-such-testimonial"></testimonial-card>
    <video-testimonial transcript="Hello."></video-testimonial>
    <testimonial-summary .summary=${SUMMARY}></testimonial-summary>
    <testimonial-summary variant="avatars" .summary=${SUMMARY}></testimonial-summary>
    <testimonial-summary variant="histogram" .summary=${SUMMARY}></testimonial-summary>
    <testimonial-summary placement="bottom-end" .summary=${SUMMARY}></testimonial-summary>
    <testimonial-summary .summary=${{ ...SUMMARY, count: 0, rated: 0, average: null }}></testimonial-summary>
  </div>`);
  // Every element has its words (the language's chunk arrived), its data, and its error states.
  await until(
    () => {
      const elements = allElements(root);
      // Asked for, a wall far down the page builds its cards now rather than when the reader nears it.
      for (const element of elements) void (element as { updateComplete?: Promise<unknown> }).updateComplete;
      return (
        !elements.some((element) => element.getAttribute('aria-busy') === 'true') &&
        elements.filter((element) => element.getAttribute('part') === 'retry').length >= 2 &&
        partOf(root, 'load-more')?.textContent?.trim() &&
        partOf(root, 'cta') &&
        partOf(root, 'read-more') &&
        partOf(root, 'previous') &&
        partOf(root, 'play-button')?.getAttribute('aria-label')
      );
    },
    `every element of the ${lang} page is ready`,
    { timeout: 10000 },
  );
  await frames(2);
  return root;
}

describe('every element in every built-in language', () => {
  before(() => setViewport({ width: 1000, height: 1000 }));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const lang of LANGUAGES) {
    it(`${lang}: its own words everywhere, marked ${lang}, nothing missing${lang === 'ar' || lang === 'he' ? ', controls mirrored' : ''}, axe clean`, async () => {
      const table = (
        (await import(`../../../src/elements/shared/translations/${lang}.ts`)) as { default: Record<string, string | PluralForms> }
      ).default;
      const root = await page(lang);
      const strings = spokenStrings(root);

      // No English fallback: no English message the language words differently.
      expect(englishIn(strings, table), `${lang}: English words`).to.deep.equal([]);
      // The language's words are there: a sample from each element.
      const sample = [
        'Load more',
        'Leave a testimonial',
        'Read more',
        'Previous testimonial',
        'Transcript',
        'No reviews yet.',
        'No testimonials to show yet.',
        'This testimonial could not be loaded.',
        'Skip testimonials',
      ] as const;
      for (const key of sample) {
        const words = forms(table[key]!)[0]!;
        expect(
          strings.some((text) => text.includes(words)),
          `${lang}: "${words}" (${key}) is shown`,
        ).to.equal(true);
      }
      // Nothing missing: every control and every named element has a name.
      for (const element of allElements(root)) {
        const label = element.getAttribute('aria-label');
        if (label !== null) expect(label.trim(), `${lang}: an empty aria-label on <${element.localName}>`).to.not.equal('');
        if (['button', 'a', 'summary'].includes(element.localName)) {
          expect(
            (element.textContent!.trim() || label || '').length,
            `${lang}: <${element.localName} part="${element.getAttribute('part')}"> has no name`,
          ).to.be.above(0);
        }
      }
      // The words say their language.
      for (const name of ['load-more', 'cta', 'read-more', 'previous', 'retry', 'play-button', 'count']) {
        expect(langOf(partOf(root, name)!), `${lang}: the language of part ${name}`).to.equal(lang);
      }
      if (lang === 'ar' || lang === 'he') {
        const previous = partOf(root, 'previous')!;
        const next = partOf(root, 'next')!;
        expect(getComputedStyle(previous).direction).to.equal('rtl');
        expect(previous.getBoundingClientRect().left, 'previous is on the right').to.be.above(next.getBoundingClientRect().left);
      }
      // Contrast does not depend on the language (the theme tests check it); cards out of view skip rendering.
      await expect(root).to.be.accessible({ ignoredRules: ['color-contrast'] });
    });
  }

  it('pt-BR falls back to the Portuguese words, marked pt; a language without words is English, marked en', async () => {
    const brazil = await page('pt-BR');
    expect(partOf(brazil, 'load-more')!.textContent!.trim()).to.equal('Carregar mais');
    expect(langOf(partOf(brazil, 'load-more')!)).to.equal('pt');
    const finnish = await page('fi');
    expect(partOf(finnish, 'load-more')!.textContent!.trim()).to.equal('Load more');
    expect(langOf(partOf(finnish, 'load-more')!)).to.equal('en');
  });

  it('re-renders in the new language when a lang attribute changes', async () => {
    const root = await page('de');
    expect(partOf(root, 'load-more')!.textContent!.trim()).to.equal('Mehr laden');
    root.setAttribute('lang', 'es');
    await until(() => partOf(root, 'load-more')!.textContent!.trim() === 'Cargar más', 'the Spanish words');
    expect(spokenStrings(root)).to.not.include('Mehr laden');
  });
});
