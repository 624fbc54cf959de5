import { aTimeout, expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import { mount } from '../shared/mount.js';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { sampleTestimonial } from './fixtures.js';
import { cardFor, wordsArrived, type TestimonialCard } from './helpers.js';
import { harness, textOf } from '../../support/harness/index.js';
import { warningsDuring } from '../testimonial-wall/wall-helpers.js';

// The links' rel, as the card's templates write it out.
import { OUTBOUND_REL as REL } from '../../../src/client/safe-url.js';

describe('<testimonial-card> fields', () => {
  it('shows every field of a testimonial', async () => {
    const el = await cardFor(sampleTestimonial(), { lang: 'en-US', 'show-tags': true });
    await waitUntil(() => harness(el).part('text')?.querySelector('mark'), 'the highlight renders');
    expect(harness(el).part('card')!.localName).to.equal('article');
    expect(harness(el).textOf('name')).to.equal('Ada Lovelace');
    expect(harness(el).part('name')!.localName).to.equal('h3');
    expect(harness(el).textOf('tagline')).to.equal('Analyst');
    expect(harness(el).textOf('company')).to.equal('Engines Ltd');
    expect(harness(el).textOf('username')).to.equal('@ada');
    expect(harness(el).part('customer-link')!.getAttribute('href')).to.equal('https://ada.example.com/');
    expect(harness(el).part('rating')!.getAttribute('aria-label')).to.equal('4 out of 5 stars');
    expect(harness(el).part('rating')!.getAttribute('role')).to.equal('img');
    expect(harness(el).textOf('title')).to.equal('Best tool we bought');
    expect(harness(el).textOf('text')).to.equal('It saved us hours every week.');
    expect(harness(el).part('text')!.querySelector('mark')!.textContent).to.equal('saved');
    expect(harness(el).part('text')!.textContent, 'no template whitespace in pre-line text').to.equal('It saved us hours every week.');
    expect(harness(el).part('quote')!.localName).to.equal('blockquote');
    expect(harness(el).part('header')!.localName).to.equal('figcaption');
    expect(harness(el).textOf('source')).to.equal('via Trustpilot');
    expect(harness(el).part('source')!.querySelector('a')!.getAttribute('href')).to.equal('https://www.trustpilot.com/reviews/123');
    expect(harness(el).textOf('date')).to.equal('Jan 5, 2025');
    expect(harness(el).part('date')!.getAttribute('datetime')).to.equal('2025-01-05T10:00:00.000Z');
    expect(harness(el).part('permalink')!.getAttribute('href')).to.equal(
      'https://love.example.com/p/acme/t/6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11',
    );
    expect(harness(el).parts('tag').map(textOf)).to.deep.equal(['enterprise', 'onboarding']);
    expect(harness(el).root.textContent).not.to.include('ada@example.com');
  });

  it('gives every outbound link the safe rel and every image lazy loading, a referrer policy and a size', async () => {
    const el = await cardFor(sampleTestimonial());
    const links = harness(el).all('a');
    expect(links.length).to.equal(3);
    for (const link of links) expect(link.getAttribute('rel')).to.equal(REL);
    const images = harness(el).all('img');
    expect(images.length).to.equal(3);
    for (const img of images) {
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
      expect(Number(img.getAttribute('width'))).to.be.greaterThan(0);
      expect(Number(img.getAttribute('height'))).to.be.greaterThan(0);
    }
    expect(harness(el).part<HTMLImageElement>('media-image')!.alt).to.equal('A screenshot of the dashboard');
  });

  it('shows tags only when asked', async () => {
    expect(harness(await cardFor(sampleTestimonial())).part('tags')).to.equal(null);
  });

  it("formats the date in the element's locale, its own or an ancestor's", async () => {
    expect(harness(await cardFor(sampleTestimonial(), { lang: 'de' })).textOf('date')).to.equal('05.01.2025');
    const wrapper = await mount<HTMLDivElement>(html`<div lang="fr"><testimonial-card></testimonial-card></div>`);
    const el = wrapper.querySelector('testimonial-card')!;
    el.testimonial = sampleTestimonial();
    await wordsArrived(el);
    expect(harness(el).textOf('date')).to.equal('5 janv. 2025');
  });

  it('sets the heading level from heading-level; outside 1–6 it warns and uses the default, 3', async () => {
    const el = await cardFor(sampleTestimonial(), { 'heading-level': '2' });
    expect(harness(el).part('name')!.localName).to.equal('h2');
    const warnings = await warningsDuring(async () => {
      el.headingLevel = 9;
      await el.updateComplete;
    });
    expect(harness(el).part('name')!.localName).to.equal('h3');
    expect(warnings).to.deep.equal([
      '[testimonial-card] TE-INVALID-HEADING-LEVEL: heading-level="9" must be a whole number from 1 to 6; using the default.',
    ]);
    el.setAttribute('heading-level', 'nonsense');
    await el.updateComplete;
    expect(harness(el).part('name')!.localName).to.equal('h3');
  });
});

describe('<testimonial-card> rating', () => {
  const stars = async (rating: unknown) => {
    const el = await cardFor(sampleTestimonial({ rating: rating as number }));
    return harness(el).part('rating')?.getAttribute('aria-label') ?? null;
  };

  it('labels whole, half, clamped and missing ratings', async () => {
    expect(await stars(5)).to.equal('5 out of 5 stars');
    expect(await stars(1)).to.equal('1 out of 5 stars');
    expect(await stars(4.3)).to.equal('4.5 out of 5 stars');
    expect(await stars(42)).to.equal('5 out of 5 stars');
    expect(await stars(0)).to.equal(null);
    expect(await stars(-3)).to.equal(null);
    expect(await stars(null)).to.equal(null);
    expect(await stars('x')).to.equal(null);
  });

  it('draws five stars in one svg, filled up to the rating, half stars too', async () => {
    // Where the full stars end, in the svg's units: a star is 24 wide and starts 26.67 after the one
    // before; its shape spans 2.4–21.6, a half star's 2.4–12.
    const filledTo = async (rating: number, lang = 'en') => {
      const el = await cardFor(sampleTestimonial({ rating, lang }));
      const stars = harness(el).parts('stars');
      expect(stars.length).to.equal(1);
      const svg = stars[0] as unknown as SVGSVGElement;
      const [empty, full] = [svg.querySelector<SVGPathElement>('.empty')!, svg.querySelector<SVGPathElement>('.full')!];
      const emptyBox = empty.getBBox();
      expect(emptyBox.x + emptyBox.width, 'five empty stars').to.be.closeTo(21.6 + 4 * 26.67, 0.01);
      // Five stars as wide as they were as five 1.125em svgs 0.125em apart.
      const box = svg.getBoundingClientRect();
      expect(box.width / box.height).to.be.closeTo(6.125 / 1.125, 0.01);
      const fullBox = full.getBBox();
      return { right: fullBox.x + fullBox.width, transform: getComputedStyle(svg).transform };
    };
    for (const whole of [1, 2, 3, 4, 5]) expect((await filledTo(whole)).right, `${whole}`).to.be.closeTo(21.6 + (whole - 1) * 26.67, 0.01);
    for (const whole of [0, 1, 2, 3, 4]) expect((await filledTo(whole + 0.5)).right, `${whole}.5`).to.be.closeTo(12 + whole * 26.67, 0.01);
    // Right to left (an Arabic testimonial), the row is mirrored: the stars fill from the right, a half star's right half.
    expect((await filledTo(3.5, 'ar')).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
    expect((await filledTo(3.5)).transform).to.equal('none');
  });

  it('clones one template for the rating: five stars cost a card one, not six', async () => {
    // What a card costs is mostly the templates it clones; a wall clones them for every card.
    const clonesOf = async (testimonial: unknown, attrs: Record<string, boolean> = {}) => {
      const importNode = Document.prototype.importNode;
      let clones = 0;
      Document.prototype.importNode = function (this: Document, node, deep) {
        clones++;
        return importNode.call(this, node, deep);
      } as typeof importNode;
      try {
        await cardFor(testimonial, attrs);
      } finally {
        Document.prototype.importNode = importNode;
      }
      return clones;
    };
    const data = sampleTestimonial({ rating: 3.5, text: 'Plain words.', media: [] });
    // The rating's own template holds its stars (a template a star, a wall cloned five more for each card).
    expect((await clonesOf(data)) - (await clonesOf(data, { 'no-rating': true }))).to.equal(1);
  });

  it("adopts one style sheet: a wall's cards are each matched against every sheet their root adopts", async () => {
    const el = await cardFor(sampleTestimonial());
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.equal(1);
  });
});

describe('<testimonial-card> language', () => {
  it('shows the translation for lang, with lang and dir="rtl" on the content', async () => {
    const el = await cardFor(sampleTestimonial(), { lang: 'ar' });
    const content = harness(el).part('content')!;
    expect(content.getAttribute('lang')).to.equal('ar');
    expect(content.getAttribute('dir')).to.equal('rtl');
    expect(harness(el).textOf('title')).to.equal('أفضل أداة اشتريناها');
    expect(harness(el).textOf('tagline')).to.equal('محللة');
    await waitUntil(() => harness(el).part('text')?.querySelector('mark'));
    expect(harness(el).part('text')!.querySelector('mark')!.textContent).to.equal('ساعات');
    expect(getComputedStyle(harness(el).part('text')!).direction).to.equal('rtl');
  });

  it("lays a date out in its own locale's direction, whatever the footer's", async () => {
    const arabic = await cardFor(sampleTestimonial(), { lang: 'ar' });
    const arabicDate = harness(arabic).part('date')!;
    expect(arabicDate.textContent).to.match(/\u200f/, 'the Arabic date carries right-to-left marks');
    expect(getComputedStyle(arabicDate).direction).to.equal('rtl');
    const english = await cardFor(sampleTestimonial(), { lang: 'en' });
    expect(getComputedStyle(harness(english).part('date')!).direction).to.equal('ltr');
  });

  it('marks a field the translation lacks with its own language', async () => {
    const el = await cardFor(sampleTestimonial(), { lang: 'de' });
    expect(harness(el).part('content')!.getAttribute('lang')).to.equal('de');
    expect(harness(el).part('content')!.getAttribute('dir')).to.equal('ltr');
    expect(harness(el).textOf('text')).to.equal('Spart uns jede Woche Stunden.');
    expect(harness(el).part('title')!.getAttribute('lang')).to.equal('en');
    expect(harness(el).part('tagline')!.getAttribute('lang')).to.equal('en');
  });

  it("follows changes of its lang attribute and takes an ancestor's lang", async () => {
    const el = await cardFor(sampleTestimonial(), { lang: 'en' });
    expect(harness(el).textOf('title')).to.equal('Best tool we bought');
    el.lang = 'ar';
    await el.updateComplete;
    expect(harness(el).textOf('title')).to.equal('أفضل أداة اشتريناها');
    const wrapper = await mount<HTMLDivElement>(html`<div lang="ar"><testimonial-card></testimonial-card></div>`);
    const inner = wrapper.querySelector('testimonial-card')!;
    inner.testimonial = sampleTestimonial();
    await inner.updateComplete;
    expect(harness(inner).part('content')!.getAttribute('dir')).to.equal('rtl');
  });
});

describe('<testimonial-card> variants and options', () => {
  it('reflects variant and theme, and puts the customer after the words in the quote variant', async () => {
    const el = await cardFor(sampleTestimonial());
    expect(el.hasAttribute('variant')).to.equal(false);
    expect(harness(el).part('content')!.firstElementChild!.getAttribute('part')).to.equal('header');
    el.variant = 'quote';
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('variant')).to.equal('quote');
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(harness(el).part('content')!.lastElementChild!.getAttribute('part')).to.equal('header');
  });

  it('hides the date, rating, source, avatar and media with the no-* booleans', async () => {
    const el = await cardFor(sampleTestimonial());
    for (const name of ['date', 'rating', 'source', 'avatar', 'media']) expect(harness(el).part(name), name).not.to.equal(null);
    for (const name of ['no-date', 'no-rating', 'no-source', 'no-avatar', 'no-media']) el.setAttribute(name, '');
    await el.updateComplete;
    for (const name of ['date', 'rating', 'source', 'avatar', 'media']) expect(harness(el).part(name), name).to.equal(null);
    expect(harness(el).textOf('permalink')).to.equal('Permalink');
  });

  it('applies the dark theme and public custom properties', async () => {
    const el = await cardFor(sampleTestimonial(), { theme: 'dark' });
    expect(getComputedStyle(harness(el).part('card')!).backgroundColor).to.equal('rgb(22, 27, 34)');
    el.style.setProperty('--testimonial-color-background', 'rgb(1, 2, 3)');
    el.style.setProperty('--testimonial-radius', '3px');
    await el.updateComplete;
    expect(getComputedStyle(harness(el).part('card')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(harness(el).part('card')!).borderTopLeftRadius).to.equal('3px');
    el.removeAttribute('theme');
    el.style.removeProperty('--testimonial-color-background');
    await el.updateComplete;
    expect(getComputedStyle(harness(el).part('card')!).backgroundColor).to.equal('rgb(255, 255, 255)');
  });
});

/** Emulates media features where the browser lets the runner (Chromium, over CDP); false elsewhere. */
async function emulate(media: Parameters<typeof emulateMedia>[0]): Promise<boolean> {
  try {
    await emulateMedia(media);
    return true;
  } catch {
    return false;
  }
}

describe('<testimonial-card> system preferences', () => {
  afterEach(() => emulate({ colorScheme: 'light', reducedMotion: 'no-preference' }));

  it('follows prefers-color-scheme with theme="auto" only', async () => {
    const auto = await cardFor(sampleTestimonial(), { theme: 'auto' });
    const light = await cardFor(sampleTestimonial(), { theme: 'light' });
    const background = (el: TestimonialCard) => getComputedStyle(harness(el).part('card')!).backgroundColor;
    // Checked in the scheme in effect, then (where it can be emulated) in both.
    const expectFollowed = () => {
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      expect(background(auto)).to.equal(dark ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)');
      expect(background(light)).to.equal('rgb(255, 255, 255)');
    };
    expectFollowed();
    if (await emulate({ colorScheme: 'dark' })) {
      expect(background(auto)).to.equal('rgb(22, 27, 34)');
      expectFollowed();
      await expect(auto).to.be.accessible();
      await emulate({ colorScheme: 'light' });
      expectFollowed();
    }
  });

  it('pulses the skeleton only without prefers-reduced-motion', async () => {
    const original = window.fetch;
    window.fetch = () => new Promise<Response>(() => {});
    try {
      const el = await mount<TestimonialCard>(html`<testimonial-card endpoint="/never-api" testimonial-id="slow"></testimonial-card>`);
      await waitUntil(() => harness(el).root.querySelector('.sizer'));
      const bone = harness(el).root.querySelector('.sizer')!;
      const expectFollowed = () => {
        const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
        const seconds = parseFloat(getComputedStyle(bone).animationDuration);
        expect(getComputedStyle(bone).animationName).to.equal('pulse');
        if (reduced) expect(seconds).to.be.lessThan(0.001);
        else expect(seconds).to.be.greaterThan(1);
      };
      expectFollowed();
      if (await emulate({ reducedMotion: 'reduce' })) {
        expect(parseFloat(getComputedStyle(bone).animationDuration)).to.be.lessThan(0.001);
        expectFollowed();
      }
      el.remove();
    } finally {
      window.fetch = original;
    }
  });
});

describe('<testimonial-card> bad data', () => {
  it('renders null and missing fields without throwing', async () => {
    const bare = { id: 'x', customer_name: null, text: null, rating: null, media: null, tags: null, translations: null };
    for (const value of [{}, bare, { customer_name: 'Bo' }]) {
      const el = await cardFor(value);
      expect(harness(el).part('card')).not.to.equal(null);
      expect(harness(el).part('quote')).to.equal(null);
      expect(harness(el).part('rating')).to.equal(null);
    }
    expect(harness(await cardFor({})).textOf('name')).to.equal('Anonymous');
    expect(harness(await cardFor({ customer_name: 'Bo Diddley' })).textOf('initials')).to.equal('BD');
  });

  it('renders nothing for a testimonial that is not an object, and nothing to fetch', async () => {
    for (const value of ['a string', 42, null]) {
      const el = await cardFor(value);
      expect(harness(el).root.children.length, String(value)).to.equal(0);
    }
  });

  it('labels an unknown integration readably', async () => {
    const el = await cardFor(sampleTestimonial({ integration: 'some_new_site' as never }));
    expect(harness(el).textOf('source')).to.equal('via Some new site');
  });

  it('clamps a 10,000-character text with an accessible Read more / Show less toggle', async () => {
    const long = `${'All good here. '.repeat(666)}The end.`;
    const el = await cardFor(sampleTestimonial({ text: long }));
    const button = harness(el).part<HTMLButtonElement>('read-more')!;
    expect(textOf(button)).to.equal('Read more');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal('text');
    expect(harness(el).part('text')!.textContent!.length).to.be.lessThan(500);
    expect(harness(el).textOf('text')).to.match(/…$/);
    const card = harness(el);
    const toggled = oneEvent(el, 'toggle');
    await card.expand();
    const event = (await toggled) as unknown as ToggleEvent;
    expect(event.newState).to.equal('open');
    expect(el.expanded).to.equal(true);
    expect(el.hasAttribute('expanded')).to.equal(true);
    expect(card.expanded).to.equal(true);
    expect(textOf(button)).to.equal('Show less');
    expect(card.text()).to.equal(long.trim());
    await card.expand();
    expect(card.expanded).to.equal(false);
  });

  it('does not clamp short text, and text-limit="0" never clamps', async () => {
    expect(harness(await cardFor(sampleTestimonial())).part('read-more')).to.equal(null);
    const el = await cardFor(sampleTestimonial({ text: 'x '.repeat(5000) }), { 'text-limit': '0' });
    expect(harness(el).part('read-more')).to.equal(null);
  });

  it('clamps sooner in the compact variant', async () => {
    const text = 'word '.repeat(60);
    expect(harness(await cardFor(sampleTestimonial({ text }))).part('read-more')).to.equal(null);
    expect(harness(await cardFor(sampleTestimonial({ text }), { variant: 'compact' })).part('read-more')).not.to.equal(null);
  });

  it('shows the title alone when the text is empty', async () => {
    const el = await cardFor(sampleTestimonial({ text: '' }));
    expect(harness(el).part('text')).to.equal(null);
    expect(harness(el).textOf('title')).to.equal('Best tool we bought');
  });

  it('falls back to initials when the avatar fails, and hides broken logos and images', async () => {
    const broken = `${location.origin}/does-not-exist.png`;
    const el = await cardFor(
      sampleTestimonial({
        customer_avatar: broken,
        customer_company_logo: `${broken}?logo`,
        media: [{ url: `${broken}?media`, type: 'image', alt: 'x' }],
      }),
    );
    // Lazy images load only once laid out near the viewport, which a hidden test tab may never do:
    // load them now, for real, and wait for each to fail.
    for (const img of harness(el).all<HTMLImageElement>('img')) img.loading = 'eager';
    await waitUntil(
      () => harness(el).part('initials') && !harness(el).part('logo') && !harness(el).part('media'),
      'all three broken images handled',
    );
    expect(harness(el).textOf('initials')).to.equal('AL');
    expect(harness(el).textOf('company')).to.equal('Engines Ltd');
  });
});

describe('<testimonial-card> accessibility', () => {
  for (const theme of ['light', 'dark']) {
    for (const variant of ['default', 'compact', 'quote']) {
      it(`is accessible in the ${theme} theme, ${variant} variant`, async () => {
        const el = await cardFor(sampleTestimonial({ text: 'Long '.repeat(200) }), { theme, variant, 'show-tags': true });
        await expect(el).to.be.accessible();
      });
    }
  }

  it('is accessible in right-to-left content', async () => {
    const el = await cardFor(sampleTestimonial(), { lang: 'ar', theme: 'dark' });
    await waitUntil(() => harness(el).part('text')?.querySelector('mark'));
    await expect(el).to.be.accessible();
  });

  it('gives every text link a target at least 24 px tall (WCAG 2.5.8), in every variant', async () => {
    for (const variant of ['default', 'compact', 'quote']) {
      const el = await cardFor(sampleTestimonial(), { variant });
      const links = [harness(el).part('customer-link')!, harness(el).part('source')!.querySelector('a')!, harness(el).part('permalink')!];
      for (const link of links) {
        expect(link.getBoundingClientRect().height, `${variant}: ${link.textContent}`).to.be.at.least(24);
      }
    }
  });

  it('reaches every link and the toggle by keyboard, with a visible focus ring', async () => {
    const before = await mount<HTMLButtonElement>(html`<button>before</button>`);
    const el = await cardFor(sampleTestimonial({ text: 'Long words. '.repeat(100) }));
    // Something focusable after the card: the last Tab must land in the page. Past the page's last
    // element Firefox moves focus to its own UI, and the document stays unfocused for the tests after.
    await mount(html`<button>after</button>`);
    before.focus();
    const reached: string[] = [];
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      const active = harness(el).focused as HTMLElement | null;
      if (!active) break;
      reached.push(active.getAttribute('part') ?? active.parentElement!.getAttribute('part')!);
      const style = getComputedStyle(active);
      expect(style.outlineStyle, reached.at(-1)).to.equal('solid');
      expect(parseFloat(style.outlineWidth)).to.be.at.least(2);
    }
    expect(reached).to.deep.equal(['customer-link', 'read-more', 'source', 'permalink']);
  });
});

describe('<testimonial-card> events and reflection', () => {
  it('reflects attributes to properties', async () => {
    const el = await cardFor(sampleTestimonial(), {
      endpoint: '/api',
      'no-date': true,
      'show-tags': true,
      'heading-level': '4',
      'text-limit': '50',
    });
    expect(el.noDate).to.equal(true);
    expect(el.showTags).to.equal(true);
    expect(el.headingLevel).to.equal(4);
    expect(el.textLimit).to.equal(50);
    expect(el.endpoint).to.equal('/api');
  });

  it('does not fetch when given a testimonial', async () => {
    const original = window.fetch;
    let calls = 0;
    window.fetch = async (...args) => {
      calls++;
      return original(...args);
    };
    try {
      const el = await cardFor(sampleTestimonial(), { endpoint: '/api', 'testimonial-id': 'abc' });
      await aTimeout(20);
      expect(calls).to.equal(0);
      expect(harness(el).part('card')).not.to.equal(null);
    } finally {
      window.fetch = original;
    }
  });
});
