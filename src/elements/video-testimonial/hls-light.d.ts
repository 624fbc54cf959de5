// hls.js ships types for its full build only; the light build has the same API minus the features we do
// not use (subtitles, alternate audio, DRM), so its entry point borrows those types.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
