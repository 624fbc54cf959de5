/** One harness per element (see element-harness.ts); `harness(el)` picks the element's own. */
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { CardHarness } from './card-harness.js';
import { PlayerHarness } from './player-harness.js';
import { SummaryHarness } from './summary-harness.js';
import { WallHarness } from './wall-harness.js';

export { ElementHarness, textOf } from './element-harness.js';
export { CardHarness, PlayerHarness, SummaryHarness, WallHarness };

export function harness(element: TestimonialWall): WallHarness;
export function harness(element: TestimonialCard): CardHarness;
export function harness(element: VideoTestimonial): PlayerHarness;
export function harness(element: TestimonialSummary): SummaryHarness;
export function harness(element: HTMLElement): WallHarness | CardHarness | PlayerHarness | SummaryHarness {
  switch (element.localName) {
    case 'testimonial-wall':
      return new WallHarness(element as TestimonialWall);
    case 'testimonial-card':
      return new CardHarness(element as TestimonialCard);
    case 'video-testimonial':
      return new PlayerHarness(element as VideoTestimonial);
    case 'testimonial-summary':
      return new SummaryHarness(element as TestimonialSummary);
    default:
      throw new TypeError(`No harness for <${element.localName}>.`);
  }
}
