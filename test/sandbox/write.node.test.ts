import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InviteResult, Testimonial } from '../../src/client/types.js';
import { ALREADY_INVITED, LINK_GROUPS } from '../../src/sandbox/index.js';
import { all, call, errorOf, KEY, ORIGIN, sandbox } from './helpers.js';

const NOW = '2026-11-01T12:00:00.000Z';
const FORM = LINK_GROUPS.forms[0].id;

async function create(api: ReturnType<typeof sandbox>, body: unknown) {
  return call<{ message: string; id: string }>(api, '/v1/testimonials', { method: 'POST', body });
}

describe('POST /v1/testimonials', () => {
  it('creates a text testimonial: 201 {message, id}, Location, every field of spec 2.1, pending by default', async () => {
    const api = sandbox();
    const answer = await create(api, { type: 'text', customer_name: 'Zora Neale', text: 'Superb.', rating: 5, tags: ['new', 'new'] });
    assert.equal(answer.status, 201);
    assert.equal(typeof answer.body.message, 'string');
    assert.match(answer.body.id, /^[0-9a-f-]{36}$/);
    assert.equal(answer.headers.get('Location'), `${ORIGIN}/v1/testimonials/${answer.body.id}`);
    const read = await call<Testimonial>(api, `/v1/testimonials/${answer.body.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, {
      id: answer.body.id,
      type: 'text',
      integration: null,
      title: null,
      text: 'Superb.',
      rating: 5,
      media: [],
      url: null,
      date: NOW,
      approved: false,
      project_id: read.body.project_id,
      form_id: null,
      thumbnail_url: null,
      customer_name: 'Zora Neale',
      customer_email: null,
      customer_avatar: null,
      customer_tagline: null,
      customer_username: null,
      customer_url: null,
      customer_company: null,
      customer_company_logo: null,
      reward: null,
      created_at: NOW,
      tags: ['new'],
      lang: 'en',
      translations: [],
      video_url: null,
      video: null,
      links: {
        service: `${ORIGIN}/dashboard/testimonials/${answer.body.id}`,
        public: `${ORIGIN}/p/fieldnote/t/${answer.body.id}`,
      },
    });
    assert.equal((await all(api)).length, 161);
  });

  it('creates an approved video testimonial with its video_url and given fields', async () => {
    const api = sandbox();
    const body = {
      type: 'video',
      customer_name: 'Ravi',
      video_url: 'https://cdn.example/v.mp4',
      approved: true,
      date: '2024-01-02T03:04:05+01:00',
      integration: 'youtube',
      form_id: LINK_GROUPS.forms[1].id,
      media: [{ url: 'https://cdn.example/i.png', type: 'image', alt: 'Chart' }],
    };
    const { body: created } = await create(api, body);
    const { body: read } = await call<Testimonial>(api, `/v1/testimonials/${created.id}`);
    assert.equal(read.type, 'video');
    assert.equal(read.video_url, 'https://cdn.example/v.mp4');
    assert.equal(read.approved, true);
    assert.equal(read.date, '2024-01-02T02:04:05.000Z');
    assert.equal(read.integration, 'youtube');
    assert.equal(read.form_id, body.form_id);
    assert.deepEqual(read.media, body.media);
    const approved = (await call<{ testimonials: Testimonial[] }>(api, '/v1/testimonials?approved=true&type=video&limit=1000')).body;
    assert.ok(approved.testimonials.some((t) => t.id === created.id));
  });

  const invalid: [string, unknown, string][] = [
    ['without type', { customer_name: 'A' }, 'type'],
    ['without customer_name', { type: 'text' }, 'customer_name'],
    ['a video without video_url', { type: 'video', customer_name: 'A' }, 'video_url'],
    ['a rating of the wrong type', { type: 'text', customer_name: 'A', rating: 'five' }, 'rating'],
    ['an unknown integration', { type: 'text', customer_name: 'A', integration: 'fax' }, 'integration'],
    ['tags that are not an array', { type: 'text', customer_name: 'A', tags: 'x' }, 'tags'],
    ['a bad media item', { type: 'text', customer_name: 'A', media: [{ type: 'gif' }] }, 'media[0].type'],
    ['a date that is not ISO 8601', { type: 'text', customer_name: 'A', date: 'yesterday' }, 'date'],
    ['an unknown field', { type: 'text', customer_name: 'A', stars: 5 }, 'stars'],
    ['a form_id no form has', { type: 'text', customer_name: 'A', form_id: 'nope' }, 'form_id'],
    ['a JSON array', [], 'body'],
    ['malformed JSON', '{"type": "text",', 'body'],
    ['an empty body', '', 'body'],
  ];
  for (const [name, body, field] of invalid) {
    it(`refuses ${name} with 400 naming ${field}, and creates nothing`, async () => {
      const api = sandbox();
      const answer = await call(api, '/v1/testimonials', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
      assert.equal(answer.status, 400);
      assert.equal(errorOf(answer).field, field);
      assert.equal((await all(api)).length, 160);
    });
  }

  it('refuses a body over 1 MB with 413', async () => {
    const answer = await create(sandbox(), { type: 'text', customer_name: 'A', text: 'x'.repeat(1_000_001) });
    assert.equal(answer.status, 413);
  });

  // 50 MB generated as it is read: the sandbox must stop reading at the limit, not buffer it all first.
  for (const path of ['/v1/testimonials', '/mounted/here/v1/testimonials']) {
    it(`refuses a streamed body over 1 MB while it streams, reading little more than 1 MB of it (${path})`, async () => {
      const body = countingBody(50 * 1024 * 1024);
      const answer = await send(sandbox(), path, body.stream);
      assert.equal(answer.status, 413);
      assert.equal(errorOf(answer).code, 'body_too_large');
      assert.ok(body.pulled() <= 1_000_000 + 2 * CHUNK, `${body.pulled()} bytes were read`);
    });

    it(`refuses a Content-Length over 1 MB before reading any of the body (${path})`, async () => {
      const body = countingBody(50 * 1024 * 1024);
      const answer = await send(sandbox(), path, body.stream, { 'Content-Length': String(50 * 1024 * 1024) });
      assert.equal(answer.status, 413);
      assert.equal(body.pulled(), 0);
    });
  }

  it('still reads a streamed body under the limit whole', async () => {
    const api = sandbox();
    const json = new TextEncoder().encode(JSON.stringify({ type: 'text', customer_name: 'Streamed', text: 'y'.repeat(900_000) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < json.byteLength; at += CHUNK) controller.enqueue(json.slice(at, at + CHUNK));
        controller.close();
      },
    });
    const answer = await send(api, '/v1/testimonials', stream);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  });
});

const CHUNK = 64 * 1024;

/** A body of `size` bytes made one chunk per read (nothing ahead of the reader), counting what was read. */
function countingBody(size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= size) return controller.close();
        pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

/** Sends a streamed body (Node's fetch needs `duplex: 'half'` for one). */
async function send(
  api: ReturnType<typeof sandbox>,
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
  method = 'POST',
) {
  const init = {
    method,
    body,
    duplex: 'half',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', ...headers },
  };
  const response = await api.fetch(new Request(`${ORIGIN}${path}`, init as RequestInit));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : text };
}

describe('GET, PATCH, DELETE /v1/testimonials/:id', () => {
  it('reads a bare testimonial; unknown id 404; malformed id 400', async () => {
    const api = sandbox();
    const [first] = await all(api);
    const read = await call<Testimonial>(api, `/v1/testimonials/${first!.id}`);
    assert.deepEqual(read.body, first);
    const missing = await call(api, '/v1/testimonials/00000000-0000-4000-8000-000000000000');
    assert.equal(missing.status, 404);
    assert.equal(errorOf(missing).code, 'not_found');
    const malformed = await call(api, '/v1/testimonials/bad%20id');
    assert.equal(malformed.status, 400);
    assert.equal(errorOf(malformed).field, 'id');
  });

  it('PATCH approves, adds (creating) and removes tags, and answers the updated testimonial', async () => {
    const api = sandbox();
    const pending = (await all(api)).find((t) => !t.approved && t.tags.length > 0)!;
    const removed = pending.tags[0]!;
    const answer = await call<Testimonial>(api, `/v1/testimonials/${pending.id}`, {
      method: 'PATCH',
      body: { approved: true, add_tags: ['brand-new-tag'], remove_tags: [removed] },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.approved, true);
    assert.ok(answer.body.tags.includes('brand-new-tag'));
    assert.ok(!answer.body.tags.includes(removed));
    assert.deepEqual({ ...answer.body, approved: pending.approved, tags: pending.tags }, pending, 'nothing else changed');
    const tagged = (await call<{ testimonials: Testimonial[] }>(api, '/v1/testimonials?tags=brand-new-tag')).body.testimonials;
    assert.deepEqual(
      tagged.map((t) => t.id),
      [pending.id],
    );
    const back = await call<Testimonial>(api, `/v1/testimonials/${pending.id}`, { method: 'PATCH', body: { approved: false } });
    assert.equal(back.body.approved, false);
  });

  const invalidPatches: [string, unknown, string][] = [
    ['an empty object', {}, 'body'],
    ['a field that cannot change', { text: 'edited' }, 'text'],
    ['approved as a string', { approved: 'true' }, 'approved'],
    ['add_tags as a string', { add_tags: 'x' }, 'add_tags'],
    ['malformed JSON', '{approved: true}', 'body'],
  ];
  for (const [name, body, field] of invalidPatches) {
    it(`PATCH with ${name}: 400 naming ${field}, nothing changes`, async () => {
      const api = sandbox();
      const before = await all(api);
      const target = before[3]!;
      const answer = await call(api, `/v1/testimonials/${target.id}`, {
        method: 'PATCH',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(answer.status, 400);
      assert.equal(errorOf(answer).field, field);
      assert.deepEqual(await all(api), before);
    });
  }

  it('PATCH of an unknown id is 404', async () => {
    const answer = await call(sandbox(), '/v1/testimonials/unknown-id', { method: 'PATCH', body: { approved: true } });
    assert.equal(answer.status, 404);
  });

  it('PATCH whose body arrives after a DELETE of the same id is 404, and does not bring it back', async () => {
    const api = sandbox();
    const [target] = await all(api);
    let reading!: () => void;
    const patchIsReading = new Promise<void>((resolve) => (reading = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // highWaterMark 0: pull() runs only once the handler reads the body, i.e. after it found the id.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          reading();
          await released;
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ approved: true })));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const patching = send(api, `/v1/testimonials/${target!.id}`, body, {}, 'PATCH');
    await patchIsReading;
    assert.equal((await call(api, `/v1/testimonials/${target!.id}`, { method: 'DELETE' })).status, 200);
    release();
    const answer = await patching;
    assert.equal(answer.status, 404, JSON.stringify(answer.body));
    assert.equal(errorOf(answer as Parameters<typeof errorOf>[0]).code, 'not_found');
    assert.equal((await call(api, `/v1/testimonials/${target!.id}`)).status, 404);
  });

  it('DELETE removes for good: 200 {message}, then 404 on read, update and delete', async () => {
    const api = sandbox();
    const [target] = await all(api);
    const answer = await call<{ message: string }>(api, `/v1/testimonials/${target!.id}`, { method: 'DELETE' });
    assert.equal(answer.status, 200);
    assert.equal(typeof answer.body.message, 'string');
    assert.equal((await call(api, `/v1/testimonials/${target!.id}`)).status, 404);
    assert.equal((await call(api, `/v1/testimonials/${target!.id}`, { method: 'PATCH', body: { approved: true } })).status, 404);
    assert.equal((await call(api, `/v1/testimonials/${target!.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await all(api)).length, 159);
  });
});

