// The languages demo page: one selector sets `lang` (and `dir`) on the section that holds every element,
// and every word follows. Finnish is not built in: this page registers a few words of its own, and the
// rest stays English (marked lang="en"). Imports only the package's public entry points.
import '../src/cdn.js';
import { afterFirstPaint } from './frames.js';
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

const EMPTY_SUMMARY: TestimonialSummary['summary'] = {
  count: 0,
  rated: 0,
  average: null,
  distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  integrations: {},
  recent: [],
  partial: false,
};

/**
 * Puts the page's sections (`<template id="stage-sections">`) in the stage once the first frame is drawn,
 * one a task. Upgraded with the page, in its render-blocking script, their elements made one task of
 * ~0.5 s on Lighthouse's phone (4× CPU slowdown) before the first paint, and the chunks and answers they
 * asked for arrived during it, so Lighthouse's simulation counted them into the first and largest paint.
 * Each section comes below everything shown (nothing follows the stage), so nothing moves.
 */
async function stageSections(): Promise<void> {
  const sections = document.querySelector<HTMLTemplateElement>('#stage-sections')!.content;
  await afterFirstPaint();
  for (const section of [...sections.children]) {
    stage.append(section);
    // The empty states get their (empty) data in the task they are connected in, before they render.
    const emptyWall = section.querySelector<TestimonialWall>('#empty-wall');
    if (emptyWall) emptyWall.testimonials = [];
    const emptySummary = section.querySelector<TestimonialSummary>('#empty-summary');
    if (emptySummary) emptySummary.summary = EMPTY_SUMMARY;
    await new Promise((resolve) => setTimeout(resolve));
  }
  // Its "Show a card whose testimonial cannot be loaded" button is in the last section.
  await import('./on-request.js');
}

void stageSections().finally(() => document.querySelector('main')!.removeAttribute('aria-busy'));
