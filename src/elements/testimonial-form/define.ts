// Registers <testimonial-form> (guarded: importing twice, or after another copy, does not throw).
// Pages load this module on first use of the tag (see the registration in ./lazy.ts).
import { defineElement } from '../shared/lazy-define.js';
import { TestimonialForm } from './testimonial-form.js';

defineElement('testimonial-form', TestimonialForm);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-form': TestimonialForm;
  }
}

export { TestimonialForm };
