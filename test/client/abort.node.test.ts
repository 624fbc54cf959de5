import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { TestimonialApiError, createClient } from '../../src/client/index.js';
import { BASE, endlessSleep, hangingFetch, json, manualFetch, scriptedFetch, until } from './helpers.js';

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

describe('abort', () => {
  it('an already aborted signal rejects with its reason and sends nothing', async () => {
    const { fetch, requests } = scriptedFetch(json({ id: 'abc' }));
    const client = createClient({ baseUrl: BASE, fetch });
    await assert.rejects(client.getTestimonial('abc', { signal: AbortSignal.abort() }), isAbortError);
    const reason = new Error('navigated away');
    await assert.rejects(
      client.createTestimonial({ type: 'text', customer_name: 'Ada' }, { signal: AbortSignal.abort(reason) }),
      (error) => error === reason,
    );
    await assert.rejects(client.listTestimonials({}, { signal: AbortSignal.abort(reason) }), (error) => error === reason);
    assert.equal(requests.length, 0);
  });

  it('aborting during a request rejects with the reason and aborts the fetch', async () => {
    const { fetch, requests } = hangingFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const controller = new AbortController();
    const call = client.listTestimonials({}, { signal: controller.signal });
    await until(() => requests.length === 1);
    controller.abort();
    await assert.rejects(call, isAbortError);
    assert.equal(requests[0]!.signal.aborted, true);
  });

  it('passes the attempt’s signal to fetch itself, not only on the Request, and aborts it on timeout (issue 14)', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const fetch = (_request: Request, init?: RequestInit) => {
      inits.push(init);
      return new Promise<Response>(() => {});
    };
    const client = createClient({ baseUrl: BASE, fetch, timeoutMs: 20, retries: 0 });
    await assert.rejects(client.getLinks(), (error) => error instanceof TestimonialApiError && error.kind === 'timeout');
    assert.equal(inits.length, 1);
    assert.ok(inits[0]?.signal instanceof AbortSignal, 'no signal in the init given to fetch');
    assert.equal(inits[0].signal.aborted, true);
  });

  it('aborting a write during its request rejects with the caller’s own reason', async () => {
    const { fetch, requests } = hangingFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const controller = new AbortController();
    const call = client.deleteTestimonial('abc', { signal: controller.signal });
    await until(() => requests.length === 1);
    const reason = new Error('user closed the dialog');
    controller.abort(reason);
    await assert.rejects(call, (error) => error === reason);
    assert.equal(requests[0]!.signal.aborted, true);
  });

  it('stops waiting at once even when the fetch ignores the signal', async () => {
    const { fetch, requests, respond } = manualFetch();
    const client = createClient({ baseUrl: BASE, fetch });
    const controller = new AbortController();
    const call = client.getLinks({ signal: controller.signal });
    await until(() => requests.length === 1);
    controller.abort();
    await assert.rejects(call, isAbortError);
    respond(0, json({ forms: [] })); // a late answer goes nowhere and breaks nothing
  });

  it('aborting during the backoff wait rejects at once and sends no retry', async () => {
    const { fetch, requests } = scriptedFetch(json({ message: 'down' }, 503));
    const { sleep, delays } = endlessSleep();
    const client = createClient({ baseUrl: BASE, fetch, sleep });
    const controller = new AbortController();
    const call = client.getTestimonial('abc', { signal: controller.signal });
    await until(() => delays.length === 1);
    controller.abort();
    await assert.rejects(call, isAbortError);
    assert.equal(requests.length, 1);
  });
});

describe('listeners', () => {
  it('a long-lived signal keeps no listener once calls settle, whatever their outcome', async () => {
    const { fetch } = scriptedFetch(
      json({ id: 'abc' }),
      json({ message: 'gone' }, 404),
      new TypeError('fetch failed'),
      json({ forms: [] }),
    );
    const client = createClient({ baseUrl: BASE, fetch, retries: 1, sleep: async () => {} });
    const signal = new AbortController().signal;
    await client.getTestimonial('abc', { signal });
    await assert.rejects(client.getTestimonial('abc', { signal }));
    await client.getLinks({ signal });
    await client.createTestimonial({ type: 'text', customer_name: 'Ada' }, { signal }).catch(() => {});
    await Promise.all([client.getLinks({ signal }), client.getLinks({ signal })]);
    assert.equal(getEventListeners(signal, 'abort').length, 0);
  });
});

describe('timeout', () => {
  const isTimeout = (error: unknown) =>
    error instanceof TestimonialApiError &&
    error.kind === 'timeout' &&
    error.status === 0 &&
    error.retryable &&
    /within 20 ms/.test(error.message);

  it('a request without an answer in timeoutMs fails with kind timeout and is aborted', async () => {
    const { fetch, requests } = hangingFetch();
    const client = createClient({ baseUrl: BASE, fetch, timeoutMs: 20, retries: 0 });
    await assert.rejects(client.getLinks(), isTimeout);
    assert.equal(requests[0]!.signal.aborted, true);
  });

  it('times out a fetch that ignores the signal, and an answer whose body never ends', async () => {
    const client = createClient({ baseUrl: BASE, fetch: manualFetch().fetch, timeoutMs: 20, retries: 0 });
    await assert.rejects(client.getLinks(), isTimeout);
    const endless = new Response(new ReadableStream({ start() {} }), { status: 200 });
    const stalled = createClient({ baseUrl: BASE, fetch: async () => endless, timeoutMs: 20, retries: 0 });
    await assert.rejects(stalled.getLinks(), isTimeout);
  });

  it('a GET that timed out is retried; a POST is not', async () => {
    const slowThenFast = scriptedFetch(hangingFetch().fetch, json({ id: 'abc' }));
    const client = createClient({ baseUrl: BASE, fetch: slowThenFast.fetch, timeoutMs: 20, sleep: async () => {} });
    assert.deepEqual(await client.getTestimonial('abc'), { id: 'abc' });
    assert.equal(slowThenFast.requests.length, 2);

    const slowPost = scriptedFetch(hangingFetch().fetch, json({ id: 'abc', message: 'ok' }));
    const writer = createClient({ baseUrl: BASE, fetch: slowPost.fetch, timeoutMs: 20, sleep: async () => {} });
    await assert.rejects(
      writer.createTestimonial({ type: 'text', customer_name: 'Ada' }),
      (error: unknown) => isTimeout(error) && /may still have done it/.test((error as Error).message),
    );
    assert.equal(slowPost.requests.length, 1);
  });

  it('timeoutMs: 0 turns the timeout off', async () => {
    const { fetch, requests, respond } = manualFetch();
    const client = createClient({ baseUrl: BASE, fetch, timeoutMs: 0 });
    const call = client.getTestimonial('abc');
    await until(() => requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    respond(0, json({ id: 'abc' }));
    assert.deepEqual(await call, { id: 'abc' });
  });
});
