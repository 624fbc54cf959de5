/**
 * The S3 path of the collect uploads against s3rver, a real S3 protocol server on 127.0.0.1: the
 * presigned PUT (aws4fetch) the browser sends, the HEAD the proxy checks the object with, and the
 * refusals of an object over the limit or of another type. s3rver does not check the arithmetic of
 * SigV4 signatures (aws4fetch's own tests do); it checks their form and the presigned expiry.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import S3rver from 's3rver';
import { createS3UploadStore } from '../../../src/proxy/index.js';
import { errorOf, setup, type Setup } from './helpers.js';

const BUCKET = 'testimonials';
let server: S3rver;
let endpoint = '';
let directory = '';

before(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

after(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const s3Setup = (limits = {}, start = Date.now()) =>
  setup(
    { uploads: { endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, limits },
    { start },
  );

interface Issued {
  upload: { url: string; method: string; headers: Record<string, string> };
  url: string;
}

async function issue(s: Setup, token: string, kind: string, contentType: string, size: number): Promise<Issued> {
  const answer = await s.request('/collect/uploads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, kind, contentType, size }),
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  return (await answer.json()) as Issued;
}

/** What the browser does with the answer: PUT the bytes to the bucket, straight. */
function put(issued: Issued, bytes: Uint8Array<ArrayBuffer>, headers = issued.upload.headers) {
  return fetch(issued.upload.url, { method: issued.upload.method, headers, body: bytes });
}

describe('collect: uploads to an S3-compatible bucket (s3rver)', () => {
  it('presigns a PUT the bucket takes, checks the object with HEAD, and creates the testimonial pointing at it', async () => {
    const s = await s3Setup();
    const token = await s.token();
    const photo = await issue(s, token, 'photo', 'image/png', 300);
    const url = new URL(photo.upload.url);
    assert.equal(url.origin, endpoint);
    assert.match(url.pathname, new RegExp(`^/${BUCKET}/photo/`));
    assert.equal(url.searchParams.get('X-Amz-Expires'), '900');
    assert.deepEqual(url.searchParams.get('X-Amz-SignedHeaders')!.split(';').sort(), ['content-length', 'content-type', 'host']);
    assert.equal(photo.url, `${endpoint}/${BUCKET}/${url.pathname.slice(BUCKET.length + 2)}`);
    const stored = await put(photo, new Uint8Array(300).fill(1));
    assert.equal(stored.status, 200, await stored.text());
    const read = await fetch(photo.url);
    assert.equal(read.headers.get('Content-Type'), 'image/png');
    assert.equal((await read.arrayBuffer()).byteLength, 300);

    const answer = await s.submit({ token, consent: true, customer_name: 'Ada', customer_avatar: photo.url });
    assert.equal(answer.status, 201, await answer.clone().text());
    assert.equal(s.writes[0]!.customer_avatar, photo.url);
  });

  it('refuses an object that is not there, too large, or of another type than allowed', async () => {
    const s = await s3Setup({ imageBytes: 100 });
    const token = await s.token();
    const missing = await issue(s, token, 'photo', 'image/png', 50);
    const big = await issue(s, token, 'photo', 'image/png', 50);
    // A client that ignores the signed length and type (s3rver, unlike S3, does not hold it to them):
    // the proxy's HEAD still sees what is there.
    assert.equal((await put(big, new Uint8Array(150))).status, 200);
    const typed = await issue(s, token, 'photo', 'image/png', 50);
    assert.equal((await put(typed, new Uint8Array(50), { 'Content-Type': 'text/html' })).status, 200);
    for (const [issued, message] of [
      [missing, /did not arrive/],
      [big, /larger than 100 bytes/],
      [typed, /text\/html, not one of/],
    ] as const) {
      const answer = await s.submit({ token, consent: true, customer_name: 'Ada', customer_avatar: issued.url });
      assert.equal(answer.status, 400);
      const error = await errorOf(answer);
      assert.equal(error.field, 'customer_avatar');
      assert.match(error.message, message);
    }
    assert.deepEqual(s.writes, []);
  });

  it('issues URLs that the bucket refuses once expired', async () => {
    const s = await s3Setup({}, Date.now() - 16 * 60_000);
    const photo = await issue(s, await s.token(), 'photo', 'image/png', 10);
    const answer = await put(photo, new Uint8Array(10));
    assert.equal(answer.status, 403);
    assert.match(await answer.text(), /expired/);
  });

  it('takes its store as an object too (createS3UploadStore)', async () => {
    const store = createS3UploadStore({
      endpoint,
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: 'https://cdn.example/t',
    });
    assert.equal(store.publicUrl('photo/x.png', ''), 'https://cdn.example/t/photo/x.png');
    assert.equal(store.keyOf('https://cdn.example/t/photo/x.png', ''), 'photo/x.png');
    assert.equal(store.keyOf(`${endpoint}/${BUCKET}/photo/x.png`, ''), undefined);
    assert.equal(await store.head('photo/nothing.png'), undefined);
  });
});
