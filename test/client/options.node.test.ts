import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { InvalidRequestError, createClient, type ClientOptions, type TestimonialClient } from '../../src/client/index.js';
import { BASE, json, scriptedFetch } from './helpers.js';

const KEY = 'sk_live_0123456789abcdef';

function refusal(options: Partial<ClientOptions>, pattern: RegExp) {
  assert.throws(
    () => createClient(options as ClientOptions),
    (error: unknown) => error instanceof Error && pattern.test(error.message) && !error.message.includes(KEY),
  );
}

describe('createClient on a server', () => {
  it('sends the key as a Bearer token, JSON headers and a User-Agent', async () => {
    const { fetch, requests } = scriptedFetch(json({ forms: [] }));
    await createClient({ baseUrl: BASE, apiKey: KEY, fetch }).getLinks();
    await createClient({ baseUrl: BASE, fetch, userAgent: 'my-site/1.0' }).getLinks();
    const [withKey, withoutKey] = requests;
    assert.equal(withKey!.headers.get('authorization'), `Bearer ${KEY}`);
    assert.equal(withKey!.headers.get('accept'), 'application/json');
    assert.equal(withKey!.headers.get('user-agent'), 'testimonial-elements');
    assert.equal(withoutKey!.headers.get('authorization'), null);
    assert.equal(withoutKey!.headers.get('user-agent'), 'my-site/1.0');
    assert.ok(!withKey!.url.includes(KEY));
  });

  it('sends the validated body as JSON', async () => {
    const { fetch, requests } = scriptedFetch(json({ message: 'Created', id: 'n1' }, 201));
    const client = createClient({ baseUrl: BASE, fetch });
    assert.deepEqual(await client.createTestimonial({ type: 'text', customer_name: 'Ada', rating: 5, tags: ['x'] }), {
      message: 'Created',
      id: 'n1',
    });
    const [request] = requests;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.url, `${BASE}/testimonials`);
    assert.equal(request!.headers.get('content-type'), 'application/json');
    assert.deepEqual(await request!.json(), { type: 'text', customer_name: 'Ada', rating: 5, tags: ['x'] });
  });

  it('normalises trailing slashes and exposes the resolved base URL', async () => {
    const { fetch, requests } = scriptedFetch(json({ id: 'abc' }));
    const client = createClient({ baseUrl: 'http://api.test/v1///', fetch });
    assert.equal(client.baseUrl, 'http://api.test/v1');
    await client.getTestimonial('abc');
    assert.equal(requests[0]!.url, 'http://api.test/v1/testimonials/abc');
    assert.equal(createClient({ baseUrl: 'http://api.test/', fetch }).baseUrl, 'http://api.test');
  });

  it('uses the global fetch when none is given, looked up at call time', async () => {
    const original = globalThis.fetch;
    const { fetch, requests } = scriptedFetch(json({ forms: [] }));
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      await createClient({ baseUrl: BASE }).getLinks();
    } finally {
      globalThis.fetch = original;
    }
    assert.equal(requests[0]!.url, `${BASE}/links`);
  });

  it('refuses a relative baseUrl, saying why', () => {
    refusal({ baseUrl: '/api' }, /not an absolute URL.*relative URLs work in a browser only/);
  });

  it('refuses bad options with clear messages that never hold the key', () => {
    refusal({}, /baseUrl is required/);
    refusal({ baseUrl: '  ' }, /baseUrl is required/);
    refusal({ baseUrl: 'ftp://api.test/v1' }, /http: or https:/);
    refusal({ baseUrl: `https://user:${KEY}@api.test/v1` }, /must not hold a user name or password/);
    refusal({ baseUrl: `https://api.test/v1?key=${KEY}` }, /must not hold a query/);
    refusal({ baseUrl: BASE, apiKey: `${KEY}\r\nX-Evil: 1` }, /apiKey must be a non-empty string/);
    refusal({ baseUrl: BASE, apiKey: '' }, /apiKey must be a non-empty string/);
    refusal({ baseUrl: BASE, retries: -1 }, /retries must be an integer from 0 to 10/);
    refusal({ baseUrl: BASE, retries: 1.5 }, /retries/);
    refusal({ baseUrl: BASE, timeoutMs: Number.NaN }, /timeoutMs/);
    refusal({ baseUrl: BASE, tags: 'csv' as 'comma' }, /tags must be "repeat" or "comma"/);
    refusal({ baseUrl: BASE, fetch: 'fetch' as never }, /fetch must be a function/);
    assert.throws(() => createClient(undefined as never), /pass an options object/);
  });

  it('sends comma-joined tags when told', async () => {
    const { fetch, requests } = scriptedFetch(json({ total: 0, testimonials: [] }));
    await createClient({ baseUrl: BASE, fetch, tags: 'comma' }).listTestimonials({ tags: ['b', 'a'] });
    assert.equal(requests[0]!.url, `${BASE}/testimonials?tags=a%2Cb`);
  });
});

