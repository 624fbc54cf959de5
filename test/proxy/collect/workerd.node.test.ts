/**
 * The collect route inside Cloudflare's workerd (miniflare): the form token's HMAC (Web Crypto), the
 * presigned PUT and the HEAD check (aws4fetch) against s3rver on 127.0.0.1, and the creation with
 * `approved: false`. Nothing Node-only may be in that path.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bundleWorker } from '../../support/bundle-worker.js';
import { Miniflare } from 'miniflare';
import S3rver from 's3rver';

const ORIGIN = 'http://proxy.test';
let mf: Miniflare;
let s3: S3rver;
let directory = '';

before(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-workerd-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'testimonials' }] });
  const { port } = await s3.run();
  const bundle = await bundleWorker(new URL('./worker-collect.ts', import.meta.url));
  mf = new Miniflare({
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: bundle }],
    compatibilityDate: '2024-09-23',
    bindings: { S3_ENDPOINT: `http://127.0.0.1:${port}` },
  });
});

after(async () => {
  await mf?.dispose();
  await s3?.close();
  await rm(directory, { recursive: true, force: true });
});

async function json<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await mf.dispatchFetch(`${ORIGIN}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

describe('collect in workerd', () => {
  it('issues a token, presigns an S3 upload, checks the object and creates the testimonial pending', async () => {
    const start = await json<{ token: string }>('/collect');
    assert.equal(start.status, 200);
    const photo = await json<{ upload: { url: string; headers: Record<string, string> }; url: string }>('/collect/uploads', {
      token: start.body.token,
      kind: 'photo',
      contentType: 'image/jpeg',
      size: 32,
    });
    assert.equal(photo.status, 200, JSON.stringify(photo.body));
    const put = await fetch(photo.body.upload.url, { method: 'PUT', headers: photo.body.upload.headers, body: new Uint8Array(32) });
    assert.equal(put.status, 200);
    const created = await json<{ id: string; status: string }>('/collect', {
      token: start.body.token,
      consent: true,
      customer_name: 'Ada',
      customer_avatar: photo.body.url,
      approved: true,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const again = await json<{ error: { code: string } }>('/collect', { token: start.body.token, consent: true, customer_name: 'Ada' });
    assert.equal(again.body.error.code, 'token_used');
    const writes = (await json<Record<string, unknown>[]>('/__writes')).body;
    assert.deepEqual(
      writes.map((w) => [w.approved, w.customer_avatar]),
      [[false, photo.body.url]],
    );
  });
});
