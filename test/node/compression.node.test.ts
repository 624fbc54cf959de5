/**
 * The Node servers' compression (src/node/compression.ts): over real sockets with `node:http`, which,
 * unlike `fetch`, neither asks for nor undoes an encoding, so the bytes on the wire are what is checked.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, MIN_COMPRESSED_BYTES, withCompression } from '../../src/node/compression.js';
import { serveProxy } from '../../src/node/proxy-server.js';
import { serveSandbox } from '../../src/node/sandbox-server.js';
import { createSandbox } from '../../src/sandbox/index.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): unknown {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

const varies = (answer: RawAnswer): boolean => /\baccept-encoding\b/i.test(String(answer.headers.vary ?? ''));

describe('the Node proxy compresses its JSON answers', () => {
  async function served(t: { after(fn: () => Promise<void>): void }) {
    const proxy = await serveProxy({ port: 0, upstream: 'http://sandbox.test/v1', apiKey: 'sandbox-key', fetch: createSandbox().fetch });
    t.after(() => proxy.close());
    return `${proxy.url}/testimonials?limit=8`;
  }

  it('sends br or gzip as asked, with Vary, a weak ETag and the same JSON', async (t) => {
    const url = await served(t);
    const raw = await get(url);
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-encoding'], undefined);
    assert.ok(varies(raw), 'an identity answer varies on Accept-Encoding too');
    assert.match(String(raw.headers.etag), /^"/, 'the identity answer keeps its strong ETag');
    assert.ok(raw.body.byteLength > MIN_COMPRESSED_BYTES);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await get(url, { 'Accept-Encoding': accept });
      assert.equal(answer.headers['content-encoding'], encoding, accept);
      assert.ok(varies(answer), accept);
      assert.equal(answer.headers.etag, `W/${String(raw.headers.etag)}`, accept);
      assert.ok(answer.body.byteLength < raw.body.byteLength / 2, `${accept}: ${answer.body.byteLength} of ${raw.body.byteLength} B`);
      assert.equal(Number(answer.headers['content-length']), answer.body.byteLength);
      assert.deepEqual(decoded(answer), JSON.parse(raw.body.toString('utf8')));
    }
  });

  it('answers HEAD with the headers GET gets: the encoding, Vary, the weak ETag, the compressed length', async (t) => {
    const url = await served(t);
    for (const accept of ['', 'gzip', 'br']) {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      const [answer, head] = [await get(url, headers), await get(url, headers, 'HEAD')];
      assert.equal(head.status, 200);
      assert.equal(head.body.byteLength, 0);
      for (const name of ['content-encoding', 'vary', 'etag', 'content-length', 'content-type'])
        assert.equal(head.headers[name], answer.headers[name], `${accept || 'identity'}: ${name}`);
    }
  });

  it('answers 304 to the revalidation of a compressed answer, and of an identity one', async (t) => {
    const url = await served(t);
    const zipped = await get(url, { 'Accept-Encoding': 'gzip' });
    const again = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(zipped.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.headers.etag, zipped.headers.etag, 'the 304 names the representation the client holds');
    assert.equal(again.body.byteLength, 0);

    const raw = await get(url);
    const rawAgain = await get(url, { 'If-None-Match': String(raw.headers.etag) });
    assert.equal(rawAgain.status, 304);
    assert.equal(rawAgain.headers.etag, raw.headers.etag);

    const otherwise = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': '"something-else"' });
    assert.equal(otherwise.status, 200);
    assert.equal(otherwise.headers['content-encoding'], 'gzip');
  });
});

describe('withCompression', () => {
  const big = JSON.stringify({ text: 'x'.repeat(4 * MIN_COMPRESSED_BYTES) });
  const answer = (body: string, headers: Record<string, string>) =>
    withCompression(() => new Response(body, { headers }))(
      new Request('http://x.test/', { headers: { 'Accept-Encoding': 'gzip, br' } }),
      {},
    );

  it('leaves small answers, no-transform answers, non-text and event streams as they are', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['a small answer', '{"total":0}', { 'Content-Type': 'application/json' }],
      ['no-transform', big, { 'Content-Type': 'application/json', 'Cache-Control': 'public, no-transform' }],
      ['an image', big, { 'Content-Type': 'image/jpeg' }],
      ['an event stream', big, { 'Content-Type': 'text/event-stream' }],
      ['an encoded answer', big, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }],
    ];
    for (const [what, body, headers] of cases) {
      const response = (await answer(body, headers)) as Response;
      assert.equal(response.headers.get('Content-Encoding'), headers['Content-Encoding'] ?? null, what);
      assert.equal(await response.text(), body, what);
    }
    const small = (await answer('{"total":0}', { 'Content-Type': 'application/json' })) as Response;
    assert.equal(small.headers.get('Vary'), 'Accept-Encoding', 'a small JSON answer could have been compressed had it been bigger');
  });

  it('adds Accept-Encoding to an existing Vary once', async () => {
    const response = (await answer(big, { 'Content-Type': 'application/json', Vary: 'Origin' })) as Response;
    assert.equal(response.headers.get('Vary'), 'Origin, Accept-Encoding');
    const again = (await answer(big, { 'Content-Type': 'application/json', Vary: 'accept-encoding' })) as Response;
    assert.equal(again.headers.get('Vary'), 'accept-encoding');
  });

  it('chooses an encoding per Accept-Encoding and its weights', () => {
    assert.equal(chooseEncoding(null), undefined);
    assert.equal(chooseEncoding('identity'), undefined);
    assert.equal(chooseEncoding('gzip, br'), 'br');
    assert.equal(chooseEncoding('br;q=0.5, gzip'), 'gzip');
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('*, br;q=0'), 'gzip');
    assert.equal(chooseEncoding('gzip;q=0, br;q=0'), undefined);
  });
});

describe('the Node sandbox compresses too', () => {
  it('answers a list gzipped when asked', async (t) => {
    const sandbox = await serveSandbox({ port: 0 });
    t.after(() => sandbox.close());
    const answer = await get(`${sandbox.url}/testimonials?limit=8`, { 'Accept-Encoding': 'gzip', Authorization: 'Bearer sandbox-key' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.ok(varies(answer));
    assert.ok(Array.isArray((decoded(answer) as { testimonials: unknown[] }).testimonials));
  });
});
