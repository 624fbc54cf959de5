import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Testimonial, TestimonialList } from '../../src/client/types.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { all, call, errorOf, ORIGIN, sandbox } from './helpers.js';

describe('authentication', () => {
  const api = sandbox();

  it('accepts Bearer <key> (any case of "Bearer") and the bare key', async () => {
    for (const auth of ['Bearer sandbox-key', 'bearer sandbox-key', 'sandbox-key']) {
      assert.equal((await call(api, '/v1/links', { auth })).status, 200, auth);
    }
  });

  it('answers 401 JSON with WWW-Authenticate for a missing, wrong or malformed key, on every route', async () => {
    for (const auth of [null, 'Bearer wrong', 'wrong', 'Basic c2FuZGJveC1rZXk=', 'Bearer', 'Bearer sandbox-key extra']) {
      for (const [method, path] of [
        ['GET', '/v1/testimonials'],
        ['POST', '/v1/invites'],
        ['DELETE', '/v1/testimonials/x'],
      ]) {
        const answer = await call(api, path!, { auth, method });
        assert.equal(answer.status, 401, `${method} ${path} with ${String(auth)}`);
        assert.equal(errorOf(answer).code, 'unauthorized');
        assert.match(answer.headers.get('WWW-Authenticate') ?? '', /^Bearer/);
      }
    }
  });

  it('uses the key it was given', async () => {
    const custom = createSandbox({ key: 'k-123' });
    assert.equal((await call(custom, '/v1/links', { auth: 'Bearer k-123' })).status, 200);
    assert.equal((await call(custom, '/v1/links')).status, 401);
  });

  it('refuses bad options at creation', () => {
    assert.throws(() => createSandbox({ key: '' }), /key/);
    assert.throws(() => createSandbox({ seed: 1.5 }), /seed/);
    assert.throws(() => createSandbox({ failRate: 2 }), /failRate/);
    assert.throws(() => createSandbox({ latencyMs: -1 }), /latencyMs/);
    for (const publicUrl of [
      'sandbox.example',
      'ftp://sandbox.example',
      'http://sandbox.example/?q=1',
      'http://sandbox.example/#x',
      'http://u:p@sandbox.example',
    ]) {
      assert.throws(() => createSandbox({ publicUrl }), /publicUrl/, publicUrl);
    }
  });
});

describe('status codes', () => {
  const api = sandbox();

  it('405 with Allow for a wrong method on each known path', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v1/testimonials', 'GET, HEAD, POST'],
      ['DELETE', '/v1/testimonials', 'GET, HEAD, POST'],
      ['POST', '/v1/testimonials/abc', 'GET, HEAD, PATCH, DELETE'],
      ['PUT', '/v1/testimonials/abc', 'GET, HEAD, PATCH, DELETE'],
      ['POST', '/v1/links', 'GET, HEAD'],
      ['GET', '/v1/invites', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await call(api, path, { method });
      assert.equal(answer.status, 405, `${method} ${path}`);
      assert.equal(answer.headers.get('Allow'), allow);
      assert.equal(errorOf(answer).code, 'method_not_allowed');
    }
  });

  it('404 JSON for unknown paths', async () => {
    for (const path of ['/v1/nothing', '/v2/testimonials', '/', '/v1/testimonials/a/b']) {
      const answer = await call(api, path);
      assert.equal(answer.status, 404, path);
      assert.equal(errorOf(answer).status, 404);
    }
  });

  it('HEAD answers the headers of GET without a body', async () => {
    const response = await api.fetch(new Request(`${ORIGIN}/v1/links`, { method: 'HEAD', headers: { Authorization: 'sandbox-key' } }));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /json/);
    assert.equal(await response.text(), '');
  });

  it('CORS: preflight and answers allow any origin', async () => {
    const preflight = await api.fetch(
      new Request(`${ORIGIN}/v1/testimonials`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      }),
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
    assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /Authorization/i);
    const answer = await call(api, '/v1/links', { headers: { Origin: 'http://localhost:5173' } });
    assert.equal(answer.headers.get('Access-Control-Allow-Origin'), '*');
  });
});

