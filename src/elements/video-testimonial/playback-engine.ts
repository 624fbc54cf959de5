/**
 * Puts one source after another on a `<video>` until one plays (DESIGN "Video playback order"):
 * hls.js light where Media Source Extensions exist, native HLS only where hls.js cannot run, then the
 * mp4 renditions, best fit first. Owns the hls.js instance and tears it down on every switch and on
 * `destroy()`, so no request outlives the player.
 */
import type Hls from 'hls.js';
import type { ErrorData, HlsConfig } from 'hls.js';
import { bufferStart, firstFrame, type EarlyStart } from './early-buffer.js';
import { HeadStart, type PlayerSize, type StartMedia } from './head-start.js';
import {
  hasMediaSource,
  loadHls,
  playlistRead,
  readPlaylist,
  streamLoaderFor,
  type HlsConstructor,
  type ReadPlaylist,
} from './hls-loader.js';
import { orderRenditions, type VideoSources } from './video-sources.js';

/** How a source is played: through hls.js, through the browser's own HLS, or as a plain mp4 file. */
export type PlaybackType = 'hls.js' | 'hls-native' | 'mp4';

export interface PlaybackSource {
  type: PlaybackType;
  url: string;
}

export interface PlaybackEngineCallbacks {
  /** A source was put on the video (the first one, or a fallback after a failure). */
  onSource(source: PlaybackSource): void;
  /** Every source failed; `tried` lists them in order. */
  onExhausted(tried: readonly PlaybackSource[]): void;
  /** The browser refused to start playback (autoplay policy); the viewer can still press play. */
  onPlayRefused(error: DOMException): void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Our choices on top of hls.js's defaults. Loading waits for the first play (`startLoad`, which also
 * says where to start), then begins before the MediaSource is open; the master playlist already read
 * for the captions check, and what the head start fetched on play, are handed over, not asked for
 * again; levels are capped to the player's size so a small card never pulls 1080p; a dead playlist or
 * segment fails fast so the mp4 fallback starts while the viewer is still waiting, not after a minute
 * of retries.
 */
function hlsConfig(HlsClass: HlsConstructor, url: string, ahead: HeadStart): Partial<HlsConfig> {
  const fastFail = { maxNumRetry: 1, retryDelayMs: 500, maxRetryDelayMs: 2000 };
  const timeoutOnce = { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 };
  const loader = streamLoaderFor(HlsClass, url, ahead);
  const policy = (maxTimeToFirstByteMs: number, maxLoadTimeMs: number) => ({
    default: { maxTimeToFirstByteMs, maxLoadTimeMs, timeoutRetry: timeoutOnce, errorRetry: fastFail },
  });
  return {
    autoStartLoad: false,
    ...(loader ? { pLoader: loader, fLoader: loader } : {}),
    capLevelToPlayerSize: true,
    // The first fragment loaded (handed over from the head start) and parsed while the MediaSource opens:
    // without it hls.js waits for its next 100 ms tick after the MediaSource opened (traced on a cold click:
    // sourceopen → first SourceBuffer 100 ms, against 25 ms for Mux's element, whose source opened on load).
    // Only once loading started: nothing is fetched before play either way.
    startFragPrefetch: true,
    manifestLoadPolicy: policy(10_000, 15_000),
    playlistLoadPolicy: policy(10_000, 15_000),
    fragLoadPolicy: policy(10_000, 60_000),
  };
}

/** What the plan needs to know about the browser; tests pass their own. */
export interface PlaybackEnvironment {
  hasMediaSource(): boolean;
  /** The hls.js class for the stream at `url` (the full build when it declares captions). */
  loadHls(url: string): Promise<HlsConstructor>;
}

const browserEnvironment: PlaybackEnvironment = { hasMediaSource, loadHls };

/**
 * The order to try sources in. hls.js is only loaded when the browser could run it, so Safari-like
 * browsers without MSE never download it. Chromium answers "maybe" to the HLS MIME type but has MSE, so
 * it never gets native HLS; a browser whose hls.js chunk failed to load goes to mp4.
 */
export async function planPlayback(
  sources: VideoSources,
  video: Pick<HTMLVideoElement, 'canPlayType'>,
  targetWidth: number,
  environment: PlaybackEnvironment = browserEnvironment,
): Promise<PlaybackSource[]> {
  const plan: PlaybackSource[] = [];
  if (sources.hls) {
    let hlsJsUnsupported = !environment.hasMediaSource();
    if (!hlsJsUnsupported) {
      try {
        const HlsClass = await environment.loadHls(sources.hls);
        if (HlsClass.isSupported()) plan.push({ type: 'hls.js', url: sources.hls });
        else hlsJsUnsupported = true;
      } catch {
        // The chunk did not load: hls.js would have run here, so native HLS is not trusted either.
      }
    }
    if (hlsJsUnsupported && video.canPlayType(HLS_MIME) !== '') plan.push({ type: 'hls-native', url: sources.hls });
  }
  for (const rendition of orderRenditions(sources.mp4, targetWidth, sources.aspectRatio)) {
    plan.push({ type: 'mp4', url: rendition.url });
  }
  return plan;
}

