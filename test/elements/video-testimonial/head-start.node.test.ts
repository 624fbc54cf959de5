import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chooseVariant, firstMedia, parseVariants } from '../../../src/elements/video-testimonial/head-start.js';

const MEDIA = new URL('../../../src/sandbox/media/hls/', import.meta.url);
const BASE = 'https://cdn.example/v/hls/index.m3u8';
const master = readFileSync(new URL('index.m3u8', MEDIA), 'utf8');

describe('the head start of an HLS stream', () => {
  it('reads the variants of the sample master playlist, URLs made absolute', () => {
    assert.deepEqual(
      parseVariants(master, BASE).map((variant) => [variant.url, variant.width, variant.height, variant.bandwidth]),
      [
        ['https://cdn.example/v/hls/480p/playlist.m3u8', 854, 480, 288200],
        ['https://cdn.example/v/hls/360p/playlist.m3u8', 640, 360, 189200],
        ['https://cdn.example/v/hls/240p/playlist.m3u8', 426, 240, 117700],
      ],
    );
  });

  it('keeps the codecs of a variant whose audio is in its own segments, for the first frame before hls.js', () => {
    assert.equal(parseVariants(master, BASE)[1]?.codecs, 'avc1.4d401e,mp4a.40.2');
    const grouped = parseVariants('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aac"\nv.m3u8\n', BASE);
    assert.equal(grouped[0]?.codecs, undefined, 'audio from a rendition group: the segments hold video alone');
  });

  it('starts with the smallest variant that covers the player, not the master playlist’s first', () => {
    const variants = parseVariants(master, BASE);
    const start = (width: number, height: number) => chooseVariant(variants, { width, height })?.height;
    assert.equal(start(640, 360), 360, 'the bench’s 640 px player');
    assert.equal(start(320, 180), 240);
    assert.equal(start(641, 361), 480);
    assert.equal(start(360, 640), 360, 'a portrait player: its larger side, as hls.js caps it');
    assert.equal(start(1920, 1080), 480, 'the largest when none covers it');
    assert.equal(start(0, 0), 240, 'a player not laid out yet');
    const twins = parseVariants(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\nhigh.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360\nlow.m3u8\n',
      BASE,
    );
    assert.equal(
      chooseVariant(twins, { width: 600, height: 338 })?.url,
      'https://cdn.example/v/hls/low.m3u8',
      'the lower bandwidth of one size',
    );
    assert.equal(chooseVariant([], { width: 640, height: 360 }), undefined);
  });

  it('fetches the init segment and the first segment of a video on demand, and nothing of a live or ranged one', () => {
    const level = readFileSync(new URL('360p/playlist.m3u8', MEDIA), 'utf8');
    const base = 'https://cdn.example/v/hls/360p/playlist.m3u8';
    assert.deepEqual(firstMedia(level, base), ['https://cdn.example/v/hls/360p/init.mp4', 'https://cdn.example/v/hls/360p/seg0.m4s']);
    assert.deepEqual(firstMedia(level.replace('#EXT-X-ENDLIST', ''), base), [], 'live: hls.js starts near the end');
    assert.deepEqual(firstMedia(level.replace('seg0.m4s', '#EXT-X-BYTERANGE:1000@0\nall.m4s'), base), []);
    assert.deepEqual(
      firstMedia(level.replace(/^#EXT-X-MAP.*$/m, ''), base),
      ['https://cdn.example/v/hls/360p/seg0.m4s'],
      'no init segment',
    );
  });
});