describe('GET /v1/links', () => {
  it('answers all six groups, each filled, with absolute URLs on the request origin', async () => {
    const { status, body } = await call<Record<string, { id: string; name: string; url: string; type?: string }[]>>(sandbox(), '/v1/links');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body).sort(), ['case_studies', 'forms', 'quick_links', 'sizzle_reels', 'walls_of_love', 'widgets']);
    for (const [group, items] of Object.entries(body)) {
      assert.ok(items.length > 0, `${group} is filled`);
      for (const item of items) {
        assert.match(item.id, /^[0-9a-f-]{36}$/);
        assert.ok(item.name);
        assert.ok(item.url.startsWith(`${ORIGIN}/p/fieldnote/`));
        if (group === 'widgets') assert.equal(typeof item.type, 'string');
      }
    }
  });
});

describe('POST /v1/invites', () => {
  const invite = (api: ReturnType<typeof sandbox>, body: unknown) => call<InviteResult>(api, '/v1/invites', { method: 'POST', body });

  it('sends new addresses and skips re-invited ones and duplicates with already_invited', async () => {
    const api = sandbox();
    const first = await invite(api, {
      form_id: FORM,
      recipients: [{ email: 'new@example.com', name: 'New' }, { email: ALREADY_INVITED[0] }, { email: 'NEW@example.com' }],
    });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      sent: 1,
      skipped: [
        { email: ALREADY_INVITED[0], reason: 'already_invited' },
        { email: 'NEW@example.com', reason: 'already_invited' },
      ],
    });
    const again = await invite(api, { form_id: FORM, recipients: [{ email: 'new@example.com' }] });
    assert.deepEqual(again.body, { sent: 0, skipped: [{ email: 'new@example.com', reason: 'already_invited' }] });
    const otherForm = await invite(api, { form_id: LINK_GROUPS.forms[2].id, recipients: [{ email: 'new@example.com' }] });
    assert.deepEqual(otherForm.body, { sent: 1, skipped: [] }, 'invitations are per form');
  });

  const invalid: [string, unknown, string][] = [
    ['an unknown form_id', { form_id: 'no-such-form', recipients: [{ email: 'a@example.com' }] }, 'form_id'],
    ['no form_id', { recipients: [{ email: 'a@example.com' }] }, 'form_id'],
    ['no recipients', { form_id: FORM, recipients: [] }, 'recipients'],
    ['an address that is not one', { form_id: FORM, recipients: [{ email: 'a@example.com' }, { email: 'nope' }] }, 'recipients[1].email'],
  ];
  for (const [name, body, field] of invalid) {
    it(`refuses ${name} with 400 naming ${field}, and invites nobody`, async () => {
      const api = sandbox();
      const answer = await invite(api, body);
      assert.equal(answer.status, 400);
      assert.equal(errorOf(answer).field, field);
      const probe = await invite(api, { form_id: FORM, recipients: [{ email: 'a@example.com' }] });
      assert.deepEqual(probe.body, { sent: 1, skipped: [] }, 'the failed request invited nobody');
    });
  }
});

describe('reset()', () => {
  it('forgets every change', async () => {
    const api = sandbox();
    const before = await all(api);
    await create(api, { type: 'text', customer_name: 'Temp' });
    await call(api, `/v1/testimonials/${before[0]!.id}`, { method: 'DELETE' });
    await call(api, '/v1/invites', { method: 'POST', body: { form_id: FORM, recipients: [{ email: 'x@example.com' }] } });
    api.reset();
    assert.deepEqual(await all(api), before);
    const again = await call<InviteResult>(api, '/v1/invites', {
      method: 'POST',
      body: { form_id: FORM, recipients: [{ email: 'x@example.com' }] },
    });
    assert.equal(again.body.sent, 1);
  });
});
