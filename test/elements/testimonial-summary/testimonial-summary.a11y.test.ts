/**
 * Issue 28, items 5, 6 and 13: the summary reads on a dark page with `theme` unset, reflows in a
 * 320 px viewport, and keeps its stars and bars under forced colours (Chromium).
 */
import { expect, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-summary/define.js';
import type { SummaryData } from '../../../src/client/summary.js';
import type { TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import { backgroundBehind, contrast, rgba, textContrast } from '../../support/contrast.js';
import { emulateForcedColors } from '../../support/forced-colors.js';
import { mount } from '../shared/mount.js';
import { wordsArrived } from '../shared/words.js';

const DATA: SummaryData = {
  count: 83,
  rated: 83,
  average: 4,
  distribution: { 1: 3, 2: 5, 3: 10, 4: 20, 5: 45 },
  integrations: {},
  recent: ['Ada Lovelace', 'Grace Hopper', 'Linus Tanaka', 'Margaret Hamilton', 'Katherine Johnson', 'Alan Turing'].map((name) => ({
    name,
    avatar: null,
  })),
  partial: false,
};

function part(el: Element, name: string): HTMLElement {
  return el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
}

async function summaryIn(style: string, attrs: Record<string, string>, data?: SummaryData): Promise<TestimonialSummary> {
  const box = await mount<HTMLDivElement>(html`<div style=${style}></div>`);
  const el = document.createElement('testimonial-summary');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (data) el.summary = data;
  box.append(el);
  await wordsArrived(el);
  await el.updateComplete;
  return el;
}

const DARK_PAGE = 'background: #121212; color: #e8e8e8; color-scheme: dark; padding: 1rem';

describe('<testimonial-summary> accessibility', function () {
  this.timeout(20000);

  it('on a dark page with no theme, every word reads (4.5:1), the retry button too', async () => {
    const histogram = await summaryIn(DARK_PAGE, { variant: 'histogram', href: 'https://example.com/reviews' }, DATA);
    const texts = [
      part(histogram, 'average'),
      part(histogram, 'count'),
      ...histogram.shadowRoot!.querySelectorAll<HTMLElement>('.label, .value'),
    ];
    const empty = await summaryIn(DARK_PAGE, {}, { ...DATA, count: 0, rated: 0, average: null, recent: [] });
    const failed = await summaryIn(DARK_PAGE, { endpoint: '/api/no-such-proxy' });
    await new Promise<void>((resolve) => failed.addEventListener('testimonial-summary-error', () => resolve(), { once: true }));
    await failed.updateComplete;
    texts.push(part(empty, 'empty'), part(failed, 'error').querySelector('span')!, part(failed, 'retry'));
    for (const text of texts) expect(textContrast(text), `${text.className || text.textContent}`).to.be.at.least(4.5);
  });

  it('reflows in a 320 px viewport: the avatars sentence wraps, nothing scrolls sideways', async () => {
    const el = await summaryIn('display: grid; inline-size: 288px', { variant: 'avatars', avatars: '6' }, DATA);
    const box = el.parentElement!;
    expect(el.getBoundingClientRect().width, 'the summary').to.be.at.most(288);
    expect(box.scrollWidth, 'its box').to.be.at.most(288);
    const count = part(el, 'count');
    expect(count.getBoundingClientRect().right).to.be.at.most(box.getBoundingClientRect().right + 0.5);
  });

  describe('forced colours (Chromium)', () => {
    afterEach(() => emulateForcedColors('none'));

    for (const scheme of ['light', 'dark'] as const) {
      it(`a 4.0 summary fills four stars of five, and the histogram's bars show (${scheme} system palette)`, async function () {
        if (!(await emulateForcedColors('active', scheme))) this.skip();
        const el = await summaryIn('', { variant: 'histogram' }, DATA);
        const stars = getComputedStyle(part(el, 'stars'));
        // The glyphs are a window on the gradient: transparent text, a gradient of two system colours.
        expect(rgba(stars.color)[3], 'the glyphs are transparent').to.equal(0);
        const colours = stars.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
        expect(colours.length).to.be.at.least(2);
        expect(contrast(colours[0]!, colours.at(-1)!), 'filled and empty stars differ').to.be.at.least(3);
        const bar = el.shadowRoot!.querySelector<HTMLElement>('[part="bar"]')!;
        const fill = bar.querySelector<HTMLElement>('[part="bar-fill"]')!;
        expect(contrast(getComputedStyle(fill).backgroundColor, backgroundBehind(bar)), 'a bar against its track').to.be.at.least(3);
      });
    }
  });
});
