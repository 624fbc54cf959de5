/**
 * The testimonial a skeleton is sized with: every field a text card shows, a text longer than any
 * `text-limit` default, so the card clamps it and shows "Read more" (and the card's skeleton adds a row
 * of media, which a text testimonial may carry: see `.sizer` in its styles). A skeleton holds a card of it,
 * unseen: as tall as the tallest text card can be at that width, in that font and variant. A skeleton
 * of a fixed height was shorter than most cards, and what follows the element moved down when the
 * cards came (issue 23: 0.17 on a phone). No date: a formatted date needs `Intl`, whose first formatter
 * loads the engine's locale data, and a skeleton is drawn in the page's render-blocking task; the source
 * ("via Google") holds the footer's line instead, which the card keeps for it under `no-source` too.
 */
import type { CardTestimonial } from './card-testimonial.js';

export const PLACEHOLDER_TESTIMONIAL: CardTestimonial = {
  integration: 'google',
  title: 'Lorem ipsum',
  text: 'Lorem ipsum dolor sit amet. '.repeat(20),
  rating: 5,
  customer_name: 'Lorem Ipsum',
  customer_tagline: 'Head of Lorem at Lorem Ipsum',
  customer_company: 'Lorem Ipsum',
  customer_username: '@lorem',
};
