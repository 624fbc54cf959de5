// Registers <testimonial-card> (guarded: importing twice, or after another copy, does not throw) and the
// <video-testimonial> player it shows for video testimonials.
import '../video-testimonial/define.js';
import { TestimonialCard } from './testimonial-card.js';

if (!customElements.get('testimonial-card')) customElements.define('testimonial-card', TestimonialCard);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-card': TestimonialCard;
  }
}

export { TestimonialCard };
