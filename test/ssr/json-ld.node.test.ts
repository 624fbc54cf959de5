import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import type { Testimonial } from '../../src/client/types.js';
import { renderCard, renderWall } from '../../src/ssr/index.js';
import {
  checkJsonLdOptions,
  JsonLdOptionError,
  REVIEW_SNIPPET_TYPES,
  reviewJsonLd,
  type ShownTestimonials,
} from '../../src/ssr/json-ld.js';

const item = { '@type': 'SoftwareApplication', name: 'Acme CRM', applicationCategory: 'BusinessApplication' };

function testimonial(id: string, fields: Record<string, unknown> = {}): Testimonial {
  return {
    id,
    type: 'text',
    integration: null,
    title: null,
    text: `Words of ${id}`,
    rating: 5,
    date: '2025-03-04T10:00:00.000Z',
    customer_name: `Customer ${id}`,
    lang: 'en',
    translations: [],
    ...fields,
  } as unknown as Testimonial;
}

/** The plain text a card shows: here the words without tags (the SSR module passes the sanitiser's). */
const shown = (testimonials: unknown[], more: Partial<ShownTestimonials> = {}): ShownTestimonials => ({
  testimonials,
  plainText: (text) => text.replace(/<[^>]*>/g, ''),
  ...more,
});

type Node = Record<string, unknown> & { review: Record<string, unknown>[]; aggregateRating: Record<string, unknown> };

describe('review JSON-LD', () => {
  it('is off unless asked', () => {
    assert.equal(checkJsonLdOptions(undefined), undefined);
    assert.equal(checkJsonLdOptions(false), undefined);
  });

  it('asking needs an explicit itemReviewed with a name', () => {
    for (const option of [{}, true, { itemReviewed: 'Acme' }, { itemReviewed: null }, { itemReviewed: ['Product'] }]) {
      assert.throws(
        () => checkJsonLdOptions(option),
        (error: Error) => error instanceof JsonLdOptionError && /explicit itemReviewed/.test(error.message),
      );
    }
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { '@type': 'Product' } }), /itemReviewed\.name is required/);
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { name: 'Acme' } }), /must be one schema\.org type name/);
  });

  it('refuses Organization and LocalBusiness with the self-serving reviews rule', () => {
    for (const type of ['Organization', 'LocalBusiness', 'Corporation', 'Restaurant', 'Store']) {
      assert.throws(
        () => checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'Acme Inc.' } }),
        (error: Error) =>
          error instanceof JsonLdOptionError &&
          error.message.includes(`"${type}" is refused`) &&
          /self-serving reviews/.test(error.message),
      );
    }
  });

  it('refuses types Google does not list, and accepts each listed type and common subtypes', () => {
    for (const type of ['WebPage', 'WebSite', 'Thing', 'Person', 'Service']) {
      assert.throws(
        () => checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'x' } }),
        /is not a type Google shows review snippets for/,
      );
    }
    for (const type of [...REVIEW_SNIPPET_TYPES, 'MobileApplication', 'VideoObject', 'IndividualProduct']) {
      assert.ok(checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'x' } }));
    }
  });

  it('refuses reviews or ratings given by hand: they are computed from what is shown', () => {
    assert.throws(
      () => checkJsonLdOptions({ itemReviewed: { ...item, aggregateRating: { ratingValue: 5 } } }),
      /aggregateRating may not be given/,
    );
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { ...item, review: [] } }), /review may not be given/);
  });

  it('marks up only first-hand, rated, named testimonials, and aggregates exactly those', () => {
    const data = reviewJsonLd(
      { itemReviewed: item },
      shown([
        testimonial('a', { rating: 5, title: 'Great' }),
        testimonial('b', { rating: 4 }),
        testimonial('imported', { integration: 'trustpilot', rating: 1 }),
        testimonial('unrated', { rating: 0 }),
        testimonial('anonymous', { customer_name: '', rating: 1 }),
        testimonial('c', { rating: 3, text: 'So <mark>fast</mark>' }),
      ]),
    ) as unknown as Node;
    assert.equal(data['@context'], 'https://schema.org');
    assert.equal(data['@type'], 'SoftwareApplication');
    assert.equal(data.applicationCategory, 'BusinessApplication', 'the caller’s other properties are passed on');
    assert.deepEqual(data.aggregateRating, {
      '@type': 'AggregateRating',
      ratingValue: 4,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 3,
      reviewCount: 3,
    });
    assert.deepEqual(
      data.review.map((review) => (review.author as { name: string }).name),
      ['Customer a', 'Customer b', 'Customer c'],
    );
    assert.deepEqual(data.review[0], {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Customer a' },
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      datePublished: '2025-03-04',
      name: 'Great',
      reviewBody: 'Words of a',
      inLanguage: 'en',
    });
    assert.equal(data.review[2]!.reviewBody, 'So fast', 'the text as shown: highlight markup dropped, its words kept');
  });

  it('marks up the translation that is shown', () => {
    const translated = testimonial('t', {
      translations: [
        { id: 'x', lang: 'fr', review_id: 't', text: 'Très bien', title: 'Super', customer_tagline: '', created_at: '', updated_at: '' },
      ],
    });
    const data = reviewJsonLd({ itemReviewed: item }, shown([translated], { lang: 'fr' })) as unknown as Node;
    assert.equal(data.review[0]!.reviewBody, 'Très bien');
    assert.equal(data.review[0]!.name, 'Super');
    assert.equal(data.review[0]!.inLanguage, 'fr');
  });

  it('emits nothing when no testimonial shown is eligible, and refuses hidden stars', () => {
    assert.equal(
      reviewJsonLd(
        { itemReviewed: item },
        shown([testimonial('x', { integration: 'google', rating: 5 }), testimonial('y', { rating: 0 })]),
      ),
      undefined,
    );
    assert.equal(reviewJsonLd({ itemReviewed: item }, shown([])), undefined);
    assert.throws(() => reviewJsonLd({ itemReviewed: item }, shown([testimonial('a')], { noRating: true })), /no-rating/);
  });

  it('checks the option again where it is used (a caller skipping checkJsonLdOptions gets the same error)', () => {
    assert.throws(
      () => reviewJsonLd({ itemReviewed: { '@type': 'Organization', name: 'Acme' } }, shown([testimonial('a')])),
      /self-serving/,
    );
  });
});

