import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  InvalidRequestError,
  parseListQuery,
  validateCreateInput,
  validateInviteRequest,
  validateListParams,
  validateTestimonialId,
  validateUpdateInput,
} from '../../src/client/validation.js';

/** Asserts that `run` throws an InvalidRequestError naming `field`, in `field` and in the message. */
function assertRejects(run: () => unknown, field: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof InvalidRequestError, `expected InvalidRequestError, got ${String(error)}`);
    assert.equal(error.field, field);
    assert.ok(error.message.includes(field), `message "${error.message}" should name ${field}`);
    return true;
  });
}

const query = (text: string) => parseListQuery(new URLSearchParams(text));

describe('parseListQuery', () => {
  it('returns nothing for an empty query string (defaults are the server’s business)', () => {
    assert.deepEqual(query(''), {});
  });

  it('parses every parameter of spec 4.1 to its type', () => {
    assert.deepEqual(
      query('sort=rating&order=asc&approved=false&rating=4&type=video&integration=g2&tags=a&query=fast&lang=ar&limit=1000&page=3'),
      {
        sort: 'rating',
        order: 'asc',
        approved: false,
        rating: 4,
        type: 'video',
        integration: 'g2',
        tags: ['a'],
        query: 'fast',
        lang: 'ar',
        limit: 1000,
        page: 3,
      },
    );
    assert.deepEqual(query('approved=true&limit=1&page=1&rating=0'), { approved: true, limit: 1, page: 1, rating: 0 });
  });

  it('accepts tags repeated, comma-separated and both, trimming and dropping blanks', () => {
    assert.deepEqual(query('tags=a&tags=b').tags, ['a', 'b']);
    assert.deepEqual(query('tags=a,b').tags, ['a', 'b']);
    assert.deepEqual(query('tags=a,%20b&tags=c,,').tags, ['a', 'b', 'c']);
    assert.equal(query('tags=').tags, undefined);
  });

  it('treats an empty query as no query', () => {
    assert.equal(query('query=').query, undefined);
    assert.equal(query('query=%20%20').query, undefined);
  });

  const bad: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=two', 'page'],
    ['sort=name', 'sort'],
    ['sort=', 'sort'],
    ['order=up', 'order'],
    ['type=audio', 'type'],
    ['integration=myspace', 'integration'],
    ['integration=', 'integration'],
    ['approved=yes', 'approved'],
    ['approved=1', 'approved'],
    ['approved=TRUE', 'approved'],
    ['rating=4.5', 'rating'],
    ['rating=four', 'rating'],
    ['lang=english!', 'lang'],
    ['lang=', 'lang'],
    ['limit=5&limit=6', 'limit'],
    ['raiting=5', 'raiting'],
  ];
  for (const [text, field] of bad) {
    it(`rejects ${text} naming ${field}`, () => assertRejects(() => query(text), field));
  }
});

describe('validateListParams', () => {
  it('returns a clean copy without undefined values', () => {
    assert.deepEqual(validateListParams({ sort: 'date', limit: undefined, tags: [' x ', ''] }), { sort: 'date', tags: ['x'] });
  });

  it('rejects wrong JS types and unknown keys naming the parameter', () => {
    assertRejects(() => validateListParams({ limit: '10' as unknown as number }), 'limit');
    assertRejects(() => validateListParams({ approved: 'true' as unknown as boolean }), 'approved');
    assertRejects(() => validateListParams({ tags: 'a,b' as unknown as string[] }), 'tags');
    assertRejects(() => validateListParams({ tags: [1] as unknown as string[] }), 'tags[0]');
    assertRejects(() => validateListParams({ rating: Number.NaN }), 'rating');
    assertRejects(() => validateListParams({ page: 0 }), 'page');
    assertRejects(() => validateListParams({ sortt: 'date' } as never), 'sortt');
  });
});

