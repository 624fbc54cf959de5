/**
 * Issue 13, item 11: under forced colours (Windows High Contrast and the like) the stars take system
 * colours: filled stars stand out from the card as much as its text does, and an empty star is an
 * outline, never brighter than a full one, in light and dark system palettes.
 */
import { expect } from '@open-wc/testing';
import { backgroundBehind, contrast } from '../../support/contrast.js';
import { emulateForcedColors } from '../../support/forced-colors.js';
import { sampleTestimonial } from './fixtures.js';
import { cardFor, parts } from './helpers.js';

describe('<testimonial-card> in forced colours', function () {
  afterEach(() => emulateForcedColors('none'));

  for (const scheme of ['light', 'dark'] as const) {
    for (const theme of ['light', 'dark']) {
      it(`draws the stars in system colours (${scheme} system palette, ${theme} theme)`, async function () {
        if (!(await emulateForcedColors('active', scheme))) this.skip();
        expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
        const card = await cardFor(sampleTestimonial({ rating: 3.5 }), { theme });
        const stars = parts(card, 'stars')[0]!;
        const [full, empty] = [stars.querySelector('.full')!, stars.querySelector('.empty')!];
        const background = backgroundBehind(parts(card, 'rating')[0]!);
        const text = getComputedStyle(parts(card, 'card')[0]!).color;
        // The full stars (the half one with them) have the text's contrast with the card; the empty ones are outlines as strong.
        expect(contrast(getComputedStyle(full).fill, background), 'full stars').to.be.at.least(contrast(text, background) - 0.01);
        expect(contrast(getComputedStyle(empty).stroke, background), 'empty star outline').to.be.at.least(3);
        // Not brighter (nor darker) than the full ones: an empty star's inside is the card itself.
        expect(contrast(getComputedStyle(empty).fill, background), 'empty star inside').to.be.below(1.5);
      });
    }
  }
});
