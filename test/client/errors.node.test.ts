import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestimonialApiError, createClient, isRetryableStatus, type TestimonialClient } from '../../src/client/index.js';
import { BASE, json, scriptedFetch, text } from './helpers.js';

const KEY = 'secret-key-123';

function clientAnswering(response: Response | Error): { client: TestimonialClient; requests: Request[] } {
  const { fetch, requests } = scriptedFetch(response);
  return { client: createClient({ baseUrl: BASE, apiKey: KEY, fetch, retries: 0 }), requests };
}

async function failureOf(promise: Promise<unknown>): Promise<TestimonialApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof TestimonialApiError, `expected a TestimonialApiError, got ${String(error)}`);
    assert.ok(!error.message.includes(KEY), 'the API key must never appear in a message');
    return error;
  }
  assert.fail('the call should have failed');
}

describe('TestimonialApiError from each shape of error answer', () => {
  it('reads our ApiErrorBody: message, code, field and the parsed body', async () => {
    const body = { error: { status: 400, code: 'invalid_parameter', message: 'limit must be 1 to 1000', field: 'limit' } };
    const { client } = clientAnswering(json(body, 400));
    const error = await failureOf(client.getLinks());
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 400);
    assert.match(error.message, /^limit must be 1 to 1000 \(HTTP 400/);
    assert.equal(error.code, 'invalid_parameter');
    assert.equal(error.field, 'limit');
    assert.deepEqual(error.body, body);
    assert.equal(error.retryable, false);
    assert.equal(error.method, 'GET');
    assert.equal(error.url, `${BASE}/links`);
  });

  it('reads { message }', async () => {
    const { client } = clientAnswering(json({ message: 'Testimonial not found' }, 404));
    const error = await failureOf(client.getTestimonial('abc'));
    assert.equal(error.status, 404);
    assert.match(error.message, /^Testimonial not found/);
    assert.equal(error.code, undefined);
  });

  it('reads { error: "..." }', async () => {
    const { client } = clientAnswering(json({ error: 'Unauthorized' }, 401));
    const error = await failureOf(client.getLinks());
    assert.equal(error.status, 401);
    assert.match(error.message, /^Unauthorized \(HTTP 401/);
    assert.deepEqual(error.body, { error: 'Unauthorized' });
  });

  it('reads RFC 9457 problem details', async () => {
    const { client } = clientAnswering(
      json({ title: 'Conflict', detail: 'Already deleted' }, 409, { 'content-type': 'application/problem+json' }),
    );
    assert.match((await failureOf(client.deleteTestimonial('abc'))).message, /^Already deleted/);
  });

  it('keeps a plain-text body as text and as the message', async () => {
    const { client } = clientAnswering(text('Service temporarily down for maintenance', 503));
    const error = await failureOf(client.getLinks());
    assert.equal(error.body, 'Service temporarily down for maintenance');
    assert.match(error.message, /^Service temporarily down for maintenance \(HTTP 503/);
    assert.equal(error.retryable, true);
  });

  it('uses the <title> of an HTML page, never its markup', async () => {
    const html = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1><script>x()</script></body></html>';
    const { client } = clientAnswering(text(html, 502, 'text/html'));
    const error = await failureOf(client.getLinks());
    assert.match(error.message, /^502 Bad Gateway \(HTTP 502/);
    assert.doesNotMatch(error.message, /<|script/);
    assert.equal(error.body, html);
  });

  it('falls back to the status text for an empty body', async () => {
    const { client } = clientAnswering(new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = await failureOf(client.getTestimonial('abc'));
    assert.equal(error.body, undefined);
    assert.match(error.message, /^Not Found \(HTTP 404 Not Found from GET http:\/\/api\.test\/v1\/testimonials\/abc\)$/);
  });

  it('says something even with neither a body nor a status text', async () => {
    const { client } = clientAnswering(new Response('', { status: 500 }));
    const error = await failureOf(client.getLinks());
    assert.match(error.message, /gave no reason.*HTTP 500/);
  });

  it('shortens a huge text body in the message but keeps it whole in body', async () => {
    const long = 'x'.repeat(5000);
    const { client } = clientAnswering(text(long, 400));
    const error = await failureOf(client.getLinks());
    assert.ok(error.message.length < 400);
    assert.equal(error.body, long);
  });

  it('reads Retry-After into retryAfterMs', async () => {
    const { client } = clientAnswering(
      json({ error: { status: 429, code: 'rate_limited', message: 'Slow down' } }, 429, { 'retry-after': '7' }),
    );
    const error = await failureOf(client.getLinks());
    assert.equal(error.retryAfterMs, 7000);
    assert.equal(error.retryable, true);
  });
});

describe('TestimonialApiError for answers that are not the expected JSON', () => {
  it('an HTML page with status 200 (a SPA fallback instead of the proxy) is invalid_response', async () => {
    const { client } = clientAnswering(text('<!doctype html><title>My site</title>', 200, 'text/html'));
    const error = await failureOf(client.listTestimonials());
    assert.equal(error.kind, 'invalid_response');
    assert.equal(error.status, 200);
    assert.match(error.message, /not JSON \(text\/html\)/);
    assert.equal(error.retryable, false);
  });

  it('an empty 200 body is invalid_response', async () => {
    const { client } = clientAnswering(new Response('', { status: 200 }));
    const error = await failureOf(client.getTestimonial('abc'));
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /empty body/);
  });

  it('JSON of the wrong shape is invalid_response, for every method', async () => {
    const wrong = json({ unexpected: true });
    const { client } = clientAnswering(wrong);
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['list', () => client.listTestimonials()],
      ['get', () => client.getTestimonial('abc')],
      ['create', () => client.createTestimonial({ type: 'text', customer_name: 'Ada' })],
      ['update', () => client.updateTestimonial('abc', { approved: true })],
      ['invites', () => client.sendInvites({ form_id: 'f', recipients: [{ email: 'a@b.co' }] })],
    ];
    for (const [name, call] of calls) {
      const error = await failureOf(call());
      assert.equal(error.kind, 'invalid_response', name);
      assert.match(error.message, /JSON holding no /, name);
    }
    const links = createClient({ baseUrl: BASE, fetch: scriptedFetch(json({ forms: 'nope' })).fetch });
    assert.match((await failureOf(links.getLinks())).message, /forms that is not an array/);
    const deleted = createClient({ baseUrl: BASE, fetch: scriptedFetch(json([1, 2])).fetch });
    assert.equal((await failureOf(deleted.deleteTestimonial('abc'))).kind, 'invalid_response');
  });
});

describe('TestimonialApiError without an answer', () => {
  it('a rejected fetch is a retryable network error with the cause kept', async () => {
    const cause = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const { client } = clientAnswering(cause);
    const error = await failureOf(client.getLinks());
    assert.equal(error.kind, 'network');
    assert.equal(error.status, 0);
    assert.equal(error.retryable, true);
    assert.equal(error.cause, cause);
    assert.match(error.message, /Network error on GET http:\/\/api\.test\/v1\/links: fetch failed \(ECONNREFUSED\)/);
  });

  it('an AbortError that the caller did not cause is kind aborted and not retryable', async () => {
    const { fetch, requests } = scriptedFetch(new DOMException('The user aborted a request.', 'AbortError'));
    const client = createClient({ baseUrl: BASE, fetch, retries: 2 });
    const error = await failureOf(client.getLinks());
    assert.equal(error.kind, 'aborted');
    assert.equal(error.retryable, false);
    assert.equal(requests.length, 1);
  });
});

describe('isRetryableStatus', () => {
  it('is true for 408, 429 and 5xx but 501', () => {
    const retryable = [400, 401, 403, 404, 405, 408, 409, 422, 429, 500, 501, 502, 503, 504].filter(isRetryableStatus);
    assert.deepEqual(retryable, [408, 429, 500, 502, 503, 504]);
  });
});
