import { expect, oneEvent } from '@open-wc/testing';
import { createSandbox } from '../../src/sandbox/index.js';
import type { TestimonialList } from '../../src/client/types.js';

// The sandbox is a plain Fetch handler: a browser test can use it with no server and no Node modules.
describe('createSandbox in a browser', () => {
  it('answers the API in-process', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(
      new Request(`${location.origin}/v1/testimonials?lang=ar&limit=5`, { headers: { Authorization: 'Bearer sandbox-key' } }),
    );
    expect(response.status).to.equal(200);
    const body = (await response.json()) as TestimonialList;
    expect(body.total).to.equal(body.testimonials.length);
    expect(body.testimonials.length).to.be.greaterThan(0);
  });

  it('links media on the page origin, where the test server serves the files', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(
      new Request(`${location.origin}/v1/testimonials?type=video&limit=1`, { headers: { Authorization: 'sandbox-key' } }),
    );
    const [video] = ((await response.json()) as TestimonialList).testimonials;
    expect(video!.thumbnail_url!.startsWith(`${location.origin}/media/`)).to.equal(true);
    // Without a media reader in the browser, the in-process sandbox says so instead of failing.
    const media = await sandbox.fetch(new Request(video!.thumbnail_url!));
    expect(media.status).to.equal(404);
  });
});

// The committed sample media decode in the browser (the test server serves them at /src/sandbox/media).
describe('sample media', () => {
  for (const file of ['high.mp4', 'medium.mp4', 'low.mp4', 'vertical/high.mp4', 'vertical/low.mp4']) {
    it(`${file} plays`, async () => {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'auto';
      video.src = `/src/sandbox/media/${file}`;
      document.body.append(video);
      try {
        const playing = oneEvent(video, 'playing');
        await video.play();
        await playing;
        expect(video.error).to.equal(null);
        expect(video.videoWidth).to.be.greaterThan(0);
        expect(video.duration).to.be.within(5.9, 6.1);
      } finally {
        video.remove();
      }
    });
  }

  it('the HLS renditions use codecs Media Source Extensions accept', async () => {
    const master = await (await fetch('/src/sandbox/media/hls/index.m3u8')).text();
    const codecs = [...master.matchAll(/CODECS="([^"]+)"/g)].map((match) => match[1]!);
    expect(codecs.length).to.equal(3);
    for (const codec of codecs) expect(MediaSource.isTypeSupported(`video/mp4; codecs="${codec}"`), codec).to.equal(true);
  });
});
