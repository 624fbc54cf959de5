// Form-encoded bodies (spec §1: the API accepts them): URL-encoded and multipart, with the bracket
// convention for lists and objects, read as the same JSON the handlers validate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InviteResult, Testimonial } from '../../src/client/types.js';
import { LINK_GROUPS } from '../../src/sandbox/index.js';
import { formToJson } from '../../src/sandbox/form-body.js';
import { all, call, errorOf, KEY, ORIGIN, sandbox } from './helpers.js';

const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string> | [string, string][]) => new URLSearchParams(fields).toString();

describe('formToJson', () => {
  it('reads brackets as lists and objects, in index order, and types approved, rating and single tags', () => {
    const body = formToJson(
      new URLSearchParams(
        'type=text&customer_name=Ada+L&rating=4&approved=true&tags=solo&media[1][url]=b&media[0][url]=a&media[0][type]=image&add_tags[]=x&add_tags[]=y',
      ),
    );
    assert.deepEqual(body, {
      type: 'text',
      customer_name: 'Ada L',
      rating: 4,
      approved: true,
      tags: ['solo'],
      media: [{ url: 'a', type: 'image' }, { url: 'b' }],
      add_tags: ['x', 'y'],
    });
  });

  it('collects a repeated plain field into a list, and leaves text that is not a boolean or number as text', () => {
    assert.deepEqual(formToJson(new URLSearchParams('tags=a&tags=b&approved=yes&rating=five')), {
      tags: ['a', 'b'],
      approved: 'yes',
      rating: 'five',
    });
  });

  it('refuses names it cannot read, shapes that clash, an entry given twice, files and an empty form, naming the field', () => {
    const refused: [string, string][] = [
      ['a]b=1', 'a]b'],
      ['media[0]=x&media[0][url]=y', 'media[0][url]'],
      ['media[0][url]=a&media[x]=b', 'media[x]'],
      ['media[0][url]=a&media[0][url]=b', 'media[0][url]'],
    ];
    for (const [text, field] of refused) {
      assert.throws(
        () => formToJson(new URLSearchParams(text)),
        (error: Error & { field?: string }) => error.field === field,
        text,
      );
    }
    const files = new FormData();
    files.append('media', new Blob(['x']), 'x.png');
    assert.throws(() => formToJson(files), /a file/);
    assert.throws(() => formToJson(new URLSearchParams('')), /empty/);
  });

  it('refuses names nested deeper than any field of the API with 400 naming the field, however deep', () => {
    for (const depth of [4, 100_000]) {
      const key = `media${'[0]'.repeat(depth)}`;
      assert.throws(
        () => formToJson(new URLSearchParams([[key, 'x']])),
        (error: Error & { field?: string }) => error.field === 'media' && /nest/.test(error.message) && error.message.length < 300,
        `depth ${depth}`,
      );
    }
    assert.deepEqual(formToJson(new URLSearchParams('a[0][b][c]=1')), { a: [{ b: { c: '1' } }] }, 'three levels still read');
  });

  it('keeps __proto__ an ordinary (unknown) field', () => {
    const body = formToJson(new URLSearchParams('__proto__[polluted]=1&type=text'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.ok(Object.hasOwn(body, '__proto__'));
  });
});

describe('form-encoded bodies on the write endpoints', () => {
  it('POST /v1/testimonials creates from a URL-encoded form, with typed fields', async () => {
    const api = sandbox();
    const answer = await call<{ id: string }>(api, '/v1/testimonials', {
      method: 'POST',
      headers: FORM_TYPE,
      body: form([
        ['type', 'video'],
        ['customer_name', 'Grace Hopper'],
        ['video_url', 'https://cdn.example/v.mp4'],
        ['rating', '5'],
        ['approved', 'true'],
        ['tags[]', 'conference'],
        ['tags[]', 'keynote'],
        ['media[0][url]', 'https://cdn.example/a.png'],
        ['media[0][type]', 'image'],
        ['media[0][alt]', 'A slide'],
      ]),
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const read = await call<Testimonial>(api, `/v1/testimonials/${answer.body.id}`);
    assert.equal(read.body.rating, 5);
    assert.equal(read.body.approved, true);
    assert.deepEqual(read.body.tags, ['conference', 'keynote']);
    assert.deepEqual(read.body.media, [{ url: 'https://cdn.example/a.png', type: 'image', alt: 'A slide' }]);
    assert.equal(read.body.video_url, 'https://cdn.example/v.mp4');
  });

  it('POST /v1/testimonials takes multipart/form-data too', async () => {
    const api = sandbox();
    const body = new FormData();
    body.append('type', 'text');
    body.append('customer_name', 'Katherine Johnson');
    body.append('text', 'Exact.');
    const response = await api.fetch(
      new Request(`${ORIGIN}/v1/testimonials`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body }),
    );
    assert.equal(response.status, 201);
    const { id } = (await response.json()) as { id: string };
    assert.equal((await call<Testimonial>(api, `/v1/testimonials/${id}`)).body.text, 'Exact.');
  });

  it('a field name nested 100,000 deep (under 1 MB) is 400 naming the field, and creates nothing', async () => {
    const api = sandbox();
    const body = `type=text&customer_name=A&${'media'}${'[0]'.repeat(100_000)}=x`;
    assert.ok(body.length < 1_000_000);
    const answer = await call(api, '/v1/testimonials', { method: 'POST', body, headers: FORM_TYPE });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(errorOf(answer).field, 'media');
    assert.equal((await all(api)).length, 160);
  });

  it('a form with a bad value is 400 naming the field, and creates nothing', async () => {
    const api = sandbox();
    for (const [fields, field] of [
      [{ type: 'text', customer_name: 'A', approved: 'yes' }, 'approved'],
      [{ type: 'text', customer_name: 'A', rating: '4.5' }, 'rating'],
      [{ type: 'text', customer_name: 'A', 'media[0][kind]': 'image' }, 'media[0].kind'],
      [{ type: 'text' }, 'customer_name'],
    ] as const) {
      const answer = await call(api, '/v1/testimonials', { method: 'POST', headers: FORM_TYPE, body: form(fields) });
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.equal(errorOf(answer).field, field, JSON.stringify(answer.body));
    }
    assert.equal((await all(api)).length, 160);
  });

  it('PATCH and POST /v1/invites take forms as well', async () => {
    const api = sandbox();
    const [first] = await all(api);
    const patched = await call<Testimonial>(api, `/v1/testimonials/${first!.id}`, {
      method: 'PATCH',
      headers: FORM_TYPE,
      body: form([
        ['add_tags[]', 'from-a-form'],
        ['approved', 'false'],
      ]),
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.approved, false);
    assert.ok(patched.body.tags.includes('from-a-form'));

    const invited = await call<InviteResult>(api, '/v1/invites', {
      method: 'POST',
      headers: FORM_TYPE,
      body: form([
        ['form_id', LINK_GROUPS.forms[0].id],
        ['recipients[0][email]', 'ada@example.com'],
        ['recipients[0][name]', 'Ada'],
        ['recipients[1][email]', 'grace@example.com'],
      ]),
    });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    assert.equal(invited.body.sent, 2);
  });
});