describe('createClient validates before sending', () => {
  const { fetch, requests } = scriptedFetch(json({}));
  const client: TestimonialClient = createClient({ baseUrl: BASE, fetch });
  const mistakes: Array<[string, string, () => Promise<unknown>]> = [
    ['limit 0', 'limit', () => client.listTestimonials({ limit: 0 })],
    ['limit 1001', 'limit', () => client.listTestimonials({ limit: 1001 })],
    ['unknown sort', 'sort', () => client.listTestimonials({ sort: 'name' as 'date' })],
    ['unknown parameter', 'raiting', () => client.listTestimonials({ raiting: 5 } as never)],
    ['page 0 in paginate', 'page', () => client.paginate({ page: 0 }).next()],
    ['bad integration in listAll', 'integration', () => client.listAllTestimonials({ integration: 'myspace' as 'g2' })],
    ['an id with a slash', 'id', () => client.getTestimonial('../links')],
    ['an empty id', 'id', () => client.deleteTestimonial('')],
    ['a video without video_url', 'video_url', () => client.createTestimonial({ type: 'video', customer_name: 'Ada' })],
    ['a create without customer_name', 'customer_name', () => client.createTestimonial({ type: 'text' } as never)],
    ['an empty update', 'body', () => client.updateTestimonial('abc', {})],
    ['an update of the text', 'text', () => client.updateTestimonial('abc', { text: 'new' } as never)],
    ['invites without recipients', 'recipients', () => client.sendInvites({ form_id: 'f1', recipients: [] })],
    ['an invite to a non-address', 'recipients[0].email', () => client.sendInvites({ form_id: 'f1', recipients: [{ email: 'ada' }] })],
  ];

  for (const [name, field, call] of mistakes) {
    it(`${name}: InvalidRequestError naming ${field}, nothing sent`, async () => {
      await assert.rejects(call(), (error: unknown) => error instanceof InvalidRequestError && error.field === field);
      assert.equal(requests.length, 0);
    });
  }
});

describe('createClient in a browser-like global scope', () => {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; importScripts?: unknown };
  afterEach(() => {
    delete scope.document;
    delete scope.WorkerGlobalScope;
    delete scope.importScripts;
  });

  it('in a page: refuses an apiKey unless dangerouslyAllowBrowser, resolves a relative baseUrl, sends no User-Agent', async () => {
    scope.document = { baseURI: 'https://site.test/blog/post.html' };
    refusal({ baseUrl: '/api', apiKey: KEY }, /apiKey was given in a browser.*proxy.*dangerouslyAllowBrowser/);
    const { fetch, requests } = scriptedFetch(json({ forms: [] }));
    const client = createClient({ baseUrl: '/api/', fetch });
    assert.equal(client.baseUrl, 'https://site.test/api');
    await client.getLinks();
    await createClient({ baseUrl: 'api', apiKey: KEY, dangerouslyAllowBrowser: true, fetch }).getLinks();
    assert.equal(requests[0]!.url, 'https://site.test/api/links');
    assert.equal(requests[0]!.headers.get('authorization'), null);
    assert.equal(requests[0]!.headers.get('user-agent'), null);
    assert.equal(requests[1]!.url, 'https://site.test/blog/api/links');
    assert.equal(requests[1]!.headers.get('authorization'), `Bearer ${KEY}`);
  });

  it('in a web worker: refuses an apiKey too', () => {
    scope.WorkerGlobalScope = function WorkerGlobalScope() {};
    scope.importScripts = () => {};
    refusal({ baseUrl: 'https://api.test/v1', apiKey: KEY }, /apiKey was given in a browser/);
  });
});
