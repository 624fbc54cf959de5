// `testimonial-elements/define`: registers <testimonial-wall>, <testimonial-card> and <video-testimonial>.
// Each define module is guarded, so importing this twice (or beside another copy) does not throw.
// This is also the entry of the script-tag build (dist/cdn/testimonial-elements.js).
import './elements/video-testimonial/define.js';
import './elements/testimonial-card/define.js';
import './elements/testimonial-wall/define.js';
// <testimonial-summary> and <testimonial-form> are defined on first use (chunks of their own), not here.
import './elements/testimonial-summary/lazy.js';
import './elements/testimonial-form/lazy.js';

export { TestimonialCard } from './elements/testimonial-card/define.js';
export { VideoTestimonial } from './elements/video-testimonial/define.js';
export { TestimonialWall } from './elements/testimonial-wall/define.js';
// A page's own words for the elements (script-tag users import it from this file).
export { registerTranslation } from './elements/shared/localize.js';
// Also brings the events' `HTMLElementEventMap` entries into programs that import only this module.
export type { TestimonialEvent, TestimonialEventDetails, TestimonialEventName } from './elements/shared/events.js';
