import { VideoTestimonial } from './video-testimonial.js';

export { VideoTestimonial };

if (!customElements.get('video-testimonial')) customElements.define('video-testimonial', VideoTestimonial);

declare global {
  interface HTMLElementTagNameMap {
    'video-testimonial': VideoTestimonial;
  }
}
