// `testimonial-elements`: the element classes, the client and the types, with no side effects.
// Import `testimonial-elements/define` to register the elements under their tag names.
export * from './client/index.js';
export { TestimonialCard } from './elements/testimonial-card/testimonial-card.js';
export type { CardDisplayElement, CardVariant, Theme } from './elements/shared/card-display.js';
export {
  VideoTestimonial,
  type VideoTestimonialErrorDetail,
  type VideoTestimonialErrorEvent,
} from './elements/video-testimonial/video-testimonial.js';
export {
  TestimonialWall,
  type TestimonialWallErrorEvent,
  type TestimonialWallLoadEvent,
} from './elements/testimonial-wall/testimonial-wall.js';
export {
  SUMMARY_PLACEMENTS,
  SUMMARY_VARIANTS,
  TestimonialSummary,
  type SummaryPlacement,
  type SummaryVariant,
  type TestimonialSummaryDismissEvent,
  type TestimonialSummaryErrorEvent,
  type TestimonialSummaryLoadEvent,
} from './elements/testimonial-summary/testimonial-summary.js';
export type { WallLayout, WallPaging } from './elements/testimonial-wall/wall-options.js';
export type { CardTestimonial } from './elements/shared/card-testimonial.js';
// The elements' words: add a language or override words for a whole page; an element's `strings` property for one.
export { languageReady, registerTranslation, type PluralForms, type Translation, type TranslationKey } from './elements/shared/localize.js';
// The events' types; this also brings their `HTMLElementEventMap` entries into a program that imports
// the package, so `addEventListener('testimonial-card-load', (event) => event.detail…)` is typed.
export type {
  TestimonialCardErrorEvent,
  TestimonialCardLoadEvent,
  TestimonialEvent,
  TestimonialEventDetails,
  TestimonialEventName,
} from './elements/shared/events.js';
// What the proxy answers (a type only: importing it loads nothing of the server side).
export type { PublicTestimonial, PublicTestimonialList } from './client/public-fields.js';
