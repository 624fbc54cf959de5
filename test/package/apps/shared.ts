/**
 * What both framework apps share: a testimonial typed as the proxy answers it (the README's
 * `PublicTestimonial`), and a log the test reads back (`#log li[data-event]`).
 */
import type { PublicTestimonial } from 'testimonial-elements';

export const featured: PublicTestimonial = {
  id: 'featured-example',
  type: 'text',
  integration: null,
  title: 'A calm place to think',
  text: 'Fieldnote is where our whole team thinks out loud.',
  rating: 5,
  media: [],
  url: null,
  date: '2026-09-14T09:30:00.000Z',
  approved: true,
  thumbnail_url: null,
  customer_name: 'Ada Example',
  customer_avatar: null,
  customer_tagline: 'Head of Research at Example Co',
  customer_url: null,
  customer_company: 'Example Co',
  customer_company_logo: null,
  created_at: '2026-09-14T09:30:00.000Z',
  tags: ['research'],
  translations: [],
  video_url: null,
};

/** Appends `entry` to the page's event log, where the test reads it. */
export function log(entry: string): void {
  const item = document.createElement('li');
  item.dataset.event = entry;
  item.textContent = entry;
  document.getElementById('log')!.append(item);
}

// A plain DOM listener (the events bubble): `detail` is typed from the published HTMLElementEventMap.
document.body.addEventListener('testimonial-card-load', (event) => log(`dom testimonial-card-load:${event.detail.testimonial.id}`));
document.body.addEventListener('testimonial-wall-load', (event) => log(`dom testimonial-wall-load:${event.detail.testimonials.length}`));

// Heard on document and window too (GlobalEventHandlersEventMap): typed there as well.
document.addEventListener('testimonial-wall-load', (event) => log(`document testimonial-wall-load:page ${event.detail.page}`));
window.addEventListener('testimonial-card-error', (event) => log(`window testimonial-card-error:${event.detail.message}`));
