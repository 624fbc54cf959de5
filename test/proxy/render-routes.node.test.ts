import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { JSDOM } from 'jsdom';
import { parseProxyArgs } from '../../src/node/proxy-cli.js';
import { serveProxy } from '../../src/node/proxy-server.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { createProxy, type HtmlRenderer, type ProxyOptions } from '../../src/proxy/index.js';
import { APPROVED_ID, PENDING_ID, TEST_KEY, createStubUpstream } from './stub-upstream.js';

const UPSTREAM = 'http://upstream.test/v1';
const ORIGIN = 'http://proxy.test';

/** A renderer that writes down what it was given; what reaches it is what the real one would render. */
function recordingRenderer() {
  const calls: { kind: 'wall' | 'card'; data: unknown; attributes: Record<string, string>; endpoint?: string }[] = [];
  const renderer: HtmlRenderer = {
    wallAttributes: new Map([
      ['layout', 'string'],
      ['limit', 'string'],
      ['lang', 'string'],
      ['tags', 'string'],
      ['sort', 'string'],
      ['no-rating', 'boolean'],
    ]),
    cardAttributes: new Map([
      ['lang', 'string'],
      ['no-rating', 'boolean'],
    ]),
    async wall(list, attributes, endpoint) {
      calls.push({ kind: 'wall', data: list, attributes, endpoint });
      return `<testimonial-wall>${list.testimonials.length}</testimonial-wall>`;
    },
    async card(testimonial, attributes) {
      calls.push({ kind: 'card', data: testimonial, attributes });
      return `<testimonial-card>${testimonial.id}</testimonial-card>`;
    },
  };
  return { renderer, calls };
}

function setup(options: Partial<ProxyOptions> = {}, withRenderer = true) {
  const stub = createStubUpstream(() => 0);
  const recording = recordingRenderer();
  const proxy = createProxy({
    upstream: UPSTREAM,
    apiKey: TEST_KEY,
    fetch: stub.fetch,
    log: () => {},
    ...(withRenderer ? { render: { renderer: recording.renderer } } : {}),
    ...options,
  });
  const get = (path: string, headers: Record<string, string> = {}) => proxy.fetch(new Request(`${ORIGIN}${path}`, { headers }));
  return { stub, proxy, get, ...recording };
}

