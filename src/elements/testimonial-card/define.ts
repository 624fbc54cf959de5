// Registers <testimonial-card> (guarded: importing twice, or after another copy, does not throw). The
// <video-testimonial> player it shows for video testimonials is loaded when a card first shows one.
import { defineElement, defineOnFirstUse } from '../shared/lazy-define.js';
import { TestimonialCard } from './testimonial-card.js';

defineOnFirstUse('video-testimonial', () => import('../video-testimonial/define.js'));
defineElement('testimonial-card', TestimonialCard);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-card': TestimonialCard;
  }
}

export { TestimonialCard };
