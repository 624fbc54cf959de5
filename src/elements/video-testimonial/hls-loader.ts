/**
 * hls.js, loaded on play intent only (DESIGN performance rules): each dynamic import is its own chunk,
 * and nothing here runs at module evaluation, so a page that never plays a video never downloads it.
 *
 * Two builds: hls.js light for most streams, and the full build only for a stream whose master playlist
 * declares subtitle or closed-caption renditions, because only the full build reads them (WebVTT/IMSC1
 * subtitle playlists, CEA-608/708 captions in the video) and shows them as the video's text tracks.
 */
import type Hls from 'hls.js';
import type {
  FragmentLoaderConstructor,
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js';
import type { FetchedAhead, HeadStart } from './head-start.js';
import { lazyModule } from '../shared/lazy-module.js';

export type HlsConstructor = typeof Hls;

/** hls.js's network loader (`config.loader`), which ours extends. */
type NetworkLoader = new (config: HlsConfig) => Loader<LoaderContext>;

/** A failed chunk load (offline, a deploy that removed the old chunk) may succeed on a later try. */
const light = lazyModule(() => import('hls.js/light').then((module) => module.default));
const full = lazyModule(() => import('hls.js').then((module) => module.default));

/** An `#EXT-X-MEDIA` tag of a subtitle or closed-caption rendition (RFC 8216 4.3.4.1). */
const TEXT_RENDITION = /^#EXT-X-MEDIA:(?=.*\bTYPE=(?:SUBTITLES|CLOSED-CAPTIONS)\b)/m;

/** A master playlist as read: its text and where it came from (after redirects, the base of its URIs). */
export interface ReadPlaylist {
  url: string;
  text: string;
}

/**
 * Reads per playlist URL, shared by every player of the page (and by the plan and the engine of one); a
 * failed read stays failed (hls.js then reports the failure itself, and its one retry goes to the network).
 */
const reads = new Map<string, Promise<ReadPlaylist | undefined>>();
/** The reads that succeeded, for the engine to hand to hls.js without waiting. */
const readPlaylists = new Map<string, ReadPlaylist>();

/** The playlist at `url`, read once per page (`undefined` when it could not be read). */
export function readPlaylist(url: string): Promise<ReadPlaylist | undefined> {
  let read = reads.get(url);
  if (!read) {
    read = fetch(url)
      .then(async (response) => (response.ok ? { url: response.url || url, text: await response.text() } : undefined))
      .catch(() => undefined)
      .then((playlist) => {
        if (playlist) readPlaylists.set(url, playlist);
        return playlist;
      });
    reads.set(url, read);
  }
  return read;
}

/** The playlist at `url` if it was read already (synchronously: a primed click has no microtask to spare). */
export function playlistRead(url: string): ReadPlaylist | undefined {
  return readPlaylists.get(url);
}

/**
 * Whether the HLS playlist at `url` declares subtitles or closed captions. Reads the playlist once per
 * page (a few hundred bytes, which hls.js is then handed instead of asking again: see
 * `streamLoaderFor`); a playlist that cannot be read counts as "no", so the light build loads,
 * reports the failure itself, and the mp4 fallback plays.
 */
export async function declaresTextRenditions(url: string): Promise<boolean> {
  const playlist = await readPlaylist(url);
  return playlist !== undefined && TEXT_RENDITION.test(playlist.text);
}

/**
 * A loader for hls.js (its playlists and its fragments) that answers from what the player already has:
 * the master playlist at `url` with the text read for the captions check, so starting playback does not
 * wait for the same request twice (a round trip, and on a page served `no-store` a second download), and
 * the first level playlist and segments with what `ahead` fetched on play. Everything else, and any
 * later load of the same URL (a retry, a recovery), goes to the network through hls.js's own loader.
 */
export function streamLoaderFor(
  HlsClass: HlsConstructor,
  url: string,
  ahead?: HeadStart,
): (PlaylistLoaderConstructor & FragmentLoaderConstructor) | undefined {
  const playlist = readPlaylists.get(url);
  const Network = HlsClass.DefaultConfig?.loader as NetworkLoader | undefined;
  if (!Network) return undefined;
  // hls.js asks for absolute URLs; the player may hold a root-relative one.
  const absolute = (href: string) => new URL(href, globalThis.location?.href).href;
  const manifest = absolute(url);
  let handedOver = !playlist;
  // One class for playlists and fragments: hls.js types each by its own context, the loader is the same.
  return class extends Network {
    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const isManifest = (context as Partial<PlaylistLoaderContext>).type === 'manifest' && absolute(context.url) === manifest;
      if (isManifest && !handedOver && playlist) {
        handedOver = true;
        // Asynchronously, as a network answer would come (hls.js is still setting up when it calls load()),
        // but as a microtask: a timer would wait behind the click's rendering, and the level playlist with it.
        this.answer(Promise.resolve({ url: playlist.url, data: playlist.text, start: 0, first: 0, end: 0 }), context, config, callbacks);
        return;
      }
      const fetched = context.rangeEnd ? undefined : ahead?.take(absolute(context.url));
      if (fetched) this.answer(fetched, context, config, callbacks);
      else super.load(context, config, callbacks);
    }

    /** Answers `context` with `response`, as the network would have; from the network if it failed. */
    private answer(
      response: Promise<FetchedAhead | undefined>,
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      this.context = context;
      void response.then((fetched) => {
        // Aborted or destroyed meanwhile (destroy() drops the context).
        if (this.context !== context || this.stats.aborted) return;
        if (!fetched) {
          super.load(context, config, callbacks);
          return;
        }
        const { stats } = this;
        const now = performance.now();
        // The fetch's own times, so hls.js's bandwidth estimate is the network's.
        stats.loading.start = fetched.start || now;
        stats.loading.first = fetched.first || now;
        stats.loading.end = fetched.end || now;
        stats.loaded = stats.total = typeof fetched.data === 'string' ? fetched.data.length : fetched.data.byteLength;
        callbacks.onSuccess({ url: fetched.url, data: fetched.data }, stats, context, null);
      });
    }
  } as unknown as PlaylistLoaderConstructor & FragmentLoaderConstructor;
}

/**
 * Whether the browser has Media Source Extensions, the thing hls.js needs. A cheap check that needs no
 * download, so browsers that could never use hls.js (iOS Safari before 17.1) never fetch it.
 */
export function hasMediaSource(): boolean {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown; WebKitMediaSource?: unknown };
  return typeof (scope.ManagedMediaSource ?? scope.MediaSource ?? scope.WebKitMediaSource) === 'function';
}

/**
 * The hls.js class for the stream at `url` (the light build without one); each build's import happens
 * once per page and is shared by every player.
 */
export async function loadHls(url?: string): Promise<HlsConstructor> {
  const captioned = url !== undefined && (await declaresTextRenditions(url));
  return (captioned ? full : light).load();
}
