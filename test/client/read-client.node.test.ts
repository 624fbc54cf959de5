// createReadClient: the read half of the client, which the elements and the proxy use. Same options,
// same answers and errors as createClient's read methods, and no way to write.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestimonialApiError, createClient, createReadClient } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { BASE, json, scriptedFetch } from './helpers.js';

const KEY = 'sandbox-key';
const SANDBOX_URL = 'http://sandbox.test/v1';

describe('createReadClient', () => {
  it('has the read methods only: nothing that could write', () => {
    const client = createReadClient({ baseUrl: BASE, fetch: scriptedFetch(json({})).fetch });
    assert.deepEqual(Object.keys(client).sort(), ['baseUrl', 'getLinks', 'getTestimonial', 'listAllTestimonials', 'listTestimonials', 'paginate']);
    const full = createClient({ baseUrl: BASE, fetch: scriptedFetch(json({})).fetch });
    assert.deepEqual(
      Object.keys(full).filter((name) => !(name in client)).sort(),
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
