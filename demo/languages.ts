// The languages demo page: one selector sets `lang` (and `dir`) on the section that holds every element,
// and every word follows. Finnish is not built in: this page registers a few words of its own, and the
// rest stays English (marked lang="en"). Imports only the package's public entry points.
import '../src/define.js';
import './on-request.js';
import { registerTranslation, type TestimonialSummary, type TestimonialWall } from '../src/index.js';

registerTranslation('fi', {
  'Read more': 'Lue lisää',
  'Show less': 'Näytä vähemmän',
  'Load more': 'Lataa lisää',
  'Leave a testimonial': 'Kirjoita suosittelu',
  Testimonials: 'Suosittelut',
  'Try again': 'Yritä uudelleen',
});

const stage = document.querySelector<HTMLElement>('#stage')!;
const language = document.querySelector<HTMLSelectElement>('#language')!;

function show(lang: string): void {
  stage.lang = lang;
  stage.dir = lang === 'ar' || lang === 'he' ? 'rtl' : 'ltr';
}

language.addEventListener('change', () => show(language.value));
// The language in the address (`?lang=ja`) is the first one shown.
const asked = new URLSearchParams(location.search).get('lang');
if (asked && [...language.options].some((option) => option.value === asked)) {
  language.value = asked;
  show(asked);
}

document.querySelector<TestimonialWall>('#empty-wall')!.testimonials = [];
document.querySelector<TestimonialSummary>('#empty-summary')!.summary = {
  count: 0,
  rated: 0,
  average: null,
  distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  integrations: {},
  recent: [],
  partial: false,
};