describe('URLs built from the request', () => {
  it('media and public links use the origin and mount prefix the client called', async () => {
    const api = sandbox();
    const response = await api.fetch(
      new Request('https://example.org:8443/x/y/v1/testimonials?type=video&limit=1000', { headers: { Authorization: 'sandbox-key' } }),
    );
    const { testimonials } = (await response.json()) as TestimonialList;
    assert.ok(testimonials.length > 0);
    for (const t of testimonials) {
      for (const url of [t.video_url, t.thumbnail_url, t.video!.hls_url, ...Object.values(t.video!.mp4_urls), t.links!.public]) {
        assert.ok(url!.startsWith('https://example.org:8443/x/y/'), url!);
      }
      assert.equal(t.video_url, t.video!.mp4_urls.high);
    }
    const media = await api.fetch(new Request(testimonials[0]!.thumbnail_url!));
    assert.equal(media.status, 200, 'the URL it gave answers');
    assert.equal(media.headers.get('Content-Type'), 'image/jpeg');
  });

  it('works the same when the app is mounted in another Hono app', async () => {
    const { Hono } = await import('hono');
    const api = sandbox();
    const host = new Hono().route('/mounted', api.app);
    const response = await host.fetch(new Request('http://host.test/mounted/v1/links', { headers: { Authorization: 'sandbox-key' } }));
    const links = (await response.json()) as { forms: { url: string }[] };
    assert.ok(links.forms[0]!.url.startsWith('http://host.test/mounted/p/'), links.forms[0]!.url);
  });

  it('with publicUrl, every link is on it, whatever origin the request names', async () => {
    const api = sandbox({ publicUrl: 'https://sandbox.example.com/api/' });
    const forged = 'http://forged.example';
    const answers: Response[] = [
      await api.fetch(new Request(`${forged}/v1/testimonials?type=video&limit=1000`, { headers: { Authorization: 'sandbox-key' } })),
      await api.fetch(new Request(`${forged}/x/v1/links`, { headers: { Authorization: 'sandbox-key' } })),
      await api.fetch(
        new Request(`${forged}/v1/testimonials`, {
          method: 'POST',
          headers: { Authorization: 'sandbox-key' },
          body: JSON.stringify({ type: 'text', customer_name: 'A', text: 'Hi' }),
        }),
      ),
    ];
    const { testimonials } = (await answers[0]!.clone().json()) as TestimonialList;
    assert.ok(testimonials[0]!.video!.hls_url.startsWith('https://sandbox.example.com/api/media/'), testimonials[0]!.video!.hls_url);
    assert.ok(answers[2]!.headers.get('Location')!.startsWith('https://sandbox.example.com/api/v1/testimonials/'));
    answers.push(
      await api.fetch(new Request(testimonials.find((t) => t.approved)!.links!.public!.replace('https://sandbox.example.com/api', forged))),
    );
    for (const answer of answers) {
      assert.ok(answer.status < 300, String(answer.status));
      const text = [...answer.headers].join('\n') + (await answer.text());
      assert.ok(!text.includes('forged.example'), text.slice(0, 200));
    }
  });

  it('serves the public page of an approved testimonial, escaped, and 404 for a pending one', async () => {
    const api = sandbox();
    const testimonials = await all(api);
    const hostile = testimonials.find((t) => t.text.includes('<script>'))!;
    const page = await api.fetch(new Request(hostile.links!.public!));
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.doesNotMatch(html, /<script>|<img/);
    assert.match(html, /&#60;b&#62;Bold/);
    const pending = testimonials.find((t) => !t.approved)!;
    assert.equal((await api.fetch(new Request(pending.links!.public!))).status, 404);
  });
});

describe('determinism', () => {
  it('the same seed gives the same data, ids of created testimonials included; another seed differs', async () => {
    const [a, b, c] = [sandbox({ seed: 7 }), sandbox({ seed: 7 }), sandbox({ seed: 8 })];
    assert.deepEqual(await all(a), await all(b));
    assert.notDeepEqual(
      (await all(a)).map((t) => t.id),
      (await all(c)).map((t) => t.id),
    );
    const body = { type: 'text', customer_name: 'Same' };
    const [ida, idb] = await Promise.all(
      [a, b].map(async (s) => (await call<{ id: string }>(s, '/v1/testimonials', { method: 'POST', body })).body.id),
    );
    assert.equal(ida, idb);
  });

  it('without `now`, fixtures still do not depend on the clock', async () => {
    const first = await all(createSandbox({ seed: 3 }));
    const second = await all(createSandbox({ seed: 3 }));
    assert.deepEqual(first, second);
  });
});

describe('fault injection', () => {
  it('failRate answers that share 503 with Retry-After, the same requests for the same seed', async () => {
    const run = async (seed: number) => {
      const api = sandbox({ seed, failRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await call(api, '/v1/links')).status);
      return { api, statuses };
    };
    const { api, statuses } = await run(5);
    assert.deepEqual((await run(5)).statuses, statuses);
    const failures = statuses.filter((s) => s === 503).length;
    assert.ok(failures > 5 && failures < 35, `${failures} of 40 failed`);
    assert.ok(statuses.every((s) => s === 200 || s === 503));
    let failed;
    do failed = await call(api, '/v1/links');
    while (failed.status !== 503);
    assert.equal(failed.headers.get('Retry-After'), '1');
    assert.equal(errorOf(failed).code, 'unavailable');
  });

  it('a failed request changes nothing', async () => {
    const api = sandbox({ failRate: 0.5, seed: 11 });
    let created = 0;
    let failed = 0;
    for (let i = 0; i < 20; i++) {
      const { status } = await call(api, '/v1/testimonials', { method: 'POST', body: { type: 'text', customer_name: `N${i}` } });
      if (status === 201) created++;
      else if (status === 503) failed++;
    }
    assert.ok(created > 0 && failed > 0, `${created} created, ${failed} failed`);
    let page;
    do page = await call<TestimonialList>(api, '/v1/testimonials?limit=1000');
    while (page.status === 503);
    assert.equal(page.body.total, 160 + created, 'only the answered requests created testimonials');
  });

  it('failRate 1 fails every API request but never the media', async () => {
    const api = sandbox({ failRate: 1 });
    assert.equal((await call(api, '/v1/testimonials')).status, 503);
    assert.equal((await call(api, '/media/poster.jpg', { auth: null })).status, 200);
  });

  it('latencyMs delays the answer', async () => {
    const api = sandbox({ latencyMs: 200 });
    let answered = false;
    const pending = call(api, '/v1/links').then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(answered, false, 'not answered before the latency has passed');
    await pending;
    assert.equal(answered, true);
  });
});

describe('translations', () => {
  it('carry spec 2.2 fields, point at their testimonial, and include right-to-left Arabic', async () => {
    const translated = (await all(sandbox())).filter((t) => t.translations.length > 0);
    assert.ok(translated.length >= 10);
    for (const t of translated as Testimonial[]) {
      for (const tr of t.translations) {
        assert.equal(tr.review_id, t.id);
        for (const field of ['id', 'lang', 'text', 'title', 'customer_tagline', 'created_at', 'updated_at'] as const) {
          assert.equal(typeof tr[field], 'string', field);
        }
      }
    }
    const arabic = translated.flatMap((t) => t.translations).find((tr) => tr.lang === 'ar')!;
    assert.match(arabic.text, /[\u0600-\u06FF]/);
  });
});
