/** The English words of `<video-testimonial>`, in its chunk (see `en.ts`). */
export const enVideo = {
  video: 'Video testimonial',
  /** The play button of a named video: `{0}` is the customer's name. */
  playFrom: 'Play video testimonial from {0}',
  playVideo: 'Play video testimonial',
  /** The play button of a video named by its `label` attribute (`{0}`). */
  play: 'Play {0}',
  duration: 'Duration',
  videoFailed: 'Sorry, this video could not be played.',
  videoMissing: 'This video is not available.',
  transcriptBelow: 'Its transcript is below.',
  captions: 'Captions',
  transcript: 'Transcript',
};
