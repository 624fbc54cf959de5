/**
 * hls.js, loaded on play intent only (DESIGN performance rules): each dynamic import is its own chunk,
 * and nothing here runs at module evaluation, so a page that never plays a video never downloads it.
 *
 * Two builds: hls.js light for most streams, and the full build only for a stream whose master playlist
 * declares subtitle or closed-caption renditions, because only the full build reads them (WebVTT/IMSC1
 * subtitle playlists, CEA-608/708 captions in the video) and shows them as the video's text tracks.
 */
import type Hls from 'hls.js';
import { lazyModule } from '../shared/lazy-module.js';

export type HlsConstructor = typeof Hls;

/** A failed chunk load (offline, a deploy that removed the old chunk) may succeed on a later try. */
const light = lazyModule(() => import('hls.js/light').then((module) => module.default));
const full = lazyModule(() => import('hls.js').then((module) => module.default));

/** An `#EXT-X-MEDIA` tag of a subtitle or closed-caption rendition (RFC 8216 4.3.4.1). */
const TEXT_RENDITION = /^#EXT-X-MEDIA:(?=.*\bTYPE=(?:SUBTITLES|CLOSED-CAPTIONS)\b)/m;

/** Answers per playlist URL, shared by every player of the page (and by the plan and the engine of one). */
const textRenditions = new Map<string, Promise<boolean>>();

/**
 * Whether the HLS playlist at `url` declares subtitles or closed captions. Reads the playlist once per
 * page (a few hundred bytes, which hls.js then gets from the HTTP cache); a playlist that cannot be read
 * counts as "no", so the light build loads, reports the failure itself, and the mp4 fallback plays.
 */
export function declaresTextRenditions(url: string): Promise<boolean> {
  let answer = textRenditions.get(url);
  if (!answer) {
    answer = fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .then((playlist) => TEXT_RENDITION.test(playlist))
      .catch(() => false);
    textRenditions.set(url, answer);
  }
  return answer;
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

/**
 * Starts downloading hls.js light ahead of a likely play (hover, focus), so the click does not wait for
 * it. Only the library: the media itself, its playlist included, is never warmed.
 */
export function warmHls(): void {
  if (!hasMediaSource()) return;
  loadHls().catch(() => {
    // Warming is a courtesy: the real load on play reports the failure and falls back to mp4.
  });
}
