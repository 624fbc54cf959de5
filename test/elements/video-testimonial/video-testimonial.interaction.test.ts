/**
 * How a `<video-testimonial>` starts: from the keyboard, by autoplay (muted heroes only, never under
 * reduced motion, only once in view), and what happens when the browser refuses to play.
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { mediaRequests, videoTestimonial } from './video-fixtures.js';
import { harness } from '../../support/harness/index.js';

/** Generous: the machine running the suite may be busy; nothing here measures speed. */
const PLAYBACK = { timeout: 30000 };

/**
 * Pretends the viewer asked the system for reduced motion, for the length of `run`: `matchMedia`
 * answers the query with a list that says so and tells of changes, as a real one does.
 */
async function withReducedMotion(run: () => Promise<void>): Promise<void> {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    query.includes('prefers-reduced-motion: reduce')
      ? (Object.assign(new EventTarget(), { matches: true, media: query, onchange: null }) as unknown as MediaQueryList)
      : original.call(window, query);
  try {
    await run();
  } finally {
    window.matchMedia = original;
  }
}

describe('<video-testimonial> interaction', function () {
  // Real media on a shared machine: a slow start is not a failure, a missing one is.
  this.timeout(60000);

  it('plays from the keyboard: Tab to the button, Enter; then focus is on the player', async () => {
    const container = await fixture<HTMLElement>(html`
      <div>
        <button id="before">before</button>
        <video-testimonial muted .testimonial=${videoTestimonial()}></video-testimonial>
      </div>
    `);
    const el = container.querySelector('video-testimonial')!;
    container.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(harness(el).focused).to.equal(harness(el).part('play-button'));
    const outline = getComputedStyle(harness(el).part('play-button')!).outlineStyle;
    expect(outline, 'a visible focus ring').to.not.equal('none');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
    await el.updateComplete;
    expect(harness(el).focused).to.equal(harness(el).part('video'));
  });

  it('plays with Space too', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial muted src="/src/sandbox/media/low.mp4"></video-testimonial>`);
    harness(el).part('play-button')!.focus();
    await sendKeys({ press: ' ' });
    await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
  });

  it('opens the transcript from the keyboard', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>`);
    const details = harness(el).transcript!;
    details.querySelector('summary')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => details.open, 'the transcript opens', PLAYBACK);
  });

  it('autoplays a muted hero once it is in view', async () => {
    const container = await fixture<HTMLElement>(html`
      <div>
        <div style="height: 300vh"></div>
        <video-testimonial autoplay muted src="/src/sandbox/media/low.mp4"></video-testimonial>
      </div>
    `);
    const el = container.querySelector('video-testimonial')!;
    await aTimeout(300);
    expect(el.paused, 'not while out of view').to.be.true;
    expect(el.playbackType).to.equal('');
    el.scrollIntoView();
    try {
      await waitUntil(() => el.currentTime > 0, 'autoplays in view', PLAYBACK);
      expect(harness(el).video.hasAttribute('playsinline')).to.be.true;
    } finally {
      window.scrollTo(0, 0);
    }
  });

  it('does not autoplay with sound, nor for viewers who asked for reduced motion', async () => {
    const loud = await fixture<VideoTestimonial>(
      html`<video-testimonial autoplay src="/src/sandbox/media/medium.mp4"></video-testimonial>`,
    );
    await withReducedMotion(async () => {
      const calm = await fixture<VideoTestimonial>(
        html`<video-testimonial autoplay muted src="/src/sandbox/media/high.mp4"></video-testimonial>`,
      );
      await aTimeout(500);
      expect(calm.playbackType).to.equal('');
      expect(harness(calm).part('play-button')).to.exist;
    });
    expect(loud.playbackType).to.equal('');
    expect(mediaRequests().filter((url) => /\/(medium|high)\.mp4$/.test(url))).to.deep.equal([]);
  });

  it('follows reduced motion live: asking for it pauses a hero that autoplays', async () => {
    const original = window.matchMedia;
    const answer = Object.assign(new EventTarget(), { matches: false, media: '(prefers-reduced-motion: reduce)', onchange: null });
    window.matchMedia = (query: string) =>
      query.includes('prefers-reduced-motion') ? (answer as unknown as MediaQueryList) : original.call(window, query);
    try {
      const el = await fixture<VideoTestimonial>(
        html`<video-testimonial autoplay muted src="/src/sandbox/media/low.mp4"></video-testimonial>`,
      );
      // The clip is a few seconds long: looped, it pauses only when asked to.
      harness(el).video.loop = true;
      await waitUntil(() => el.currentTime > 0 && !el.paused, 'autoplays in view', PLAYBACK);
      await aTimeout(200);
      expect(el.paused, 'still playing before the change').to.equal(false);
      answer.matches = true;
      answer.dispatchEvent(new Event('change'));
      await waitUntil(() => el.paused, 'paused once reduced motion is asked for', PLAYBACK);
    } finally {
      window.matchMedia = original;
    }
  });

  it('handles a refused play(): rejects with NotAllowedError, no unhandled rejection, controls stay usable', async () => {
    const unhandled: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    const originalPlay = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      return Promise.reject(new DOMException('Autoplay is not allowed.', 'NotAllowedError'));
    };
    try {
      const el = await fixture<VideoTestimonial>(html`<video-testimonial src="/src/sandbox/media/low.mp4"></video-testimonial>`);
      let rejection: unknown;
      await el.play().catch((error: unknown) => (rejection = error));
      expect((rejection as DOMException).name).to.equal('NotAllowedError');
      // The click path must swallow the same refusal.
      const other = await fixture<VideoTestimonial>(html`<video-testimonial src="/src/sandbox/media/low.mp4"></video-testimonial>`);
      void harness(other).play();
      await waitUntil(() => harness(other).video.controls, 'the player shows its controls', PLAYBACK);
      await aTimeout(50);
      expect(unhandled).to.deep.equal([]);
      expect(harness(el).video.controls).to.be.true;
      expect(harness(el).part('error')).to.be.null;
    } finally {
      HTMLMediaElement.prototype.play = originalPlay;
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
