/**
 * Every rule of the proxy (issue 3, DESIGN security rule 3) as one table of cases, run unchanged on Node
 * (proxy.node.test.ts) and inside workerd (workerd.node.test.ts). Each case gets a fresh proxy, a fresh
 * counting upstream and a fake clock; every answer of every case is also checked for the API key.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HarnessConfig, ProxyAnswer, ProxyHarness, RequestSpec } from './harness.js';
import {
  APPROVED_ID,
  BUSY_RETRY_AFTER_S,
  LATE_OK_MS,
  OVERSIZED_BYTES,
  PENDING_ID,
  SECOND_ID,
  TEST_KEY,
  UPSTREAM_ERROR_TEXT,
} from './stub-upstream.js';

// Every assert.ok here has a message: without one, Node re-parses the (transpiled, one-line) source to
// write it, which takes minutes.

export type Runtime = 'node' | 'workerd';

export interface ProxyCase {
  name: string;
  config?: HarnessConfig;
  /** Where the case applies, when not everywhere (the reason goes in its name). */
  runtimes?: Runtime[];
  run(h: ProxyHarness): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read by property paths the cases know to exist
type Json = Record<string, any>;

function body(answer: ProxyAnswer): Json {
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  return JSON.parse(answer.body) as Json;
}

function assertError(answer: ProxyAnswer, status: number, code: string): Json {
  assert.equal(answer.status, status, answer.body);
  const parsed = body(answer);
  assert.deepEqual(Object.keys(parsed), ['error']);
  assert.equal(parsed.error.status, status);
  assert.equal(parsed.error.code, code);
  assert.equal(typeof parsed.error.message, 'string');
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  return parsed.error as Json;
}

/** What leaves the proxy must hold none of these. */
const PRIVATE_TEXT = [
  TEST_KEY,
  UPSTREAM_ERROR_TEXT,
  'ada@private.test',
  'COUPON-SECRET',
  'project-uuid-private',
  'form-uuid-private',
  'dashboard.test',
  'private',
  '203.0.113.9',
  'internal_score',
];

async function upstreamCalls(h: ProxyHarness): Promise<number> {
  return (await h.state()).upstreamRequests.length;
}

const TESTIMONIAL_KEYS = [
  'id',
  'type',
  'integration',
  'title',
  'text',
  'rating',
  'media',
  'url',
  'date',
  'approved',
  'thumbnail_url',
  'customer_name',
  'customer_avatar',
  'customer_tagline',
  'customer_username',
  'customer_url',
  'customer_company',
  'customer_company_logo',
  'created_at',
  'tags',
  'lang',
  'translations',
  'video_url',
  'video',
  'links',
];

function assertPublicTestimonial(t: Json): void {
  assert.deepEqual(Object.keys(t).sort(), [...TESTIMONIAL_KEYS].sort());
  assert.equal(t.approved, true);
  assert.deepEqual(t.links, { public: `https://love.test/p/demo/t/${t.id}` });
  assert.deepEqual(t.media, [{ url: 'https://cdn.test/a.png', type: 'image', alt: 'A' }]);
  assert.deepEqual(Object.keys(t.video).sort(), ['aspect_ratio', 'duration', 'hls_url', 'mp4_urls', 'transcript']);
  assert.deepEqual(Object.keys(t.video.mp4_urls).sort(), ['high', 'low', 'medium']);
  assert.deepEqual(Object.keys(t.translations[0]).sort(), [
    'created_at',
    'customer_tagline',
    'id',
    'lang',
    'review_id',
    'text',
    'title',
    'updated_at',
  ]);
  assert.equal(t.text, 'Loved it <mark>a lot</mark>');
}

