/**
 * Uploads of the collect route (issue 27 item 2): the upload request's refusals, the Node disk store
 * served by the proxy under `{base}/uploads/`, and the check of each file before the creation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE, errorOf, setup, type Setup } from './helpers.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(96).fill(7)]);

interface Issued {
  upload: { url: string; method: string; headers: Record<string, string> };
  url: string;
  expiresAt: string;
}

async function ask(s: Setup, body: Record<string, unknown>) {
  return s.request('/collect/uploads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function issue(s: Setup, token: string, kind: string, contentType: string, size: number): Promise<Issued> {
  const answer = await ask(s, { token, kind, contentType, size });
  assert.equal(answer.status, 200, await answer.clone().text());
  return (await answer.json()) as Issued;
}

/** Sends the bytes as the browser does: the method, URL and headers it was given. */
function put(s: Setup, issued: Issued, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return s.proxy.fetch(
    new Request(issued.upload.url, { method: issued.upload.method, headers: { ...issued.upload.headers, ...headers }, body: bytes }),
  );
}

describe('collect: upload requests', () => {
  it('answers 404 when no store is configured', async () => {
    const s = await setup();
    const answer = await ask(s, { token: await s.token(), kind: 'photo', contentType: 'image/jpeg', size: 10 });
    assert.equal(answer.status, 404);
    assert.equal((await errorOf(answer)).code, 'not_found');
  });

  it('refuses a wrong type (415), a size over the limit (413), a long video (413), a bad kind or token', async () => {
    const s = await setup({ disk: true, limits: { imageBytes: 1000, videoBytes: 5000, videoSeconds: 60 } });
    try {
      const token = await s.token();
      const cases: [Record<string, unknown>, number, string, string][] = [
        [{ kind: 'photo', contentType: 'image/svg+xml', size: 10 }, 415, 'unsupported_type', 'contentType'],
        [{ kind: 'photo', contentType: 'video/mp4', size: 10 }, 415, 'unsupported_type', 'contentType'],
        [{ kind: 'video', contentType: 'image/png', size: 10 }, 415, 'unsupported_type', 'contentType'],
        [{ kind: 'photo', contentType: 'image/png', size: 1001 }, 413, 'too_large', 'size'],
        [{ kind: 'video', contentType: 'video/webm', size: 5001 }, 413, 'too_large', 'size'],
        [{ kind: 'video', contentType: 'video/webm', size: 100, duration: 61 }, 413, 'too_large', 'duration'],
        [{ kind: 'photo', contentType: 'image/png', size: 0 }, 400, 'invalid_field', 'size'],
        [{ kind: 'poster', contentType: 'image/png', size: 10 }, 400, 'invalid_field', 'kind'],
      ];
      for (const [body, status, code, field] of cases) {
        const answer = await ask(s, { token, ...body });
        assert.equal(answer.status, status, JSON.stringify(body));
        assert.deepEqual([(await errorOf(answer)).code, (await errorOf(await ask(s, { token, ...body }))).field], [code, field]);
      }
      const badToken = await ask(s, { token: 'nope', kind: 'photo', contentType: 'image/png', size: 10 });
      assert.equal(badToken.status, 403);
      assert.equal((await errorOf(badToken)).code, 'token_invalid');
      // The too-fast rule is for submissions: a file is asked for while the visitor is still typing.
      const { token: fresh } = (await (await s.request('/collect')).json()) as { token: string };
      assert.equal((await ask(s, { token: fresh, kind: 'photo', contentType: 'image/png', size: 10 })).status, 200);
      assert.equal((await ask(s, { token: fresh, kind: 'video', contentType: 'video/webm', size: 100, duration: 60 })).status, 200);
      assert.deepEqual(s.upstreamRequests, []);
    } finally {
      await s.close();
    }
  });
});

describe('collect: upload rules and the hourly cap on files', () => {
  it('tells the form the limits and types, and caps files per hour at 8 per allowed creation', async () => {
    const s = await setup({ disk: true, maxPerHour: 1, limits: { imageBytes: 1000, videoBytes: 9000, videoSeconds: 30 } });
    try {
      const start = (await (await s.request('/collect')).json()) as { uploads: unknown };
      assert.deepEqual(start.uploads, {
        image: { maxBytes: 1000, types: ['image/jpeg', 'image/png', 'image/webp'] },
        video: { maxBytes: 9000, maxSeconds: 30, types: ['video/webm', 'video/mp4', 'video/quicktime'] },
      });
      const token = await s.token();
      for (let i = 0; i < 8; i++) await issue(s, token, 'media', 'image/png', 10);
      const capped = await ask(s, { token, kind: 'media', contentType: 'image/png', size: 10 });
      assert.equal(capped.status, 429);
      assert.equal((await errorOf(capped)).code, 'collect_cap_reached');
      assert.ok(Number(capped.headers.get('Retry-After')) > 0);
    } finally {
      await s.close();
    }
  });
});

