/**
 * `npm start`'s API (scripts/dev-api.ts) with the collect route on (issue 27 item 4): a visitor's
 * photo goes to the disk store under /api/uploads/, the submission lands in the sandbox pending, seen
 * by the admin client with approved=false and never by the public wall.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from '../../src/client/index.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

let server: StaticServer;

before(async () => {
  server = await startStaticServer({ api: { collect: { minFillMs: 0 } } });
});

after(() => server.close());

describe("npm start's collect route", () => {
  it('takes a photo and a submission through /api, and the sandbox holds the testimonial pending', async () => {
    const api = `${server.origin}/api`;
    const start = (await (await fetch(`${api}/collect`)).json()) as { token: string; uploads: unknown; consent: { version: string } };
    assert.notEqual(start.uploads, null);
    const bytes = new Uint8Array(64).fill(9);
    const asked = await fetch(`${api}/collect/uploads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: start.token, kind: 'photo', contentType: 'image/png', size: bytes.byteLength }),
    });
    const issued = (await asked.json()) as { upload: { url: string; method: string; headers: Record<string, string> }; url: string };
    assert.ok(issued.upload.url.startsWith(`${api}/uploads/photo/`), issued.upload.url);
    assert.equal((await fetch(issued.upload.url, { method: 'PUT', headers: issued.upload.headers, body: bytes })).status, 200);
    const file = await fetch(issued.url);
    assert.equal(file.headers.get('Content-Type'), 'image/png');
    assert.equal(file.headers.get('X-Content-Type-Options'), 'nosniff');

    const sent = await fetch(`${api}/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        token: start.token,
        consent: true,
        customer_name: 'Demo Visitor',
        text: 'Sent from the demo.',
        customer_avatar: issued.url,
      }),
    });
    assert.equal(sent.status, 201, await sent.clone().text());
    const { id } = (await sent.json()) as { id: string };

    const admin = createClient({ baseUrl: `${server.origin}/v1`, apiKey: 'sandbox-key' });
    const created = await admin.getTestimonial(id);
    assert.deepEqual(
      [created.approved, created.customer_avatar, created.tags],
      [false, issued.url, ['website-form', 'demo', `consent-${start.consent.version}`]],
    );
    const pending = await admin.listTestimonials({ approved: false, limit: 1000 });
    assert.ok(pending.testimonials.some((t) => t.id === id));
    assert.equal((await fetch(`${api}/testimonials/${id}`)).status, 404, 'not public until approved');
  });
});