describe('proxy HTML routes', () => {
  it('/render/wall answers an HTML fragment from the approved, public list, with the wall’s attributes', async () => {
    const { get, calls, stub } = setup();
    const response = await get('/render/wall?layout=grid&no-rating&limit=5&tags=a&tags=b');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(await response.text(), '<testimonial-wall>2</testimonial-wall>');
    assert.match(stub.requests[0]!, /approved=true/, 'approved only, as on /testimonials');
    assert.match(stub.requests[0]!, /limit=5/);
    const [call] = calls;
    assert.deepEqual(call!.attributes, { layout: 'grid', limit: '5', 'no-rating': '', tags: 'a,b' });
    assert.equal(call!.endpoint, '/', 'the wall takes over through this proxy, relative: never the request’s Host (issue 29, item 8)');
    const data = JSON.stringify(call!.data);
    for (const secret of ['customer_email', 'project_id', 'form_id', 'storage_key', PENDING_ID]) {
      assert.ok(!data.includes(secret), `${secret} reached the renderer`);
    }
  });

  it('validates the query like the JSON routes, and refuses attributes the wall does not have', async () => {
    const { get, calls, stub } = setup();
    for (const [path, field] of [
      ['/render/wall?limit=abc', 'limit'],
      ['/render/wall?sort=nonsense', 'sort'],
      ['/render/wall?onclick=alert(1)', 'onclick'],
      ['/render/wall?endpoint=https://evil.test', 'endpoint'],
      ['/render/wall?no-rating=maybe', 'no-rating'],
      ['/render/wall?layout=a&layout=b', 'layout'],
      [`/render/wall?tags=${'t,'.repeat(30)}`, 'tags'],
      ['/render/card/bad%20id!', 'id'],
    ] as const) {
      const response = await get(path);
      assert.equal(response.status, 400, path);
      const body = (await response.json()) as { error: { field: string; message: string } };
      assert.equal(body.error.field, field, `${path}: ${body.error.message}`);
    }
    assert.equal(calls.length, 0);
    assert.equal(stub.requests.length, 0, 'nothing was sent upstream');
  });

  it('lowers limit to maxLimit in the query and in the wall’s attribute', async () => {
    const { get, calls, stub } = setup({ maxLimit: 20 });
    assert.equal((await get('/render/wall?limit=500')).status, 200);
    assert.match(stub.requests[0]!, /limit=20/);
    assert.equal(calls[0]!.attributes.limit, '20');
  });

  it('/render/card/:id renders an approved testimonial and answers 404 for a pending one', async () => {
    const { get, calls } = setup();
    const ok = await get(`/render/card/${APPROVED_ID}?lang=fr`);
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), `<testimonial-card>${APPROVED_ID}</testimonial-card>`);
    assert.deepEqual(calls[0]!.attributes, { lang: 'fr' });
    assert.ok(!JSON.stringify(calls[0]!.data).includes('customer_email'));
    const pending = await get(`/render/card/${PENDING_ID}`);
    assert.equal(pending.status, 404);
    assert.equal(calls.length, 1);
  });

  it('shares the JSON routes’ cache, ETag and CORS rules', async () => {
    const { get, stub, calls } = setup({ cors: { origins: ['https://site.test'] } });
    const first = await get('/render/wall?layout=grid', { Origin: 'https://site.test' });
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(first.headers.get('x-cache'), 'MISS');
    assert.match(first.headers.get('cache-control')!, /^public, max-age=60/);
    assert.equal(first.headers.get('access-control-allow-origin'), 'https://site.test');
    const again = await get('/render/wall?layout=grid');
    assert.equal(again.headers.get('x-cache'), 'HIT');
    assert.equal(await again.text(), await first.text());
    const notModified = await get('/render/wall?layout=grid', { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(stub.requests.length, 1, 'one upstream call for the three');
    assert.equal(calls.length, 1, 'one render for the three');
    const preflight = await setup().proxy.fetch(
      new Request(`${ORIGIN}/render/wall`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://x.test', 'Access-Control-Request-Method': 'GET' },
      }),
    );
    assert.equal(preflight.status, 204);
    const post = await setup().proxy.fetch(new Request(`${ORIGIN}/render/wall`, { method: 'POST' }));
    assert.equal(post.status, 405, 'read-only');
  });

  it('writes render.publicUrl as the wall’s endpoint, else the base path', async () => {
    const recording = recordingRenderer();
    const withUrl = setup({ render: { renderer: recording.renderer, publicUrl: 'https://example.com/api/' } });
    assert.equal((await withUrl.get('/render/wall')).status, 200);
    assert.equal(recording.calls[0]!.endpoint, 'https://example.com/api');
    const based = setup({ basePath: '/api' });
    await based.get('/api/render/wall');
    assert.equal(based.calls[0]!.endpoint, '/api');
    assert.throws(
      () => setup({ render: { renderer: recordingRenderer().renderer, publicUrl: 'javascript:alert(1)' } }),
      /render\.publicUrl/,
    );
    assert.throws(() => setup({ render: { renderer: {} as HtmlRenderer } }), /render\.renderer must be an HtmlRenderer/);
  });

  it('without a renderer (an edge build), the routes answer 404 saying why', async () => {
    const { get, stub } = setup({}, false);
    const response = await get('/render/wall');
    assert.equal(response.status, 404);
    assert.match(((await response.json()) as { error: { message: string } }).error.message, /needs the server renderer .* runs on Node/);
    assert.equal(stub.requests.length, 0);
  });

  it('a Worker build of the proxy bundles neither the server renderer nor jsdom', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../../src/proxy/index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(inputs.some((input) => input.endsWith('src/proxy/render-routes.ts')));
    assert.deepEqual(
      inputs.filter((input) => /src\/ssr\/|src\/elements\/|node_modules\/(jsdom|dompurify|lit|@lit-labs)\//.test(input)),
      [],
    );
  });
});