/** The statuses of GET /links sent one after the other with each set of headers. */
async function statusesOf(h: ProxyHarness, headerSets: Record<string, string>[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const headers of headerSets) statuses.push((await h.request('/links', { headers })).status);
  return statuses;
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const ROUTES = ['/testimonials', `/testimonials/${APPROVED_ID}`, '/links'];

export const PROXY_CASES: ProxyCase[] = [
  // Routes and methods.
  {
    name: 'GET /testimonials answers the approved testimonials and asks the service for approved=true',
    async run(h) {
      const answer = await h.request('/testimonials');
      assert.equal(answer.status, 200);
      const list = body(answer);
      assert.deepEqual(
        list.testimonials.map((t: Json) => t.id),
        [APPROVED_ID, SECOND_ID],
      );
      assert.equal(list.total, 2);
      const { upstreamRequests } = await h.state();
      assert.deepEqual(upstreamRequests, ['GET /v1/testimonials?approved=true&limit=100']);
    },
  },
  {
    name: 'approved=false (or anything) from the browser is replaced by approved=true',
    async run(h) {
      for (const value of ['false', 'banana']) {
        const answer = await h.request(`/testimonials?approved=${value}`);
        assert.equal(answer.status, 200);
        assert.ok(
          body(answer).testimonials.every((t: Json) => t.approved === true),
          `a pending testimonial was let out for approved=${value}`,
        );
      }
      const { upstreamRequests } = await h.state();
      assert.deepEqual(upstreamRequests, ['GET /v1/testimonials?approved=true&limit=100']);
    },
  },
  {
    name: 'HEAD answers the headers of GET without a body',
    async run(h) {
      const get = await h.request('/links');
      const head = await h.request('/links', { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers.get('etag'), get.headers.get('etag'));
      assert.equal(head.headers.get('cache-control'), get.headers.get('cache-control'));
    },
  },
  {
    name: 'every write method on every route is 405 with Allow, and nothing is forwarded',
    async run(h) {
      for (const path of ROUTES) {
        for (const method of WRITE_METHODS) {
          const answer = await h.request(path, { method, headers: { 'Content-Type': 'application/json' } });
          assertError(answer, 405, 'method_not_allowed');
          assert.equal(answer.headers.get('allow'), 'GET, HEAD, OPTIONS');
        }
      }
      assert.equal(await upstreamCalls(h), 0);
    },
  },
  {
    name: 'any other path is 404, and nothing is forwarded',
    async run(h) {
      for (const path of ['/', '/invites', '/testimonials/a/b', '/v1/testimonials', '/links/x', '/media/poster.jpg']) {
        assertError(await h.request(path), 404, 'not_found');
      }
      assertError(await h.request('/invites', { method: 'POST' }), 404, 'not_found');
      assert.equal(await upstreamCalls(h), 0);
    },
  },
  {
    name: 'basePath puts the routes under a prefix',
    config: { proxy: { basePath: '/api' } },
    async run(h) {
      assert.equal((await h.request('/api/testimonials')).status, 200);
      assert.equal((await h.request(`/api/testimonials/${APPROVED_ID}`)).status, 200);
      assertError(await h.request('/testimonials'), 404, 'not_found');
    },
  },

  // The key.
  {
    name: 'the key goes upstream as a Bearer header; a browser Authorization header is not passed on',
    async run(h) {
      await h.request('/testimonials', { headers: { Authorization: 'Bearer visitor-made-this-up' } });
      await h.request('/links', { headers: { Authorization: 'Bearer visitor-made-this-up' } });
      const { upstreamAuthorizations } = await h.state();
      assert.deepEqual(upstreamAuthorizations, [`Bearer ${TEST_KEY}`, `Bearer ${TEST_KEY}`]);
    },
  },

  // Validation.
  {
    name: 'an invalid query is 400 naming the field, and is not forwarded',
    async run(h) {
      const cases: [string, string][] = [
        ['limit=abc', 'limit'],
        ['limit=0', 'limit'],
        ['limit=-3', 'limit'],
        ['limit=1.5', 'limit'],
        ['sort=price', 'sort'],
        ['order=up', 'order'],
        ['type=audio', 'type'],
        ['integration=myspace', 'integration'],
        ['rating=five', 'rating'],
        ['page=0', 'page'],
        ['lang=english!', 'lang'],
        ['raiting=5', 'raiting'],
        ['sort=date&sort=rating', 'sort'],
      ];
      for (const [query, field] of cases) {
        const error = assertError(await h.request(`/testimonials?${query}`), 400, 'invalid_request');
        assert.equal(error.field, field, query);
        assert.match(error.message, new RegExp(field));
      }
      assert.equal(await upstreamCalls(h), 0);
    },
  },
  {
    name: 'limit above maxLimit is lowered to it (not refused); no limit asks for maxLimit',
    config: { proxy: { maxLimit: 20 } },
    async run(h) {
      for (const limit of ['21', '500', '1000', '5000', '99999999999999999999']) {
        assert.equal((await h.request(`/testimonials?limit=${limit}&sort=rating`)).status, 200, limit);
      }
      await h.request('/testimonials?limit=7');
      await h.request('/testimonials?type=video');
      const { upstreamRequests } = await h.state();
      assert.deepEqual(upstreamRequests, [
        'GET /v1/testimonials?sort=rating&approved=true&limit=20',
        'GET /v1/testimonials?approved=true&limit=7',
        'GET /v1/testimonials?approved=true&type=video&limit=20',
      ]);
    },
  },
  {
    name: 'equal questions written differently share one canonical cache entry',
    async run(h) {
      const first = await h.request('/testimonials?tags=launch,home&order=asc&sort=date');
      const second = await h.request('/testimonials?sort=date&tags=home&tags=launch&order=asc&approved=false&limit=100');
      assert.equal(first.headers.get('x-cache'), 'MISS');
      assert.equal(second.headers.get('x-cache'), 'HIT');
      assert.equal(second.body, first.body);
      const { upstreamRequests } = await h.state();
      assert.deepEqual(upstreamRequests, ['GET /v1/testimonials?sort=date&order=asc&approved=true&tags=home&tags=launch&limit=100']);
    },
  },
  {
    name: 'a malformed id is 400 and is not forwarded',
    async run(h) {
      for (const id of ['bad%20id', '..%2Fsecret', 'a'.repeat(129), '%3Cscript%3E']) {
        const error = assertError(await h.request(`/testimonials/${id}`), 400, 'invalid_request');
        assert.equal(error.field, 'id');
      }
      assert.equal(await upstreamCalls(h), 0);
    },
  },

  // Public by construction.
  {
    name: 'list answers are rebuilt from the allowlist, nested objects included',
    async run(h) {
      const answer = await h.request('/testimonials');
      const list = body(answer);
      assert.deepEqual(Object.keys(list).sort(), ['testimonials', 'total']);
      list.testimonials.forEach(assertPublicTestimonial);
      for (const text of PRIVATE_TEXT) assert.ok(!answer.body.includes(text), `leaked ${text}`);
    },
  },
  {
    name: 'a testimonial by id is rebuilt from the allowlist',
    async run(h) {
      const answer = await h.request(`/testimonials/${APPROVED_ID}`);
      assert.equal(answer.status, 200);
      assertPublicTestimonial(body(answer));
      for (const text of PRIVATE_TEXT) assert.ok(!answer.body.includes(text), `leaked ${text}`);
    },
  },
  {
    name: 'a pending testimonial by id is 404, exactly like an unknown id',
    async run(h) {
      const pending = await h.request(`/testimonials/${PENDING_ID}`);
      const unknown = await h.request('/testimonials/a1b2c3d4-0000-4000-8000-00000000ffff');
      assertError(pending, 404, 'not_found');
      assertError(unknown, 404, 'not_found');
      assert.equal(pending.body, unknown.body);
      assert.ok(!pending.body.includes('Ada'), 'the 404 holds the pending testimonial');
    },
  },
  {
    name: '/links answers public groups with id, name, url (and a widget type); quick_links empty; unknown groups dropped',
    async run(h) {
      const answer = await h.request('/links');
      assert.deepEqual(body(answer), {
        case_studies: [{ id: 'c1', name: 'Case', url: 'https://love.test/case' }],
        forms: [{ id: 'f1', name: 'Leave a testimonial', url: 'https://love.test/f/1' }],
        sizzle_reels: [{ id: 's1', name: 'Reel', url: 'https://love.test/reel' }],
        walls_of_love: [{ id: 'w1', name: 'Wall', url: 'https://love.test/wall' }],
        widgets: [{ id: 'g1', name: 'Widget', url: 'https://love.test/widget', type: 'carousel' }],
        quick_links: [],
      });
    },
  },

  {
    name: 'search cannot find people by e-mail: a query with @ is refused, an e-mail-only match is dropped',
    async run(h) {
      const error = assertError(await h.request('/testimonials?query=ada%40private.test'), 400, 'invalid_request');
      assert.equal(error.field, 'query');
      assert.equal(await upstreamCalls(h), 0);
      const byEmailDomain = body(await h.request('/testimonials?query=private.test'));
      assert.deepEqual(byEmailDomain, { total: 0, testimonials: [] });
      const byName = body(await h.request('/testimonials?query=ADA'));
      assert.equal(byName.total, 2);
    },
  },

  // Over the sandbox, the spec-faithful upstream.
  {
    name: 'over the sandbox: lists hold exactly the approved testimonials, in allowlisted fields only',
    config: { upstream: 'sandbox' },
    async run(h) {
      const upstream = (await h.direct('/testimonials?approved=true&limit=100&sort=rating')) as Json;
      const answer = await h.request('/testimonials?sort=rating&approved=false');
      const list = body(answer);
      assert.ok(list.total > 0, 'the sandbox has approved testimonials');
      assert.deepEqual(
        list.testimonials.map((t: Json) => t.id),
        upstream.testimonials.map((t: Json) => t.id),
      );
      for (const t of list.testimonials as Json[]) {
        const extra = Object.keys(t).filter((key) => !TESTIMONIAL_KEYS.includes(key));
        assert.deepEqual(extra, [], `fields outside the allowlist in ${t.id}`);
        assert.deepEqual(
          Object.keys(t.links ?? {}).filter((key) => key !== 'public'),
          [],
        );
      }
      for (const t of upstream.testimonials as Json[]) {
        if (t.customer_email) assert.ok(!answer.body.includes(t.customer_email), `leaked ${t.customer_email}`);
      }
    },
  },
  {
    name: 'over the sandbox: a pending testimonial by id is 404, an approved one 200',
    config: { upstream: 'sandbox' },
    async run(h) {
      const [pending] = ((await h.direct('/testimonials?approved=false&limit=1')) as Json).testimonials as Json[];
      const [approved] = ((await h.direct('/testimonials?approved=true&limit=1')) as Json).testimonials as Json[];
      assertError(await h.request(`/testimonials/${pending!.id}`), 404, 'not_found');
      const answer = await h.request(`/testimonials/${approved!.id}`);
      assert.equal(answer.status, 200);
      assert.equal(body(answer).customer_name, approved!.customer_name);
      assert.equal(body(answer).customer_email, undefined);
    },
  },
  {
    name: 'over the sandbox: searching for an e-mail domain finds nothing through the proxy',
    config: { upstream: 'sandbox' },
    async run(h) {
      const [first] = ((await h.direct('/testimonials?approved=true&limit=1')) as Json).testimonials as Json[];
      const domain = (first!.customer_email as string).split('@')[1]!;
      const upstream = (await h.direct(`/testimonials?approved=true&query=${encodeURIComponent(domain)}`)) as Json;
      assert.ok(upstream.total > 0, `the sandbox finds ${domain}`);
      assert.equal(body(await h.request(`/testimonials?query=${encodeURIComponent(domain)}`)).total, 0);
    },
  },
  {
    name: 'over the sandbox: /links keeps the public groups and empties quick_links',
    config: { upstream: 'sandbox' },
    async run(h) {
      const upstream = (await h.direct('/links')) as Json;
      const links = body(await h.request('/links'));
      assert.deepEqual(links.quick_links, []);
      assert.deepEqual(
        links.forms.map((f: Json) => f.id),
        upstream.forms.map((f: Json) => f.id),
      );
      assert.ok(links.forms.length > 0, 'the sandbox has forms');
      for (const item of Object.values(links).flat() as Json[]) {
        assert.deepEqual(
          Object.keys(item).filter((key) => !['id', 'name', 'url', 'type'].includes(key)),
          [],
        );
      }
    },
  },

  // Cache.
  {
    name: 'a repeated question is a HIT until the TTL passes, then a MISS',
    config: { proxy: { cache: { ttlMs: 30_000 } } },
    async run(h) {
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
      await h.advance(29_000);
      const hit = await h.request('/links');
      assert.equal(hit.headers.get('x-cache'), 'HIT');
      assert.equal(hit.headers.get('age'), '29');
      await h.advance(1_000);
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
      assert.equal(await upstreamCalls(h), 2);
    },
  },
  {
    name: 'answers carry Cache-Control public, max-age, s-maxage, stale-while-revalidate and a strong ETag',
    config: { proxy: { cache: { ttlMs: 120_000, staleIfErrorMs: 300_000 } } },
    async run(h) {
      const answer = await h.request('/testimonials');
      assert.equal(
        answer.headers.get('cache-control'),
        'public, max-age=120, s-maxage=120, stale-while-revalidate=120, stale-if-error=300',
      );
      assert.match(answer.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]{43}"$/);
    },
  },
  {
    name: 'If-None-Match with the ETag is 304 without a body; another tag is 200',
    async run(h) {
      const first = await h.request(`/testimonials/${APPROVED_ID}`);
      const etag = first.headers.get('etag')!;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const answer = await h.request(`/testimonials/${APPROVED_ID}`, { headers: { 'If-None-Match': ifNoneMatch } });
        assert.equal(answer.status, 304, ifNoneMatch);
        assert.equal(answer.body, '');
        assert.equal(answer.headers.get('etag'), etag);
        assert.ok(answer.headers.get('cache-control')?.startsWith('public'), 'a 304 keeps Cache-Control');
      }
      const changed = await h.request(`/testimonials/${APPROVED_ID}`, { headers: { 'If-None-Match': '"stale-tag"' } });
      assert.equal(changed.status, 200);
      assert.equal(changed.body, first.body);
    },
  },
  {
    name: 'the ETag depends on the body only: another testimonial gets another tag, the same one the same tag',
    async run(h) {
      const a = await h.request(`/testimonials/${APPROVED_ID}`);
      const b = await h.request(`/testimonials/${SECOND_ID}`);
      await h.advance(3_600_000);
      const again = await h.request(`/testimonials/${APPROVED_ID}`);
      assert.equal(again.headers.get('x-cache'), 'MISS');
      assert.notEqual(a.headers.get('etag'), b.headers.get('etag'));
      assert.equal(again.headers.get('etag'), a.headers.get('etag'));
    },
  },
  {
    name: 'concurrent identical misses share one upstream call',
    async run(h) {
      await h.upstream('ok', 3);
      const answers = await h.requestAll(['/testimonials?sort=rating', '/testimonials?sort=rating', '/testimonials?sort=rating']);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200],
      );
      assert.equal(new Set(answers.map((a) => a.body)).size, 1);
      assert.equal(await upstreamCalls(h), 1);
    },
  },
  {
    name: 'when the upstream fails, an expired answer is served as STALE for a bounded time, then the error',
    config: { proxy: { cache: { ttlMs: 60_000, staleIfErrorMs: 120_000 } } },
    async run(h) {
      const fresh = await h.request('/testimonials');
      await h.advance(60_000);
      await h.upstream('error-500');
      const stale = await h.request('/testimonials');
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('x-cache'), 'STALE');
      assert.equal(stale.body, fresh.body);
      assert.equal(stale.headers.get('cache-control'), 'public, max-age=0, s-maxage=0, must-revalidate');
      await h.advance(119_000);
      assert.equal((await h.request('/testimonials')).headers.get('x-cache'), 'STALE');
      await h.advance(1_000);
      assertError(await h.request('/testimonials'), 502, 'upstream_error');
      await h.upstream('ok');
      assert.equal((await h.request('/testimonials')).headers.get('x-cache'), 'MISS');
      assert.equal(await upstreamCalls(h), 5);
    },
  },
  {
    name: 'during an outage a failed refresh is not retried for 5 s: the stale answer is served without asking again',
    async run(h) {
      await h.request('/links');
      await h.advance(61_000);
      await h.upstream('error-500');
      const states: (string | null)[] = [];
      for (const wait of [0, 4_999, 1]) {
        await h.advance(wait);
        states.push((await h.request('/links')).headers.get('x-cache'));
      }
      assert.deepEqual(states, ['STALE', 'STALE', 'STALE']);
      const { upstreamRequests, logs } = await h.state();
      assert.equal(upstreamRequests.length, 3);
      assert.equal(logs.length, 2);
    },
  },
  {
    name: 'concurrent misses on a failing upstream share one call and all get the stale answer',
    async run(h) {
      await h.request('/links');
      await h.advance(61_000);
      await h.upstream('unreachable', 4);
      const answers = await h.requestAll(['/links', '/links', '/links']);
      assert.deepEqual(
        answers.map((a) => a.headers.get('x-cache')),
        ['STALE', 'STALE', 'STALE'],
      );
      assert.equal(await upstreamCalls(h), 2);
    },
  },
  {
    name: 'a testimonial that became unknown upstream is 404 at once, never served stale',
    async run(h) {
      await h.request(`/testimonials/${APPROVED_ID}`);
      await h.advance(3_600_000);
      await h.upstream('not-found');
      assertError(await h.request(`/testimonials/${APPROVED_ID}`), 404, 'not_found');
    },
  },
  {
    name: 'the least recently used answer is evicted when the cache is full',
    config: { proxy: { cache: { maxEntries: 2 } } },
    async run(h) {
      await h.request('/testimonials?page=1');
      await h.request('/testimonials?page=2');
      await h.request('/testimonials?page=1');
      await h.request('/testimonials?page=3');
      assert.equal((await h.request('/testimonials?page=1')).headers.get('x-cache'), 'HIT');
      assert.equal((await h.request('/testimonials?page=2')).headers.get('x-cache'), 'MISS');
      assert.equal(await upstreamCalls(h), 4);
    },
  },

  // Upstream failures.
  {
    name: 'upstream 5xx is 502 without its body; the cause is logged without the key',
    async run(h) {
      await h.upstream('error-500');
      const answer = await h.request('/testimonials');
      assertError(answer, 502, 'upstream_error');
      assert.ok(!answer.body.includes('Traceback'), 'the upstream body was passed on');
      const { logs } = await h.state();
      assert.equal(logs.length, 1);
      assert.match(logs[0]!, /HTTP 500 to GET \/v1\/testimonials/);
      assert.ok(!logs[0]!.includes(TEST_KEY), 'the key reached the log');
      assert.ok(!logs[0]!.includes('Traceback'), 'the upstream body reached the log');
    },
  },
  {
    name: 'log lines name the route, never the query a visitor wrote',
    async run(h) {
      await h.upstream('error-500');
      await h.request('/testimonials?query=visitor-wrote-this');
      const { logs } = await h.state();
      assert.equal(logs.length, 1);
      assert.ok(!logs[0]!.includes('visitor-wrote-this'), `the query reached the log: ${logs[0]}`);
    },
  },

  // Slow and refusing upstreams (issue 14).
  {
    name: 'a hanging upstream with a copy on hand: STALE after staleAfterMs, long before the timeout; one upstream call meanwhile',
    config: { proxy: { timeoutMs: 8_000, cache: { staleAfterMs: 50 } } },
    async run(h) {
      const fresh = await h.request('/links');
      await h.advance(61_000);
      await h.upstream('hang');
      const started = Date.now();
      const first = await h.request('/links');
      const second = await h.request('/links');
      const elapsed = Date.now() - started;
      assert.deepEqual([first.headers.get('x-cache'), second.headers.get('x-cache')], ['STALE', 'STALE']);
      assert.equal(first.body, fresh.body);
      assert.ok(elapsed < 6_000, `answered after ${elapsed} ms, not before the 8 s timeout`);
      assert.equal(await upstreamCalls(h), 2);
    },
  },
  {
    name: 'a slow refresh goes on in the background after the stale answer, and its answer is kept',
    config: { proxy: { cache: { staleAfterMs: 20 } } },
    async run(h) {
      await h.request('/links');
      await h.advance(61_000);
      await h.upstream('late-ok');
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'STALE');
      // Asking again while the refresh runs joins it (STALE at once) rather than starting another.
      let state: string | null = 'STALE';
      for (let tries = 0; state === 'STALE' && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, LATE_OK_MS / 3));
        state = (await h.request('/links')).headers.get('x-cache');
      }
      assert.equal(state, 'HIT');
      assert.equal(await upstreamCalls(h), 2);
    },
  },
  {
    name: 'a 429 with a Retry-After longer than the deadline: 503 passing Retry-After on without waiting; with a copy, STALE at once and quiet until then',
    config: { proxy: { retries: 1, cache: { staleAfterMs: 1_000 } } },
    async run(h) {
      await h.upstream('busy');
      const started = Date.now();
      const refused = await h.request('/links');
      assertError(refused, 503, 'upstream_busy');
      assert.equal(refused.headers.get('retry-after'), String(BUSY_RETRY_AFTER_S));
      assert.ok(Date.now() - started < 10_000, 'the proxy waited for the Retry-After');
      assert.equal(await upstreamCalls(h), 1);
      await h.upstream('ok');
      await h.request('/testimonials');
      await h.advance(61_000);
      await h.upstream('busy');
      assert.equal((await h.request('/testimonials')).headers.get('x-cache'), 'STALE');
      await h.advance((BUSY_RETRY_AFTER_S - 1) * 1000);
      assert.equal((await h.request('/testimonials')).headers.get('x-cache'), 'STALE');
      assert.equal(await upstreamCalls(h), 3);
      const { logs } = await h.state();
      assert.ok(!logs.join('\n').includes('Traceback'), 'the upstream body reached the log');
    },
  },
  {
    name: 'a redirect is not followed: 502, logged, nothing cached',
    async run(h) {
      await h.upstream('redirect');
      assertError(await h.request('/links'), 502, 'upstream_error');
      assert.match((await h.state()).logs[0]!, /redirect \(HTTP 302\)/);
      await h.upstream('ok');
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
    },
  },
  {
    name: 'an upstream body over maxBodyBytes is 502, read only up to the cap, and not cached',
    config: { proxy: { maxBodyBytes: 100_000 } },
    async run(h) {
      await h.upstream('oversized');
      assertError(await h.request('/links'), 502, 'upstream_error');
      const { logs, oversizedBytesPulled } = await h.state();
      assert.match(logs[0]!, /larger than maxBodyBytes/);
      assert.ok(oversizedBytesPulled < OVERSIZED_BYTES / 10, `${oversizedBytesPulled} bytes were read`);
      await h.upstream('ok');
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
    },
  },
  {
    name: 'the cache keeps to its byte budget: an answer over it is served but not kept',
    config: { proxy: { cache: { maxBytes: 100 } } },
    async run(h) {
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
      assert.equal((await h.request('/links')).headers.get('x-cache'), 'MISS');
      assert.equal(await upstreamCalls(h), 2);
    },
  },
  {
    name: 'oversized list queries are 400 naming the field, and nothing goes upstream',
    async run(h) {
      const manyTags = Array.from({ length: 2_500 }, (_, i) => `tags=t${i}`).join('&');
      const cases: [string, string][] = [
        [manyTags, 'tags'],
        [`tags=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`, 'tags'],
        [`tags=${'x'.repeat(65)}`, 'tags'],
        [`query=${'word '.repeat(60)}`, 'query'],
      ];
      for (const [query, field] of cases) {
        const error = assertError(await h.request(`/testimonials?${query}`), 400, 'invalid_request');
        assert.equal(error.field, field, query.slice(0, 40));
      }
      assert.equal((await h.request(`/testimonials?tags=${Array.from({ length: 20 }, (_, i) => `t${i}`).join(',')}`)).status, 200);
      const { upstreamRequests, logs } = await h.state();
      assert.equal(upstreamRequests.length, 1);
      assert.deepEqual(logs, []);
    },
  },
  {
    name: 'upstream 401 is 502 and one clear line tells the site owner the key was rejected',
    async run(h) {
      await h.upstream('reject-key');
      assertError(await h.request('/links'), 502, 'upstream_error');
      const { logs } = await h.state();
      assert.equal(logs.length, 1);
      assert.match(logs[0]!, /upstream rejected the API key.*regenerated/);
      assert.ok(!logs.join('\n').includes(TEST_KEY), 'the key reached the log');
    },
  },
  {
    name: 'an unreachable upstream is 503',
    async run(h) {
      await h.upstream('unreachable');
      assertError(await h.request('/testimonials'), 503, 'upstream_unreachable');
      assert.equal((await h.state()).logs.length, 1);
    },
  },
  {
    name: 'an upstream that does not answer in time is 504',
    config: { proxy: { timeoutMs: 50 } },
    async run(h) {
      await h.upstream('hang');
      assertError(await h.request(`/testimonials/${APPROVED_ID}`), 504, 'upstream_timeout');
    },
  },
  {
    name: 'an upstream answer that is not the API JSON is 502 without its body',
    async run(h) {
      await h.upstream('not-json');
      const answer = await h.request('/links');
      assertError(answer, 502, 'upstream_error');
      assert.ok(!answer.body.includes('Login'), 'the upstream body was passed on');
    },
  },
  {
    name: 'an upstream 404 on a list (a wrong base URL) is 502 and logged',
    async run(h) {
      await h.upstream('not-found');
      assertError(await h.request('/testimonials'), 502, 'upstream_error');
      assert.match((await h.state()).logs[0]!, /base URL/);
    },
  },

  // CORS.
  {
    name: 'CORS by default: any origin, *, no credentials, no Vary',
    async run(h) {
      for (const answer of [
        await h.request('/testimonials', { headers: { Origin: 'https://site.test' } }),
        await h.request('/nope', { headers: { Origin: 'https://site.test' } }),
      ]) {
        assert.equal(answer.headers.get('access-control-allow-origin'), '*');
        assert.equal(answer.headers.get('access-control-allow-credentials'), null);
        assert.equal(answer.headers.get('vary'), null);
        assert.match(answer.headers.get('access-control-expose-headers') ?? '', /ETag/);
      }
    },
  },
  {
    name: 'CORS preflight is 204 with the allowed methods and headers, and never forwarded',
    async run(h) {
      const answer = await h.request('/testimonials', {
        method: 'OPTIONS',
        headers: { Origin: 'https://site.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
      });
      assert.equal(answer.status, 204);
      assert.equal(answer.body, '');
      assert.equal(answer.headers.get('access-control-allow-origin'), '*');
      assert.equal(answer.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
      assert.match(answer.headers.get('access-control-allow-headers') ?? '', /If-None-Match/);
      assert.equal(answer.headers.get('access-control-allow-credentials'), null);
      assert.equal(await upstreamCalls(h), 0);
    },
  },
  {
    name: 'CORS with a list: an allowed origin is echoed with Vary: Origin; another gets no CORS headers',
    config: { proxy: { cors: { origins: ['https://site.test', 'http://localhost:5173'] } } },
    async run(h) {
      const allowed = await h.request('/links', { headers: { Origin: 'http://localhost:5173' } });
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:5173');
      assert.match(allowed.headers.get('vary') ?? '', /Origin/);
      const refused = await h.request('/links', { headers: { Origin: 'https://evil.test' } });
      assert.equal(refused.status, 200);
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
      assert.equal(refused.headers.get('access-control-expose-headers'), null);
      assert.match(refused.headers.get('vary') ?? '', /Origin/);
      const preflight = await h.request('/links', {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.test', 'Access-Control-Request-Method': 'GET' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      assert.equal(preflight.headers.get('access-control-allow-methods'), null);
    },
  },

  // Rate limit.
  {
    name: 'no rate limit by default',
    async run(h) {
      for (let i = 0; i < 40; i++)
        assert.equal((await h.request('/links', { headers: { 'CF-Connecting-IP': '198.51.100.1' } })).status, 200);
    },
  },
  {
    name: 'rate limit: a client past its bucket gets 429 with Retry-After; others are not affected; tokens come back',
    config: { proxy: { rateLimit: { capacity: 2, refillPerSecond: 0.5 } } },
    async run(h) {
      const as = (ip: string) => ({ headers: { 'CF-Connecting-IP': ip } });
      assert.equal((await h.request('/links', as('198.51.100.1'))).status, 200);
      assert.equal((await h.request('/testimonials', as('198.51.100.1'))).status, 200);
      const limited = await h.request('/links', as('198.51.100.1'));
      assertError(limited, 429, 'rate_limited');
      assert.equal(limited.headers.get('retry-after'), '2');
      assert.equal((await h.request('/links', as('198.51.100.2'))).status, 200);
      await h.advance(2_000);
      assert.equal((await h.request('/links', as('198.51.100.1'))).status, 200);
      assert.equal((await h.request('/links', as('198.51.100.1'))).status, 429);
    },
  },
  {
    name: 'rate limit: without CF-Connecting-IP the first X-Forwarded-For hop is the client (workerd always sets CF-Connecting-IP)',
    config: { proxy: { rateLimit: { capacity: 1, refillPerSecond: 1 } } },
    runtimes: ['node'],
    async run(h) {
      const chains = ['192.0.2.1, 10.0.0.1', '192.0.2.1, 10.0.0.2', '192.0.2.2, 10.0.0.1'];
      assert.deepEqual(
        await statusesOf(
          h,
          chains.map((chain) => ({ 'X-Forwarded-For': chain })),
        ),
        [200, 429, 200],
      );
    },
  },
  {
    name: 'rate limit: in workerd the CF-Connecting-IP the runtime sets wins over a forged X-Forwarded-For',
    config: { proxy: { rateLimit: { capacity: 1, refillPerSecond: 1 } } },
    runtimes: ['workerd'],
    async run(h) {
      assert.deepEqual(await statusesOf(h, [{ 'X-Forwarded-For': '192.0.2.1' }, { 'X-Forwarded-For': '192.0.2.2' }]), [200, 429]);
    },
  },
  {
    name: 'rate limit: a clientKey option decides who the client is',
    config: { proxy: { rateLimit: { capacity: 1, refillPerSecond: 1, clientKeyHeader: 'x-site-user' } } },
    async run(h) {
      const users = ['u1', 'u2', 'u1'].map((id) => ({ 'X-Site-User': id, 'CF-Connecting-IP': '198.51.100.1' }));
      assert.deepEqual(await statusesOf(h, users), [200, 200, 429]);
    },
  },
];

/** Fails the case when any answer carries the key, in a header or the body. */
function keyGuard(h: ProxyHarness): ProxyHarness {
  const check = (answer: ProxyAnswer, what: string): ProxyAnswer => {
    assert.ok(!answer.body.includes(TEST_KEY), `the key leaked in the body of ${what}`);
    for (const [name, value] of answer.headers) assert.ok(!value.includes(TEST_KEY), `the key leaked in ${name} of ${what}`);
    return answer;
  };
  return {
    setup: (config) => h.setup(config),
    state: () => h.state(),
    upstream: (mode, hold) => h.upstream(mode, hold),
    advance: (ms) => h.advance(ms),
    direct: (path) => h.direct(path),
    request: async (path: string, init?: RequestSpec) => check(await h.request(path, init), path),
    requestAll: async (paths: string[]) => (await h.requestAll(paths)).map((answer, i) => check(answer, paths[i]!)),
  };
}

/** Registers every case as a `node:test` test against the harness `harness()` returns at run time. */
export function registerProxyCases(runtime: Runtime, harness: () => ProxyHarness): void {
  for (const testCase of PROXY_CASES.filter((c) => !c.runtimes || c.runtimes.includes(runtime))) {
    it(testCase.name, async () => {
      const h = keyGuard(harness());
      await h.setup(testCase.config);
      await testCase.run(h);
    });
  }
}
