// createReadClient: the read half of the client, which the elements and the proxy use. Same options,
// same answers and errors as createClient's read methods, and no way to write.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWidgetClient } from '../../src/client/client.js';
import { listParamsFromAttributes } from '../../src/elements/testimonial-wall/wall-options.js';
import { TestimonialApiError, createClient, createReadClient, type ListTestimonialsParams } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { BASE, json, page, scriptedFetch } from './helpers.js';

const KEY = 'sandbox-key';
const SANDBOX_URL = 'http://sandbox.test/v1';

describe('createReadClient', () => {
  it('has the read methods only: nothing that could write', () => {
    const client = createReadClient({ baseUrl: BASE, fetch: scriptedFetch(json({})).fetch });
    assert.deepEqual(Object.keys(client).sort(), [
      'baseUrl',
      'getLinks',
      'getTestimonial',
      'listAllTestimonials',
      'listTestimonials',
      'paginate',
    ]);
    const full = createClient({ baseUrl: BASE, fetch: scriptedFetch(json({})).fetch });
    assert.deepEqual(
      Object.keys(full)
        .filter((name) => !(name in client))
        .sort(),
      ['createTestimonial', 'deleteTestimonial', 'sendInvites', 'updateTestimonial'],
    );
  });

  it('answers exactly as createClient does against the sandbox', async () => {
    const sandbox = createSandbox({ key: KEY, seed: 3 });
    const options = { baseUrl: SANDBOX_URL, apiKey: KEY, fetch: sandbox.fetch };
    const read = createReadClient(options);
    const full = createClient(options);
    const params = { sort: 'rating', order: 'asc', limit: 7, page: 2 } as const;
    assert.deepEqual(await read.listTestimonials(params), await full.listTestimonials(params));
    const [first] = (await read.listTestimonials({ limit: 1 })).testimonials;
    assert.deepEqual(await read.getTestimonial(first!.id), await full.getTestimonial(first!.id));
    assert.deepEqual(await read.getLinks(), await full.getLinks());
    assert.equal((await read.listAllTestimonials({ limit: 50 })).length, (await full.listAllTestimonials({ limit: 50 })).length);
  });

  it('checks its options and requests the same way: a bad option or parameter is an error before any request', async () => {
    // Errors name the function the caller called.
    assert.throws(() => createReadClient({ baseUrl: '' }), /^TypeError: createReadClient: baseUrl is required/);
    assert.throws(() => createReadClient({ baseUrl: BASE, retries: -1 }), /^TypeError: createReadClient: retries must be an integer/);
    assert.throws(() => createClient({ baseUrl: '' }), /^TypeError: createClient: baseUrl is required/);
    const { fetch, requests } = scriptedFetch(json({ total: 0, testimonials: [] }));
    const client = createReadClient({ baseUrl: BASE, fetch });
    await assert.rejects(client.listTestimonials({ limit: 0 }), /limit/);
    await assert.rejects(client.getTestimonial('../links'), /id/);
    assert.equal(requests.length, 0);
  });

  it('shares identical GETs in flight and reports HTTP errors with the one error class', async () => {
    const { fetch, requests } = scriptedFetch(json({ message: 'Not found' }, 404));
    const client = createReadClient({ baseUrl: BASE, fetch });
    const results = await Promise.allSettled([client.getTestimonial('abc'), client.getTestimonial('abc')]);
    assert.equal(requests.length, 1);
    for (const result of results) {
      assert.equal(result.status, 'rejected');
      assert.ok(result.reason instanceof TestimonialApiError);
      assert.equal(result.reason.status, 404);
    }
  });
});

describe('createWidgetClient', () => {
  it('reads through the global fetch with the defaults, as createReadClient does, and nothing else', async (t) => {
    const sandbox = createSandbox({ key: KEY, seed: 3 });
    // The widget client sends no key: the proxy holds it. Here the global fetch adds it, as a proxy would.
    const seen: Request[] = [];
    t.mock.method(globalThis, 'fetch', (request: Request) => {
      seen.push(request);
      const forwarded = new Request(request, { headers: { ...Object.fromEntries(request.headers), authorization: `Bearer ${KEY}` } });
      return sandbox.fetch(forwarded);
    });
    const widget = createWidgetClient(SANDBOX_URL);
    const read = createReadClient({ baseUrl: SANDBOX_URL, apiKey: KEY, fetch: sandbox.fetch });
    assert.deepEqual(Object.keys(widget).sort(), ['baseUrl', 'getLinks', 'getTestimonial', 'listTestimonials']);
    const params: ListTestimonialsParams = { sort: 'rating', tags: ['a', 'b'], limit: 7 };
    assert.deepEqual(await widget.listTestimonials(params), await read.listTestimonials(params));
    assert.deepEqual(await widget.getLinks(), await read.getLinks());
    assert.equal(seen[0]!.url, `${SANDBOX_URL}/testimonials?sort=rating&tags=a&tags=b&limit=7`);
    assert.equal(seen[0]!.headers.get('accept'), 'application/json');
    assert.equal(seen[0]!.headers.get('authorization'), null);
  });

  it('still checks ids before any request, and shares identical GETs in flight', async (t) => {
    const { fetch, requests } = scriptedFetch(json(page(1)));
    t.mock.method(globalThis, 'fetch', fetch);
    const widget = createWidgetClient(BASE);
    // An id becomes a path segment: `..` would reach another endpoint, so it is refused here.
    await assert.rejects(widget.getTestimonial('../links'), /id/);
    await assert.rejects(widget.getTestimonial('..'), /id/);
    assert.equal(requests.length, 0);
    await Promise.all([widget.listTestimonials({ limit: 1 }), widget.listTestimonials({ limit: 1 })]);
    assert.equal(requests.length, 1);
  });

  it('takes list parameters as the wall judged them (listParamsFromAttributes), without judging the whole query again', async (t) => {
    const { fetch, requests } = scriptedFetch(json(page(1)));
    t.mock.method(globalThis, 'fetch', fetch);
    const params = listParamsFromAttributes({ sort: 'rating', limit: '0', tags: 'b, a' }, () => {});
    assert.deepEqual(params, { sort: 'rating', tags: ['b', 'a'] }, 'the wall dropped the invalid limit');
    await createWidgetClient(BASE).listTestimonials({ ...params, page: 2 });
    assert.equal(requests[0]!.url, `${BASE}/testimonials?sort=rating&tags=a&tags=b&page=2`);
  });
});
