/**
 * The player's captions: a `captions` WebVTT file as a `<track>` once playback starts, or the subtitle
 * and closed-caption renditions an HLS stream declares; a CC button, shown while the video has any,
 * that follows them whoever changes them (this button, hls.js, the native controls).
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Words } from '../shared/localize.js';

/** Whether the video has captions or subtitles to show, and whether they are showing. */
export type CaptionsState = 'none' | 'off' | 'on';

/** The video's text tracks a viewer reads along: a `captions` `<track>`, or what hls.js or Safari found in the stream. */
function captionTracks(video: HTMLVideoElement): TextTrack[] {
  return [...video.textTracks].filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
}

export class CaptionsController {
  /** `none` until the video has caption tracks. */
  state: CaptionsState = 'none';
  /** The caption track last shown, shown again when the viewer turns captions back on. */
  private last: TextTrack | undefined;
  private video: HTMLVideoElement | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The testimonial's language: the track of that language is the first shown. */
    private readonly lang: () => string | undefined,
  ) {}

  /** Follows `video`'s tracks (it lives as long as the shadow root: the listeners need no removing). */
  follow(video: HTMLVideoElement): void {
    this.video = video;
    for (const type of ['addtrack', 'removetrack', 'change']) video.textTracks.addEventListener(type, this.sync);
  }

  /** The `<track>` of a `captions` URL (`src`, checked), while the player plays. */
  renderTrack(src: string | undefined, label: string): TemplateResult | typeof nothing {
    if (!src) return nothing;
    return html`<track kind="captions" src=${src} srclang=${this.lang() || nothing} label=${label} default />`;
  }

  /** The CC button, while the video has captions. */
  renderButton(w: Words): TemplateResult | typeof nothing {
    if (this.state === 'none') return nothing;
    return html`<button part="captions-button" type="button" aria-pressed=${this.state === 'on' ? 'true' : 'false'} @click=${this.toggle}>
      <span>CC</span><span class="visually-hidden"> ${w('Captions')}</span>
    </button>`;
  }

  private readonly sync = (): void => {
    const tracks = this.video ? captionTracks(this.video) : [];
    const showing = tracks.find((track) => track.mode === 'showing');
    if (showing) this.last = showing;
    const state = showing ? 'on' : tracks.length ? 'off' : 'none';
    if (state === this.state) return;
    this.state = state;
    this.host.requestUpdate();
  };

  private readonly toggle = (): void => {
    if (!this.video) return;
    const tracks = captionTracks(this.video);
    const showing = tracks.filter((track) => track.mode === 'showing');
    if (showing.length) {
      for (const track of showing) track.mode = 'disabled';
      return;
    }
    const lang = this.lang();
    const track =
      (this.last && tracks.includes(this.last) ? this.last : undefined) ??
      tracks.find((candidate) => lang && candidate.language === lang) ??
      tracks[0];
    if (track) track.mode = 'showing';
  };
}
