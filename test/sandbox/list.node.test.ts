import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INTEGRATIONS, type Testimonial } from '../../src/client/types.js';
import { all, call, errorOf, list, sandbox } from './helpers.js';

const api = sandbox();
const everything = await all(api);
const stripMarks = (text: string) => text.replace(/<\/?mark>/g, '');

describe('GET /v1/testimonials: defaults and paging', () => {
  it('answers 100 by default, newest first, with total = the count on the page', async () => {
    const page = await list(api);
    assert.equal(page.testimonials.length, 100);
    assert.equal(page.total, 100);
    const dates = page.testimonials.map((t) => Date.parse(t.date));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
  });

  it('numbers pages from 1 and answers a short last page, then an empty one', async () => {
    const first = await list(api, 'limit=70');
    const second = await list(api, 'limit=70&page=2');
    const third = await list(api, 'limit=70&page=3');
    const fourth = await list(api, 'limit=70&page=4');
    assert.deepEqual(first.testimonials, (await list(api, 'limit=70&page=1')).testimonials);
    assert.equal(third.total, everything.length - 140);
    assert.ok(third.total < 70, 'the last page is short, so a client knows to stop');
    assert.deepEqual(fourth, { total: 0, testimonials: [] });
    const ids = [...first.testimonials, ...second.testimonials, ...third.testimonials].map((t) => t.id);
    assert.equal(new Set(ids).size, everything.length, 'pages neither overlap nor skip');
  });

  it('accepts the limit bounds 1 and 1000', async () => {
    assert.equal((await list(api, 'limit=1')).total, 1);
    assert.equal((await list(api, 'limit=1000')).total, everything.length);
  });
});

describe('GET /v1/testimonials: sorting', () => {
  it('sorts by date ascending', async () => {
    const dates = (await list(api, 'order=asc&limit=1000')).testimonials.map((t) => Date.parse(t.date));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => a - b),
    );
  });

  for (const order of ['desc', 'asc'] as const) {
    it(`sorts by rating ${order}, ties broken by date in the same direction`, async () => {
      const items = (await list(api, `sort=rating&order=${order}&limit=1000`)).testimonials;
      const sign = order === 'asc' ? 1 : -1;
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        const byRating = sign * (b.rating - a.rating);
        assert.ok(byRating > 0 || (byRating === 0 && sign * (Date.parse(b.date) - Date.parse(a.date)) >= 0), `${a.id} before ${b.id}`);
      }
    });
  }
});

describe('GET /v1/testimonials: filters', () => {
  const check = async (query: string, expected: (t: Testimonial) => boolean) => {
    const found = (await list(api, `${query}&limit=1000`)).testimonials;
    const wanted = everything.filter(expected);
    assert.ok(wanted.length > 0, `the fixtures have testimonials for ${query}`);
    assert.deepEqual(found.map((t) => t.id).sort(), wanted.map((t) => t.id).sort());
  };

  it('approved=true and approved=false', async () => {
    await check('approved=true', (t) => t.approved);
    await check('approved=false', (t) => !t.approved);
  });

  it('rating, every value from 0 to 5', async () => {
    for (let rating = 0; rating <= 5; rating++) await check(`rating=${rating}`, (t) => t.rating === rating);
  });

  it('type text and video', async () => {
    await check('type=text', (t) => t.type === 'text');
    await check('type=video', (t) => t.type === 'video');
  });

  it('integration', async () => {
    await check('integration=trustpilot', (t) => t.integration === 'trustpilot');
    await check('integration=youtube', (t) => t.integration === 'youtube');
    const unused = INTEGRATIONS.find((name) => !everything.some((t) => t.integration === name))!;
    assert.deepEqual(await list(api, `integration=${unused}`), { total: 0, testimonials: [] });
  });

  it('tags: any of the names, repeated or comma-separated', async () => {
    const anyOf = (t: Testimonial) => t.tags.includes('pricing') || t.tags.includes('mobile');
    await check('tags=pricing&tags=mobile', anyOf);
    await check('tags=pricing,mobile', anyOf);
    await check('tags=pricing&tags=mobile,pricing', anyOf);
    assert.equal((await list(api, 'tags=no-such-tag')).total, 0);
  });

  it('lang: written in or translated into, Arabic included', async () => {
    const inLang = (lang: string) => (t: Testimonial) => t.lang === lang || t.translations.some((tr) => tr.lang === lang);
    await check('lang=ar', inLang('ar'));
    await check('lang=de', inLang('de'));
    const arabic = (await list(api, 'lang=ar&limit=1000')).testimonials;
    assert.ok(arabic.some((t) => t.lang === 'ar') && arabic.some((t) => t.lang !== 'ar'), 'originals and translations both count');
  });

  it('combines filters with AND', async () => {
    await check('approved=true&type=video&sort=rating', (t) => t.approved && t.type === 'video');
  });
});

