/**
 * Issue 26, item 2, at the edge: the edge build (README's Cloudflare recipe, edge-worker.ts) in three
 * isolates of one miniflare sharing `caches.default`, the sandbox on 127.0.0.1 as their upstream.
 * Real time (workerd's clock): a TTL of 3 s keeps the test to a few seconds, and leaves the two bursts that
 * must be answered within one TTL room on a busy machine (with 1 s, a loaded CI's first burst alone could
 * outlast it: 3 calls where 1 was due).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bundleEdgeWorker, countingSandbox, startEdgeFleet, type EdgeFleet } from './edge-fleet.js';

const ISOLATES = 3;
const CAP = 4;
/** Distinct keys at once: more than the isolates' burst and a second's refill (24). */
const FLOOD = 40;
const TTL_SECONDS = 3;

type Sandbox = Awaited<ReturnType<typeof countingSandbox>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` requests of `path` at once, spread over the isolates; their status and X-Cache. */
async function burst(fleet: EdgeFleet, path: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fleet.get(index, path, `198.51.100.${index + 1}`);
      await response.arrayBuffer();
      return `${response.status} ${response.headers.get('x-cache')}`;
    }),
  );
}

async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms; await sleep(20)) if (check()) return true;
  return check();
}

// Bundled once for both suites.
const script = bundleEdgeWorker();

describe('the edge build in several isolates (miniflare, shared cache)', () => {
  let sandbox: Sandbox;
  let fleet: EdgeFleet;
  const callsOf = (path: string) => sandbox.calls.filter((call) => call.startsWith(path)).length;

  before(async () => {
    sandbox = await countingSandbox();
    fleet = await startEdgeFleet(await script, ISOLATES, {
      TESTIMONIAL_API_URL: sandbox.url,
      TTL: String(TTL_SECONDS),
      UPSTREAM_PER_SECOND: String(CAP),
    });
  });
  after(async () => {
    await fleet?.dispose();
    await sandbox?.close();
  });

  it('asks the service once per key per TTL, whichever isolate a request lands in', async () => {
    const path = '/testimonials?limit=5&sort=rating';
    const first = await burst(fleet, path, 12);
    assert.equal(callsOf('/v1/testimonials'), 1, `calls: ${sandbox.calls.join(', ')}; answers: ${first.join(', ')}`);
    assert.ok(
      first.every((answer) => answer.startsWith('200')),
      first.join(', '),
    );
    const again = await burst(fleet, path, 12);
    assert.ok(
      again.every((answer) => answer === '200 HIT'),
      again.join(', '),
    );
    assert.equal(callsOf('/v1/testimonials'), 1, `calls: ${sandbox.calls.join(', ')}`);

    await sleep(TTL_SECONDS * 1_000 + 100);
    // Expired: one isolate refreshes, every other answers the copy meanwhile (stale-while-revalidate).
    const expired = await burst(fleet, path, 12);
    assert.ok(
      expired.every((answer) => /^200 (STALE|MISS|HIT)$/.test(answer)),
      expired.join(', '),
    );
    assert.ok(await eventually(() => callsOf('/v1/testimonials') === 2, 2_000), `calls: ${sandbox.calls.join(', ')}`);
    await sleep(100);
    assert.equal(callsOf('/v1/testimonials'), 2, `calls: ${sandbox.calls.join(', ')}`);
  });

  it("a visitor's search for a customer's e-mail finds nothing through the shared cache either", async () => {
    const direct = await fetch(`${sandbox.url}/testimonials?approved=true&limit=1`, { headers: { Authorization: 'Bearer sandbox-key' } });
    const [first] = ((await direct.json()) as { testimonials: { customer_email: string }[] }).testimonials;
    const domain = first!.customer_email.split('@')[1]!;
    for (let round = 0; round < 2; round++) {
      // Round 2 is answered from the shared cache by other isolates.
      for (let isolate = 0; isolate < ISOLATES; isolate++) {
        const answer = await fleet.get(isolate + round, `/testimonials?query=${encodeURIComponent(domain)}`);
        assert.equal(answer.status, 200);
        assert.deepEqual(await answer.json(), { total: 0, testimonials: [] });
        const refused = await fleet.get(isolate, `/testimonials?query=${encodeURIComponent(first!.customer_email)}`);
        assert.equal(refused.status, 400);
        assert.equal(((await refused.json()) as { error: { field: string } }).error.field, 'query');
      }
    }
    assert.equal(callsOf(`/v1/testimonials?approved=true&limit=`), 1, 'the empty answer was shared too');
  });

  it('a flood of distinct keys stays under the cap of upstream calls per second of each isolate', async () => {
    // Each isolate's bucket holds at most CAP, however much the tests above left in it.
    const before = sandbox.calls.length;
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, async (_, index) => {
        const response = await fleet.get(index, `/testimonials?query=word${index}`, `203.0.113.${index}`);
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
      }),
    );
    const times = sandbox.times.slice(before);
    const calls = times.length;
    // In any second, each isolate calls at most its burst (CAP) and a second's refill (CAP).
    const busiest = Math.max(...times.map((start) => times.filter((time) => time >= start && time < start + 1_000).length));
    assert.ok(busiest <= ISOLATES * 2 * CAP, `${busiest} calls in one second`);
    const refused = answers.filter((answer) => answer.status === 429);
    assert.equal(refused.length + calls, FLOOD, 'every other key was refused');
    for (const answer of refused) {
      assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/);
      assert.equal((answer.body as { error: { code: string } }).error.code, 'upstream_cap');
    }
  });
});

describe('the edge build without the shared cache (what it saves)', () => {
  it('each isolate asks the service for the same key', async () => {
    const sandbox = await countingSandbox();
    const fleet = await startEdgeFleet(await script, ISOLATES, { TESTIMONIAL_API_URL: sandbox.url, SHARED_CACHE: 'off' });
    try {
      await burst(fleet, '/testimonials?limit=5', 12);
      assert.equal(sandbox.calls.length, ISOLATES);
    } finally {
      await fleet.dispose();
      await sandbox.close();
    }
  });
});
