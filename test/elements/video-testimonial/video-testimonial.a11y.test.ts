/**
 * What a keyboard user, a screen-reader user and forced colours get from `<video-testimonial>` (issue 13):
 * a visible focus ring on the playing video, focus kept when the video fails, a ring that holds on any
 * poster, a player that survives forced colours, the whole poster in any frame, and captions.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import * as hlsLoader from '../../../src/elements/video-testimonial/hls-loader.js';
import { DEAD, hlsChunkRequests, mediaUrl, videoTestimonial } from './video-fixtures.js';
import { emulateForcedColors } from '../../support/forced-colors.js';

/** Generous: the machine running the suite may be busy; nothing here measures speed. */
const PLAYBACK = { timeout: 30000 };

function part(el: VideoTestimonial, name: string): HTMLElement | null {
  return el.shadowRoot!.querySelector(`[part="${name}"]`);
}

/** The `part` of the element focused in the player: a string, so a failure message stays short. */
function focusedPart(el: VideoTestimonial): string | null {
  return el.shadowRoot!.activeElement?.getAttribute('part') ?? null;
}

function frameOf(el: VideoTestimonial): HTMLElement {
  return part(el, 'frame')!;
}

/** A player after the play button, behind a button to Tab from, so focus moves as a keyboard user's does. */
async function playerAfterButton(player: ReturnType<typeof html>): Promise<VideoTestimonial> {
  const container = await fixture<HTMLElement>(html`<div><button id="before">before</button>${player}</div>`);
  container.querySelector<HTMLButtonElement>('#before')!.focus();
  await sendKeys({ press: 'Tab' });
  const el = container.querySelector('video-testimonial')!;
  expect(focusedPart(el)).to.equal('play-button');
  return el;
}

type Rgb = [number, number, number];

