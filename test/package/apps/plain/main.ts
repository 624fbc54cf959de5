// A page without a framework: the define module and typed events on plain DOM listeners.
import 'testimonial-elements/define';
import type { TestimonialEvent } from 'testimonial-elements';

const card = document.querySelector('testimonial-card')!;
card.testimonial = { id: 'x', customer_name: 'Ada', text: 'Hello' };
card.addEventListener('testimonial-card-load', (e) => console.log(e.detail.testimonial.id));
card.addEventListener('testimonial-card-error', (e) => console.log(e.detail.message));
const wall = document.querySelector('testimonial-wall')!;
wall.tags = ['pricing', 'mobile'];
wall.addEventListener('testimonial-wall-load', (e) => console.log(e.detail.testimonials.length, e.detail.page));
export const onLoad = (e: TestimonialEvent<'testimonial-card-load'>): string => e.detail.testimonial.id;
