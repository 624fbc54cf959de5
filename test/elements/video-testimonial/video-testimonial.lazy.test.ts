/**
 * Before play, a `<video-testimonial>` costs a poster and nothing else. This file runs in its own page
 * and its tests run in order: nothing here may play until the last test, which asks.
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { DANGEROUS_URLS } from '../shared/hostile.js';
import { hlsChunkRequests, mediaRequests, mediaUrl, requestedUrls, videoTestimonial } from './video-fixtures.js';

function part(el: VideoTestimonial, name: string): HTMLElement | null {
  return el.shadowRoot!.querySelector(`[part="${name}"]`);
}

async function posterLoaded(el: VideoTestimonial): Promise<void> {
  const poster = part(el, 'poster') as HTMLImageElement;
  await waitUntil(() => poster.complete && poster.naturalWidth > 0, 'the poster loads', { timeout: 30000 });
}

describe('<video-testimonial> before play', function () {
  // Real media on a shared machine: a slow start is not a failure, a missing one is.
  this.timeout(60000);

  it('shows the poster, a labelled play button and the duration, in reserved space', async () => {
    const el = await fixture<VideoTestimonial>(
      html`<video-testimonial style="width: 480px" .testimonial=${videoTestimonial()}></video-testimonial>`,
    );
    await posterLoaded(el);
    expect((part(el, 'poster') as HTMLImageElement).src).to.equal(mediaUrl('poster.jpg'));
    expect(part(el, 'poster')!.getAttribute('alt')).to.equal('', 'decorative: the button names the video');
    const button = part(el, 'play-button') as HTMLButtonElement;
    expect(button.localName).to.equal('button');
    expect(button.getAttribute('aria-label')).to.equal('Play video testimonial from Ada');
    const duration = part(el, 'duration')!;
    expect(duration.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Duration 0:06');
    expect(duration.getAttribute('datetime')).to.equal('PT6S');
    const frame = part(el, 'frame')!.getBoundingClientRect();
    expect(frame.width / frame.height).to.be.closeTo(16 / 9, 0.02);
    const video = part(el, 'video') as HTMLVideoElement;
    expect(video.getAttribute('preload')).to.equal('none');
    expect(video.hasAttribute('src')).to.be.false;
    expect(video.hasAttribute('poster'), 'the poster is the <img>, requested once').to.be.false;
    expect(video.controls).to.be.false;
    expect(el.paused).to.be.true;
    expect(el.currentSrc).to.equal('');
  });

  it('reserves the space of a portrait video, and lets the page override it', async () => {
    const portrait = videoTestimonial({ aspect_ratio: '9:16' });
    const el = await fixture<VideoTestimonial>(html`<video-testimonial style="width: 180px" .testimonial=${portrait}></video-testimonial>`);
    const box = part(el, 'frame')!.getBoundingClientRect();
    expect(box.height).to.be.closeTo(320, 1);
    el.style.setProperty('--video-testimonial-aspect-ratio', '1');
    expect(part(el, 'frame')!.getBoundingClientRect().height).to.be.closeTo(180, 1);
  });

  it('names standalone videos, honours label, and shows the transcript behind a disclosure', async () => {
    const plain = await fixture<VideoTestimonial>(html`<video-testimonial src="/src/sandbox/media/low.mp4"></video-testimonial>`);
    expect(part(plain, 'play-button')!.getAttribute('aria-label')).to.equal('Play video testimonial');
    expect(part(plain, 'duration'), 'no duration known before play').to.be.null;
    expect(part(plain, 'transcript')).to.be.null;
    const labelled = await fixture<VideoTestimonial>(
      html`<video-testimonial label="our customer story" transcript="Hello there." src="/src/sandbox/media/low.mp4"></video-testimonial>`,
    );
    expect(part(labelled, 'play-button')!.getAttribute('aria-label')).to.equal('Play our customer story');
    const transcript = part(labelled, 'transcript') as HTMLDetailsElement;
    expect(transcript.localName).to.equal('details');
    expect(transcript.open).to.be.false;
    expect(transcript.querySelector('summary')!.textContent).to.equal('Transcript');
    expect(transcript.textContent).to.contain('Hello there.');
  });

  it('says so, without a play button, when there is nothing to play', async () => {
    const text = videoTestimonial({}, { type: 'text', video: null, video_url: null });
    const el = await fixture<VideoTestimonial>(html`<video-testimonial .testimonial=${text}></video-testimonial>`);
    expect(part(el, 'play-button')).to.be.null;
    expect(part(el, 'error')!.textContent).to.contain('This video is not available.');
    let rejection: unknown;
    await el.play().catch((error: unknown) => (rejection = error));
    expect((rejection as DOMException).name).to.equal('NotSupportedError');
  });

  it('never puts a dangerous URL in the page', async () => {
    for (const bad of DANGEROUS_URLS) {
      const hostile = videoTestimonial(
        { hls_url: bad, mp4_urls: { high: bad, medium: bad, low: bad } },
        { video_url: bad, thumbnail_url: bad },
      );
      const el = await fixture<VideoTestimonial>(
        html`<div>
          <video-testimonial .testimonial=${hostile} captions=${bad}></video-testimonial>
          <video-testimonial src=${bad} poster=${bad}></video-testimonial>
        </div>`,
      );
      for (const player of el.querySelectorAll('video-testimonial')) {
        await player.play().catch(() => undefined);
        await player.updateComplete;
        const root = player.shadowRoot!;
        expect(root.querySelector('img, track, video[src], video[poster]'), bad).to.be.null;
        expect(root.querySelector('[part="error"]')!.textContent, bad).to.contain('not available');
      }
    }
  });

  it('takes its colours from around it: the text colour, the public accent, an enclosing theme', async () => {
    const container = await fixture<HTMLElement>(html`
      <div style="color: rgb(10, 20, 30); --testimonial-color-accent: rgb(200, 0, 100)">
        <video-testimonial transcript="Hi." src="/src/sandbox/media/low.mp4"></video-testimonial>
      </div>
    `);
    const el = container.querySelector('video-testimonial')!;
    const details = part(el, 'transcript')!;
    expect(getComputedStyle(details.querySelector('.transcript-text')!).color).to.equal('rgb(10, 20, 30)');
    expect(getComputedStyle(details.querySelector('summary')!).color).to.equal('rgb(200, 0, 100)');
    container.style.removeProperty('--testimonial-color-accent');
    // What a dark card's shadow root holds: its private accent token, inherited into the player.
    container.style.setProperty('--_t-accent', 'rgb(108, 178, 255)');
    expect(getComputedStyle(details.querySelector('summary')!).color).to.equal('rgb(108, 178, 255)');
  });

  it('is accessible', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>`);
    await expect(el).to.be.accessible();
  });

  it('has downloaded no media and no hls.js so far', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>`);
    await posterLoaded(el);
    // Time for anything eager (preload, a static import, an early hls.js instance) to show up.
    await aTimeout(300);
    // Resource timing records module scripts here, so a static import of hls.js would show.
    expect(requestedUrls().some((url) => url.includes('/video-testimonial/video-testimonial.ts'))).to.be.true;
    expect(mediaRequests()).to.deep.equal([]);
    expect(hlsChunkRequests()).to.deep.equal([]);
  });

  it('primes playback on hover or focus: the playlist read, hls.js loaded, and no media', async () => {
    const container = await fixture<HTMLElement>(html`
      <div>
        <video-testimonial src="/src/sandbox/media/low.mp4"></video-testimonial>
        <video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>
        <video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>
      </div>
    `);
    const [mp4Only, hovered, focused] = container.querySelectorAll('video-testimonial');
    const video = (player: VideoTestimonial) => part(player, 'video') as HTMLVideoElement;
    part(mp4Only!, 'play-button')!.dispatchEvent(new PointerEvent('pointerenter'));
    await aTimeout(100);
    expect(hlsChunkRequests(), 'an mp4-only video has no use for hls.js').to.deep.equal([]);
    expect(video(mp4Only!).hasAttribute('src'), 'nor is its file put on the video before play').to.be.false;

    part(hovered!, 'play-button')!.dispatchEvent(new PointerEvent('pointerenter'));
    // Primed: hls.js loaded and given the master playlist, then the controls built (see the controls below).
    await waitUntil(() => video(hovered!).controls, 'hls.js is readied ahead of the click', { timeout: 30000 });
    // The sample stream declares subtitles: the full build, the only one that reads them, and not light.
    expect(hlsChunkRequests()).to.have.length(1);
    expect(hlsChunkRequests()[0]).not.to.match(/light/);
    await aTimeout(300);
    expect(mediaRequests(), 'the master playlist, once, and nothing else').to.deep.equal([mediaUrl('hls/index.m3u8')]);
    expect(hovered!.paused).to.be.true;
    expect(hovered!.currentSrc, 'nothing plays yet').to.equal('');
    // Not attached: the click's first segment goes to a MediaSource the player opens, then to hls.js.
    expect(video(hovered!).hasAttribute('src'), 'nothing on the video before play').to.be.false;
    // The native controls are built on intent too (their first build in a page is costly), unseen.
    expect(video(hovered!).controls).to.be.true;
    expect(getComputedStyle(video(hovered!)).visibility).to.equal('hidden');

    // One primed player per page: focus moves on, and the first lets its MediaSource go.
    part(focused!, 'play-button')!.focus();
    await waitUntil(() => video(focused!).controls, 'the focused player is primed', { timeout: 30000 });
    await aTimeout(300);
    expect(mediaRequests(), 'the playlist was read once for both').to.deep.equal([mediaUrl('hls/index.m3u8')]);
  });

  it('asks for the media when the viewer clicks play', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial muted .testimonial=${videoTestimonial()}></video-testimonial>`);
    part(el, 'play-button')!.click();
    await waitUntil(() => mediaRequests().includes(mediaUrl('hls/index.m3u8')), 'the playlist is requested', { timeout: 30000 });
    await waitUntil(() => el.currentTime > 0, 'and plays', { timeout: 30000 });
  });

  it('leaves hls.js until after the first frame when the pointer clicks as it arrives', async () => {
    // The pointer's arrival (and the click's focus) primed playback at once: the hls.js chunk was
    // downloaded and evaluated beside the click's first segment, and held its frame back. A stream
    // without captions: hls.js light, which no test of this page has loaded yet.
    const el = await fixture<VideoTestimonial>(
      html`<video-testimonial muted .testimonial=${videoTestimonial({ hls_url: mediaUrl('vertical/hls/index.m3u8'), aspect_ratio: '9:16' })}></video-testimonial>`,
    );
    const video = part(el, 'video') as HTMLVideoElement;
    const light = () => hlsChunkRequests().filter((url) => /light/.test(url));
    expect(light(), 'hls.js light not loaded before').to.deep.equal([]);
    let atFrame: string[] | undefined;
    // Registered before the player's own wait for the frame, so it runs first.
    const frame = () => (atFrame ??= light());
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(frame);
    else (video as HTMLVideoElement).addEventListener('loadeddata', frame, { once: true });
    const button = part(el, 'play-button')!;
    button.dispatchEvent(new PointerEvent('pointerenter'));
    button.focus();
    button.click();
    await waitUntil(() => atFrame, 'the first frame', { timeout: 30000 });
    expect(atFrame, 'no hls.js before the first frame').to.deep.equal([]);
    await waitUntil(() => light().length === 1, 'hls.js light after it', { timeout: 30000 });
  });
});
