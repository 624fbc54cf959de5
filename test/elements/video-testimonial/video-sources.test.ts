import { assert } from '@open-wc/testing';
import type { Testimonial } from '../../../src/client/types.js';
import {
  DEFAULT_ASPECT_RATIO,
  formatDuration,
  isHlsUrl,
  isoDuration,
  orderRenditions,
  parseAspectRatio,
  resolveVideoSources,
  type Mp4Rendition,
} from '../../../src/elements/video-testimonial/video-sources.js';
import { DANGEROUS_URLS } from '../shared/hostile.js';

const CDN = 'https://cdn.example.com/v/1';

function testimonial(video: Partial<NonNullable<Testimonial['video']>> | null = {}, fields: Partial<Testimonial> = {}): Testimonial {
  return {
    id: 'a1',
    type: 'video',
    customer_name: '  Ada Lovelace ',
    thumbnail_url: `${CDN}/poster.jpg`,
    video_url: `${CDN}/high.mp4`,
    video:
      video === null
        ? null
        : {
            duration: 75.4,
            aspect_ratio: '16:9',
            mp4_urls: { high: `${CDN}/high.mp4`, medium: `${CDN}/medium.mp4`, low: `${CDN}/low.mp4` },
            hls_url: `${CDN}/index.m3u8`,
            transcript: ' Hello. \n',
            ...video,
          },
    ...fields,
  } as Testimonial;
}

describe('resolveVideoSources', () => {
  it('takes every source from a testimonial, high quality first, video_url not repeated', () => {
    const sources = resolveVideoSources({ testimonial: testimonial() });
    assert.strictEqual(sources.hls, `${CDN}/index.m3u8`);
    assert.deepEqual(
      sources.mp4.map((r) => r.quality),
      ['high', 'medium', 'low'],
    );
    assert.strictEqual(sources.poster, `${CDN}/poster.jpg`);
    assert.strictEqual(sources.duration, 75.4);
    assert.strictEqual(sources.aspectRatio, 16 / 9);
    assert.strictEqual(sources.transcript, 'Hello.');
    assert.strictEqual(sources.customerName, 'Ada Lovelace');
  });

  it('falls back to video_url when the video object has no usable high rendition', () => {
    const sources = resolveVideoSources({
      testimonial: testimonial({ mp4_urls: { high: '', medium: `${CDN}/m.mp4`, low: 'javascript:alert(1)' } }),
    });
    assert.deepEqual(sources.mp4, [
      { url: `${CDN}/high.mp4`, quality: 'high' },
      { url: `${CDN}/m.mp4`, quality: 'medium' },
    ]);
    const bare = resolveVideoSources({ testimonial: testimonial(null) });
    assert.deepEqual(bare.mp4, [{ url: `${CDN}/high.mp4`, quality: 'high' }]);
    assert.strictEqual(bare.hls, undefined);
    assert.strictEqual(bare.duration, undefined);
    assert.strictEqual(bare.aspectRatio, DEFAULT_ASPECT_RATIO);
  });

  it('lets the standalone attributes win, detecting HLS by extension or type', () => {
    const hls = resolveVideoSources({ testimonial: testimonial(), src: '/media/hls/index.m3u8?v=2', poster: '/media/poster.jpg' });
    assert.strictEqual(hls.hls, '/media/hls/index.m3u8?v=2');
    assert.deepEqual(hls.mp4, []);
    assert.strictEqual(hls.poster, '/media/poster.jpg');
    const mp4 = resolveVideoSources({ src: 'https://x.example/clip', type: 'video/mp4' });
    assert.strictEqual(mp4.hls, undefined);
    assert.deepEqual(mp4.mp4, [{ url: 'https://x.example/clip', quality: 'high' }]);
    const typed = resolveVideoSources({ src: 'https://x.example/stream', type: 'application/x-mpegURL' });
    assert.strictEqual(typed.hls, 'https://x.example/stream');
  });

  it('drops every dangerous URL, wherever it comes from', () => {
    for (const bad of DANGEROUS_URLS) {
      const fromTestimonial = resolveVideoSources({
        testimonial: testimonial({ hls_url: bad, mp4_urls: { high: bad, medium: bad, low: bad } }, { video_url: bad, thumbnail_url: bad }),
      });
      assert.strictEqual(fromTestimonial.hls, undefined, bad);
      assert.deepEqual(fromTestimonial.mp4, [], bad);
      assert.strictEqual(fromTestimonial.poster, undefined, bad);
      const standalone = resolveVideoSources({ src: bad, poster: bad });
      assert.deepEqual([standalone.hls, standalone.mp4.length, standalone.poster], [undefined, 0, undefined], bad);
    }
  });

  it('survives malformed testimonials', () => {
    const odd = {
      customer_name: 42,
      video: { duration: -1, aspect_ratio: 'wide', transcript: null, mp4_urls: null },
    } as unknown as Testimonial;
    const sources = resolveVideoSources({ testimonial: odd });
    assert.deepEqual(sources, { mp4: [], aspectRatio: DEFAULT_ASPECT_RATIO, transcript: '', customerName: '' });
    assert.deepEqual(resolveVideoSources({}), { mp4: [], aspectRatio: DEFAULT_ASPECT_RATIO, transcript: '', customerName: '' });
  });
});

