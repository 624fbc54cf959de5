/**
 * The collect route without JavaScript (form posts: 303 and refusal pages) and the `verify` hook with
 * the Turnstile recipe against a fake siteverify on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { turnstileVerify } from '../../../src/proxy/index.js';
import { errorOf, ORIGIN, setup } from './helpers.js';

const PAGE = `${ORIGIN}/reviews/new?lang=en#form`;

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describe('collect: form posts (no JavaScript)', () => {
  it('answers a urlencoded post with 303 to the form page ?testimonial=sent, consent "on", rating as text', async () => {
    const s = await setup();
    const token = await s.token();
    const answer = await s.request('/collect', {
      method: 'POST',
      headers: { Referer: PAGE },
      body: form({ token, consent: 'on', website: '', customer_name: 'Ada', rating: '4', text: 'Good.' }),
    });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('Location'), `${ORIGIN}/reviews/new?lang=en&testimonial=sent`);
    assert.equal(s.writes.length, 1);
    assert.equal(s.writes[0]!.rating, 4);
    assert.equal(s.writes[0]!.approved, false);
  });

  it("answers a multipart post with 303 to the operator's thankYouUrl, and never to another site's Referer", async () => {
    const s = await setup({ thankYouUrl: '/thanks' });
    const body = new FormData();
    body.set('token', await s.token());
    body.set('consent', 'on');
    body.set('customer_name', 'Ada');
    const answer = await s.request('/collect', { method: 'POST', headers: { Referer: 'https://evil.example/' }, body });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('Location'), '/thanks');
    const other = await setup();
    const foreign = await other.request('/collect', {
      method: 'POST',
      headers: { Referer: 'https://evil.example/page' },
      body: form({ token: await other.token(), consent: 'on', customer_name: 'Ada' }),
    });
    assert.equal(foreign.status, 200, 'no page of ours to go back to: a thank-you page');
    assert.match(await foreign.text(), /Thank you/);
  });

  it('answers a refused form post with a small HTML page that names the problem and links back', async () => {
    const s = await setup();
    const answer = await s.request('/collect', {
      method: 'POST',
      headers: { Referer: PAGE },
      body: form({ token: await s.token(), customer_name: 'Ada' }),
    });
    assert.equal(answer.status, 400);
    assert.match(answer.headers.get('Content-Type')!, /^text\/html/);
    assert.match(answer.headers.get('Content-Security-Policy')!, /default-src 'none'/);
    const html = await answer.text();
    assert.match(html, /Tick the consent box/);
    assert.match(html, /cannot keep what you typed/);
    assert.ok(html.includes(`href="${PAGE.replace(/&/g, '&#38;')}"`), html);
    assert.deepEqual(s.writes, []);
    // A file in a multipart form is refused: files go to storage first.
    const body = new FormData();
    body.set('token', await s.token());
    body.set('consent', 'on');
    body.set('customer_name', 'Ada');
    body.set('customer_avatar', new Blob(['x'], { type: 'image/png' }), 'me.png');
    const withFile = await s.request('/collect', { method: 'POST', body });
    assert.equal(withFile.status, 400);
    assert.match(await withFile.text(), /uploaded first/);
  });

  it('escapes what it repeats and answers 429 with Retry-After as a page too', async () => {
    const s = await setup({ maxPerHour: 1 });
    const ok = await s.request('/collect', { method: 'POST', body: form({ token: await s.token(), consent: 'on', customer_name: 'A' }) });
    assert.equal(ok.status, 200);
    const capped = await s.request('/collect', {
      method: 'POST',
      body: form({ token: await s.token(), consent: 'on', customer_name: '<b>' }),
    });
    assert.equal(capped.status, 429);
    assert.ok(Number(capped.headers.get('Retry-After')) > 0);
    assert.doesNotMatch(await capped.text(), /<b>/);
  });
});

/** A fake of Cloudflare's siteverify on 127.0.0.1: `good` is the one answer it accepts. */
async function fakeSiteverify() {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: params.get('secret') === 'turnstile-secret' && params.get('response') === 'good' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('collect: the verify hook (Turnstile recipe)', () => {
  it('lets through what siteverify accepts and refuses the rest with 403 verification_failed, nothing sent upstream', async () => {
    const fake = await fakeSiteverify();
    try {
      const s = await setup({ verify: turnstileVerify({ secret: 'turnstile-secret', siteverifyUrl: fake.url }) });
      const body = { consent: true, customer_name: 'Ada' };
      for (const response of ['bad', undefined]) {
        const answer = await s.submit({ token: await s.token(), ...body, 'cf-turnstile-response': response });
        assert.equal(answer.status, 403);
        assert.equal((await errorOf(answer)).code, 'verification_failed');
      }
      assert.deepEqual(s.writes, []);
      const answer = await s.request('/collect', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.7' },
        body: JSON.stringify({ token: await s.token(), ...body, 'cf-turnstile-response': 'good' }),
      });
      assert.equal(answer.status, 201);
      assert.equal(s.writes.length, 1);
      assert.equal('cf-turnstile-response' in s.writes[0]!, false, 'the challenge answer is not a testimonial field');
      const last = fake.seen.at(-1)!;
      assert.deepEqual([last.get('secret'), last.get('response'), last.get('remoteip')], ['turnstile-secret', 'good', '203.0.113.7']);
      assert.equal(fake.seen.length, 2, 'no call without an answer to check');
    } finally {
      await fake.close();
    }
  });

  it('refuses when siteverify cannot be reached', async () => {
    const fake = await fakeSiteverify();
    await fake.close();
    const s = await setup({ verify: turnstileVerify({ secret: 'turnstile-secret', siteverifyUrl: fake.url }) });
    const answer = await s.submit({ token: await s.token(), consent: true, customer_name: 'Ada', 'cf-turnstile-response': 'good' });
    assert.equal(answer.status, 403);
  });
});
