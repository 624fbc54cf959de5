/**
 * The fonts a card's text asks for (issue 24, item 1). Chromium on Linux asks the browser process
 * synchronously for a font the first time a page uses each weight (one match per weight, even where
 * two weights draw the same Bold face) and for each size and boldness (its rendering settings): on the
 * server-rendered page these round trips are in the first layout, before the first paint. These tests
 * pin the weights a card needs without timing anything: the normal one and the name's 650.
 */
import { expect } from '@open-wc/testing';
import { sampleTestimonial } from './fixtures.js';
import { cardFor, shadow } from './helpers.js';

/** The distinct computed font weights of the elements under `root` that hold text of their own, sorted. */
function textWeights(root: ShadowRoot): string[] {
  const weights = new Set<string>();
  for (const element of root.querySelectorAll('*')) {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    if (ownText) weights.add(getComputedStyle(element).fontWeight);
  }
  return [...weights].sort();
}

describe('testimonial-card: the fonts its text asks for', () => {
  it('uses two weights, with initials, a title and "Read more" (one font match each)', async () => {
    const el = await cardFor(sampleTestimonial({ customer_avatar: null, text: 'Long enough to be cut. '.repeat(20) }), {
      'text-limit': '40',
    });
    const root = shadow(el);
    expect(root.querySelector('[part="initials"]') !== null, 'initials').to.equal(true);
    expect(root.querySelector('[part="read-more"]') !== null, 'read more').to.equal(true);
    expect(root.querySelector('[part="title"]') !== null, 'title').to.equal(true);
    expect(textWeights(root).join(' ')).to.equal('400 650');
  });
});
