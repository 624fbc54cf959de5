/**
 * Issue 13, item 13: a card in a right-to-left language is right to left throughout even when the page
 * sets no `dir`, text from the API is isolated from the direction around it, and the interface's own
 * words say the language they are in (issue 16: Arabic on an Arabic page, whatever the content's).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { languageReady } from '../../../src/elements/shared/localize.js';
import { sampleTestimonial } from './fixtures.js';
import { part, TestimonialCard } from './helpers.js';

/** A card inside a `lang="ar"` block of a page that sets no `dir`. */
async function arabicCard(overrides = {}, attributes: Record<string, string> = {}): Promise<TestimonialCard> {
  const block = await fixture<HTMLDivElement>(html`<div lang="ar" style="width: 32rem"></div>`);
  const card = document.createElement('testimonial-card');
  for (const [name, value] of Object.entries(attributes)) card.setAttribute(name, value);
  card.testimonial = sampleTestimonial({ customer_company: 'Saffron Kitchen Co.', ...overrides });
  block.append(card);
  await card.updateComplete;
  return card;
}

/** The box of the `index`th character of `text` inside `element`. */
function charBox(element: Element, text: string, index: number): DOMRect {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at + index);
    range.setEnd(node, at + index + 1);
    return range.getBoundingClientRect();
  }
  throw new Error(`"${text}" not found`);
}

describe('<testimonial-card> right to left', () => {
  before(() => languageReady('ar'));

  it('lays the footer out right to left with the rest of an Arabic card', async () => {
    const card = await arabicCard();
    expect(getComputedStyle(part(card, 'content')!).direction).to.equal('rtl');
    expect(getComputedStyle(part(card, 'footer')!).direction).to.equal('rtl');
  });

  it('isolates names from the API: "Saffron Kitchen Co." keeps its full stop at its end', async () => {
    const card = await arabicCard({ customer_name: 'Ada Lovelace Jr.' });
    const company = part(card, 'company')!;
    const text = 'Saffron Kitchen Co.';
    expect(charBox(company, text, text.length - 1).left, 'the full stop is right of the S').to.be.greaterThan(
      charBox(company, text, 0).left,
    );
    const name = part(card, 'name')!;
    const full = 'Ada Lovelace Jr.';
    expect(charBox(name, full, full.length - 1).left).to.be.greaterThan(charBox(name, full, 0).left);
  });

  it('says its interface words in Arabic, marked Arabic, inside English content marked English', async () => {
    const card = await arabicCard(
      { lang: 'en', translations: [], text: 'It saved us hours every week. '.repeat(40) },
      { 'text-limit': '40' },
    );
    expect(part(card, 'text')!.matches(':lang(en)'), 'the words').to.equal(true);
    expect(part(card, 'read-more')!.matches(':lang(ar)'), 'Read more').to.equal(true);
    expect(part(card, 'read-more')!.textContent!.trim()).to.equal('قراءة المزيد');
    expect(part(card, 'rating')!.matches(':lang(ar)'), 'the rating label').to.equal(true);
    expect(part(card, 'rating')!.getAttribute('aria-label')).to.equal('4 من 5 نجوم');
    expect(part(card, 'source')!.matches(':lang(ar)'), '"via"').to.equal(true);
    expect(part(card, 'date')!.matches(':lang(ar)'), 'the date, formatted in Arabic').to.equal(true);
  });

  it('marks the loading and error states as Arabic on an Arabic page', async () => {
    const block = await fixture<HTMLDivElement>(html`<div lang="ar"></div>`);
    block.innerHTML = '<testimonial-card endpoint="javascript:void 0" testimonial-id="x"></testimonial-card>';
    const card = block.firstElementChild as TestimonialCard;
    const warn = console.warn;
    console.warn = () => {};
    try {
      await card.updateComplete;
      await card.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(part(card, 'error')!.matches(':lang(ar)')).to.equal(true);
    expect(part(card, 'retry')!.textContent!.trim()).to.equal('إعادة المحاولة');
  });
});
