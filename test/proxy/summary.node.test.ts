/**
 * GET /summary against the in-process sandbox with thousands of generated testimonials (several upstream
 * pages of 1000). Expected figures are computed here, straight from the fixture data, not from the
 * proxy's code.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Testimonial } from '../../src/client/types.js';
import { createProxy, type ProxyOptions } from '../../src/proxy/index.js';
import { FIXTURE_EPOCH, generateFixtures } from '../../src/sandbox/fixtures/generate.js';
import { createSandbox } from '../../src/sandbox/index.js';
import type { SummaryData } from '../../src/client/summary.js';

const SEED = 7;
const COUNT = 2500;
const UPSTREAM = 'http://sandbox.test/v1';

interface Setup {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Upstream list requests so far. */
  requests: string[];
  /** While true, the upstream answers 503. */
  failing: { value: boolean };
  clock: { now: number };
}

function setup(proxyOptions: Partial<ProxyOptions> = {}, upstreamFetch?: (request: Request) => Promise<Response>): Setup {
  const sandbox = createSandbox({ seed: SEED, testimonials: COUNT });
  const requests: string[] = [];
  const failing = { value: false };
  const clock = { now: Date.UTC(2026, 10, 1) };
  const proxy = createProxy({
    upstream: UPSTREAM,
    apiKey: 'sandbox-key',
    retries: 0,
    log: () => {},
    clock: () => clock.now,
    fetch: async (request) => {
      requests.push(new URL(request.url).search);
      if (failing.value) return new Response('down', { status: 503 });
      return (upstreamFetch ?? sandbox.fetch)(request);
    },
    ...proxyOptions,
  });
  return { fetch: (path, init) => proxy.fetch(new Request(`http://proxy.test${path}`, init)), requests, failing, clock };
}

async function summaryOf(response: Response): Promise<SummaryData> {
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as SummaryData;
}

/** What a summary of `testimonials` must say, counted the plain way. */
function expected(testimonials: Testimonial[], avatars = 5) {
  const approved = testimonials.filter((t) => t.approved);
  const rated = approved.filter((t) => t.rating > 0);
  const distribution: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const t of rated) distribution[String(t.rating)]!++;
  const integrations: Record<string, number> = {};
  for (const t of approved) if (t.integration) integrations[t.integration] = (integrations[t.integration] ?? 0) + 1;
  const newest = [...approved].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const names: string[] = [];
  for (const t of newest) {
    if (names.length === avatars) break;
    if (!names.includes(t.customer_name)) names.push(t.customer_name);
  }
  const tagCounts = new Map<string, number>();
  for (const t of approved) for (const tag of new Set(t.tags)) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const tags = Object.fromEntries([...tagCounts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)));
  return {
    tags,
    count: approved.length,
    rated: rated.length,
    mean: rated.reduce((sum, t) => sum + t.rating, 0) / rated.length,
    distribution,
    integrations,
    names,
  };
}

const fixtures = generateFixtures(SEED, FIXTURE_EPOCH, COUNT).testimonials;

