/**
 * Hostile input: script and markup payloads in every string field, dangerous URLs in every URL field.
 * Nothing may run, nothing but bare <mark> may come out of the text, and no dangerous URL may reach an
 * attribute.
 */
import { aTimeout, expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import { mount } from '../shared/mount.js';
import { isSanitizerLoaded } from '../../../src/elements/shared/sanitize.js';
import { ALL_PAYLOADS, DANGEROUS_URLS, SCRIPT_PAYLOADS } from '../shared/hostile.js';
import { sampleTestimonial } from './fixtures.js';
import { CARD_ELEMENTS, everyField, SAFE_URL_VALUE, URL_ATTRIBUTES, URL_FIELD } from './hostile-fields.js';
import { cardFor, part, type TestimonialCard } from './helpers.js';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

function* allElements(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* allElements(element.shadowRoot);
  }
}

function assertSafeDom(el: TestimonialCard, label: string): void {
  for (const element of allElements(el.shadowRoot!)) {
    expect(CARD_ELEMENTS.has(element.localName), `${label}: <${element.localName}> rendered`).to.equal(true);
    for (const { name, value } of element.attributes) {
      expect(name.startsWith('on'), `${label}: event handler attribute ${name}`).to.equal(false);
      // The poster's aspect ratio, or the least height a card loaded by id keeps (its skeleton's).
      if (name === 'style') expect(value, `${label}: style`).to.match(/^(aspect-ratio: ?[\d.]+ \/ [\d.]+|min-block-size: [\d.]+px);?$/);
      if (!URL_ATTRIBUTES.includes(name)) continue;
      const ok = SAFE_URL_VALUE.test(value);
      expect(ok, `${label}: <${element.localName} ${name}="${value}">`).to.equal(true);
    }
  }
  for (const name of ['text', 'title', 'tagline', 'name', 'company', 'username', 'tag', 'source']) {
    for (const block of el.shadowRoot!.querySelectorAll(`[part~="${name}"]`)) {
      for (const inner of block.querySelectorAll('*')) {
        const allowed =
          name === 'text'
            ? inner.localName === 'mark' && inner.attributes.length === 0
            : ['a', 'img', 'span', 'bdi'].includes(inner.localName);
        expect(allowed, `${label}: <${inner.localName}> inside ${name}`).to.equal(true);
      }
    }
  }
}

async function settle(el: TestimonialCard): Promise<void> {
  await waitUntil(() => isSanitizerLoaded(), 'DOMPurify loads for text with markup');
  await el.updateComplete;
  await aTimeout(30);
}

describe('<testimonial-card> hostile input', () => {
  beforeEach(() => {
    window.__pwned = undefined;
  });
  afterEach(() => {
    expect(window.__pwned, 'a payload ran').to.equal(undefined);
  });

  it('renders script and markup payloads in every string field as text', async () => {
    for (const lang of ['en', 'ar']) {
      for (const variant of ['default', 'quote']) {
        const data = everyField(() => ALL_PAYLOADS);
        const el = await cardFor(data, { lang, variant, 'show-tags': true, 'text-limit': '0' });
        await settle(el);
        assertSafeDom(el, `${lang}/${variant}`);
        expect(part(el, 'name')!.textContent).to.include('<script>');
        expect(part(el, 'text')!.querySelectorAll('mark').length).to.be.greaterThan(0);
      }
    }
  });

  it('renders each payload alone in the text, the title and the name', async () => {
    for (const payload of SCRIPT_PAYLOADS) {
      const el = await cardFor(sampleTestimonial({ text: payload, title: payload, customer_name: payload, tags: [payload] }), {
        'show-tags': true,
      });
      await settle(el);
      assertSafeDom(el, payload);
      expect(part(el, 'name')!.textContent!.trim()).to.equal(payload);
    }
  });

  it('keeps payloads inert through "Read more"', async () => {
    const el = await cardFor(sampleTestimonial({ text: `${'filler '.repeat(400)} ${ALL_PAYLOADS}` }));
    await settle(el);
    part<HTMLButtonElement>(el, 'read-more')!.click();
    await settle(el);
    assertSafeDom(el, 'expanded');
  });

  it('keeps every dangerous URL out of every attribute, in every URL field', async () => {
    for (const url of DANGEROUS_URLS) {
      const data = everyField((path) => (URL_FIELD.test(path) ? url : 'plain'));
      const el = await cardFor(data, { 'show-tags': true });
      await el.updateComplete;
      assertSafeDom(el, JSON.stringify(url));
      for (const element of allElements(el.shadowRoot!)) {
        for (const { name, value } of element.attributes) {
          if (url.trim() !== '' && name !== 'style') expect(value, `${name} got ${JSON.stringify(url)}`).not.to.equal(url);
        }
      }
      expect(el.shadowRoot!.querySelectorAll('a[href], img[src]').length, JSON.stringify(url)).to.equal(0);
    }
  });

  it('keeps a fetched hostile testimonial inert', async () => {
    const original = window.fetch;
    window.fetch = async () => Response.json(everyField(() => ALL_PAYLOADS));
    try {
      const wrapper = await mount<HTMLDivElement>(html`<div></div>`);
      const el = document.createElement('testimonial-card');
      el.setAttribute('endpoint', '/hostile-api');
      el.setAttribute('testimonial-id', 'hostile');
      const loaded = oneEvent(el, 'testimonial-card-load');
      wrapper.append(el);
      await loaded;
      await settle(el);
      assertSafeDom(el, 'fetched');
    } finally {
      window.fetch = original;
    }
  });
});
