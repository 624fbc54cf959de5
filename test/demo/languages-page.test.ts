/**
 * The languages demo page: its selector changes every word of every element on it (the built-in
 * languages), keeps English for the words a page-registered language lacks, and mirrors for Arabic.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { PluralForms } from '../../src/elements/shared/localize.js';
import { allElements, englishIn, spokenStrings } from '../elements/shared/words.js';

async function openDemo(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.title = 'languages';
  frame.style.cssText = 'width: 1280px; height: 2400px; border: 0; display: block';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = '/demo/languages.html';
  document.body.append(frame);
  await loaded;
  return frame;
}

function part(root: Node, name: string): Element | undefined {
  return allElements(root).find((element) => element.getAttribute('part')?.split(/\s+/).includes(name));
}

describe('the languages demo page', () => {
  let frame: HTMLIFrameElement;
  before(async () => {
    frame = await openDemo();
  });
  after(() => frame.remove());

  for (const lang of ['ja', 'de', 'ar', 'fi'] as const) {
    it(`${lang}: the selector changes every word of every element`, async () => {
      const doc = frame.contentDocument!;
      const select = doc.querySelector<HTMLSelectElement>('#language')!;
      select.value = lang;
      select.dispatchEvent(new Event('change'));
      const stage = doc.querySelector('#stage')!;
      const expected = { ja: 'さらに読み込む', de: 'Mehr laden', ar: 'تحميل المزيد', fi: 'Lataa lisää' }[lang];
      await waitUntil(
        () => {
          // Asked for, a wall far down the page builds its cards now rather than when the reader nears it.
          for (const element of allElements(stage)) void (element as { updateComplete?: Promise<unknown> }).updateComplete;
          return (
            // The page puts its sections in the stage one a task after its first paint: all of them.
            !doc.querySelector('main[aria-busy]') &&
            part(stage, 'load-more')?.textContent?.trim() === expected &&
            part(stage, 'previous') &&
            part(stage, 'count') &&
            allElements(stage).every((element) => element.getAttribute('aria-busy') !== 'true')
          );
        },
        `the ${lang} words on every element`,
        { timeout: 15000 },
      );
      if (lang === 'fi') {
        // Finnish is registered by the page for a few words: the rest is English, marked so.
        expect(part(stage, 'previous')!.closest('[lang]')!.getAttribute('lang')).to.equal('fi');
        return;
      }
      const table = (
        (await import(`../../src/elements/shared/translations/${lang}.ts`)) as { default: Record<string, string | PluralForms> }
      ).default;
      expect(englishIn(spokenStrings(stage), table)).to.deep.equal([]);
      if (lang === 'ar') expect(getComputedStyle(part(stage, 'carousel-controls')!).direction).to.equal('rtl');
    });
  }
});