describe('validateCreateInput', () => {
  const minimal = { type: 'text', customer_name: 'Ada Lovelace' };

  it('accepts the minimal body and every documented optional field', () => {
    assert.deepEqual(validateCreateInput(minimal), minimal);
    const full = {
      ...minimal,
      title: 'Great',
      text: 'Loved it',
      rating: 5,
      url: 'https://example.com/r/1',
      date: '2024-05-17T09:30:00.000Z',
      approved: true,
      thumbnail_url: 'https://example.com/t.jpg',
      form_id: 'f1',
      customer_email: 'ada@example.com',
      customer_avatar: 'https://example.com/a.png',
      customer_company_logo: 'https://example.com/l.png',
      customer_company: 'Analytical Engines',
      customer_tagline: 'Mathematician',
      customer_username: '@ada',
      customer_url: 'https://ada.example.com',
      integration: 'trustpilot',
      tags: ['launch'],
      media: [{ url: 'https://example.com/m.png', type: 'image', alt: 'A chart' }, {}],
    };
    assert.deepEqual(validateCreateInput(full), full);
  });

  it('requires video_url for a video and refuses it for a text', () => {
    assertRejects(() => validateCreateInput({ type: 'video', customer_name: 'A' }), 'video_url');
    assertRejects(() => validateCreateInput({ type: 'video', customer_name: 'A', video_url: '' }), 'video_url');
    assertRejects(() => validateCreateInput({ ...minimal, video_url: 'https://example.com/v.mp4' }), 'video_url');
    assert.equal(
      validateCreateInput({ type: 'video', customer_name: 'A', video_url: 'https://x.test/v.mp4' }).video_url,
      'https://x.test/v.mp4',
    );
  });

  it('accepts dates with offsets and date-only values', () => {
    for (const date of ['2024-05-17', '2024-05-17T09:30Z', '2024-05-17T09:30:00+02:00', '2024-02-29T00:00:00Z']) {
      assert.equal(validateCreateInput({ ...minimal, date }).date, date);
    }
  });

  const bad: [string, unknown, string][] = [
    ['a missing type', { customer_name: 'A' }, 'type'],
    ['a missing customer_name', { type: 'text' }, 'customer_name'],
    ['an empty customer_name', { type: 'text', customer_name: '  ' }, 'customer_name'],
    ['a numeric customer_name', { type: 'text', customer_name: 7 }, 'customer_name'],
    ['an unknown type', { type: 'audio', customer_name: 'A' }, 'type'],
    ['an unknown field', { ...minimal, custommer_email: 'x' }, 'custommer_email'],
    ['a numeric title', { ...minimal, title: 1 }, 'title'],
    ['a null text', { ...minimal, text: null }, 'text'],
    ['a string rating', { ...minimal, rating: '5' }, 'rating'],
    ['rating 6', { ...minimal, rating: 6 }, 'rating'],
    ['rating -1', { ...minimal, rating: -1 }, 'rating'],
    ['rating 4.5', { ...minimal, rating: 4.5 }, 'rating'],
    ['a string approved', { ...minimal, approved: 'true' }, 'approved'],
    ['an unknown integration', { ...minimal, integration: 'myspace' }, 'integration'],
    ['tags as a string', { ...minimal, tags: 'a' }, 'tags'],
    ['a numeric tag', { ...minimal, tags: ['a', 2] }, 'tags[1]'],
    ['media as an object', { ...minimal, media: {} }, 'media'],
    ['a media item that is a string', { ...minimal, media: ['x'] }, 'media[0]'],
    ['a media item of unknown type', { ...minimal, media: [{ type: 'gif' }] }, 'media[0].type'],
    ['a media item with a numeric url', { ...minimal, media: [{ url: 1 }] }, 'media[0].url'],
    ['a media item with an unknown field', { ...minimal, media: [{ src: 'x' }] }, 'media[0].src'],
    ['a non-ISO date', { ...minimal, date: 'May 17, 2024' }, 'date'],
    ['an impossible date', { ...minimal, date: '2024-02-30' }, 'date'],
    ['a month 13', { ...minimal, date: '2024-13-01T00:00:00Z' }, 'date'],
    ['a numeric date', { ...minimal, date: 1715938200000 }, 'date'],
  ];
  for (const [name, body, field] of bad) {
    it(`rejects ${name} naming ${field}`, () => assertRejects(() => validateCreateInput(body), field));
  }

  it('rejects a body that is not an object', () => {
    for (const body of [null, [], 'text', 3, undefined]) assertRejects(() => validateCreateInput(body), 'body');
  });
});

