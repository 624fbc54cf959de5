import { defineElement } from '../shared/lazy-define.js';
import { VideoTestimonial } from './video-testimonial.js';

export { VideoTestimonial };

defineElement('video-testimonial', VideoTestimonial);

declare global {
  interface HTMLElementTagNameMap {
    'video-testimonial': VideoTestimonial;
  }
}
