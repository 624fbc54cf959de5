/**
 * hls.js light, loaded on play intent only (DESIGN performance rules): the dynamic import makes it its
 * own chunk, and nothing here runs at module evaluation, so a page that never plays a video never
 * downloads it.
 */
import type Hls from 'hls.js';
import { lazyModule } from '../shared/lazy-module.js';

export type HlsConstructor = typeof Hls;

/** A failed chunk load (offline, a deploy that removed the old chunk) may succeed on a later try. */
const hls = lazyModule(() => import('hls.js/light').then((module) => module.default));

/**
 * Whether the browser has Media Source Extensions, the thing hls.js needs. A cheap check that needs no
 * download, so browsers that could never use hls.js (iOS Safari before 17.1) never fetch it.
 */
export function hasMediaSource(): boolean {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown; WebKitMediaSource?: unknown };
  return typeof (scope.ManagedMediaSource ?? scope.MediaSource ?? scope.WebKitMediaSource) === 'function';
}

/** The hls.js light class; the import happens once per page and is shared by every player. */
export function loadHls(): Promise<HlsConstructor> {
  return hls.load();
}

/**
 * Starts downloading hls.js ahead of a likely play (hover, focus), so the click does not wait for it.
 * Only the library: the media itself is never warmed.
 */
export function warmHls(): void {
  if (!hasMediaSource()) return;
  loadHls().catch(() => {
    // Warming is a courtesy: the real load on play reports the failure and falls back to mp4.
  });
}