describe('proxy HTML routes on Node (serveProxy, the proxy command)', () => {
  const base = { port: 0, upstream: 'http://sandbox.test/v1', apiKey: 'sandbox-key', log: () => {} } as const;

  it('serve server-rendered walls and cards by default, through testimonial-elements/ssr', async () => {
    const served = await serveProxy({ ...base, fetch: createSandbox().fetch, basePath: '/api', render: { publicUrl: '/api' } });
    try {
      const wall = await fetch(`${served.url}/api/render/wall?limit=3&layout=grid&no-rating`);
      assert.equal(wall.status, 200);
      const html = await wall.text();
      assert.equal(html.match(/<testimonial-card[\s>]|<div class="tc"[\s>]/g)?.length, 3, 'the cards are rendered, not the error state');
      const { document } = new JSDOM(html).window;
      const element = document.querySelector('testimonial-wall')!;
      assert.equal(element.getAttribute('endpoint'), '/api', 'the browser pages on through the public URL');
      assert.equal(element.getAttribute('layout'), 'grid');
      assert.ok(element.hasAttribute('no-rating'));
      assert.ok(element.querySelector('template[shadowrootmode="open"]'), 'declarative shadow DOM');
      const island = JSON.parse(element.querySelector(':scope > script[type="application/json"]')!.textContent!) as {
        testimonials: { id: string }[];
      };
      assert.equal(island.testimonials.length, 3);
      const card = await fetch(`${served.url}/api/render/card/${island.testimonials[0]!.id}?lang=en`);
      assert.equal(card.status, 200);
      assert.match(await card.text(), /^<testimonial-card /);
    } finally {
      await served.close();
    }
  });

  // Issue 29, items 4 and 6, through the real renderer.
  it('render an English tag Intl refuses, and refuse no-rating with JSON-LD before asking the service', async () => {
    const sandbox = createSandbox();
    let upstreamCalls = 0;
    const lines: string[] = [];
    const served = await serveProxy({
      ...base,
      log: (line) => lines.push(line),
      fetch: (request) => (upstreamCalls++, sandbox.fetch(request)),
      render: { jsonLd: { itemReviewed: { '@type': 'Product', name: 'Acme' } } },
    });
    try {
      const refused = await fetch(`${served.url}/render/wall?no-rating`);
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { error: { field: string } }).error.field, 'no-rating');
      assert.equal(upstreamCalls, 0, 'refused before any upstream call');
      const { testimonials } = (await (await fetch(`${served.url}/testimonials?limit=1`)).json()) as { testimonials: { id: string }[] };
      const card = await fetch(`${served.url}/render/card/${testimonials[0]!.id}?lang=en-GB-oed`);
      assert.equal(card.status, 200, await card.clone().text());
      assert.match(await card.text(), /<article part="card"/, 'the card, not its error state');
      assert.deepEqual(lines, []);
    } finally {
      await served.close();
    }
  });

  it('are off with render: false, and a refused JSON-LD item stops the start', async () => {
    const served = await serveProxy({ ...base, fetch: createSandbox().fetch, render: false });
    try {
      assert.equal((await fetch(`${served.url}/render/wall`)).status, 404);
    } finally {
      await served.close();
    }
    await assert.rejects(
      serveProxy({ ...base, render: { jsonLd: { itemReviewed: { '@type': 'Organization', name: 'Acme' } } } }),
      /self-serving/,
    );
  });

  it('the proxy command takes --public-url, --item-reviewed and --no-render', () => {
    const options = parseProxyArgs(
      ['--upstream', UPSTREAM, '--public-url', 'https://example.com/api', '--item-reviewed', '{"@type":"Product","name":"Acme"}'],
      {},
    );
    assert.deepEqual(options !== 'help' && options.render, {
      publicUrl: 'https://example.com/api',
      jsonLd: { itemReviewed: { '@type': 'Product', name: 'Acme' } },
    });
    const off = parseProxyArgs(['--upstream', UPSTREAM, '--public-url', '/api', '--no-render'], {});
    assert.equal(off !== 'help' && off.render, false);
    assert.throws(() => parseProxyArgs(['--upstream', UPSTREAM, '--item-reviewed', '{'], {}), /--item-reviewed must be a JSON object/);
  });
});
