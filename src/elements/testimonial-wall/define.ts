import { defineElement } from '../shared/lazy-define.js';
import { TestimonialWall } from './testimonial-wall.js';
import '../testimonial-card/define.js';

defineElement('testimonial-wall', TestimonialWall);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-wall': TestimonialWall;
  }
}

export { TestimonialWall };