function parseRgb(colour: string): Rgb {
  const match = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(colour);
  if (!match) throw new Error(`not an rgb() colour: ${colour}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, b] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The bands of a ring drawn inside an element's box: its outline when drawn inward (a negative offset
 * at least its width), and its inset box shadows' spread. A ring drawn outward would be clipped by the
 * frame (`overflow: hidden`), so it does not count.
 */
function insideRing(style: CSSStyleDeclaration): { colour: Rgb; width: number }[] {
  const bands: { colour: Rgb; width: number }[] = [];
  const width = parseFloat(style.outlineWidth);
  if (style.outlineStyle !== 'none' && width >= 1 && parseFloat(style.outlineOffset) <= -width) {
    bands.push({ colour: parseRgb(style.outlineColor), width });
  }
  if (style.boxShadow !== 'none') {
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const spread = /inset/.test(shadow) ? shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) : null;
      if (spread?.length === 4) bands.push({ colour: parseRgb(shadow), width: parseFloat(spread[3]!) });
    }
  }
  return bands;
}

describe('<video-testimonial> accessibility', function () {
  // Real media on a shared machine: a slow start is not a failure, a missing one is.
  this.timeout(60000);

  it('shows a focus ring, inside the frame, on the playing video (Enter on play moves focus there)', async () => {
    const el = await playerAfterButton(html`<video-testimonial muted .testimonial=${videoTestimonial()}></video-testimonial>`);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
    await el.updateComplete;
    expect(focusedPart(el)).to.equal('video');
    const rings = [...insideRing(getComputedStyle(part(el, 'video')!)), ...insideRing(getComputedStyle(frameOf(el), '::after'))];
    expect(rings, 'a ring drawn inside the frame, over the video').to.not.be.empty;
    // Drawn over the video: the frame's overlay must sit on top of it.
    const overlay = getComputedStyle(frameOf(el), '::after');
    if (insideRing(overlay).length) expect(overlay.position).to.equal('absolute');
  });

  it('keeps focus in the player when the video fails: on "Try again", and again after a failed retry', async () => {
    const dead = videoTestimonial({
      hls_url: DEAD.hls(),
      mp4_urls: { high: DEAD.mp4('high'), medium: DEAD.mp4('medium'), low: DEAD.mp4('low') },
    });
    const el = await playerAfterButton(html`<video-testimonial muted .testimonial=${dead}></video-testimonial>`);
    const failed = oneEvent(el, 'error');
    await sendKeys({ press: 'Enter' });
    await failed;
    await el.updateComplete;
    expect(document.activeElement?.localName, 'not <body>').to.equal('video-testimonial');
    expect(focusedPart(el)).to.equal('retry-button');
    const failedAgain = oneEvent(el, 'error');
    await sendKeys({ press: 'Enter' });
    await failedAgain;
    await el.updateComplete;
    expect(focusedPart(el)).to.equal('retry-button');
  });

  it("draws the play button's focus ring in two colours, one of them at least 3:1 on any poster", async () => {
    const el = await playerAfterButton(html`<video-testimonial .testimonial=${videoTestimonial()}></video-testimonial>`);
    const bands = insideRing(getComputedStyle(part(el, 'play-button')!));
    expect(bands.length, 'two bands').to.be.at.least(2);
    const [outer, inner] = bands as [{ colour: Rgb; width: number }, { colour: Rgb; width: number }];
    expect(inner.width - outer.width, 'the inner band shows at least 2px beyond the outer one').to.be.at.least(2);
    expect(contrast(outer.colour, inner.colour), 'the two bands tell apart').to.be.at.least(3);
    // Blue and dark posters (where the accent ring read 1.3:1), a white one, a mid grey, saturated colours.
    const posters: Rgb[] = [
      [10, 95, 194],
      [18, 18, 18],
      [0, 0, 0],
      [255, 255, 255],
      [119, 119, 119],
      [0, 0, 255],
      [255, 0, 0],
      [255, 255, 0],
    ];
    for (const poster of posters) {
      const best = Math.max(contrast(poster, outer.colour), contrast(poster, inner.colour));
      expect(best, `ring on rgb(${poster.join(', ')})`).to.be.at.least(3);
    }
  });

  it('shows the whole poster, letterboxed, when its shape differs from the frame (a landscape poster in a portrait player)', async () => {
    const portrait = videoTestimonial({ aspect_ratio: '9:16' });
    const cell = await fixture<HTMLElement>(
      html`<div style="width: 180px"><video-testimonial .testimonial=${portrait}></video-testimonial></div>`,
    );
    const player = cell.querySelector('video-testimonial')!;
    await player.updateComplete;
    const poster = part(player, 'poster') as HTMLImageElement;
    await waitUntil(() => poster.complete && poster.naturalWidth > 0, 'the poster loads', PLAYBACK);
    expect(poster.naturalWidth / poster.naturalHeight, 'a landscape poster').to.be.greaterThan(1);
    const box = poster.getBoundingClientRect();
    expect(box.height / box.width, 'in a portrait frame').to.be.greaterThan(1.5);
    // Only `contain` and `scale-down` draw all of an image whose ratio differs from its box's.
    expect(['contain', 'scale-down']).to.include(getComputedStyle(poster).objectFit);
  });

  describe('under forced colours (Chromium: emulated over CDP)', () => {
    before(async function () {
      if (!(await emulateForcedColors('active'))) this.skip();
      expect(matchMedia('(forced-colors: active)').matches).to.be.true;
    });
    after(() => emulateForcedColors('none'));

    it('keeps a player without a poster visible: a bordered frame and a play disc in button colours', async () => {
      const el = await fixture<VideoTestimonial>(html`<video-testimonial src=${mediaUrl('low.mp4')}></video-testimonial>`);
      const frame = getComputedStyle(frameOf(el));
      expect(parseFloat(frame.borderTopWidth), "the frame's edge").to.be.at.least(1);
      expect(frame.borderTopStyle).to.not.equal('none');
      const probe = await fixture<HTMLElement>(html`<div style="background: Canvas">page</div>`);
      const page = parseRgb(getComputedStyle(probe).backgroundColor);
      expect(contrast(parseRgb(frame.borderTopColor), page), 'the border against the page').to.be.at.least(3);
      const disc = getComputedStyle(el.shadowRoot!.querySelector('.play-icon')!);
      expect(parseFloat(disc.borderTopWidth), "the disc's edge").to.be.at.least(1);
      expect(contrast(parseRgb(disc.borderTopColor), parseRgb(frame.backgroundColor)), 'the disc against the frame').to.be.at.least(3);
      const icon = getComputedStyle(el.shadowRoot!.querySelector('.play-icon svg')!);
      expect(contrast(parseRgb(icon.fill), parseRgb(disc.backgroundColor)), 'the triangle against the disc').to.be.at.least(3);
    });
  });

  describe('captions', () => {
    it('shows the captions an HLS stream declares, with a captions button (name, aria-pressed, keyboard)', async () => {
      const el = await fixture<VideoTestimonial>(html`<video-testimonial muted .testimonial=${videoTestimonial()}></video-testimonial>`);
      await el.play();
      await waitUntil(() => part(el, 'captions-button'), 'a captions button', PLAYBACK);
      const video = part(el, 'video') as HTMLVideoElement;
      const track = [...video.textTracks].find((candidate) => candidate.kind === 'captions' || candidate.kind === 'subtitles')!;
      expect(track.language).to.equal('en');
      await waitUntil(() => (track.cues?.length ?? 0) > 0, 'the WebVTT cues arrive', PLAYBACK);
      expect(track.mode, 'shown by default (DEFAULT=YES)').to.equal('showing');
      const cues = [...track.cues!] as VTTCue[];
      expect(cues[0]!.text).to.equal('[A steady test tone hums]');
      expect(cues[0]!.startTime).to.be.closeTo(0, 0.1);
      expect(cues[1]!.startTime, 'timed as authored').to.be.closeTo(2, 0.1);

      const button = part(el, 'captions-button') as HTMLButtonElement;
      expect(button.getAttribute('aria-pressed')).to.equal('true');
      expect(button.textContent!.replace(/\s+/g, ' ')).to.contain('Captions');
      // Issue 28, item 9 (2.5.3, label in name): the "CC" the button shows is in its name.
      const text = (hidden: string) =>
        [...button.querySelectorAll('span')]
          .filter((span) => !span.matches(hidden))
          .map((span) => span.textContent!.trim())
          .join(' ');
      expect(text('[aria-hidden="true"]'), 'its name').to.contain(text('.visually-hidden'));
      button.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => button.getAttribute('aria-pressed') === 'false', 'turned off from the keyboard');
      expect(track.mode).to.not.equal('showing');
      await sendKeys({ press: ' ' });
      await waitUntil(() => button.getAttribute('aria-pressed') === 'true', 'turned on again');
      expect(track.mode).to.equal('showing');
      expect(
        hlsChunkRequests().some((url) => /\/hls\.m?js|\/hls\.min/.test(new URL(url).pathname)),
        'the full hls.js build',
      ).to.be.true;
    });

    it('loads the full hls.js build only for a stream that declares captions', async () => {
      const { declaresTextRenditions } = hlsLoader;
      expect(declaresTextRenditions).to.be.a('function');
      expect(await declaresTextRenditions(mediaUrl('hls/index.m3u8'))).to.be.true;
      expect(await declaresTextRenditions(mediaUrl('vertical/hls/index.m3u8'))).to.be.false;
      expect(await declaresTextRenditions(DEAD.hls()), 'an unreadable playlist: light, which reports the failure').to.be.false;
    });

    it('plays a stream without captions with no captions button, and the transcript beside it before and after play', async () => {
      const plain = videoTestimonial({ hls_url: mediaUrl('vertical/hls/index.m3u8'), aspect_ratio: '9:16' });
      const el = await fixture<VideoTestimonial>(html`<video-testimonial muted .testimonial=${plain}></video-testimonial>`);
      const summary = () => part(el, 'transcript')?.querySelector('summary');
      expect(summary(), 'the transcript before play').to.exist;
      await el.play();
      await waitUntil(() => el.currentTime > 0, 'playing', PLAYBACK);
      expect(el.playbackType).to.equal('hls.js');
      expect(part(el, 'captions-button')).to.be.null;
      summary()!.focus();
      expect(el.shadowRoot!.activeElement === summary(), 'the transcript is reachable after play').to.be.true;
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => (part(el, 'transcript') as HTMLDetailsElement).open, 'it opens');
    });
  });
});

describe('<video-testimonial> label in a language of its own (issue 28, item 11)', () => {
  /** The text `aria-labelledby` names, read from the ids in the player's shadow root. */
  function labelledText(el: VideoTestimonial, owner: Element): string {
    const ids = (owner.getAttribute('aria-labelledby') ?? '').split(' ').filter(Boolean);
    return ids
      .map((id) => el.shadowRoot!.getElementById(id)?.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }

  it("marks a label the data gave with the data's language, and the words around it with the player's", async () => {
    const el = await fixture<VideoTestimonial>(
      html`<video-testimonial lang="ar" src=${mediaUrl('low.mp4')} label="A 6-second screen recording" label-lang="en"></video-testimonial>`,
    );
    await waitUntil(() => part(el, 'play-button'), 'the Arabic words arrive');
    const button = part(el, 'play-button')!;
    expect(button.hasAttribute('aria-label'), 'no one-language aria-label').to.equal(false);
    expect(labelledText(el, button)).to.equal('تشغيل: A 6-second screen recording');
    expect(el.shadowRoot!.getElementById('label')!.matches(':lang(en)'), 'the label says English').to.equal(true);
    expect(el.shadowRoot!.getElementById('play-before')!.matches(':lang(ar)'), '"play" says Arabic').to.equal(true);
    expect(labelledText(el, part(el, 'video')!)).to.equal('A 6-second screen recording');
    await expect(el).to.be.accessible();
  });

  it("keeps a one-language aria-label when the label is in the player's language", async () => {
    const el = await fixture<VideoTestimonial>(
      html`<video-testimonial lang="ar" src=${mediaUrl('low.mp4')} label="مقطع" label-lang="ar"></video-testimonial>`,
    );
    await waitUntil(() => part(el, 'play-button'), 'the Arabic words arrive');
    expect(part(el, 'play-button')!.getAttribute('aria-label')).to.equal('تشغيل: مقطع');
    expect(el.shadowRoot!.getElementById('label')).to.equal(null);
  });
});
