// The overview's plain listing: one line per testimonial, as the client returns it.
import type { Testimonial } from '../src/index.js';

/** "Ada Lovelace · ★★★★ · text"; stars only for a rating, so a testimonial without one reads "Ada Lovelace · video". */
export function overviewLine(testimonial: Pick<Testimonial, 'customer_name' | 'rating' | 'type'>): string {
  const stars = Math.max(0, Math.min(5, Math.round(testimonial.rating)));
  return [testimonial.customer_name, '★'.repeat(stars), testimonial.type].filter(Boolean).join(' · ');
}
