/**
 * Which URLs of a testimonial the elements leave out: read off the card's own view of it (the safe-URL
 * check is applied there, once, for the browser and the server alike), so a build can say what a record
 * lost instead of failing on it or losing it in silence.
 */
import type { PublicTestimonial } from '../client/public-fields.js';
import { toCardView } from '../elements/testimonial-card/view-model.js';

/** A field given as a non-empty string. */
const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The names of the URL fields of `testimonial` that it has and its card does not show (not safe URLs). */
export function refusedUrlFields(testimonial: PublicTestimonial): string[] {
  const view = toCardView(testimonial, undefined);
  const data = testimonial as Partial<Record<string, unknown>> & { media?: unknown; links?: { public?: unknown } | null };
  const refused: string[] = [];
  const check = (field: string, value: unknown, shown: unknown) => {
    if (given(value) && !shown) refused.push(field);
  };
  check('customer_avatar', data.customer_avatar, view.avatar);
  check('customer_url', data.customer_url, view.customerUrl);
  check('customer_company_logo', data.customer_company_logo, view.companyLogo);
  check('url', data.url, view.source?.href);
  check('links.public', data.links?.public, view.permalink);
  if (view.video) {
    check('thumbnail_url', data.thumbnail_url, view.video.poster);
    check('video_url', data.video_url, view.video.href);
  }
  // Media items of a kind the card shows (image, video) with a URL it does not: counted, as the card
  // keeps no tie from an item it shows back to its place in the list.
  const media = Array.isArray(data.media) ? (data.media as { url?: unknown; type?: unknown }[]) : [];
  const showable = media.filter((item) => given(item?.url) && (item.type === undefined || item.type === 'image' || item.type === 'video'));
  const dropped = showable.length - view.media.length;
  if (dropped > 0) refused.push(`media (${dropped} of ${showable.length})`);
  return refused;
}
