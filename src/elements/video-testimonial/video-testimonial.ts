import { html, isServer, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { safeUrl } from '../shared/safe-url.js';
import { warnInvalid } from '../shared/warnings.js';
import { sameLanguage } from '../shared/locale.js';
import { styleProperties } from '../shared/style-properties.js';
import { takeOver } from '../shared/take-over.js';
import { TestimonialElement, type ServerShadow } from '../shared/testimonial-element.js';
import { CaptionsController } from './captions.js';
import { hasMediaSource } from './hls-loader.js';
import { PlaybackEngine, planPlayback, type PlaybackSource, type PlaybackType } from './playback-engine.js';
import { claimPlayback, claimPriming, releasePlayback, releasePriming } from './playback-registry.js';
import { formatDuration, isoDuration, resolveVideoSources, type VideoSources } from './video-sources.js';
import { videoTestimonialStyles } from './video-testimonial.styles.js';
import { InViewAutoplay } from './in-view-autoplay.js';

/** Where the player is: showing its poster, playing (or paused), or out of sources. */
type Phase = 'poster' | 'active' | 'failed';

/** The `detail` of the host's `error` event, fired once every source has failed. */
export interface VideoTestimonialErrorDetail {
  message: string;
  /** The sources tried, in order. */
  sources: readonly PlaybackSource[];
}

/** `error` on `<video-testimonial>`: every source failed (the platform's name, with a `detail`). */
export type VideoTestimonialErrorEvent = CustomEvent<VideoTestimonialErrorDetail>;

interface PlayWaiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Media events of the inner `<video>` that the host fires again, so frameworks can listen on it. */
const FORWARDED_EVENTS = ['play', 'playing', 'pause', 'ended', 'timeupdate'] as const;

/** A pointer or focus resting this long on the play button is an intent to play (see `prime`). */
const INTENT_REST_MS = 100;

/** A start slower than this (a slow network) gets the native controls, and their loading spinner, before its first frame. */
const CONTROLS_LATE_MS = 1000;

const playIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 4.5v15a1 1 0 0 0 1.52.85l12-7.5a1 1 0 0 0 0-1.7l-12-7.5A1 1 0 0 0 6 4.5Z"/></svg>`;

/** Fires a media event again on the host: composed, so it leaves any shadow root the host is in. */
function redispatch(host: HTMLElement, event: Event): void {
  host.dispatchEvent(new Event(event.type, { composed: true }));
}

function abortError(message: string): DOMException {
  return new DOMException(message, 'AbortError');
}

/**
 * A video testimonial that costs nothing until it is watched: a poster, a play button and the
 * duration, with the space reserved; the video itself loads only when the viewer presses play. For an
 * HLS stream, the pointer or focus on the player readies playback (the master playlist read, hls.js
 * loaded and handed it; no media), so the click waits for the first segment alone, which the player
 * appends itself before handing the video to hls.js. HLS plays through hls.js light where Media Source
 * Extensions exist, natively on Safari-like browsers, and falls back to the mp4 renditions (best fit for the player first); when
 * nothing plays, the poster stays with a message and the transcript.
 *
 * The host speaks the media-element API (`play()`, `pause()`, `paused`, `currentTime`, `duration`,
 * `muted`), and one player at a time plays on a page. Disconnecting tears hls.js down and stops every
 * download. Captions from another origin need CORS on their server.
 *
 * Captions: a `captions` WebVTT file, or the subtitle and closed-caption renditions an HLS stream
 * declares (read by the full hls.js build, which is loaded for such streams only), with a captions
 * button in the player. The transcript stays next to the player, before and after play.
 *
 * @tagname video-testimonial
 * @summary A lazy, accessible video testimonial player (HLS through hls.js, mp4 fallbacks).
 *
 * @csspart frame - The box of the player; holds the reserved aspect ratio.
 * @csspart poster - The poster image, shown before play and with the error message.
 * @csspart play-button - The button over the poster that starts playback.
 * @csspart duration - The duration badge on the poster.
 * @csspart video - The `<video>` element.
 * @csspart error - The message shown when no source could be played.
 * @csspart retry-button - The "Try again" button in the error message.
 * @csspart captions-button - The captions on/off button, shown while the video has captions or subtitles.
 * @csspart transcript - The transcript disclosure (`<details>`).
 *
 * @cssproperty --video-testimonial-aspect-ratio - Overrides the box's ratio (default: the video's `aspect_ratio`, else 16 / 9).
 * @cssproperty --video-testimonial-background - Letterbox colour behind the video. Default `#000`.
 * @cssproperty --video-testimonial-play-size - Diameter of the play button's disc. Default `4rem`.
 * @cssproperty --video-testimonial-play-background - Fill of the play button's disc. Default `rgb(0 0 0 / 0.7)`.
 * @cssproperty --video-testimonial-play-color - Colour of the play icon. Default `#fff`.
 * @cssproperty --testimonial-radius - Corner radius of the frame (shared token).
 * @cssproperty --testimonial-focus-color - Focus ring colour (shared token). The transcript text inherits the surrounding colour.
 * @cssproperty --testimonial-color-accent - Colour of the transcript toggle and the focus ring (shared token; inside a card, the card's theme).
 * @cssproperty --testimonial-spacing - Padding of the error message (shared token).
 *
 * @fires {Event} play - Playback was requested (re-dispatched from the inner video; composed).
 * @fires {Event} playing - Playback started or resumed (composed).
 * @fires {Event} pause - Playback paused (composed).
 * @fires {Event} ended - Playback reached the end (composed).
 * @fires {Event} timeupdate - The current time changed (composed).
 * @fires {VideoTestimonialErrorEvent} error - Every source failed; `detail` is a `VideoTestimonialErrorDetail` (composed).
 */
export class VideoTestimonial extends TestimonialElement {
  static override styles = videoTestimonialStyles;
  static override properties = {
    testimonial: { attribute: false },
    src: {},
    type: {},
    poster: {},
    captions: {},
    transcript: {},
    label: {},
    labelLang: { attribute: 'label-lang' },
    muted: { type: Boolean, reflect: true },
    autoplay: { type: Boolean },
    phase: { state: true },
    controlsBuilt: { state: true },
  };

  /** The testimonial to play (spec 2.1): uses `video`, `video_url`, `thumbnail_url` and `customer_name`. */
  testimonial: CardTestimonial | null = null;

  /** For standalone use: an HLS playlist (`.m3u8`) or an mp4 URL. Wins over the testimonial's sources. */
  src?: string;

  /** The MIME type of `src` when its extension does not tell (`application/vnd.apple.mpegurl`, `video/mp4`). */
  type?: string;

  /** For standalone use: the poster image URL. Wins over the testimonial's `thumbnail_url`. */
  poster?: string;

  /** A WebVTT captions URL, added as `<track kind="captions">` once playback starts. */
  captions?: string;

  /** The transcript text; defaults to the testimonial's `video.transcript`. */
  transcript?: string;

  /** Names the video for assistive technology. Default: "Video testimonial from {customer_name}" in the player's language. */
  label?: string;

  /**
   * The language of `label` when it is not the player's: a label the data gave, in a page of another
   * language. The label is then marked with it (through `aria-labelledby`), the player's words with theirs.
   */
  labelLang?: string;

  /** Plays without sound. Reflects the viewer's choice in the player's controls. */
  muted = false;

  /**
   * Starts playing, muted and inline, when scrolled into view (hero use). Needs `muted` too, and does
   * nothing for people who asked for reduced motion.
   */
  autoplay = false;

  private phase: Phase = 'poster';
  /**
   * Whether the video has its native controls. Their first build in a page costs Chromium 30-50 ms of
   * style and SVG icons (100 ms on a loaded machine), so it never sits between the click and the first
   * frame: built unseen once playback is readied on intent, else once the first frame is there (or
   * the play paused or refused, or `CONTROLS_LATE_MS` passed on a slow network, for the spinner).
   */
  private controlsBuilt = false;
  private controlsTimer: ReturnType<typeof setTimeout> | undefined;
  private intentTimer: ReturnType<typeof setTimeout> | undefined;

  /** The `<video>` of the player, once rendered. */
  private get video(): HTMLVideoElement | null {
    return this.renderRoot?.querySelector('video') ?? null;
  }

  private sources: VideoSources = resolveVideoSources({});
  private engine: PlaybackEngine | undefined;
  /** The engine readied on play intent (hls.js loaded, its playlist read), until the play takes it. */
  private primed: PlaybackEngine | undefined;
  private playWaiters: PlayWaiter[] = [];
  private startTime = 0;
  private focusVideoOnStart = false;
  private focusErrorOnFail = false;
  private readonly captionsControl = new CaptionsController(this, () => this.testimonial?.lang);
  private readonly inView = new InViewAutoplay(this, {
    playing: () => Boolean(this.engine) && !this.paused,
    atPoster: () => this.phase === 'poster',
    play: () => this.requestPlayback(),
  });
  private failure: VideoTestimonialErrorDetail | null = null;

  /** Whether playback is paused (true before the first play), as on a media element. */
  get paused(): boolean {
    return this.video?.paused ?? true;
  }

  /** Whether playback reached the end. */
  get ended(): boolean {
    return this.video?.ended ?? false;
  }

  /** The playback position in seconds; setting it before play sets where playback starts. */
  get currentTime(): number {
    return this.engine && this.video ? this.video.currentTime : this.startTime;
  }

  set currentTime(seconds: number) {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`currentTime must be a finite number of seconds ≥ 0, got ${String(seconds)}.`);
    }
    if (this.engine) this.engine.seek(seconds);
    else this.startTime = seconds;
  }

  /** Length in seconds: the media's once known, else the testimonial's `video.duration`, else NaN. */
  get duration(): number {
    const media = this.video?.duration;
    if (media !== undefined && Number.isFinite(media)) return media;
    return this.sources.duration ?? Number.NaN;
  }

  /** Why playback failed, after the host's `error` event; `null` otherwise (as a media element's `error`). */
  get error(): VideoTestimonialErrorDetail | null {
    return this.failure;
  }

  /** The URL being played (the HLS playlist when hls.js plays it), or `''` before play. */
  get currentSrc(): string {
    return this.engine?.current?.url ?? '';
  }

  /** How the current source plays: `hls.js`, `hls-native` or `mp4`; `''` before play. */
  get playbackType(): PlaybackType | '' {
    return this.engine?.current?.type ?? '';
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    // Rendered on the server (testimonial-elements/ssr): the testimonial comes in the data island.
    this.testimonial ??= takeOver(this) ?? null;
    return super.createRenderRoot();
  }

  /** The frame's ratio, which the browser sets through CSSOM (a portrait video drawn 16:9 would move what follows). @internal */
  static override serverShadow(player: VideoTestimonial): ServerShadow {
    return { css: `[part=frame]{--_v-ratio:${Number(player.sources.aspectRatio)}}` };
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.teardown(abortError('The element was removed from the page.'));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    for (const name of ['src', 'poster', 'captions'] as const) {
      const value = this[name];
      if (changed.has(name) && value && !safeUrl(value, 'media') && !(name === 'poster' && safeUrl(value, 'image'))) {
        warnInvalid(this.reportProblem, name, value, 'is not a safe http(s) URL', 'none');
      }
    }
    if (changed.has('testimonial') || changed.has('src') || changed.has('type') || changed.has('poster')) {
      const previous = this.sources;
      this.sources = resolveVideoSources(this);
      const sameMedia = previous.hls === this.sources.hls && JSON.stringify(previous.mp4) === JSON.stringify(this.sources.mp4);
      if (!sameMedia && this.phase !== 'poster') this.teardown(abortError('The video source changed.'));
      if (!sameMedia) this.unprime();
    }
  }

  protected override firstUpdated(): void {
    this.listenToVideo();
  }

  protected override updated(): void {
    if (this.focusVideoOnStart && this.phase === 'active') {
      this.focusVideoOnStart = false;
      this.video?.focus({ preventScroll: true });
    }
    if (this.focusErrorOnFail && this.phase === 'failed') {
      // The video that had focus is hidden now: focus goes to "Try again" (or the message), not to <body>.
      this.focusErrorOnFail = false;
      const root = this.renderRoot;
      const target = root.querySelector<HTMLElement>('[part="retry-button"]') ?? root.querySelector<HTMLElement>('[part="error"]');
      target?.focus({ preventScroll: true });
    }
  }

  /**
   * Starts playback, loading the video first if needed. Resolves once it plays; rejects like a media
   * element's `play()`: `NotAllowedError` when the browser refuses, `AbortError` when paused or removed
   * first, `NotSupportedError` when no source plays.
   */
  play(): Promise<void> {
    if (this.engine && this.video && !this.video.paused && this.video.readyState > 2) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.playWaiters.push({ resolve, reject });
      this.requestPlayback();
    });
  }

  /** Pauses playback. */
  pause(): void {
    this.engine?.pause();
    this.settlePlayWaiters(abortError('The play() request was interrupted by a call to pause().'));
  }

  private requestPlayback(): void {
    this.updateComplete.then(
      () => {
        if (!this.isConnected || !this.video) {
          this.settlePlayWaiters(new DOMException('The element is not on the page.', 'InvalidStateError'));
          return;
        }
        if (this.engine) {
          this.engine.play();
          return;
        }
        this.startEngine(this.video);
      },
      (error: unknown) => this.settlePlayWaiters(error),
    );
  }

  private createEngine(video: HTMLVideoElement): PlaybackEngine {
    return new PlaybackEngine(video, {
      onSource: () => this.requestUpdate(),
      onExhausted: (tried) => this.fail(tried),
      onPlayRefused: (error) => {
        // The viewer presses play in the controls instead.
        this.buildControls();
        this.settlePlayWaiters(error);
      },
    });
  }

  /** The sources to try, in order, for this player's width (hls.js loaded first when it is planned). */
  private plan(video: HTMLVideoElement): Promise<PlaybackSource[]> {
    return planPlayback(this.sources, video, this.deviceSize(video).width);
  }

  /** The size the video is drawn at, in device pixels: what the first rendition must cover. */
  private deviceSize(video: HTMLVideoElement): { width: number; height: number } {
    const scale = globalThis.devicePixelRatio || 1;
    // The frame's box: the video in it may not be laid out yet (hidden behind the poster).
    const { width, height } = (video.parentElement ?? this).getBoundingClientRect();
    return { width: width * scale, height: height * scale };
  }

  private startEngine(video: HTMLVideoElement): void {
    // Readied on intent: only the media is left to load.
    const engine = this.primed ?? this.createEngine(video);
    this.primed = undefined;
    releasePriming(this);
    this.engine = engine;
    this.failure = null;
    this.phase = 'active';
    if (!this.controlsBuilt) this.controlsTimer ??= setTimeout(this.buildControls, CONTROLS_LATE_MS);
    const startTime = this.startTime;
    if (engine.started) engine.seek(startTime);
    // The stream's first media fetched while hls.js loads (or, primed, all at once rather than in a row).
    if (this.sources.hls && hasMediaSource()) engine.fetchAhead(this.sources.hls, this.deviceSize(video), startTime);
    // Asked for now, so a pause() while the plan is being made (hls.js loading) is honoured.
    engine.play();
    if (engine.started) return;
    // A cold click imports hls.js once the first frame appended ahead is shown: its evaluation (40-75 ms
    // traced, 300-800 ms with the CPU 4× slower) held that frame back, and the first segments get the
    // bandwidth meanwhile. The first segment's two seconds leave hls.js the time to take over.
    engine.firstFrameShown
      .then(() => this.plan(video))
      .then((plan) => {
        if (this.engine === engine) engine.start(plan, { startTime });
      })
      .catch(() => {
        if (this.engine === engine) engine.start([]);
      });
  }

  /**
   * Readies HLS playback when a play is likely (the pointer on the player, or focus on its button), so
   * the click waits for the media alone: the master playlist read, the hls.js build it needs loaded
   * and handed it (the video is attached on play, after the first segment: see `PlaybackEngine`). No
   * media segment is downloaded before play; a stream hls.js cannot play here, or mp4 alone, is left
   * as it is. One player of the page is primed at a time.
   */
  private prime(): void {
    const video = this.video;
    if (this.engine || this.primed || this.phase !== 'poster' || !video || !this.sources.hls || !hasMediaSource()) {
      // Nothing to ready here (mp4 only, no MSE): the controls are the one thing to build ahead.
      if (!this.engine && !this.primed) this.buildControls();
      return;
    }
    const engine = this.createEngine(video);
    this.primed = engine;
    claimPriming(this, this.unprime);
    this.plan(video).then(
      (plan) => {
        if (this.primed !== engine) return;
        if (plan[0]?.type === 'hls.js') engine.start(plan, { startTime: this.startTime });
        // After hls.js, whose evaluation it would otherwise slow; a click that came first builds them later.
        this.buildControls();
      },
      () => undefined,
    );
  }

  /** Gives the video its native controls (see `controlsBuilt`). */
  private readonly buildControls = (): void => {
    clearTimeout(this.controlsTimer);
    this.controlsTimer = undefined;
    this.controlsBuilt = true;
  };

  /** Drops what `prime()` readied (another player was primed, the sources changed, the player left). */
  private readonly unprime = (): void => {
    this.primed?.destroy();
    this.primed = undefined;
    releasePriming(this);
  };

  /** Back to the poster: hls.js destroyed, downloads stopped, pending `play()` calls rejected. */
  private teardown(reason: DOMException): void {
    clearTimeout(this.intentTimer);
    this.unprime();
    this.engine?.destroy();
    this.engine = undefined;
    releasePlayback(this);
    this.settlePlayWaiters(reason);
    this.phase = 'poster';
    clearTimeout(this.controlsTimer);
    this.controlsTimer = undefined;
    this.inView.forget();
  }

  private fail(tried: readonly PlaybackSource[]): void {
    this.focusErrorOnFail = this.focusVideoOnStart || Boolean(this.shadowRoot?.activeElement);
    this.focusVideoOnStart = false;
    this.engine?.destroy();
    this.engine = undefined;
    this.phase = 'failed';
    releasePlayback(this);
    const message = tried.length ? 'This video could not be played.' : 'This video is not available.';
    this.announce(this.w(tried.length ? 'Sorry, this video could not be played.' : 'This video is not available.'));
    this.settlePlayWaiters(new DOMException(message, 'NotSupportedError'));
    const detail: VideoTestimonialErrorDetail = { message, sources: tried };
    this.failure = detail;
    this.dispatchEvent(new CustomEvent('error', { composed: true, detail }));
  }

  private settlePlayWaiters(error?: unknown): void {
    const waiters = this.playWaiters;
    this.playWaiters = [];
    for (const waiter of waiters) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }

  private listenToVideo(): void {
    // The <video> lives as long as the shadow root, so these listeners never need removing.
    const video = this.video;
    if (!video) return;
    for (const type of FORWARDED_EVENTS) {
      video.addEventListener(type, (event) => redispatch(this, event));
    }
    video.addEventListener('play', () => claimPlayback(this));
    video.addEventListener('playing', () => this.settlePlayWaiters());
    video.addEventListener('pause', () => releasePlayback(this));
    // The first frame is there (or the viewer paused first): the controls cost nothing to the start now.
    for (const type of ['loadeddata', 'pause'] as const) video.addEventListener(type, this.buildControls);
    video.addEventListener('volumechange', () => (this.muted = video.muted));
    this.captionsControl.follow(video);
  }

  private readonly handlePlayClick = (): void => {
    this.focusVideoOnStart = true;
    this.requestPlayback();
  };

  private readonly handleRetryClick = (): void => {
    this.phase = 'poster';
    this.focusVideoOnStart = true;
    this.requestPlayback();
  };

  private readonly handlePlayIntent = (): void => {
    // Only a pointer or focus that rests: one on its way to a click (a click focuses the button too)
    // would import hls.js beside the click's first segment, whose frame hls.js's evaluation held back.
    clearTimeout(this.intentTimer);
    this.intentTimer = setTimeout(() => this.prime(), INTENT_REST_MS);
  };

  private get accessibleName(): string {
    const name = this.sources.customerName;
    return this.label?.trim() || (name ? this.w('Video testimonial from {0}', name) : this.w('Video testimonial'));
  }

  /** Whether `label` is in a language of its own, said by the hidden `#label` element. */
  private get labelInOwnLanguage(): boolean {
    // A label in the player's own language needs no marking: one `aria-label` says it all.
    return this.labelLang !== undefined && Boolean(this.label?.trim()) && !sameLanguage(this.labelLang, this.currentLanguage.lang ?? '');
  }

  /** The play button's name: "Play video testimonial from Ada", "Play: {label}". */
  private get playName(): string {
    const label = this.label?.trim();
    const name = this.sources.customerName;
    return label ? this.w('Play {0}', label) : name ? this.w('Play video testimonial from {0}', name) : this.w('Play video testimonial');
  }

  private get transcriptText(): string {
    return (this.transcript ?? this.sources.transcript).trim();
  }

  private get hasSources(): boolean {
    return Boolean(this.sources.hls || this.sources.mp4.length);
  }

  private renderPosterImage() {
    return this.sources.poster ? html`<img part="poster" src=${this.sources.poster} alt="" decoding="async" loading="lazy" />` : nothing;
  }

  private renderPlayButton() {
    const duration = this.sources.duration;
    return html`
      <button
        part="play-button"
        type="button"
        aria-label=${this.labelInOwnLanguage ? nothing : this.playName}
        aria-labelledby=${this.labelInOwnLanguage ? 'play-before label play-after' : nothing}
        @click=${this.handlePlayClick}
        @pointerenter=${this.handlePlayIntent}
        @focus=${this.handlePlayIntent}
      >
        <span class="play-icon">${playIcon}</span>
      </button>
      ${
        duration === undefined
          ? nothing
          : html`<time part="duration" datetime=${isoDuration(duration)}
            ><span class="visually-hidden">${this.w('Duration')} </span>${formatDuration(duration)}</time
          >`
      }
    `;
  }

  /**
   * `label` in its own language, and the words around it in the player's ("Play: {0}" split at the
   * label), for `aria-labelledby`: an `aria-label` can hold only one language.
   */
  private renderLabelParts() {
    if (!this.labelInOwnLanguage) return nothing;
    const [before, after] = this.w('Play {0}', '\0').split('\0');
    // The player's language said on the parts too: Firefox does not carry a host's `lang` into its shadow tree for `:lang()`.
    return html`<span hidden lang=${this.currentLanguage.lang}
      ><span id="play-before">${before}</span><span id="label" lang=${this.labelLang!}>${this.label!.trim()}</span
      ><span id="play-after">${after}</span></span
    >`;
  }

  /** The player's own error state (its parts predate the shared one); told through the base's polite live region. */
  private renderFailure() {
    const available = this.hasSources;
    return html`
      <div part="error" tabindex="-1">
        <p>
          ${this.w(available ? 'Sorry, this video could not be played.' : 'This video is not available.')}
          ${this.transcriptText ? this.w('Its transcript is below.') : nothing}
        </p>
        ${available ? html`<button part="retry-button" type="button" @click=${this.handleRetryClick}>${this.w('Try again')}</button>` : nothing}
      </div>
    `;
  }

  protected override render(): TemplateResult {
    const phase = this.hasSources ? this.phase : 'failed';
    const active = phase === 'active';
    const name = this.accessibleName;
    const transcript = this.transcriptText;
    return html`
      <div part="frame" ${styleProperties({ '--_v-ratio': String(this.sources.aspectRatio) })}>
        ${
          // Not on the server: before it plays the <video> is hidden and out of flow (it draws nothing,
          // takes no room), and the element renders anew when it takes over; a media element per player
          // in the server's HTML cost the first frame its parse and layout (issue 24).
          isServer
            ? nothing
            : html`<video
                part="video"
                data-phase=${phase}
                preload="none"
                playsinline
                ?controls=${this.controlsBuilt}
                tabindex=${active && !this.controlsBuilt ? '0' : nothing}
                poster=${(active && this.sources.poster) || nothing}
                aria-label=${this.labelInOwnLanguage ? nothing : name}
                aria-labelledby=${this.labelInOwnLanguage ? 'label' : nothing}
                aria-hidden=${active ? nothing : 'true'}
                .muted=${this.muted}
              >
                ${active ? this.captionsControl.renderTrack(safeUrl(this.captions, 'media'), this.w('Captions')) : nothing}
              </video>`
        }
        ${active ? nothing : this.renderPosterImage()}
        ${phase === 'poster' && this.currentLanguage.lang ? this.renderPlayButton() : nothing}
        ${phase === 'failed' ? this.renderFailure() : nothing} ${active ? this.captionsControl.renderButton(this.w) : nothing}
      </div>
      ${this.renderLabelParts()} ${this.renderLiveRegion()}
      ${
        transcript
          ? html`<details part="transcript" ?open=${phase === 'failed'}>
            <summary>${this.w('Transcript')}</summary>
            <p class="transcript-text" lang=${this.testimonial?.lang || nothing}>${transcript}</p>
          </details>`
          : nothing
      }
    `;
  }
}