describe('validateUpdateInput', () => {
  it('accepts each of the three fields alone and together', () => {
    assert.deepEqual(validateUpdateInput({ approved: false }), { approved: false });
    assert.deepEqual(validateUpdateInput({ add_tags: ['x'] }), { add_tags: ['x'] });
    assert.deepEqual(validateUpdateInput({ remove_tags: [] }), { remove_tags: [] });
    assert.deepEqual(validateUpdateInput({ approved: true, add_tags: ['a'], remove_tags: ['b'] }), {
      approved: true,
      add_tags: ['a'],
      remove_tags: ['b'],
    });
  });

  it('needs at least one field and rejects the rest', () => {
    assertRejects(() => validateUpdateInput({}), 'body');
    assertRejects(() => validateUpdateInput(null), 'body');
    assertRejects(() => validateUpdateInput({ text: 'changed' }), 'text');
    assertRejects(() => validateUpdateInput({ approved: 'yes' }), 'approved');
    assertRejects(() => validateUpdateInput({ add_tags: 'x' }), 'add_tags');
    assertRejects(() => validateUpdateInput({ remove_tags: [''] }), 'remove_tags[0]');
  });
});

describe('validateInviteRequest', () => {
  it('accepts recipients with and without names', () => {
    const body = { form_id: 'f1', recipients: [{ email: 'a@example.com', name: 'A' }, { email: ' b@example.co.uk ' }] };
    assert.deepEqual(validateInviteRequest(body), {
      form_id: 'f1',
      recipients: [{ email: 'a@example.com', name: 'A' }, { email: 'b@example.co.uk' }],
    });
  });

  const bad: [string, unknown, string][] = [
    ['no form_id', { recipients: [{ email: 'a@example.com' }] }, 'form_id'],
    ['a numeric form_id', { form_id: 1, recipients: [{ email: 'a@example.com' }] }, 'form_id'],
    ['no recipients', { form_id: 'f' }, 'recipients'],
    ['empty recipients', { form_id: 'f', recipients: [] }, 'recipients'],
    ['recipients as an object', { form_id: 'f', recipients: { email: 'a@example.com' } }, 'recipients'],
    ['a recipient without email', { form_id: 'f', recipients: [{ name: 'A' }] }, 'recipients[0].email'],
    ['an address without @', { form_id: 'f', recipients: [{ email: 'a.example.com' }] }, 'recipients[0].email'],
    ['an address without domain dot', { form_id: 'f', recipients: [{ email: 'a@example' }] }, 'recipients[0].email'],
    ['an address with spaces', { form_id: 'f', recipients: [{ email: 'Ada L <a@example.com>' }] }, 'recipients[0].email'],
    [
      'a numeric name',
      { form_id: 'f', recipients: [{ email: 'a@example.com' }, { email: 'b@example.com', name: 2 }] },
      'recipients[1].name',
    ],
    ['an unknown recipient field', { form_id: 'f', recipients: [{ email: 'a@example.com', phone: '1' }] }, 'recipients[0].phone'],
    ['an unknown top-level field', { form_id: 'f', recipients: [{ email: 'a@example.com' }], message: 'hi' }, 'message'],
  ];
  for (const [name, body, field] of bad) {
    it(`rejects ${name} naming ${field}`, () => assertRejects(() => validateInviteRequest(body), field));
  }
});

describe('validateTestimonialId', () => {
  it('accepts UUIDs and simple ids', () => {
    assert.equal(validateTestimonialId('3f1c2d9e-0b7a-4c1e-9d2f-5a6b7c8d9e0f'), '3f1c2d9e-0b7a-4c1e-9d2f-5a6b7c8d9e0f');
    assert.equal(validateTestimonialId('abc_123'), 'abc_123');
  });

  it('rejects anything that could change the URL', () => {
    for (const id of ['', '../links', 'a/b', 'a?b', 'a b', '%2e%2e', 'x'.repeat(129), 5, null, undefined]) {
      assertRejects(() => validateTestimonialId(id), 'id');
    }
  });
});
