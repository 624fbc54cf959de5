/**
 * hls.js, loaded on play intent only (DESIGN performance rules): each dynamic import is its own chunk,
 * and nothing here runs at module evaluation, so a page that never plays a video never downloads it.
 *
 * Two builds: hls.js light for most streams, and the full build only for a stream whose master playlist
 * declares subtitle or closed-caption renditions, because only the full build reads them (WebVTT/IMSC1
 * subtitle playlists, CEA-608/708 captions in the video) and shows them as the video's text tracks.
 */
import type Hls from 'hls.js';
import type { LoaderCallbacks, LoaderConfiguration, PlaylistLoaderConstructor, PlaylistLoaderContext } from 'hls.js';
import { lazyModule } from '../shared/lazy-module.js';

export type HlsConstructor = typeof Hls;

/** A failed chunk load (offline, a deploy that removed the old chunk) may succeed on a later try. */
const light = lazyModule(() => import('hls.js/light').then((module) => module.default));
const full = lazyModule(() => import('hls.js').then((module) => module.default));

/** An `#EXT-X-MEDIA` tag of a subtitle or closed-caption rendition (RFC 8216 4.3.4.1). */
const TEXT_RENDITION = /^#EXT-X-MEDIA:(?=.*\bTYPE=(?:SUBTITLES|CLOSED-CAPTIONS)\b)/m;

/** A playlist as read: its text and where it came from (after redirects, the base of its URIs). */
interface ReadPlaylist {
  url: string;
  text: string;
}

/** An absolute URL: hls.js asks for absolute ones, a player may hold a root-relative one. */
function absolute(href: string, base = globalThis.location?.href): string {
  return new URL(href, base).href;
}

/**
 * Reads per absolute playlist URL, shared by every player of the page (and by the plan and the engine
 * of one); a failed read stays failed (hls.js then asks the network itself, and its one retry goes there).
 */
const reads = new Map<string, Promise<ReadPlaylist | undefined>>();

function readPlaylist(url: string): Promise<ReadPlaylist | undefined> {
  const key = absolute(url);
  let read = reads.get(key);
  if (!read) {
    read = fetch(key)
      .then(async (response) => (response.ok ? { url: response.url || key, text: await response.text() } : undefined))
      .catch(() => undefined);
    reads.set(key, read);
  }
  return read;
}

/** At most this many playlists a master names are read ahead (a ladder of renditions, an audio and a subtitle track). */
const MAX_READ_AHEAD = 8;

/**
 * The playlists hls.js asks for right after the master one: each variant stream's (RFC 8216 4.3.4.2,
 * the URI line after `#EXT-X-STREAM-INF`) and each rendition's (`#EXT-X-MEDIA` with a `URI`: audio,
 * subtitles). I-frame playlists and session data are not loaded to start playback, so they are left out.
 */
function namedPlaylists(master: ReadPlaylist): string[] {
  const uris: string[] = [];
  let variant = false;
  for (const line of master.text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith('#EXT-X-STREAM-INF:')) variant = true;
    else if (trimmed.startsWith('#EXT-X-MEDIA:')) {
      const uri = /\bURI="([^"]+)"/.exec(trimmed)?.[1];
      if (uri) uris.push(uri);
    } else if (variant && trimmed && !trimmed.startsWith('#')) {
      uris.push(trimmed);
      variant = false;
    }
  }
  return [...new Set(uris.map((uri) => absolute(uri, master.url)))].slice(0, MAX_READ_AHEAD);
}

/**
 * Whether the HLS playlist at `url` declares subtitles or closed captions. Reads the playlist once per
 * page (a few hundred bytes, which hls.js is then handed instead of asking again: see
 * `playlistLoaderFor`); a playlist that cannot be read counts as "no", so the light build loads,
 * reports the failure itself, and the mp4 fallback plays.
 */
export async function declaresTextRenditions(url: string): Promise<boolean> {
  const playlist = await readPlaylist(url);
  return playlist !== undefined && TEXT_RENDITION.test(playlist.text);
}

/** A media playlist that will not change (video on demand): one read ahead may stand for hls.js's first load. */
const ENDLIST = /^#EXT-X-ENDLIST\b/m;

/**
 * A playlist loader for hls.js that answers from the playlists read ahead (the master one, then the
 * variant and rendition playlists it names, see `loadHls`), waiting for a read still under way instead
 * of asking twice: starting playback then costs no playlist round trip after the click (on a page
 * served `no-store`, no second download either). The master playlist is answered once (a later load is
 * a recovery); a media playlist each time it is asked for, when it is video on demand
 * (`#EXT-X-ENDLIST`: it does not change). A live media playlist and a read that failed go to the
 * network through hls.js's own loader.
 */
export function playlistLoaderFor(HlsClass: HlsConstructor, url: string): PlaylistLoaderConstructor | undefined {
  const Network = HlsClass.DefaultConfig?.loader as PlaylistLoaderConstructor | undefined;
  if (!Network) return undefined;
  const manifest = absolute(url);
  const handedOver = new Set<string>();
  return class extends Network {
    /** The load waiting for a read ahead, until it is answered, aborted or destroyed. */
    private waiting: PlaylistLoaderContext | undefined;

    override load(context: PlaylistLoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<PlaylistLoaderContext>): void {
      const target = absolute(context.url);
      const isManifest = context.type === 'manifest';
      const read = isManifest === (target === manifest) && !handedOver.has(target) ? reads.get(target) : undefined;
      if (!read) {
        super.load(context, config, callbacks);
        return;
      }
      // The master playlist once (a later load is a recovery); a media playlist that does not change, each time.
      if (isManifest) handedOver.add(target);
      this.waiting = context;
      // Asynchronously, as a network answer would come: hls.js is still setting up when it calls load().
      void read.then((playlist) =>
        setTimeout(() => {
          if (this.waiting !== context) return;
          this.waiting = undefined;
          if (!playlist || (context.type !== 'manifest' && !ENDLIST.test(playlist.text))) {
            super.load(context, config, callbacks);
            return;
          }
          this.context = context;
          const { stats } = this;
          stats.loading.start = stats.loading.first = stats.loading.end = performance.now();
          stats.loaded = stats.total = playlist.text.length;
          callbacks.onSuccess({ url: playlist.url, data: playlist.text }, stats, context, null);
        }),
      );
    }

    override abort(): void {
      this.waiting = undefined;
      super.abort();
    }

    override destroy(): void {
      this.waiting = undefined;
      super.destroy();
    }
  };
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
 * once per page and is shared by every player. Called on play intent: once the master playlist is in,
 * the playlists it names are read alongside the import (a few hundred bytes each, no media), so that
 * the click waits for neither.
 */
export async function loadHls(url?: string): Promise<HlsConstructor> {
  const master = url === undefined ? undefined : await readPlaylist(url);
  // The playlists hls.js asks for next are read while its code downloads and compiles.
  if (master) for (const named of namedPlaylists(master)) void readPlaylist(named);
  return (master && TEXT_RENDITION.test(master.text) ? full : light).load();
}