describe('parseAspectRatio and isHlsUrl', () => {
  it('reads width:height and a few friendly forms, refusing the rest', () => {
    assert.strictEqual(parseAspectRatio('16:9'), 16 / 9);
    assert.strictEqual(parseAspectRatio(' 9 : 16 '), 9 / 16);
    assert.strictEqual(parseAspectRatio('4/3'), 4 / 3);
    assert.strictEqual(parseAspectRatio('1.5'), 1.5);
    assert.strictEqual(parseAspectRatio(2), 2);
    for (const bad of ['16:0', '0:9', '-16:9', 'wide', '', '16:9:1', null, undefined, Number.NaN, -1, Infinity]) {
      assert.strictEqual(parseAspectRatio(bad), undefined, String(bad));
    }
  });

  it('tells HLS by the path, not the query string', () => {
    assert.strictEqual(isHlsUrl('https://x.example/a/index.M3U8'), true);
    assert.strictEqual(isHlsUrl('/a/index.m3u8?token=1'), true);
    assert.strictEqual(isHlsUrl('/a/video.mp4?fake=.m3u8'), false);
    assert.strictEqual(isHlsUrl('/a/index.m3u8', 'video/mp4'), false, 'an explicit type wins');
  });
});

describe('orderRenditions', () => {
  const all: Mp4Rendition[] = [
    { url: 'h', quality: 'high' },
    { url: 'm', quality: 'medium' },
    { url: 'l', quality: 'low' },
  ];
  const order = (width: number, ratio = 16 / 9, renditions = all) => orderRenditions(renditions, width, ratio).map((r) => r.url);

  it('puts the smallest rendition that fills the player first, then the nearest others', () => {
    assert.deepEqual(order(320), ['l', 'm', 'h']);
    assert.deepEqual(order(640), ['l', 'm', 'h']);
    assert.deepEqual(order(700), ['m', 'l', 'h']);
    assert.deepEqual(order(1280), ['m', 'h', 'l']);
    assert.deepEqual(order(1500), ['h', 'm', 'l']);
  });

  it('takes the largest when none is big enough, and copes with missing renditions', () => {
    assert.deepEqual(order(4000), ['h', 'm', 'l']);
    assert.deepEqual(order(300, 16 / 9, [all[0]!, all[2]!]), ['l', 'h']);
    assert.deepEqual(order(300, 16 / 9, []), []);
  });

  it('sizes portrait videos by their width', () => {
    // 9:16: low is 360 px wide, medium 720, high 1080.
    assert.deepEqual(order(400, 9 / 16), ['m', 'l', 'h']);
    assert.deepEqual(order(360, 9 / 16), ['l', 'm', 'h']);
  });
});

describe('durations', () => {
  it('formats the badge and the machine-readable form', () => {
    assert.strictEqual(formatDuration(6), '0:06');
    assert.strictEqual(formatDuration(75.4), '1:15');
    assert.strictEqual(formatDuration(3725), '1:02:05');
    assert.strictEqual(formatDuration(-3), '0:00');
    assert.strictEqual(isoDuration(75.4), 'PT1M15S');
    assert.strictEqual(isoDuration(3725), 'PT1H2M5S');
    assert.strictEqual(isoDuration(6), 'PT6S');
  });
});
