// Registers <testimonial-summary> (guarded: importing twice, or after another copy, does not throw).
// Pages load this module on first use of the tag (see the registration in ../lazy-widgets.ts).
import { defineElement } from '../shared/lazy-define.js';
import { TestimonialSummary } from './testimonial-summary.js';

defineElement('testimonial-summary', TestimonialSummary);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-summary': TestimonialSummary;
  }
}

export { TestimonialSummary };