describe('GET /v1/testimonials: query', () => {
  it('searches text, title, customer name, e-mail and tagline, case-insensitively', async () => {
    const sample = everything.find((t) => t.customer_email && t.customer_tagline && t.title)!;
    const name = sample.customer_name.split(' ')[1]!;
    for (const [field, term] of [
      ['customer_name', name.toUpperCase()],
      ['customer_email', sample.customer_email!.split('@')[1]!],
      ['customer_tagline', sample.customer_tagline!.split(' ')[0]!.toLowerCase()],
      ['title', sample.title!.split(' ').at(-1)!],
    ] as const) {
      const found = (await list(api, `query=${encodeURIComponent(term)}&limit=1000`)).testimonials;
      assert.ok(
        found.some((t) => t.id === sample.id),
        `finds ${sample.id} by its ${field} (${term})`,
      );
      for (const t of found) {
        const haystack = [stripMarks(t.text), t.title, t.customer_name, t.customer_email, t.customer_tagline].join(' ').toLowerCase();
        assert.ok(haystack.includes(term.toLowerCase()), `${t.id} holds ${term}`);
      }
    }
  });

  it('wraps matches inside text in <mark>, keeping the case of the text', async () => {
    const found = (await list(api, 'query=SEARCH&limit=1000')).testimonials;
    const inText = found.filter((t) => /search/i.test(stripMarks(t.text)));
    assert.ok(inText.length > 0);
    for (const t of inText) {
      assert.match(t.text, /<mark>search<\/mark>|<mark>Search<\/mark>/);
      assert.doesNotMatch(t.text, /<mark><mark>/);
    }
    const plain = (await list(api, 'limit=1000')).testimonials.find((t) => t.id === inText[0]!.id)!;
    assert.equal(stripMarks(inText[0]!.text), stripMarks(plain.text), 'nothing but the marks is added');
  });

  it('does not double-wrap text already inside <mark>, and never matches the markup itself', async () => {
    const marked = everything.find((t) => t.text.includes('<mark>fast and forgiving</mark>'))!;
    const found = (await list(api, 'query=forgiving&limit=1000')).testimonials.find((t) => t.id === marked.id)!;
    assert.equal(found.text, marked.text);
    const byMarkup = (await list(api, 'query=mark&limit=1000')).testimonials;
    assert.ok(!byMarkup.some((t) => t.id === marked.id), '"mark" is not found in <mark> tags');
  });

  it('needs every word of a multi-word query', async () => {
    const found = (await list(api, 'query=offline%20train&limit=1000')).testimonials;
    assert.ok(found.length > 0);
    for (const t of found) assert.match(t.text, /<mark>offline<\/mark>.*<mark>train<\/mark>/s);
    assert.equal((await list(api, 'query=offline%20zebra')).total, 0);
  });
});

describe('GET /v1/testimonials: invalid parameters are 400 naming the parameter', () => {
  const cases: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['sort=name', 'sort'],
    ['order=sideways', 'order'],
    ['type=audio', 'type'],
    ['integration=myspace', 'integration'],
    ['approved=yes', 'approved'],
    ['rating=4.5', 'rating'],
    ['rating=high', 'rating'],
    ['lang=not a language', 'lang'],
    ['colour=red', 'colour'],
  ];
  for (const [query, field] of cases) {
    it(query, async () => {
      const answer = await call(api, `/v1/testimonials?${query}`);
      assert.equal(answer.status, 400);
      const error = errorOf(answer);
      assert.equal(error.field, field);
      assert.equal(error.status, 400);
      assert.match(error.message, new RegExp(field));
    });
  }
});
