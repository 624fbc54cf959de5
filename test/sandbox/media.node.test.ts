import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandbox } from './helpers.js';

const api = sandbox();
const get = (path: string, headers: Record<string, string> = {}) => api.fetch(new Request(`http://sandbox.test${path}`, { headers }));
const HIGH = readFileSync(new URL('../../src/sandbox/media/high.mp4', import.meta.url));

describe('/media', () => {
  it('serves every kind of file with its Content-Type, without auth', async () => {
    const types: [string, string][] = [
      ['/media/poster.jpg', 'image/jpeg'],
      ['/media/high.mp4', 'video/mp4'],
      ['/media/hls/index.m3u8', 'application/vnd.apple.mpegurl'],
      ['/media/hls/480p/init.mp4', 'video/mp4'],
      ['/media/hls/240p/seg0.m4s', 'video/iso.segment'],
      ['/media/hls/subtitles/en.vtt', 'text/vtt'],
      ['/media/avatars/ada.png', 'image/png'],
      ['/media/avatars/linus.webp', 'image/webp'],
      ['/media/logos/lumen.svg', 'image/svg+xml'],
    ];
    for (const [path, type] of types) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('Content-Type'), type, path);
      assert.equal(response.headers.get('Accept-Ranges'), 'bytes');
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      assert.ok((await response.arrayBuffer()).byteLength > 0);
    }
  });

  it('the master playlist names renditions that exist', async () => {
    const master = await (await get('/media/hls/index.m3u8')).text();
    const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    assert.ok(variants.length >= 2);
    for (const variant of variants) {
      const playlist = await (await get(`/media/hls/${variant}`)).text();
      assert.match(playlist, /#EXT-X-MAP:URI="init.mp4"/);
      assert.match(playlist, /#EXT-X-ENDLIST/);
      const folder = variant.split('/')[0];
      for (const segment of playlist.split('\n').filter((line) => line.endsWith('.m4s'))) {
        assert.equal((await get(`/media/hls/${folder}/${segment}`)).status, 200, segment);
      }
    }
  });

  it('the master playlist declares an English captions rendition, a WebVTT file that exists', async () => {
    const master = await (await get('/media/hls/index.m3u8')).text();
    const media = /^#EXT-X-MEDIA:TYPE=SUBTITLES,.*$/m.exec(master)?.[0] ?? '';
    assert.match(media, /LANGUAGE="en"/);
    assert.match(media, /describes-music-and-sound/);
    const uri = /URI="([^"]+)"/.exec(media)?.[1] ?? '';
    const playlist = await (await get(`/media/hls/${uri}`)).text();
    const vtt = playlist.split('\n').find((line) => line.endsWith('.vtt'));
    const captions = await (await get(`/media/hls/${uri.replace(/[^/]+$/, '')}${vtt}`)).text();
    assert.match(captions, /^WEBVTT\n/);
    assert.match(captions, /00:00:00\.000 --> 00:00:02\.000\n\[A steady test tone hums\]/);
    for (const line of master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'))) assert.match(line, /SUBTITLES="subs"/);
  });

  it('answers byte ranges with 206 and Content-Range, as <video> needs', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, HIGH.byteLength - 1],
      ['bytes=-50', HIGH.byteLength - 50, HIGH.byteLength - 1],
      [`bytes=10-${HIGH.byteLength + 500}`, 10, HIGH.byteLength - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get('/media/high.mp4', { Range: range });
      assert.equal(response.status, 206, range);
      assert.equal(response.headers.get('Content-Range'), `bytes ${start}-${end}/${HIGH.byteLength}`);
      const body = Buffer.from(await response.arrayBuffer());
      assert.ok(body.equals(HIGH.subarray(start, end + 1)), range);
    }
  });

  it('416 for a range past the end; the whole file for a range it does not understand', async () => {
    const past = await get('/media/high.mp4', { Range: `bytes=${HIGH.byteLength}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('Content-Range'), `bytes */${HIGH.byteLength}`);
    const several = await get('/media/high.mp4', { Range: 'bytes=0-1,5-6' });
    assert.equal(several.status, 200);
    assert.equal((await several.arrayBuffer()).byteLength, HIGH.byteLength);
  });

  it('404 JSON for missing files and for paths that try to leave the folder', async () => {
    for (const path of [
      '/media/nope.mp4',
      '/media/../index.ts',
      '/media/%2e%2e/index.ts',
      '/media/hls/..%2f..%2fapp.ts',
      '/media/.hidden',
      '/media/%E0%A4%A',
    ]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get('Content-Type') ?? '', /json/);
    }
  });

  it('takes files from the reader it is given', async () => {
    const custom = createSandbox({ media: async (path) => (path === 'x.png' ? new Uint8Array([1, 2, 3]) : undefined) });
    const response = await custom.fetch(new Request('http://h/media/x.png'));
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), new Uint8Array([1, 2, 3]));
    assert.equal((await custom.fetch(new Request('http://h/media/poster.jpg'))).status, 404);
  });
});
