import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { TestimonialList } from '../../src/client/types.js';
import { serveSandbox, type SandboxServer } from '../../src/sandbox/node.js';

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

  it('refuses a port in use with a clear error', async () => {
    await assert.rejects(serveSandbox({ port: server.port }), /EADDRINUSE/);
  });
});
