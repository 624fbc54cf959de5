/**
 * What the elements read of a testimonial: the spec 2.1 fields a card (and its video player) shows,
 * each optional, since a card shows what is there and checks every value it reads (`view-model.ts`).
 * The API's `Testimonial` and the proxy's `PublicTestimonial` both fit: the fields the proxy removes on
 * purpose (`customer_email`, `project_id`, `form_id`, `reward`, the private links) are never read.
 */
import type { Testimonial } from '../../client/types.js';

type ShownFields =
  | 'id'
  | 'type'
  | 'integration'
  | 'title'
  | 'text'
  | 'rating'
  | 'media'
  | 'url'
  | 'date'
  | 'thumbnail_url'
  | 'customer_name'
  | 'customer_avatar'
  | 'customer_tagline'
  | 'customer_username'
  | 'customer_url'
  | 'customer_company'
  | 'customer_company_logo'
  | 'tags'
  | 'lang'
  | 'translations'
  | 'video_url'
  | 'video';

export type CardTestimonial = Partial<Pick<Testimonial, ShownFields>> & {
  /** Only the public page's URL is read (for the permalink). */
  links?: { public?: string | undefined } | undefined;
};
