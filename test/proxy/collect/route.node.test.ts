/**
 * `POST {base}/collect` (issue 27 item 1): off by default, the allowlist, `approved: false` forced,
 * consent, the form token, the honeypot, the limits, every refusal's answer, and that nothing refused
 * reaches the service.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProxy } from '../../../src/proxy/index.js';
import { createSandbox } from '../../../src/sandbox/index.js';
import { LINK_GROUPS } from '../../../src/sandbox/index.js';
import { FormTokens } from '../../../src/proxy/collect/form-token.js';
import { errorOf, SECRET, setup, type Setup } from './helpers.js';

const FORM = LINK_GROUPS.forms[0].id;

async function refusedWith(s: Setup, answer: Response, status: number, code: string, field?: string) {
  assert.equal(answer.status, status, `${code} ${field ?? ''}`);
  assert.equal(answer.headers.get('Cache-Control'), 'no-store');
  const error = await errorOf(answer);
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  if (field !== undefined) assert.equal(error.field, field);
  assert.ok(error.message.length > 10);
  assert.deepEqual(s.writes, [], 'nothing refused reaches the service');
  return error;
}

describe('collect: off by default', () => {
  it('answers every collect path 404 exactly as an unknown route, and writes nothing', async () => {
    const sandbox = createSandbox();
    let writes = 0;
    const proxy = createProxy({
      upstream: 'http://sandbox.test/v1',
      apiKey: 'sandbox-key',
      fetch: (request) => {
        if (request.method !== 'GET') writes++;
        return sandbox.fetch(request);
      },
    });
    for (const [method, path] of [
      ['GET', '/collect'],
      ['POST', '/collect'],
      ['POST', '/collect/uploads'],
      ['GET', '/uploads/photo/x.jpg'],
    ]) {
      const answer = await proxy.fetch(new Request(`http://proxy.test${path}`, { method, body: method === 'POST' ? '{}' : undefined }));
      const unknown = await proxy.fetch(new Request(`http://proxy.test/nothing-here`));
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.equal((await errorOf(answer)).code, (await errorOf(unknown)).code);
    }
    assert.equal(writes, 0);
  });

  it('refuses to start without a secret, or with a short one, saying where it goes', () => {
    const base = { upstream: 'http://sandbox.test/v1', apiKey: 'k' };
    const saved = process.env.TESTIMONIAL_COLLECT_SECRET;
    delete process.env.TESTIMONIAL_COLLECT_SECRET;
    try {
      assert.throws(() => createProxy({ ...base, collect: {} }), /collect\.secret.*TESTIMONIAL_COLLECT_SECRET/);
      assert.throws(() => createProxy({ ...base, collect: { secret: 'short' } }), /at least|shorter than 32/);
      process.env.TESTIMONIAL_COLLECT_SECRET = SECRET;
      assert.doesNotThrow(() => createProxy({ ...base, collect: {} }));
    } finally {
      if (saved === undefined) delete process.env.TESTIMONIAL_COLLECT_SECRET;
      else process.env.TESTIMONIAL_COLLECT_SECRET = saved;
    }
  });

  it('checks its options with clear errors', () => {
    const base = { upstream: 'http://sandbox.test/v1', apiKey: 'k' };
    const collect = { secret: SECRET };
    assert.throws(() => createProxy({ ...base, collect: { ...collect, consent: { text: 'ok', version: 'v 1' } } }), /consent\.version/);
    assert.throws(() => createProxy({ ...base, collect: { ...collect, tags: ['a,b'] } }), /collect\.tags/);
    assert.throws(() => createProxy({ ...base, collect: { ...collect, maxPerHour: 0 } }), /maxPerHour must be a number from 1/);
    assert.throws(() => createProxy({ ...base, collect: { ...collect, thankYouUrl: 'javascript:alert(1)' } }), /thankYouUrl/);
    assert.throws(
      () => createProxy({ ...base, collect: { ...collect, uploads: { endpoint: 'http://127.0.0.1:1', bucket: 'testimonials' } } }),
      /S3_ACCESS_KEY_ID/,
    );
    assert.throws(
      () => createProxy({ ...base, collect: { ...collect, uploads: { endpoint: 'http://127.0.0.1:1', bucket: 'B' } } }),
      /bucket name/,
    );
  });
});

describe('collect: GET {base}/collect', () => {
  it('hands out a token, the consent sentence, what is required, the honeypot and the upload rules', async () => {
    const s = await setup({ consent: { text: 'You may publish it.', version: 'v3' }, requireEmail: true });
    const answer = await s.request('/collect');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('Cache-Control'), 'no-store');
    const body = (await answer.json()) as Record<string, unknown>;
    assert.equal(typeof body.token, 'string');
    assert.deepEqual(body.consent, { text: 'You may publish it.', version: 'v3' });
    assert.deepEqual(body.required, ['customer_name', 'customer_email', 'consent']);
    assert.equal(body.honeypot, 'website');
    assert.equal(body.uploads, null);
    assert.deepEqual(s.upstreamRequests, []);
  });
});

describe('collect: the submission', () => {
  it('sends only the allowlist, forces approved: false, adds the operator form_id, tags and consent tag, never integration', async () => {
    const s = await setup({ formId: FORM, tags: ['website-form', 'spring'] });
    const answer = await s.submit({
      token: await s.token(),
      consent: true,
      website: '',
      customer_name: '  Ada Lovelace ',
      text: 'It <b>works</b>.',
      title: 'Great',
      rating: 5,
      customer_email: 'ada@example.com',
      customer_tagline: 'Engineer',
      customer_company: 'Analytical',
      customer_url: 'https://ada.example/',
      approved: true,
      form_id: 'visitor-form',
      tags: ['featured'],
      integration: 'google',
      customer_company_logo: 'https://evil.example/logo.png',
      date: '2020-01-01',
    });
    assert.equal(answer.status, 201);
    const created = (await answer.json()) as { id: string; status: string; message: string };
    assert.equal(created.status, 'pending');
    assert.deepEqual(s.writes, [
      {
        type: 'text',
        customer_name: 'Ada Lovelace',
        title: 'Great',
        text: 'It <b>works</b>.',
        customer_email: 'ada@example.com',
        customer_tagline: 'Engineer',
        customer_company: 'Analytical',
        customer_url: 'https://ada.example/',
        rating: 5,
        approved: false,
        form_id: FORM,
        tags: ['website-form', 'spring', 'consent-v1'],
      },
    ]);
    // The sandbox holds it pending: the admin client sees it with approved=false, the public proxy does not.
    const pending = await s.admin.listTestimonials({ approved: false, tags: ['consent-v1'] });
    assert.deepEqual(
      pending.testimonials.map((t) => [t.id, t.approved, t.integration, t.form_id]),
      [[created.id, false, null, FORM]],
    );
    const publicRead = await s.request(`/testimonials/${created.id}`);
    assert.equal(publicRead.status, 404);
  });

  it('refuses a submission without consent, naming the field', async () => {
    const s = await setup();
    await refusedWith(s, await s.submit({ token: await s.token(), customer_name: 'Ada' }), 400, 'consent_required', 'consent');
    await refusedWith(
      s,
      await s.submit({ token: await s.token(), customer_name: 'Ada', consent: 'no' }),
      400,
      'consent_required',
      'consent',
    );
  });

  it('refuses a filled honeypot as spam', async () => {
    const s = await setup({ honeypot: 'homepage' });
    await refusedWith(
      s,
      await s.submit({ token: await s.token(), consent: true, customer_name: 'Bot', homepage: 'http://spam' }),
      400,
      'spam',
      'homepage',
    );
  });

  it('refuses each bad field with invalid_field naming it', async () => {
    const s = await setup({ requireEmail: true });
    const good = { consent: true, customer_name: 'Ada', customer_email: 'ada@example.com' };
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_name: undefined }, 'customer_name'],
      [{ customer_name: '   ' }, 'customer_name'],
      [{ customer_email: undefined }, 'customer_email'],
      [{ customer_email: 'not-an-address' }, 'customer_email'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '6' }, 'rating'],
      [{ text: 'x'.repeat(5001) }, 'text'],
      [{ customer_name: 'x'.repeat(201) }, 'customer_name'],
      [{ title: 42 }, 'title'],
      [{ customer_tagline: 'a\u0000b' }, 'customer_tagline'],
      [{ customer_url: 'javascript:alert(1)' }, 'customer_url'],
      [{ customer_url: 'java\tscript:alert(1)' }, 'customer_url'],
      [{ customer_avatar: 'https://evil.example/me.jpg' }, 'customer_avatar'],
      [{ video_url: 'https://evil.example/v.mp4' }, 'video_url'],
    ];
    for (const [change, field] of cases) {
      const answer = await s.submit({ token: await s.token(), ...good, ...change });
      await refusedWith(s, answer, 400, 'invalid_field', field);
    }
  });

  it('refuses a body over the limit with 413 body_too_large, before reading it all', async () => {
    const s = await setup({ maxBodyBytes: 2048 });
    const answer = await s.submit({ token: await s.token(), consent: true, customer_name: 'Ada', text: 'x'.repeat(3000) });
    await refusedWith(s, answer, 413, 'body_too_large', 'body');
    // Without a Content-Length: counted while it streams in.
    const stream = new Blob([JSON.stringify({ text: 'y'.repeat(5000) })]).stream();
    const streamed = await s.request('/collect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await refusedWith(s, streamed, 413, 'body_too_large');
  });

  it('refuses a body that is not JSON', async () => {
    const s = await setup();
    const answer = await s.request('/collect', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    await refusedWith(s, answer, 400, 'invalid_field', 'body');
  });
});

describe('collect: the service and the browser around it', () => {
  it("answers a failure of the service with the read routes' codes, logs it, and gives the token back", async () => {
    let down = true;
    const sandbox = createSandbox();
    const s = await setup(
      {},
      {
        fetch: async (request) => (down ? new Response('busy', { status: 503, headers: { 'Retry-After': '7' } }) : sandbox.fetch(request)),
      },
    );
    const token = await s.token();
    const failed = await s.submit({ token, consent: true, customer_name: 'Ada' });
    assert.equal(failed.status, 502);
    assert.equal((await errorOf(failed)).code, 'upstream_error');
    assert.doesNotMatch(JSON.stringify(await errorOf(await s.submit({ token, consent: true, customer_name: 'Ada' }))), /busy/);
    assert.match(s.logs.join('\n'), /HTTP 503 to POST \/v1\/testimonials/);
    down = false;
    assert.equal((await s.submit({ token, consent: true, customer_name: 'Ada' })).status, 201, 'the same token, once the service is back');
  });

  it('answers the CORS preflight of its routes, and 405 with Allow to other methods', async () => {
    const s = await setup({}, { cors: { origins: ['https://www.example.com'] } });
    const preflight = await s.request('/collect', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://www.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), 'https://www.example.com');
    assert.equal(preflight.headers.get('Access-Control-Allow-Methods'), 'GET, POST, OPTIONS');
    assert.match(preflight.headers.get('Access-Control-Allow-Headers')!, /Content-Type/);
    const put = await s.request('/collect', { method: 'PUT', body: '{}' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('Allow'), 'GET, POST, OPTIONS');
    const get = await s.request('/collect/uploads');
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('Allow'), 'POST, OPTIONS');
    const answer = await s.request('/collect', { headers: { Origin: 'https://www.example.com' } });
    assert.equal(answer.headers.get('Access-Control-Allow-Origin'), 'https://www.example.com');
  });
});

describe('collect: the form token', () => {
  const body = { consent: true, customer_name: 'Ada' };

  it('is refused when used twice (token_used), and then the form asks a new one', async () => {
    const s = await setup();
    const token = await s.token();
    assert.equal((await s.submit({ token, ...body })).status, 201);
    const again = await s.submit({ token, ...body });
    assert.equal(again.status, 403);
    const error = await errorOf(again);
    assert.deepEqual([error.code, error.field], ['token_used', 'token']);
    assert.equal(s.writes.length, 1);
    assert.equal((await s.submit({ token: await s.token(), ...body })).status, 201);
  });

  it('is refused when two submissions of it race: one creation', async () => {
    const s = await setup();
    const token = await s.token();
    const answers = await Promise.all([s.submit({ token, ...body }), s.submit({ token, ...body })]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 403]);
    assert.equal(s.writes.length, 1);
  });

  it('is refused sooner than minFillMs after it was issued (too_fast), and accepted after', async () => {
    const s = await setup({ minFillMs: 4_000 });
    const { token } = (await (await s.request('/collect')).json()) as { token: string };
    s.advance(3_999);
    await refusedWith(s, await s.submit({ token, ...body }), 400, 'too_fast', 'token');
    s.advance(1);
    assert.equal((await s.submit({ token, ...body })).status, 201);
  });

  it('is refused after maxAgeMs (token_expired)', async () => {
    const s = await setup({ maxAgeMs: 60_000 });
    const { token } = (await (await s.request('/collect')).json()) as { token: string };
    s.advance(60_001);
    await refusedWith(s, await s.submit({ token, ...body }), 403, 'token_expired', 'token');
  });

  it('is refused when tampered with, missing, or signed with another secret (token_invalid)', async () => {
    const s = await setup();
    const token = await s.token();
    const [issued, nonce, mac] = token.split('.');
    const older = (parseInt(issued!, 36) - 3_600_000).toString(36);
    const other = await setup({ secret: `${SECRET}-other` });
    // The MAC's first character changed (six bits of data: a last character may hold only padding bits,
    // and 'A' for 'A' changes nothing, which failed 1 run in 64).
    const tampered = `${issued}.${nonce}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
    for (const bad of [`${older}.${nonce}.${mac}`, tampered, undefined, 42, '', await other.token()]) {
      await refusedWith(s, await s.submit({ token: bad, ...body }), 403, 'token_invalid', 'token');
    }
  });

  it('remembers spent tokens only until they would have expired (the used set stays bounded)', async () => {
    let now = 0;
    const tokens = new FormTokens(SECRET, { minFillMs: 0, maxAgeMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      const check = await tokens.check(await tokens.issue(), { fill: true });
      assert.ok(check.ok && tokens.spend(check));
      now += 1_000;
    }
    assert.equal(tokens.spentCount, 3);
    now += 60_000;
    assert.equal((await tokens.check(await tokens.issue(), { fill: true })).ok, true);
    assert.equal(tokens.spentCount, 0);
  });
});

describe('collect: limits', () => {
  const body = { consent: true, customer_name: 'Ada' };

  it('limits each client (429 rate_limited, Retry-After), and others still pass', async () => {
    const s = await setup({
      rateLimit: { capacity: 3, refillPerSecond: 1 / 60, clientKey: (r) => r.headers.get('x-test-client') ?? undefined },
    });
    const token = await s.token(); // 1
    assert.equal((await s.submit({ token, ...body })).status, 201); // 2
    assert.equal((await s.request('/collect')).status, 200); // 3
    const limited = await s.submit({ token: 'x', ...body });
    await refusedWith({ ...s, writes: [] }, limited, 429, 'rate_limited');
    assert.equal(limited.headers.get('Retry-After'), '55', 'a minute for one request, 5 s of it gone');
    assert.equal((await s.request('/collect', { client: 'someone-else' })).status, 200);
    s.advance(60_000);
    assert.equal((await s.request('/collect')).status, 200);
  });

  it('caps creations per hour for everyone (429 collect_cap_reached, Retry-After), then lets them through again', async () => {
    const s = await setup({ maxPerHour: 2 });
    for (const client of ['a', 'b']) assert.equal((await s.submit({ token: await s.token(), ...body }, client)).status, 201);
    const token = await s.token();
    const capped = await s.submit({ token, ...body }, 'c');
    assert.equal(capped.status, 429);
    const error = await errorOf(capped);
    assert.equal(error.code, 'collect_cap_reached');
    assert.equal(Number(capped.headers.get('Retry-After')), 3600 - 10);
    assert.equal(s.writes.length, 2);
    // An hour after the first creation there is room again, and the refused submission's token was not spent.
    s.advance(3600_000);
    assert.equal((await s.submit({ token, ...body }, 'c')).status, 201);
  });
});
