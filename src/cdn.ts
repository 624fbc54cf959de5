// The script-tag build's entry (dist/cdn/testimonial-elements.js): defines the three elements. The wall
// and the card come in this file; the video player, hls.js and DOMPurify are chunks loaded on first
// need, so a wall of text testimonials downloads none of them.
import { loadWhenUsedInDocument } from './elements/shared/lazy-define.js';
import './elements/testimonial-card/define.js';
import './elements/testimonial-wall/define.js';
import './elements/testimonial-summary/lazy.js';
import './elements/testimonial-form/lazy.js';

// Cards ask for the player themselves; this finds players written in the page or added later.
loadWhenUsedInDocument('video-testimonial');

export { TestimonialCard } from './elements/testimonial-card/define.js';
export { TestimonialWall } from './elements/testimonial-wall/define.js';
// A page's own words for the elements (script-tag users import it from this file).
export { registerTranslation } from './elements/shared/localize.js';
