/**
 * The length of a chosen video file, read by the browser before anything is uploaded: the route cannot
 * decode a video, so this is the only place its length is known (it is sent with the upload request,
 * which the route refuses above its maximum, but the file itself is never checked there).
 */

/** How long the browser may take to read a file's header before the length is given up as unknown. */
const READ_TIMEOUT_MS = 10_000;

/**
 * Resolves to the length of `file` in seconds, or `undefined` when this browser cannot read it (a type
 * it does not play, a damaged file) or takes too long to. A recording of `MediaRecorder` (WebM in
 * Chromium) often says `Infinity` until the end is sought, so an infinite length is sought to the end
 * once and read again.
 */
export function videoDuration(file: Blob): Promise<number | undefined> {
  const video = document.createElement('video');
  const url = URL.createObjectURL(file);
  return new Promise<number | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS);
    const done = (seconds: number | undefined) => {
      clearTimeout(timer);
      resolve(seconds);
    };
    video.onerror = () => done(undefined);
    video.onloadedmetadata = () => {
      if (video.duration !== Infinity) return done(Number.isFinite(video.duration) ? video.duration : undefined);
      video.ondurationchange = () => {
        if (video.duration !== Infinity) done(Number.isFinite(video.duration) ? video.duration : undefined);
      };
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;
  }).finally(() => {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  });
}
