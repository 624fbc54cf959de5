import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INTEGRATIONS } from '../../../src/client/types.js';
import { formatDate, initials, integrationLabel, normaliseRating, parseDate } from '../../../src/elements/shared/format.js';

/** Every integration value of spec 2.5 and its name as its owner writes it. */
const EXPECTED_LABELS: Record<string, string | undefined> = {
  twitter: 'X (Twitter)',
  product_hunt: 'Product Hunt',
  google: 'Google',
  facebook: 'Facebook',
  reddit: 'Reddit',
  appsumo: 'AppSumo',
  capterra: 'Capterra',
  g2: 'G2',
  linkedin: 'LinkedIn',
  app_store: 'App Store',
  trustpilot: 'Trustpilot',
  shopify: 'Shopify',
  play_store: 'Google Play',
  yelp: 'Yelp',
  slack: 'Slack',
  discord: 'Discord',
  apple_podcasts: 'Apple Podcasts',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  amazon: 'Amazon',
  zillow: 'Zillow',
  udemy: 'Udemy',
  chrome_web_store: 'Chrome Web Store',
  airbnb: 'Airbnb',
  skillshare: 'Skillshare',
  realtor: 'Realtor.com',
  sourceforge: 'SourceForge',
  whop: 'Whop',
  wordpress: 'WordPress',
  fiverr: 'Fiverr',
  homestars: 'HomeStars',
  web_page: undefined,
};

describe('integrationLabel', () => {
  it('has a readable label for each of the 35 integration values', () => {
    assert.equal(INTEGRATIONS.length, 35);
    assert.deepEqual(Object.keys(EXPECTED_LABELS).sort(), [...INTEGRATIONS].sort());
    for (const value of INTEGRATIONS) assert.equal(integrationLabel(value), EXPECTED_LABELS[value], value);
  });

  it('writes names as their owners do', () => {
    assert.equal(integrationLabel('product_hunt'), 'Product Hunt');
    assert.equal(integrationLabel('g2'), 'G2');
    assert.equal(integrationLabel('app_store'), 'App Store');
    assert.equal(integrationLabel('chrome_web_store'), 'Chrome Web Store');
    assert.equal(integrationLabel('web_page'), undefined, 'no English phrase: the card names the page by its host');
    assert.equal(integrationLabel('trustpilot'), 'Trustpilot');
  });

  it('humanises unknown values and ignores empty or non-string ones', () => {
    assert.equal(integrationLabel('new_review_site'), 'New review site');
    assert.equal(integrationLabel('  mastodon  '), 'Mastodon');
    assert.equal(integrationLabel('x'.repeat(500))!.length, 40);
    assert.equal(integrationLabel('toString'), 'ToString', 'no prototype keys leak');
    for (const value of [null, undefined, '', '___', 42, {}]) assert.equal(integrationLabel(value), undefined);
  });
});

describe('dates', () => {
  it('formats through Intl in the given locale', () => {
    assert.equal(formatDate(parseDate('2025-01-05T10:00:00Z'), 'en-US'), 'Jan 5, 2025');
    assert.equal(formatDate(parseDate('2025-01-05T10:00:00Z'), 'de'), '05.01.2025');
    assert.match(formatDate(parseDate('2025-01-05T10:00:00Z'), 'ar')!, /٢٠٢٥|2025/);
  });

  it('answers undefined for invalid dates and survives invalid locales', () => {
    for (const value of ['', 'yesterday', null, undefined, {}, 'NaN']) assert.equal(formatDate(parseDate(value), 'en'), undefined);
    assert.equal(typeof formatDate(parseDate('2025-01-05T10:00:00Z'), 'not a locale!!'), 'string');
    assert.equal(parseDate('2025-01-05T10:00:00Z')!.toISOString(), '2025-01-05T10:00:00.000Z');
  });
});

describe('initials', () => {
  it('takes the first and last word, by grapheme', () => {
    assert.equal(initials('Ada Lovelace'), 'AL');
    assert.equal(initials('ada king lovelace'), 'AL');
    assert.equal(initials('Björk'), 'B');
    assert.equal(initials('émile zola'), 'ÉZ');
    assert.equal(initials('李小龙'), '李');
    assert.equal(initials('(Ada) "Byron"'), 'AB');
    assert.equal(initials('محمد علي'), 'مع');
  });

  it('keeps a letter and the marks that combine with it whole, though the letter is ASCII', () => {
    // ASCII pairs take no segmenter: a combining mark, a variation selector or a joiner after an ASCII
    // letter must still go to it.
    assert.equal(initials('e\u0301mile zoe\u0308'), 'E\u0301Z');
    assert.equal(initials('a\u0308da o\u0301'), 'A\u0308O\u0301');
    assert.equal(initials('1\ufe0f\u20e3 x'), '1\ufe0f\u20e3X');
    assert.equal(initials('A Z'), 'AZ');
  });

  it('answers an empty string when there is nothing to take', () => {
    for (const value of ['', '   ', '!!!', null, undefined, 7]) assert.equal(initials(value), '');
  });
});

describe('ratings', () => {
  it('clamps to 0–5 and rounds to the nearest half star', () => {
    assert.equal(normaliseRating(4), 4);
    assert.equal(normaliseRating(4.3), 4.5);
    assert.equal(normaliseRating(4.2), 4);
    assert.equal(normaliseRating(4.75), 5);
    assert.equal(normaliseRating(9), 5);
    assert.equal(normaliseRating(-2), 0);
    assert.equal(normaliseRating('3'), 3);
    for (const value of [NaN, Infinity, null, undefined, '', 'five', {}]) assert.equal(normaliseRating(value), 0);
  });
});
