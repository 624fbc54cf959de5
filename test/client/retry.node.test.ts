import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestimonialApiError, createClient, parseRetryAfter, type FetchFunction } from '../../src/client/index.js';
import { DEFAULT_RETRY_POLICY, backoffDelay, retryDelay } from '../../src/client/retry.js';
import { BASE, json, page, recordingSleep, scriptedFetch, text } from './helpers.js';

const unavailable = () => json({ error: { status: 503, code: 'unavailable', message: 'Try later' } }, 503);
const networkDown = () => new TypeError('fetch failed');

function clientWith(fetch: FetchFunction, retries?: number) {
  const { sleep, delays } = recordingSleep();
  const client = createClient({ baseUrl: BASE, fetch, sleep, ...(retries === undefined ? {} : { retries }) });
  return { client, delays };
}

describe('GET retries', () => {
  it('retries a 503 and resolves with the next answer, after a jittered backoff', async () => {
    const { fetch, requests } = scriptedFetch(unavailable(), json(page(3)));
    const { client, delays } = clientWith(fetch);
    const list = await client.listTestimonials({ limit: 10 });
    assert.equal(list.total, 3);
    assert.equal(requests.length, 2);
    assert.equal(requests[1]!.url, requests[0]!.url);
    assert.equal(delays.length, 1);
    assert.ok(delays[0]! >= 150 && delays[0]! <= 300, `first backoff ${delays[0]} is within 150–300 ms`);
  });

  it('retries network errors, 408, 429, 500, 502 and 504', async () => {
    for (const failure of [networkDown(), text('', 408), text('', 429), text('', 500), text('', 502), text('', 504)]) {
      const { fetch, requests } = scriptedFetch(failure, json({ id: 'abc' }));
      const { client } = clientWith(fetch);
      assert.deepEqual(await client.getTestimonial('abc'), { id: 'abc' });
      assert.equal(requests.length, 2, String(failure instanceof Response ? failure.status : failure));
    }
  });

  it('does not retry 4xx answers or 501', async () => {
    for (const status of [400, 401, 403, 404, 405, 501]) {
      const { fetch, requests } = scriptedFetch(json({ message: 'no' }, status), json({ id: 'abc' }));
      const { client, delays } = clientWith(fetch);
      await assert.rejects(
        client.getTestimonial('abc'),
        (error: unknown) => error instanceof TestimonialApiError && error.status === status,
      );
      assert.equal(requests.length, 1, `status ${status}`);
      assert.deepEqual(delays, []);
    }
  });

  it('gives up after `retries` retries (default 2) with the last error, backoff doubling', async () => {
    const { fetch, requests } = scriptedFetch(unavailable());
    const { client, delays } = clientWith(fetch);
    await assert.rejects(client.getLinks(), (error: unknown) => error instanceof TestimonialApiError && error.status === 503);
    assert.equal(requests.length, 3);
    assert.equal(delays.length, 2);
    assert.ok(delays[0]! >= 150 && delays[0]! <= 300);
    assert.ok(delays[1]! >= 300 && delays[1]! <= 600);
  });

  it('makes one attempt with retries: 0, and as many as asked otherwise', async () => {
    const none = scriptedFetch(unavailable());
    await assert.rejects(clientWith(none.fetch, 0).client.getLinks());
    assert.equal(none.requests.length, 1);
    const five = scriptedFetch(unavailable());
    await assert.rejects(clientWith(five.fetch, 5).client.getLinks());
    assert.equal(five.requests.length, 6);
  });

  it('waits what Retry-After asks, in seconds', async () => {
    const { fetch } = scriptedFetch(text('', 429, 'text/plain', { 'retry-after': '3' }), json({ id: 'abc' }));
    const { client, delays } = clientWith(fetch);
    await client.getTestimonial('abc');
    assert.deepEqual(delays, [3000]);
  });

  it('waits what Retry-After asks, as an HTTP date', async () => {
    const at = new Date(Date.now() + 8000).toUTCString();
    const { fetch } = scriptedFetch(text('', 503, 'text/plain', { 'retry-after': at }), json({ id: 'abc' }));
    const { client, delays } = clientWith(fetch);
    await client.getTestimonial('abc');
    assert.equal(delays.length, 1);
    // The date has whole seconds, so up to one second is lost to rounding; the rest is slack for a slow machine.
    assert.ok(delays[0]! > 4000 && delays[0]! <= 8000, `waited ${delays[0]} ms for a date 8 s ahead`);
  });

  it('stops instead of retrying early when Retry-After is longer than the cap, and reports the wait', async () => {
    const { fetch, requests } = scriptedFetch(text('', 429, 'text/plain', { 'retry-after': '3600' }), json({ id: 'abc' }));
    const { client, delays } = clientWith(fetch);
    await assert.rejects(
      client.getTestimonial('abc'),
      (error: unknown) => error instanceof TestimonialApiError && error.retryAfterMs === 3_600_000,
    );
    assert.equal(requests.length, 1);
    assert.deepEqual(delays, []);
  });
});

describe('writes are never retried', () => {
  const writes: Record<string, (client: ReturnType<typeof createClient>) => Promise<unknown>> = {
    POST: (client) => client.createTestimonial({ type: 'text', customer_name: 'Ada' }),
    PATCH: (client) => client.updateTestimonial('abc', { approved: true }),
    DELETE: (client) => client.deleteTestimonial('abc'),
    'POST /invites': (client) => client.sendInvites({ form_id: 'f1', recipients: [{ email: 'ada@example.com' }] }),
  };

  for (const [name, failure] of [
    ['503', unavailable],
    ['a network error', networkDown],
    ['429 with Retry-After', () => text('', 429, 'text/plain', { 'retry-after': '1' })],
  ] as const) {
    it(`POST, PATCH and DELETE make one attempt on ${name}`, async () => {
      for (const [method, write] of Object.entries(writes)) {
        const { fetch, requests } = scriptedFetch(failure(), json({ id: 'x', message: 'ok', sent: 1, skipped: [] }));
        const { client, delays } = clientWith(fetch);
        await assert.rejects(write(client), TestimonialApiError, method);
        assert.equal(requests.length, 1, method);
        assert.equal(method.startsWith(requests[0]!.method), true);
        assert.deepEqual(delays, [], method);
      }
    });
  }
});

describe('retry arithmetic', () => {
  it('parseRetryAfter reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('0', now), 0);
    assert.equal(parseRetryAfter(' 12 ', now), 12_000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
    for (const junk of ['', 'soon', '-5', '1.5', null, undefined]) assert.equal(parseRetryAfter(junk, now), undefined, String(junk));
  });

  it('backoff doubles from the base, is capped, and jitters within the upper half of each step', () => {
    const at = (random: number) => ({ ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000, random: () => random });
    assert.deepEqual(
      [0, 1, 2, 3, 4, 10].map((retry) => backoffDelay(retry, at(0))),
      [50, 100, 200, 400, 500, 500],
    );
    assert.deepEqual(
      [0, 1, 2, 3, 4, 10].map((retry) => backoffDelay(retry, at(0.999999))),
      [100, 200, 400, 800, 1000, 1000],
    );
  });

  it('retryDelay stops on a non-retryable failure and once retries are spent', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, retries: 1 };
    assert.equal(retryDelay({ retryable: false, retryAfterMs: undefined }, 0, policy), undefined);
    assert.equal(retryDelay({ retryable: true, retryAfterMs: 10 }, 0, policy), 10);
    assert.equal(retryDelay({ retryable: true, retryAfterMs: 10 }, 1, policy), undefined);
  });
});
