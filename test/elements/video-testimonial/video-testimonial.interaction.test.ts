/**
 * How a `<video-testimonial>` starts: from the keyboard, by autoplay (muted heroes only, never under
 * reduced motion, only once in view), and what happens when the browser refuses to play.
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { mediaRequests, videoTestimonial } from './video-fixtures.js';

/** Generous: the machine running the suite may be busy; nothing here measures speed. */
const PLAYBACK = { timeout: 30000 };

function part(el: VideoTestimonial, name: string): HTMLElement | null {
  return el.shadowRoot!.querySelector(`[part="${name}"]`);
}

/** Pretends the viewer asked the system for reduced motion, for the length of `run`. */
async function withReducedMotion(run: () => Promise<void>): Promise<void> {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    query.includes('prefers-reduced-motion: reduce') ? ({ matches: true, media: query } as MediaQueryList) : original.call(window, query);
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
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'play-button'));
    const outline = getComputedStyle(part(el, 'play-button')!).outlineStyle;
    expect(outline, 'a visible focus ring').to.not.equal('none');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'video'));
  });

  it('plays with Space too', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial muted src="/src/sandbox/media/low.mp4"></video-testimonial>`);
    part(el, 'play-button')!.focus();
    await sendKeys({ press: ' ' });
    await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
  });

  it('opens the transcript from the keyboard', async () => {
    const el = await fixture<VideoTestimonial>(html`<video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>`);
    const details = part(el, 'transcript') as HTMLDetailsElement;
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
      expect(el.shadowRoot!.querySelector('video')!.hasAttribute('playsinline')).to.be.true;
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
      expect(part(calm, 'play-button')).to.exist;
    });
    expect(loud.playbackType).to.equal('');
    expect(mediaRequests().filter((url) => /\/(medium|high)\.mp4$/.test(url))).to.deep.equal([]);
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
      part(other, 'play-button')!.click();
      await waitUntil(() => (part(other, 'video') as HTMLVideoElement).controls, 'the player shows its controls', PLAYBACK);
      await aTimeout(50);
      expect(unhandled).to.deep.equal([]);
      expect((part(el, 'video') as HTMLVideoElement).controls).to.be.true;
      expect(part(el, 'error')).to.be.null;
    } finally {
      HTMLMediaElement.prototype.play = originalPlay;
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