export class PlaybackEngine {
  private readonly listeners = new AbortController();
  private queue: PlaybackSource[] = [];
  private readonly tried: PlaybackSource[] = [];
  private hls: Hls | undefined;
  /** Whether hls.js was told to load media (`startLoad`); before that it has read the playlist at most. */
  private hlsLoading = false;
  /** Whether the hls.js instance has the video (`attachMedia`, on play). */
  private mediaAttached = false;
  /** Whether the hls.js instance has parsed its master playlist (`MANIFEST_PARSED`): its levels are known. */
  private levelsKnown = false;
  private recoveryUsed = false;
  private wantsPlay = false;
  private pendingStartTime = 0;
  private destroyed = false;
  private planned = false;
  /** What was fetched on play ahead of hls.js (see `fetchAhead`), for its loaders. */
  private readonly ahead = new HeadStart();
  /** A MediaSource opened on the video ahead of hls.js (see `openSourceAhead`), until hls.js takes it. */
  private openedSource: MediaSource | undefined;
  /** The level playlist hls.js starts with: the one chosen for the player's size, and fetched ahead. */
  private startVariant: string | undefined;
  /** The HLS stream whose first segment is on the video before the plan put it there (see `bufferAhead`). */
  private earlySource: PlaybackSource | undefined;
  /** The first segment appended to `openedSource` by the player itself (see `bufferStart`), until hls.js takes it. */
  private earlyStart: Promise<EarlyStart> | undefined;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly callbacks: PlaybackEngineCallbacks,
    private readonly loadHlsClass: (url: string) => Promise<HlsConstructor> = loadHls,
  ) {
    const { signal } = this.listeners;
    video.addEventListener('error', this.handleVideoError, { signal });
    video.addEventListener('play', () => (this.wantsPlay = true), { signal });
    video.addEventListener('pause', () => (this.wantsPlay = false), { signal });
    video.addEventListener('loadedmetadata', this.applyStartTime, { signal });
  }

  /** The source on the video now, if any: the HLS stream from its first frame appended ahead on. */
  get current(): PlaybackSource | undefined {
    return this.onVideo ?? this.earlySource;
  }

  /** The source the plan put on the video. */
  private get onVideo(): PlaybackSource | undefined {
    return this.tried.at(-1);
  }

  /** Whether `start()` was called: the engine has its plan. */
  get started(): boolean {
    return this.planned;
  }

  /**
   * Puts the first source of `plan` on the video, starting at `startTime`. It plays if `play()` was
   * called (and not undone by `pause()`) before or after. Before that play, an hls.js source is only
   * readied (created, its master playlist read; the video is attached on play) and downloads no media:
   * started on play intent, the engine leaves the click nothing to wait for but the media itself.
   */
  start(plan: readonly PlaybackSource[], options: { startTime?: number } = {}): void {
    if (this.destroyed || this.planned) return;
    this.planned = true;
    this.queue = [...plan];
    this.pendingStartTime = options.startTime ?? 0;
    this.next();
  }

  /** Plays as soon as a source is on the video (and again after every switch), until `pause()`. */
  play(): void {
    this.wantsPlay = true;
    // A readied source that failed before any play is tried again from scratch, as a cold start would.
    if (!this.onVideo && this.queue.length) this.next();
    else if (this.onVideo) this.playReadied();
    // On the MediaSource opened ahead, which hls.js takes as it is: playing from its first frame on.
    if (this.openedSource) this.playVideo();
  }

  /**
   * On play, before hls.js loads media: the start of the HLS stream at `url` (starting at `startTime`),
   * chosen for a player of `size` device pixels, is fetched now, and handed to hls.js when it asks. Call
   * it before `play()`. On a cold click it waits for the master playlist the plan reads anyway.
   */
  fetchAhead(url: string, size: PlayerSize, startTime: number): void {
    this.openSourceAhead();
    const mediaSource = this.openedSource;
    const begin = (master: ReadPlaylist | undefined) => {
      if (!master || this.destroyed || this.mediaAttached || this.startVariant) return undefined;
      this.startVariant = this.ahead.begin(master, size, startTime === 0);
      return this.ahead.start;
    };
    const read = playlistRead(url);
    const start = read ? Promise.resolve(begin(read)) : readPlaylist(url).then(begin);
    // Set now, so hls.js, however soon it is there, waits for it.
    if (mediaSource) {
      this.earlyStart = start.then(async (media) => {
        const early = await this.bufferAhead(mediaSource, media);
        if (early.tracks && this.openedSource === mediaSource) this.earlySource = { type: 'hls.js', url };
        return early;
      });
    }
  }

  /**
   * Resolves once the first frame appended ahead (see `bufferAhead`) is shown, or at once when none is
   * being appended. Read it after `fetchAhead()`.
   */
  get firstFrameShown(): Promise<void> {
    return Promise.resolve(this.earlyStart).then((early) => (early?.tracks ? firstFrame(this.video) : undefined));
  }

  /**
   * On play, the first frame from what the head start fetched, before hls.js has the video (see
   * early-buffer.ts): appended to the MediaSource opened ahead, which is playing already.
   */
  private bufferAhead(mediaSource: MediaSource, media: StartMedia | undefined): Promise<EarlyStart> | EarlyStart {
    return media && this.openedSource === mediaSource ? bufferStart(mediaSource, this.video, media) : { handOver: true };
  }

  /**
   * On play, a MediaSource put on the video while hls.js downloads and evaluates (or, readied on intent,
   * while the first segment downloads), for the first segment appended ahead and then for hls.js
   * (traced: opened by hls.js after a cold click, `sourceopen` came 50-130 ms after the attach, behind the
   * long task of hls.js's first run). Not where hls.js would use a ManagedMediaSource (Safari).
   */
  private openSourceAhead(): void {
    const scope = globalThis as { ManagedMediaSource?: unknown; MediaSource?: typeof MediaSource };
    if (this.mediaAttached || this.openedSource || this.video.hasAttribute('src') || scope.ManagedMediaSource || !scope.MediaSource) return;
    this.openedSource = new scope.MediaSource();
    this.video.src = URL.createObjectURL(this.openedSource);
  }

  pause(): void {
    this.wantsPlay = false;
    this.video.pause();
  }

  /** Where playback starts when the source is not yet on the video (the host's `currentTime` setter). */
  seek(seconds: number): void {
    if (this.video.readyState > 0) this.video.currentTime = seconds;
    else this.pendingStartTime = seconds;
  }

  /** Tears down hls.js and aborts any download; the engine is spent afterwards. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.listeners.abort();
    this.detach();
    this.ahead.abort();
    this.queue = [];
  }

  private next(): void {
    // A MediaSource opened ahead stays for hls.js, and goes with anything else.
    this.detach(this.queue[0]?.type === 'hls.js');
    const source = this.queue.shift();
    if (!source) {
      this.callbacks.onExhausted([...this.tried]);
      return;
    }
    this.tried.push(source);
    this.recoveryUsed = false;
    this.callbacks.onSource(source);
    if (source.type === 'hls.js') {
      // Plays once hls.js is attached: a play() before that would only be aborted by the attach.
      this.attachHls(source.url);
      return;
    }
    this.video.src = source.url;
    if (this.wantsPlay) this.playVideo();
  }

  private attachHls(url: string): void {
    // planPlayback only plans hls.js after the class loaded, so this resolves from the module cache.
    this.loadHlsClass(url).then(
      (HlsClass) => {
        if (this.destroyed || this.onVideo?.url !== url || this.hls) return;
        const hls = new HlsClass(hlsConfig(HlsClass, url, this.ahead));
        this.hls = hls;
        this.hlsLoading = this.levelsKnown = this.mediaAttached = false;
        hls.on(HlsClass.Events.ERROR, (_event, data) => this.handleHlsError(HlsClass, hls, data));
        hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
          this.levelsKnown = true;
          // A play that came first starts loading now, at the level of our choosing (see `loadMedia`).
          if (this.mediaAttached) this.loadMedia(hls);
        });
        // The master playlist now; the video on play (see `attachMedia`).
        hls.loadSource(url);
        if (this.wantsPlay) this.playReadied();
      },
      () => this.next(),
    );
  }

  /**
   * Attaches hls.js to the video on play, once the first segment appended ahead (if any) is in: the
   * MediaSource opened ahead is handed over (hls.js's transfer between instances), open already, with
   * the SourceBuffer holding the first segment. One that could not take the first segment is left:
   * hls.js opens its own. After the first frame is presented (see `firstFrame`). Not on intent: the
   * click's first frame comes from the player's own append, on a MediaSource that no hls.js holds yet.
   */
  private attachMedia(hls: Hls): void {
    void Promise.all([this.earlyStart, this.firstFrameShown]).then(([early]) => {
      if (this.destroyed || this.hls !== hls) return;
      const mediaSource = early?.handOver === false ? undefined : this.openedSource;
      if (this.openedSource && !mediaSource) URL.revokeObjectURL(this.video.src);
      hls.attachMedia(mediaSource ? { media: this.video, mediaSource, ...(early?.tracks ? { tracks: early.tracks } : {}) } : this.video);
      this.openedSource = this.earlyStart = undefined;
      this.mediaAttached = true;
      if (this.levelsKnown) this.loadMedia(hls);
      if (this.wantsPlay) this.playVideo();
    });
  }

  /** Plays the source on the video; an hls.js one is attached and starts loading media first (where `seek()` asked). */
  private playReadied(): void {
    if (this.hls && !this.hlsLoading) {
      this.hlsLoading = true;
      this.attachMedia(this.hls);
    } else if (this.mediaAttached || !this.hls) this.playVideo();
  }

  /**
   * Starts hls.js loading media, at the variant fetched ahead when there is one. Only once hls.js knows
   * its levels (the indices are its own order): told to load before, hls.js starts as soon as it parsed
   * the master playlist, before any listener of ours could name the level (traced: the master's first
   * variant came first, 480p for a 640 px player, and the variant that fits the player after it).
   */
  private loadMedia(hls: Hls): void {
    const start = this.startVariant ? hls.levels.findIndex((level) => level.url.includes(this.startVariant!)) : -1;
    if (start >= 0) hls.startLevel = start;
    hls.startLoad(this.pendingStartTime > 0 ? this.pendingStartTime : -1);
    this.pendingStartTime = 0;
  }

  private handleHlsError(HlsClass: HlsConstructor, hls: Hls, data: ErrorData): void {
    if (!data.fatal || hls !== this.hls) return;
    if (!this.hlsLoading) {
      this.forgetReadied();
      return;
    }
    if (this.recoveryUsed) {
      this.fallBack();
      return;
    }
    // One bounded recovery, as hls.js recommends: rebuild the media pipeline for a decode error,
    // reload for a network error (the playlist itself when it never arrived).
    this.recoveryUsed = true;
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError();
    } else if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
      if (hls.levels.length === 0 && this.onVideo) hls.loadSource(this.onVideo.url);
      hls.startLoad();
    } else {
      this.fallBack();
      return;
    }
    // Recovery reloads the element, which drops a pending play.
    if (this.wantsPlay) this.playVideo();
  }

  /**
   * A source readied before any play failed (its playlist did not load, say): nobody is waiting, so
   * nothing is reported or recovered, and no media is fetched; the play starts it again from scratch,
   * with its one recovery still to use. Deferred like `fallBack`, for the same reason.
   */
  private forgetReadied(): void {
    const failed = this.onVideo;
    queueMicrotask(() => {
      if (this.destroyed || this.onVideo !== failed || this.hlsLoading || !failed) return;
      this.detach();
      this.tried.pop();
      this.queue.unshift(failed);
      if (this.wantsPlay) this.next();
    });
  }

  /**
   * Moves on to the next source once hls.js has finished dispatching the error: destroying it from
   * inside its own event would leave its remaining listeners working on a destroyed instance.
   */
  private fallBack(): void {
    const failed = this.onVideo;
    queueMicrotask(() => {
      if (!this.destroyed && this.onVideo === failed) this.next();
    });
  }

  private readonly handleVideoError = (): void => {
    if (this.destroyed || !this.onVideo) return;
    if (this.hls && !this.hlsLoading) {
      this.forgetReadied();
      return;
    }
    // hls.js does not watch the element's own errors; a decode error there gets the same one recovery.
    if (this.hls && !this.recoveryUsed) {
      this.recoveryUsed = true;
      this.hls.recoverMediaError();
      if (this.wantsPlay) this.playVideo();
      return;
    }
    this.next();
  };

  private readonly applyStartTime = (): void => {
    if (this.pendingStartTime > 0 && !this.hls) this.video.currentTime = this.pendingStartTime;
    this.pendingStartTime = 0;
  };

  private playVideo(): void {
    this.video.play().catch((error: unknown) => {
      // AbortError: a source switch or pause() interrupted this play; the switch plays again itself.
      // NotSupportedError: the source failed; its `error` event moves on to the next one.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !this.destroyed) {
        this.wantsPlay = false;
        this.callbacks.onPlayRefused(error);
      }
    });
  }

  private detach(keepOpenedSource = false): void {
    if (this.hls) {
      this.hls.destroy();
      this.hls = undefined;
      this.hlsLoading = this.mediaAttached = false;
    }
    if (keepOpenedSource && this.openedSource) return;
    if (this.openedSource) URL.revokeObjectURL(this.video.src);
    this.openedSource = this.earlySource = undefined;
    this.earlyStart = undefined;
    if (this.video.hasAttribute('src')) {
      this.video.removeAttribute('src');
      // Reloading with no source aborts whatever the element was still downloading.
      this.video.load();
    }
  }
}