describe('GET /summary', () => {
  it('counts, averages and lists across several upstream pages exactly as the fixture data says', async () => {
    const { fetch, requests } = setup();
    const summary = await summaryOf(await fetch('/summary'));
    const want = expected(fixtures);
    assert.ok(want.count > 1000 && want.count <= 2000, `the fixtures span two upstream pages (${want.count} approved)`);
    assert.equal(summary.count, want.count);
    assert.equal(summary.rated, want.rated);
    assert.ok(Math.abs(summary.average! - want.mean) <= 0.005, `average ${summary.average} vs ${want.mean}`);
    assert.deepEqual(summary.distribution, want.distribution);
    assert.deepEqual({ ...summary.integrations }, want.integrations);
    assert.deepEqual(Object.entries(summary.tags!), Object.entries(want.tags), 'tags counted, most first');
    assert.ok(Object.keys(want.tags).length >= 8, "the fixtures carry enough tags for a wall's tag filters");
    assert.deepEqual(
      summary.recent.map((customer) => customer.name),
      want.names,
    );
    assert.equal(summary.partial, false);
    assert.equal(requests.length, 2, `one request per page of 1000: ${requests.join(' ')}`);
    for (const search of requests) {
      const query = new URLSearchParams(search);
      assert.equal(query.get('approved'), 'true');
      assert.equal(query.get('limit'), '1000');
      assert.equal(query.get('sort'), 'date');
    }
  });

  it('applies the filters and the avatars count', async () => {
    const { fetch } = setup();
    const summary = await summaryOf(await fetch('/summary?type=video&tags=onboarding&avatars=3'));
    const want = expected(
      fixtures.filter((t) => t.type === 'video' && t.tags.includes('onboarding')),
      3,
    );
    assert.ok(want.count > 10);
    assert.equal(summary.count, want.count);
    assert.equal(summary.rated, want.rated);
    assert.deepEqual(summary.distribution, want.distribution);
    assert.deepEqual(summary.tags, want.tags, 'the tags of the filtered testimonials');
    assert.equal(summary.tags!.onboarding, want.count, 'every one of them carries the tag filtered on');
    assert.deepEqual(
      summary.recent.map((customer) => customer.name),
      want.names,
    );
    const none = await summaryOf(await fetch('/summary?avatars=0&rating=1&integration=yelp'));
    assert.deepEqual(none.recent, []);
    assert.equal(none.average, none.rated ? 1 : null);
  });

  it('computes once for concurrent callers of the same question', async () => {
    const { fetch, requests } = setup();
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch('/summary?avatars=4')));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    assert.equal(new Set(bodies).size, 1);
    assert.equal(requests.length, 2, 'two pages, walked once for eight callers');
    const again = await fetch('/summary?avatars=4');
    assert.equal(again.headers.get('X-Cache'), 'HIT');
    assert.equal(requests.length, 2);
  });

  it('keeps a summary for its own TTL, and serves it stale while the upstream fails', async () => {
    // staleAfterMs in real time, far above any refresh: the default 2.5 s is shorter than a refresh of the
    // 2,500 testimonials takes on a loaded CI machine, which then (rightly) answers STALE, not MISS, below.
    const { fetch, requests, failing, clock } = setup({ cache: { ttlMs: 1_000, staleAfterMs: 60_000 }, summary: { ttlMs: 60_000 } });
    const first = await fetch('/summary');
    const body = await first.text();
    assert.match(first.headers.get('Cache-Control') ?? '', /max-age=60\b/);
    clock.now += 30_000;
    assert.equal((await fetch('/summary')).headers.get('X-Cache'), 'HIT', "the summary's TTL, not the lists'");
    clock.now += 31_000;
    failing.value = true;
    const stale = await fetch('/summary');
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('X-Cache'), 'STALE');
    assert.equal(await stale.text(), body);
    const uncached = await fetch('/summary?type=text');
    assert.equal(uncached.status, 502);
    assert.doesNotMatch(await uncached.text(), /down/);
    failing.value = false;
    clock.now += 10_000;
    assert.equal((await fetch('/summary')).headers.get('X-Cache'), 'MISS');
    assert.ok(requests.length >= 5);
  });

  it('stops at its bound of upstream pages and says the summary is partial', async () => {
    const { fetch, requests } = setup({ summary: { maxPages: 1 } });
    const summary = await summaryOf(await fetch('/summary'));
    assert.equal(requests.length, 1, 'no page past the bound is asked for');
    assert.equal(summary.partial, true);
    const newest = fixtures.filter((t) => t.approved).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    const want = expected(newest.slice(0, 1000));
    assert.equal(summary.count, 1000);
    assert.equal(summary.rated, want.rated);
    assert.deepEqual(summary.distribution, want.distribution);
  });

  it('refuses a question it does not take, with nothing sent upstream', async () => {
    const { fetch, requests } = setup();
    for (const [query, field] of [
      ['sort=date', 'sort'],
      ['page=2', 'page'],
      ['query=great', 'query'],
      ['avatars=13', 'avatars'],
      ['avatars=-1', 'avatars'],
      ['rating=five', 'rating'],
      ['integration=myspace', 'integration'],
    ] as const) {
      const answer = await fetch(`/summary?${query}`);
      assert.equal(answer.status, 400, query);
      const body = (await answer.json()) as { error: { field: string } };
      assert.equal(body.error.field, field, query);
    }
    assert.equal((await fetch('/summary', { method: 'POST' })).status, 405);
    assert.deepEqual(requests, []);
  });

  it('counts approved testimonials only and lets no unsafe avatar through', async () => {
    const page = {
      total: 3,
      testimonials: [
        { id: 'a', approved: true, rating: 4, integration: 'g2', customer_name: 'Mallory', customer_avatar: 'javascript:alert(1)' },
        { id: 'b', approved: false, rating: 1, integration: 'g2', customer_name: 'Pending Pat', customer_avatar: null },
        {
          id: 'c',
          approved: true,
          rating: 0,
          integration: '__proto__',
          customer_name: 'Eve',
          customer_avatar: 'data:image/svg+xml,<svg onload=alert(1)>',
        },
      ],
    };
    const { fetch } = setup({}, async () => Response.json(page));
    const summary = await summaryOf(await fetch('/summary'));
    assert.equal(summary.count, 2);
    assert.equal(summary.rated, 1);
    assert.equal(summary.average, 4);
    assert.deepEqual(summary.integrations, { g2: 1 });
    assert.deepEqual(summary.recent, [
      { name: 'Mallory', avatar: null },
      { name: 'Eve', avatar: null },
    ]);
  });

  it('bounds the tag counts: the 30 most used listed, long or odd names left out, a tag counted once per testimonial', async () => {
    const testimonials = Array.from({ length: 40 }, (_, index) => ({
      id: `t${index}`,
      approved: true,
      rating: 5,
      customer_name: `C${index}`,
      // Tag "t0" on all 40, "t1" on 39 … so the order is known; the same tag twice counts once.
      tags: [...Array.from({ length: 40 - index }, (_, tag) => `t${tag}`), 't0', 'x'.repeat(101), '', 7],
    }));
    const { fetch } = setup({}, async () => Response.json({ total: testimonials.length, testimonials }));
    const { tags } = await summaryOf(await fetch('/summary'));
    assert.deepEqual(
      Object.entries(tags!),
      Array.from({ length: 30 }, (_, tag) => [`t${tag}`, 40 - tag]),
    );
  });
});
