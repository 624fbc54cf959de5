import { expect, html, aTimeout } from '@open-wc/testing';
import { mount } from './mount.js';
import {
  highlightSegmentsSync,
  isSanitizerLoaded,
  loadSanitizer,
  markupFreeText,
  needsSanitizer,
  renderSegments,
  toHighlightSegments,
} from '../../../src/elements/shared/sanitize.js';
import { SCRIPT_PAYLOADS } from './hostile.js';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Every element under the root that is not a bare `<mark>`. */
function foreignElements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].filter((el) => el.localName !== 'mark' || el.attributes.length > 0);
}

describe('sanitize', () => {
  it('plain text needs no sanitiser and is returned whole, synchronously', () => {
    expect(needsSanitizer('Great product, 10/10!')).to.equal(false);
    expect(highlightSegmentsSync('Great product')).to.deep.equal([{ text: 'Great product', marked: false }]);
    expect(highlightSegmentsSync('')).to.deep.equal([]);
    expect(needsSanitizer('a <mark>b</mark>')).to.equal(true);
    expect(needsSanitizer('Tom &amp; Jerry')).to.equal(true);
  });

  it('does not load DOMPurify for plain text (first test in this file: nothing loaded it yet)', async () => {
    const el = await mount<HTMLElement>(html`<p>${renderSegments(await toHighlightSegments('just text'))}</p>`);
    expect(el.textContent).to.equal('just text');
    expect(isSanitizerLoaded()).to.equal(false);
  });

  it('has no segments for markup until DOMPurify is loaded; the markup-free text reads the same', async () => {
    const text = 'Fast <mark>and</mark> &amp; <b>kind</b>';
    expect(highlightSegmentsSync(text)).to.equal(undefined);
    expect(markupFreeText(text)).to.equal('Fast and & kind');
    await loadSanitizer();
    const el = await mount<HTMLElement>(html`<p>${renderSegments(highlightSegmentsSync(text)!)}</p>`);
    expect(el.textContent).to.equal('Fast and & kind');
    expect(el.querySelector('b')).to.equal(null);
    expect(el.querySelector('mark')!.textContent).to.equal('and');
  });

  it('keeps only bare <mark> and merges text runs', async () => {
    const segments = await toHighlightSegments('<p>a <mark class="x" onclick="y">b</mark><i>c</i> <mark><mark>d</mark></mark></p>');
    expect(segments).to.deep.equal([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
      { text: 'c ', marked: false },
      { text: 'd', marked: true },
    ]);
  });

  it('nothing of a script payload runs and nothing but bare <mark> is rendered', async () => {
    window.__pwned = undefined;
    for (const payload of SCRIPT_PAYLOADS) {
      const el = await mount<HTMLElement>(html`<p>${renderSegments(await toHighlightSegments(`<mark>ok</mark> ${payload}`))}</p>`);
      expect(el.querySelector('mark'), `highlight for ${payload}`).to.not.equal(null);
      expect(foreignElements(el), payload).to.deep.equal([]);
      expect(markupFreeText(payload), payload).not.to.match(/<\w/);
    }
    await aTimeout(50);
    expect(window.__pwned).to.equal(undefined);
  });

  it('the markup-free fallback drops script content and decodes entities', () => {
    expect(markupFreeText('<script>alert(1)</script>Hi &lt;3 <style>p{}</style>')).to.equal('Hi <3 ');
    expect(markupFreeText('no markup')).to.equal('no markup');
  });
});
