// hls.js ships types for its full build only; the light build has the same API minus the features it
// leaves out (subtitles and captions, alternate audio, DRM), so its entry point borrows those types.
// Streams that declare captions get the full build (hls-loader.ts).
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
