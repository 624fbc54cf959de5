// Registers <testimonial-summary> (guarded: importing twice, or after another copy, does not throw).
// Pages load this module on first use of the tag (see the registration in ../lazy-widgets.ts).
import { TestimonialSummary } from './testimonial-summary.js';

if (!customElements.get('testimonial-summary')) customElements.define('testimonial-summary', TestimonialSummary);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-summary': TestimonialSummary;
  }
}

export { TestimonialSummary };
