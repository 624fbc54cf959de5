import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { TestimonialList } from '../../src/client/types.js';
import { serveSandbox, type SandboxServer } from '../../src/node/sandbox-server.js';
import { rawRequest } from '../support/raw-http.js';

const HIGH_SIZE = statSync(new URL('../../src/sandbox/media/high.mp4', import.meta.url)).size;

describe('serveSandbox', () => {
  let server: SandboxServer;
  before(async () => {
    server = await serveSandbox({ port: 0, host: '127.0.0.1', seed: 4 });
  });
  after(() => server.close());

  it('answers the API on 127.0.0.1 with media URLs on its own origin', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${server.url}/testimonials?type=video&limit=2`, { headers: { Authorization: 'Bearer sandbox-key' } });
    assert.equal(response.status, 200);
    const { total, testimonials } = (await response.json()) as TestimonialList;
    assert.equal(total, 2);
    const origin = server.url.replace(/\/v1$/, '');
    assert.ok(testimonials[0]!.video_url!.startsWith(`${origin}/media/`));
    assert.equal((await fetch(`${server.url}/links`)).status, 401);
  });

  it('serves a byte range of an mp4 from disk with 206', async () => {
    const origin = server.url.replace(/\/v1$/, '');
    const response = await fetch(`${origin}/media/high.mp4`, { headers: { Range: 'bytes=0-1023' } });
    assert.equal(response.status, 206);
    assert.equal(response.headers.get('Content-Type'), 'video/mp4');
    assert.equal(response.headers.get('Content-Range'), `bytes 0-1023/${HIGH_SIZE}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.byteLength, 1024);
    assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp', 'an mp4 starts with its ftyp box');
  });

  it('never puts a forged Host header into an answer: links are on the URL it listens on', async () => {
    const origin = server.url.replace(/\/v1$/, '');
    const forged = 'Host: forged.example';
    const auth = 'Authorization: Bearer sandbox-key';
    const list = await rawRequest(server.port, `GET /v1/testimonials?limit=1000 HTTP/1.1\r\n${forged}\r\n${auth}`);
    const { testimonials } = JSON.parse(list.body) as TestimonialList;
    assert.ok(testimonials.find((t) => t.video)!.video!.hls_url.startsWith(`${origin}/media/`));
    const body = JSON.stringify({ type: 'text', customer_name: 'A', text: 'Hi' });
    const answers = [
      list,
      await rawRequest(server.port, `GET /v1/links HTTP/1.1\r\n${forged}\r\n${auth}`),
      await rawRequest(
        server.port,
        `POST /v1/testimonials HTTP/1.1\r\n${forged}\r\n${auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
        body,
      ),
      await rawRequest(server.port, `GET ${new URL(testimonials.find((t) => t.approved)!.links!.public!).pathname} HTTP/1.1\r\n${forged}`),
    ];
    assert.match(answers[2]!.headers.location!, new RegExp(`^${origin}/v1/testimonials/`));
    for (const answer of answers) {
      assert.ok(answer.status < 300, answer.raw.slice(0, 300));
      assert.ok(!answer.raw.includes('forged.example'), answer.raw.slice(0, 300));
    }
  });

  it('answers HTTP/1.0 without a Host header, with links on its own URL', async () => {
    const answer = await rawRequest(server.port, 'GET /v1/testimonials?type=video&limit=1 HTTP/1.0\r\nAuthorization: Bearer sandbox-key');
    assert.equal(answer.status, 200, answer.raw.slice(0, 300));
    const { testimonials } = JSON.parse(answer.body) as TestimonialList;
    assert.ok(testimonials[0]!.video_url!.startsWith(`${server.url.replace(/\/v1$/, '')}/media/`), testimonials[0]!.video_url!);
  });

  it('answers a request it cannot read 400 with a JSON body that says why', async () => {
    const answer = await rawRequest(server.port, 'GET /v1/links HTTP/1.1\r\nHost: bad host');
    assert.equal(answer.status, 400, answer.raw);
    assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
    assert.match((JSON.parse(answer.body) as { error: { message: string } }).error.message, /Host/);
  });

  it('refuses a Content-Length over 1 MB at once, without waiting for the body', async () => {
    const answer = await rawRequest(
      server.port,
      `POST /v1/testimonials HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sandbox-key\r\nContent-Type: application/json\r\nContent-Length: 300000000`,
    );
    assert.equal(answer.status, 413, answer.raw);
    assert.equal((JSON.parse(answer.body) as { error: { code: string } }).error.code, 'body_too_large');
  });

  it('refuses a chunked body over 1 MB while it streams, long before the client has sent it all', async () => {
    const size = 50 * 1024 * 1024;
    let produced = 0;
    const source = new Readable({
      read() {
        if (produced >= size) return void this.push(null);
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 0x20));
      },
    });
    const status = await new Promise<number>((resolve, reject) => {
      const post = request(`${server.url}/testimonials`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sandbox-key', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      post.on('response', (response) => {
        resolve(response.statusCode!);
        source.destroy();
        post.destroy();
      });
      // Once answered, the server may close while the client still writes.
      post.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      source.pipe(post);
    });
    assert.equal(status, 413);
    assert.ok(produced < size / 4, `${produced} bytes were sent before the answer`);
  });

  it('refuses a port in use with a clear error', async () => {
    await assert.rejects(serveSandbox({ port: server.port }), /EADDRINUSE/);
  });
});