describe('collect: the Node disk store', () => {
  it('takes a signed PUT, serves the file with its type, nosniff and a safe Content-Disposition, and the submission points at it', async () => {
    const s = await setup({ disk: true });
    try {
      const token = await s.token();
      const photo = await issue(s, token, 'photo', 'image/jpeg', JPEG.byteLength);
      assert.equal(photo.upload.method, 'PUT');
      assert.deepEqual(photo.upload.headers, { 'Content-Type': 'image/jpeg' });
      assert.ok(photo.upload.url.startsWith(`${BASE}/uploads/photo/`));
      assert.match(photo.url, new RegExp(`^${BASE}/uploads/photo/[\\w-]+\\.jpg$`));
      assert.equal(Date.parse(photo.expiresAt), s.now() + 15 * 60_000);
      assert.equal((await put(s, photo, JPEG)).status, 200);
      assert.equal((await put(s, photo, JPEG)).status, 409, 'written once');

      const served = await s.proxy.fetch(new Request(photo.url));
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('Content-Type'), 'image/jpeg');
      assert.equal(served.headers.get('X-Content-Type-Options'), 'nosniff');
      assert.match(served.headers.get('Content-Disposition')!, /^inline; filename="[\w-]+\.jpg"$/);
      assert.match(served.headers.get('Content-Security-Policy')!, /sandbox/);
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), JPEG);
      const range = await s.proxy.fetch(new Request(photo.url, { headers: { Range: 'bytes=2-5' } }));
      assert.equal(range.status, 206);
      assert.equal(range.headers.get('Content-Range'), `bytes 2-5/${JPEG.byteLength}`);
      assert.deepEqual(new Uint8Array(await range.arrayBuffer()), JPEG.slice(2, 6));

      const video = await issue(s, token, 'video', 'video/webm', 64);
      assert.equal((await put(s, video, new Uint8Array(64))).status, 200);
      const poster = await issue(s, token, 'thumbnail', 'image/png', 16);
      assert.equal((await put(s, poster, new Uint8Array(16))).status, 200);
      const media = await issue(s, token, 'media', 'image/webp', 8);
      assert.equal((await put(s, media, new Uint8Array(8))).status, 200);
      const answer = await s.submit({
        token,
        consent: true,
        customer_name: 'Ada',
        customer_avatar: photo.url,
        video_url: video.url,
        thumbnail_url: poster.url,
        media: [{ url: media.url, type: 'image', alt: 'The board' }],
      });
      assert.equal(answer.status, 201, await answer.clone().text());
      assert.deepEqual(
        [s.writes[0]!.type, s.writes[0]!.customer_avatar, s.writes[0]!.video_url, s.writes[0]!.thumbnail_url, s.writes[0]!.media],
        ['video', photo.url, video.url, poster.url, [{ url: media.url, type: 'image', alt: 'The board' }]],
      );
    } finally {
      await s.close();
    }
  });

  it('refuses a PUT with a changed signature, type or size, or after its expiry', async () => {
    const s = await setup({ disk: true });
    try {
      const token = await s.token();
      const photo = await issue(s, token, 'photo', 'image/jpeg', JPEG.byteLength);
      const tampered = { ...photo, upload: { ...photo.upload, url: photo.upload.url.replace(/size=\d+/, 'size=999999') } };
      assert.equal((await put(s, tampered, JPEG)).status, 403);
      assert.equal((await put(s, photo, JPEG, { 'Content-Type': 'text/html' })).status, 415);
      assert.equal((await put(s, photo, new Uint8Array(JPEG.byteLength + 1))).status, 413);
      assert.equal((await put(s, photo, JPEG.slice(1))).status, 413);
      const streamed = await s.proxy.fetch(
        new Request(photo.upload.url, {
          method: 'PUT',
          headers: photo.upload.headers,
          body: new Blob([new Uint8Array(JPEG.byteLength * 4)]).stream(),
          duplex: 'half',
        } as RequestInit),
      );
      assert.equal(streamed.status, 413, 'cut off while it streams in');
      assert.equal((await s.proxy.fetch(new Request(photo.url))).status, 404, 'nothing half-written is served');
      s.advance(15 * 60_000 + 1);
      assert.equal((await put(s, photo, JPEG)).status, 403);
      assert.equal((await s.proxy.fetch(new Request(`${BASE}/uploads/..%2f..%2fetc%2fpasswd`))).status, 404);
    } finally {
      await s.close();
    }
  });

  it('refuses a submission naming a file it did not issue, of another use, or that never arrived; nothing reaches the service', async () => {
    const s = await setup({ disk: true });
    try {
      const token = await s.token();
      const photo = await issue(s, token, 'photo', 'image/jpeg', JPEG.byteLength);
      const media = await issue(s, token, 'media', 'image/jpeg', JPEG.byteLength);
      assert.equal((await put(s, media, JPEG)).status, 200);
      const forged = photo.url.replace(/-[\w-]{22}\.jpg$/, '-AAAAAAAAAAAAAAAAAAAAAA.jpg');
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ customer_avatar: photo.url }, 'customer_avatar', /did not arrive/],
        [{ customer_avatar: forged }, 'customer_avatar', /not a file uploaded/],
        [{ customer_avatar: media.url }, 'customer_avatar', /not a file uploaded/],
        [
          { customer_avatar: `https://elsewhere.example/api/uploads/${media.url.split('/uploads/')[1]}` },
          'customer_avatar',
          /not a file uploaded/,
        ],
        [{ media: [{ url: photo.url.replace('/photo/', '/media/') }] }, 'media[0].url', /not a file uploaded/],
        [{ video_url: media.url }, 'video_url', /not a file uploaded/],
      ];
      for (const [fields, field, message] of cases) {
        const answer = await s.submit({ token, consent: true, customer_name: 'Ada', ...fields });
        assert.equal(answer.status, 400, field);
        const error = await errorOf(answer);
        assert.deepEqual([error.code, error.field], ['invalid_field', field]);
        assert.match(error.message, message);
      }
      assert.deepEqual(s.writes, []);
    } finally {
      await s.close();
    }
  });
});
