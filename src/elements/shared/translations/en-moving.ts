/** The English words of the carousel and the marquee, in their chunk (see `en.ts`). */
export const enMoving = {
  playMarquee: 'Play moving testimonials',
  pauseMarquee: 'Pause moving testimonials',
  startRotation: 'Start automatic slide show',
  stopRotation: 'Stop automatic slide show',
  previous: 'Previous testimonial',
  next: 'Next testimonial',
  slides: 'Slides',
  /** What screen readers call the carousel region (`aria-roledescription`). */
  carousel: 'carousel',
  /** What screen readers call each slide (`aria-roledescription`). */
  slide: 'slide',
  /** A slide's accessible name: `{0}` of `{1}`. */
  slideOf: '{0} of {1}',
  /** Announced when the carousel moved. */
  slideAnnounced: 'Testimonial {0} of {1}.',
  /** Announced when the carousel moved and shows several: `{0}` to `{1}` of `{2}`. */
  slidesAnnounced: 'Testimonials {0} to {1} of {2}.',
};
