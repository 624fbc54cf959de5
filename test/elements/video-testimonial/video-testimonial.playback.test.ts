import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { mediaRequests, videoTestimonial } from './video-fixtures.js';

const PLAYBACK_TIMEOUT = { timeout: 12000 };

describe('<video-testimonial> playback', () => {
  it('plays the HLS stream through hls.js', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial muted .testimonial=${videoTestimonial()}></video-testimonial>`);
    await el.play();
    expect(el.playbackType).to.equal('hls.js');
    await waitUntil(() => el.currentTime > 0, 'frames advance', PLAYBACK_TIMEOUT);
    expect(mediaRequests().some((url) => url.endsWith('.m4s'))).to.be.true;
  });
});
