import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkJsonLdOptions, JsonLdOptionError, REVIEW_SNIPPET_TYPES, reviewJsonLd, type ShownTestimonials } from '../../src/ssr/json-ld.js';

const item = { '@type': 'SoftwareApplication', name: 'Acme CRM', applicationCategory: 'BusinessApplication' };

function testimonial(id: string, fields: Record<string, unknown> = {}) {
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
  };
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
      assert.throws(() => checkJsonLdOptions(option), (error: Error) => error instanceof JsonLdOptionError && /explicit itemReviewed/.test(error.message));
    }
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { '@type': 'Product' } }), /itemReviewed\.name is required/);
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { name: 'Acme' } }), /must be one schema\.org type name/);
  });

  it('refuses Organization and LocalBusiness with the self-serving reviews rule', () => {
    for (const type of ['Organization', 'LocalBusiness', 'Corporation', 'Restaurant', 'Store']) {
      assert.throws(
        () => checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'Acme Inc.' } }),
        (error: Error) => error instanceof JsonLdOptionError && error.message.includes(`"${type}" is refused`) && /self-serving reviews/.test(error.message),
      );
    }
  });

  it('refuses types Google does not list, and accepts each listed type and common subtypes', () => {
    for (const type of ['WebPage', 'WebSite', 'Thing', 'Person', 'Service']) {
      assert.throws(() => checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'x' } }), /is not a type Google shows review snippets for/);
    }
    for (const type of [...REVIEW_SNIPPET_TYPES, 'MobileApplication', 'VideoObject', 'IndividualProduct']) {
      assert.ok(checkJsonLdOptions({ itemReviewed: { '@type': type, name: 'x' } }));
    }
  });

  it('refuses reviews or ratings given by hand: they are computed from what is shown', () => {
    assert.throws(() => checkJsonLdOptions({ itemReviewed: { ...item, aggregateRating: { ratingValue: 5 } } }), /aggregateRating may not be given/);
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
    ) as Node;
    assert.equal(data['@context'], 'https://schema.org');
    assert.equal(data['@type'], 'SoftwareApplication');
    assert.equal(data.applicationCategory, 'BusinessApplication', 'the caller’s other properties are passed on');
    assert.deepEqual(data.aggregateRating, { '@type': 'AggregateRating', ratingValue: 4, bestRating: 5, worstRating: 1, ratingCount: 3, reviewCount: 3 });
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
      translations: [{ id: 'x', lang: 'fr', review_id: 't', text: 'Très bien', title: 'Super', customer_tagline: '', created_at: '', updated_at: '' }],
    });
    const data = reviewJsonLd({ itemReviewed: item }, shown([translated], { lang: 'fr' })) as Node;
    assert.equal(data.review[0]!.reviewBody, 'Très bien');
    assert.equal(data.review[0]!.name, 'Super');
    assert.equal(data.review[0]!.inLanguage, 'fr');
  });

  it('emits nothing when no testimonial shown is eligible, and refuses hidden stars', () => {
    assert.equal(reviewJsonLd({ itemReviewed: item }, shown([testimonial('x', { integration: 'google', rating: 5 }), testimonial('y', { rating: 0 })])), undefined);
    assert.equal(reviewJsonLd({ itemReviewed: item }, shown([])), undefined);
    assert.throws(() => reviewJsonLd({ itemReviewed: item }, shown([testimonial('a')], { noRating: true })), /no-rating/);
  });

  it('checks the option again where it is used (a caller skipping checkJsonLdOptions gets the same error)', () => {
    assert.throws(() => reviewJsonLd({ itemReviewed: { '@type': 'Organization', name: 'Acme' } }, shown([testimonial('a')])), /self-serving/);
  });
});
