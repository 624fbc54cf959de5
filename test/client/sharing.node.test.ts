import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestimonialApiError, createClient } from '../../src/client/index.js';
import { BASE, json, manualFetch, page, scriptedFetch, until } from './helpers.js';

describe('identical GETs in flight share one request', () => {
  it('two identical calls make one fetch and each gets its own copy', async () => {
    const { fetch, requests, respond } = manualFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const first = client.listTestimonials({ limit: 2, tags: ['b', 'a'] });
    const second = client.listTestimonials({ tags: ['a', 'b'], limit: 2 });
    await until(() => requests.length === 1);
    respond(0, json(page(2)));
    const [a, b] = await Promise.all([first, second]);
    assert.equal(requests.length, 1);
    assert.deepEqual(a, b);
    assert.notEqual(a, b);
    a.testimonials[0]!.customer_name = 'Changed by widget A';
    a.testimonials.pop();
    assert.equal(b.testimonials.length, 2);
    assert.equal(b.testimonials[0]!.customer_name, 'Customer t0');
  });

  it('different questions are different requests', async () => {
    const { fetch, requests } = scriptedFetch(json(page(1)));
    const client = createClient({ baseUrl: BASE, fetch });
    await Promise.all([client.listTestimonials({ limit: 1 }), client.listTestimonials({ limit: 2 }), client.getLinks()]);
    assert.equal(requests.length, 3);
  });

  it('one caller aborting leaves the other one served, and the request alive', async () => {
    const { fetch, requests, respond } = manualFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const leaving = new AbortController();
    const left = client.getTestimonial('abc', { signal: leaving.signal });
    const stays = client.getTestimonial('abc');
    await until(() => requests.length === 1);
    leaving.abort();
    await assert.rejects(left, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    assert.equal(requests[0]!.signal.aborted, false);
    respond(0, json({ id: 'abc' }));
    assert.deepEqual(await stays, { id: 'abc' });
  });

  it('the request is aborted when every caller has aborted, and the next caller starts afresh', async () => {
    const { fetch, requests, respond } = manualFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const one = new AbortController();
    const two = new AbortController();
    const calls = [client.getLinks({ signal: one.signal }), client.getLinks({ signal: two.signal })];
    await until(() => requests.length === 1);
    one.abort();
    assert.equal(requests[0]!.signal.aborted, false);
    two.abort();
    assert.equal(requests[0]!.signal.aborted, true);
    await Promise.allSettled(calls);
    const fresh = client.getLinks();
    await until(() => requests.length === 2);
    respond(1, json({ forms: [] }));
    assert.deepEqual(await fresh, { forms: [] });
  });

  it('keeps nothing after settling: a later identical call fetches again', async () => {
    const { fetch, requests } = scriptedFetch(json({ id: 'abc', approved: false }), json({ id: 'abc', approved: true }));
    const client = createClient({ baseUrl: BASE, fetch });
    assert.deepEqual(await client.getTestimonial('abc'), { id: 'abc', approved: false });
    assert.deepEqual(await client.getTestimonial('abc'), { id: 'abc', approved: true });
    assert.equal(requests.length, 2);
  });

  it('shares failures and retries too', async () => {
    const { fetch, requests } = scriptedFetch(json({ message: 'busy' }, 503), json({ message: 'gone' }, 404));
    const client = createClient({ baseUrl: BASE, fetch, sleep: async () => {} });
    const results = await Promise.allSettled([client.getTestimonial('abc'), client.getTestimonial('abc')]);
    assert.equal(requests.length, 2, 'one attempt and one retry for both callers');
    for (const result of results) {
      assert.equal(result.status, 'rejected');
      assert.ok(result.reason instanceof TestimonialApiError && result.reason.status === 404);
    }
  });

  it('never shares writes', async () => {
    const { fetch, requests } = scriptedFetch(json({ message: 'Created', id: 'n1' }, 201));
    const client = createClient({ baseUrl: BASE, fetch });
    const input = { type: 'text', customer_name: 'Ada' } as const;
    await Promise.all([client.createTestimonial(input), client.createTestimonial(input)]);
    assert.equal(requests.length, 2);
  });

  it('separate clients do not share', async () => {
    const { fetch, requests } = scriptedFetch(json({ forms: [] }));
    await Promise.all([createClient({ baseUrl: BASE, fetch }).getLinks(), createClient({ baseUrl: BASE, fetch }).getLinks()]);
    assert.equal(requests.length, 2);
  });
});
