// @test-browsers: chromium (the plan is a function of a stubbed environment: each browser is imitated, none is asked)
import { assert } from '@open-wc/testing';
import type { HlsConstructor } from '../../../src/elements/video-testimonial/hls-loader.js';
import { planPlayback, type PlaybackEnvironment, type PlaybackSource } from '../../../src/elements/video-testimonial/playback-engine.js';
import { resolveVideoSources } from '../../../src/elements/video-testimonial/video-sources.js';

const sources = resolveVideoSources({
  testimonial: {
    customer_name: 'Ada',
    video_url: null,
    video: {
      duration: 6,
      aspect_ratio: '16:9',
      hls_url: 'https://cdn.example/index.m3u8',
      mp4_urls: { high: 'https://cdn.example/h.mp4', medium: 'https://cdn.example/m.mp4', low: 'https://cdn.example/l.mp4' },
      transcript: '',
    },
  } as never,
});

/** A `<video>` that answers `canPlayType` for the HLS MIME type like the browser being imitated. */
function video(hlsAnswer: CanPlayTypeResult): Pick<HTMLVideoElement, 'canPlayType'> {
  return { canPlayType: (type: string) => (type === 'application/vnd.apple.mpegurl' ? hlsAnswer : '') };
}

/** A browser with or without MSE, whose hls.js chunk loads (and says whether it is supported) or fails. */
function environment(mse: boolean, hls: 'supported' | 'unsupported' | 'fails'): PlaybackEnvironment & { loads: number } {
  const env = {
    loads: 0,
    hasMediaSource: () => mse,
    loadHls: async () => {
      env.loads++;
      if (hls === 'fails') throw new TypeError('Failed to fetch dynamically imported module');
      return { isSupported: () => hls === 'supported' } as unknown as HlsConstructor;
    },
  };
  return env;
}

const describePlan = (plan: PlaybackSource[]) => plan.map((s) => `${s.type} ${s.url.split('/').pop()}`);

describe('planPlayback (DESIGN "Video playback order")', () => {
  it('uses hls.js where MSE exists and hls.js is supported, then mp4 best fit first', async () => {
    const plan = await planPlayback(sources, video('maybe'), 600, environment(true, 'supported'));
    assert.deepEqual(describePlan(plan), ['hls.js index.m3u8', 'mp4 l.mp4', 'mp4 m.mp4', 'mp4 h.mp4']);
  });

  it('never treats a Chromium-like browser as native HLS, even when the hls.js chunk fails to load', async () => {
    const plan = await planPlayback(sources, video('maybe'), 2000, environment(true, 'fails'));
    assert.deepEqual(describePlan(plan), ['mp4 h.mp4', 'mp4 m.mp4', 'mp4 l.mp4']);
  });

  it('plays HLS natively only where hls.js cannot run and the browser says it can', async () => {
    const safari = environment(false, 'supported');
    const plan = await planPlayback(sources, video('maybe'), 600, safari);
    assert.deepEqual(describePlan(plan), ['hls-native index.m3u8', 'mp4 l.mp4', 'mp4 m.mp4', 'mp4 h.mp4']);
    assert.strictEqual(safari.loads, 0, 'no MSE: hls.js is never downloaded');
    const unsupported = await planPlayback(sources, video('probably'), 600, environment(true, 'unsupported'));
    assert.strictEqual(unsupported[0]!.type, 'hls-native');
  });

  it('goes straight to mp4 when neither hls.js nor the browser plays HLS', async () => {
    for (const env of [environment(false, 'supported'), environment(true, 'unsupported')]) {
      const plan = await planPlayback(sources, video(''), 600, env);
      assert.deepEqual(describePlan(plan), ['mp4 l.mp4', 'mp4 m.mp4', 'mp4 h.mp4']);
    }
  });

  it('does not load hls.js for a video without HLS', async () => {
    const env = environment(true, 'supported');
    const mp4Only = resolveVideoSources({ src: 'https://cdn.example/clip.mp4' });
    assert.deepEqual(describePlan(await planPlayback(mp4Only, video('maybe'), 600, env)), ['mp4 clip.mp4']);
    assert.strictEqual(env.loads, 0);
  });

  it('picks hls.js in this real browser', async () => {
    const plan = await planPlayback(sources, document.createElement('video'), 600);
    assert.strictEqual(plan[0]!.type, 'hls.js');
  });
});