describe('review JSON-LD in server-rendered HTML', () => {
  const hostileName = '</script><script>globalThis.pwned = 1</script><!--';
  const hostile = [
    testimonial('h1', { customer_name: hostileName, text: 'Fine <mark>really</mark> </script><!-- <script>globalThis.pwned = 2</script>' }),
    testimonial('h2', { rating: 3, title: '<!--<script>', text: 'plain words' }),
  ];

  /** The page as a browser's parser sees it: the scripts it would run or read. */
  function scriptsOf(markup: string) {
    const { document } = new JSDOM(`<!doctype html><body>${markup}</body>`).window;
    return [...document.querySelectorAll('script')].map((script) => ({
      type: script.getAttribute('type'),
      text: script.textContent ?? '',
    }));
  }

  it('renderWall writes one ld+json script after the wall that </script> and <!-- in the data cannot break', async () => {
    const markup = await renderWall({ testimonials: hostile, attributes: { endpoint: '/api' }, jsonLd: { itemReviewed: item } });
    const scripts = scriptsOf(markup);
    assert.deepEqual(
      scripts.map((script) => script.type),
      ['application/json', 'application/ld+json'],
      'the data island and the JSON-LD, and no script of the data’s',
    );
    assert.ok(!/<\/script|<!--/i.test(scripts[1]!.text), 'no < in the JSON-LD text at all');
    const data = JSON.parse(scripts[1]!.text) as Node;
    assert.equal((data.review[0]!.author as { name: string }).name, hostileName, 'the name survives exactly, as data');
    assert.equal(data.review[1]!.name, '<!--<script>');
    assert.equal(data.review[0]!.reviewBody, 'Fine really', 'the shown text: sanitised, the highlight’s words kept');
    assert.ok(
      markup.endsWith('</script>') && markup.indexOf('<script type="application/ld+json">') > markup.lastIndexOf('</testimonial-wall>'),
    );
  });

  it('renderWall without jsonLd writes none, and a refused itemReviewed fails before anything is fetched', async () => {
    assert.ok(!(await renderWall({ testimonials: hostile })).includes('ld+json'));
    let fetched = 0;
    await assert.rejects(
      renderWall({
        endpoint: 'http://proxy.test',
        fetch: async () => (fetched++, new Response('{}')),
        jsonLd: { itemReviewed: { '@type': 'LocalBusiness', name: 'Acme' } },
      }),
      /self-serving/,
    );
    assert.equal(fetched, 0);
  });

  it('marks up only the cards max-items-* lets every width show, and refuses no-rating', async () => {
    const many = ['a', 'b', 'c', 'd'].map((id) => testimonial(id));
    const markup = await renderWall({
      testimonials: many,
      attributes: { 'max-items-sm': 2, 'max-items-lg': 3 },
      jsonLd: { itemReviewed: item },
    });
    const data = JSON.parse(scriptsOf(markup).at(-1)!.text) as Node;
    assert.equal(data.review.length, 2);
    await assert.rejects(
      renderWall({ testimonials: many, attributes: { 'no-rating': true }, jsonLd: { itemReviewed: item } }),
      /no-rating/,
    );
  });

  it('renderCard marks up its one testimonial when it is eligible, and nothing otherwise', async () => {
    const card = await renderCard(testimonial('one', { rating: 4 }), { jsonLd: { itemReviewed: { '@type': 'Product', name: 'Widget' } } });
    const data = JSON.parse(scriptsOf(card).at(-1)!.text) as Node;
    assert.equal(data['@type'], 'Product');
    assert.equal(data.aggregateRating.ratingValue, 4);
    const imported = await renderCard(testimonial('two', { integration: 'g2' }), { jsonLd: { itemReviewed: item } });
    assert.ok(!imported.includes('ld+json'));
  });
});
