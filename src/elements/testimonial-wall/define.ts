import { TestimonialWall } from './testimonial-wall.js';
import '../testimonial-card/define.js';

if (!customElements.get('testimonial-wall')) customElements.define('testimonial-wall', TestimonialWall);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-wall': TestimonialWall;
  }
}

export { TestimonialWall };
