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
import { plainHighlights, purifiedSegments, sanitizeToSegments } from '../../../src/elements/shared/purify-segments.js';

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

  it('the markup-free fallback reads as the sanitised text does, character references included', async () => {
    // HTML's character references (§ 13.2.5.72–80): named, legacy names without `;`, the longest name
    // wins, numeric in both bases with the parser's replacements (0, surrogates, out of range,
    // windows-1252 for 0x80–0x9F), and ampersands that start no reference.
    const texts = [
      'Tom &amp; Jerry &lt;3 &gt; &quot;hi&quot; &apos;x&apos; a&nbsp;b caf&eacute; &Lt; &ltdot;',
      'legacy names: &amp &lt3 &copy 2026 &notit; &notin; &ampx',
      'numeric: &#65;&#x42;&#X43; &#x1F44D; &#128077 &#0; &#x110000; &#xD800; &#150; &#x80; &#x81; &#99999999999;',
      'no reference: R&D, AT&T, & alone, &#; &#x; &unknownname; &',
      'a <!-- comment --> b <!-->c <? bogus ?> d </ x> e </> f',
      '<b>bold</b> <i title="a > b">it</i> <mark>hi</mark> <p>para</p><br>end',
      'line\r\nbreak\rhere <textarea><b>kept</b></textarea>',
    ];
    for (const text of texts) {
      const sanitised = (await toHighlightSegments(text)).map((segment) => segment.text).join('');
      expect(markupFreeText(text), text).to.equal(sanitised);
    }
  });

  it('the markup-free fallback loads nothing the text names', async () => {
    const marker = `preview-${Math.random().toString(36).slice(2)}`;
    markupFreeText(`<img src="/media/poster.jpg?${marker}=img"><video poster="/media/poster.jpg?${marker}=video"></video> &amp;`);
    // A load of our own: a request the preview started before it would have been answered by now.
    await new Promise((resolve) => {
      const image = new Image();
      image.onload = image.onerror = resolve;
      image.src = `/media/poster.jpg?after-${marker}`;
    });
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(loaded.some((name) => name.includes(`after-${marker}`))).to.equal(true);
    expect(loaded.filter((name) => name.includes(`${marker}=`))).to.deep.equal([]);
  });

  it('segments highlights and bare ampersands without a parse, as DOMPurify does in this browser (issue 23)', async () => {
    await loadSanitizer();
    const texts = [
      'Ember & Oak',
      '<mark>fast</mark> and <mark>simple</mark> & more',
      '  leading space <mark>here</mark>\n\n  and a blank line',
      '<mark></mark>empty mark, emoji 😀 and é',
      'a &amp; b',
      'line\r\nbreak',
      '<mark>a<mark>b</mark>c</mark>',
      '<MARK>upper</MARK>',
      '1 < 2',
      ...SCRIPT_PAYLOADS,
    ];
    for (const text of texts) {
      const plain = plainHighlights(text);
      if (plain) expect(JSON.stringify(plain), text).to.equal(JSON.stringify(purifiedSegments(text)));
    }
    // DOMPurify parses every text into a new document (~1 ms each in a wall): a highlight needs none.
    const parse = DOMParser.prototype.parseFromString;
    let parses = 0;
    DOMParser.prototype.parseFromString = function (this: DOMParser, ...args: Parameters<typeof parse>) {
      parses++;
      return parse.apply(this, args);
    } as typeof parse;
    try {
      sanitizeToSegments(`We kept <mark>this one</mark> & its team ${Math.random()}`);
      expect(parses, 'documents parsed for a highlight').to.equal(0);
      sanitizeToSegments(`a <b>bold</b> word ${Math.random()}`);
      expect(parses, 'documents parsed for other markup').to.equal(1);
    } finally {
      DOMParser.prototype.parseFromString = parse;
    }
  });
});
