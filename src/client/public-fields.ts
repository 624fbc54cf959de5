/**
 * What the proxy lets out, by construction: every answer is rebuilt from an allowlist of fields, each
 * copied only when it has the type the spec gives it. Nothing is copied by spreading, so a field the
 * service adds later (or one it sends by mistake) never reaches a browser.
 *
 * Decisions, field by field (also in `src/proxy/README.md`):
 *
 * - Dropped from a testimonial: `customer_email` (personal data the widget never shows), `reward` (a
 *   coupon or gift code given to the customer: a secret), `form_id` and `project_id` (internal ids of
 *   the site owner's account that no widget needs), `links.service` (the dashboard URL).
 * - Kept: what a card, a video or a wall displays or filters on: text and title, rating, type,
 *   integration, source `url`, dates, customer name, tagline, username, avatar, company, logo and URL,
 *   tags, language, translations, media items (`url`, `type`, `alt`), video fields, `links.public`.
 *   `approved` is kept (it is always `true` here) so answers keep the shape of the spec.
 * - Links: `forms` (the "Leave a testimonial" button), `walls_of_love`, `widgets`, `case_studies` and
 *   `sizzle_reels` are pages the site owner publishes; `quick_links` is answered as an empty list because
 *   the spec does not say where those point, and a link we cannot vouch for stays private. Items keep
 *   `id`, `name`, `url` (and a widget's `type`).
 */
import type { Links, LinkItem, MediaItem, Testimonial, Translation, Video, WidgetLink } from '../client/types.js';
import { isRecord } from '../client/is-record.js';

/** A testimonial as the proxy answers it: the spec's shape without the private fields. */
export type PublicTestimonial = Omit<Testimonial, 'customer_email' | 'reward' | 'form_id' | 'project_id' | 'links'> & {
  links?: { public?: string };
};

export interface PublicTestimonialList {
  total: number;
  testimonials: PublicTestimonial[];
}

/** Link groups a visitor may see; the others are answered as empty lists (see the module comment). */
export const PUBLIC_LINK_GROUPS = ['case_studies', 'forms', 'sizzle_reels', 'walls_of_love', 'widgets'] as const;
export const PRIVATE_LINK_GROUPS = ['quick_links'] as const;

/** The upstream answered something that is not the JSON the spec describes. */
export class UpstreamShapeError extends Error {
  constructor(what: string) {
    super(`The service answered ${what}.`);
    this.name = 'UpstreamShapeError';
  }
}

/** An id the service does not know, or a pending testimonial: to a visitor, neither exists. */
export class NotPublicError extends Error {
  constructor() {
    super('The testimonial is not approved.');
    this.name = 'NotPublicError';
  }
}

type Record_ = Record<string, unknown>;
type Pick_ = (value: unknown) => unknown;

const string: Pick_ = (value) => (typeof value === 'string' ? value : undefined);
const nullableString: Pick_ = (value) => (value === null || typeof value === 'string' ? value : undefined);
const finiteNumber: Pick_ = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const boolean: Pick_ = (value) => (typeof value === 'boolean' ? value : undefined);
const stringArray: Pick_ = (value) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : undefined);

/** An object rebuilt from `schema`: only its keys, each only when its picker accepts the value. */
function objectOf(schema: Record<string, Pick_>): (value: unknown) => Record_ | undefined {
  return (value) => {
    if (!isRecord(value)) return undefined;
    const out: Record_ = {};
    for (const [key, pick] of Object.entries(schema)) {
      if (!Object.hasOwn(value, key)) continue;
      const picked = pick(value[key]);
      if (picked !== undefined) out[key] = picked;
    }
    return out;
  };
}

/** An array whose items are rebuilt by `pick`; items it refuses are left out. */
function arrayOf(pick: (value: unknown) => unknown): Pick_ {
  return (value) => (Array.isArray(value) ? value.map(pick).filter((item) => item !== undefined) : undefined);
}

function nullable(pick: Pick_): Pick_ {
  return (value) => (value === null ? null : pick(value));
}

const mediaItem = objectOf({ url: string, type: string, alt: string } satisfies Record<keyof MediaItem, Pick_>);

const translation = objectOf({
  id: string,
  lang: string,
  review_id: string,
  text: string,
  title: string,
  customer_tagline: string,
  created_at: string,
  updated_at: string,
} satisfies Record<keyof Translation, Pick_>);

const video = objectOf({
  duration: finiteNumber,
  aspect_ratio: string,
  mp4_urls: objectOf({ high: string, medium: string, low: string }),
  hls_url: string,
  transcript: string,
} satisfies Record<keyof Video, Pick_>);

const testimonialSchema = {
  id: string,
  type: string,
  integration: nullableString,
  title: nullableString,
  text: string,
  rating: finiteNumber,
  media: arrayOf(mediaItem),
  url: nullableString,
  date: string,
  approved: boolean,
  thumbnail_url: nullableString,
  customer_name: string,
  customer_avatar: nullableString,
  customer_tagline: nullableString,
  customer_username: nullableString,
  customer_url: nullableString,
  customer_company: nullableString,
  customer_company_logo: nullableString,
  created_at: string,
  tags: stringArray,
  lang: string,
  translations: arrayOf(translation),
  video_url: nullableString,
  video: nullable(video),
  links: objectOf({ public: string }),
} satisfies Record<keyof PublicTestimonial, Pick_>;

const testimonialFields = objectOf(testimonialSchema);

/** True only for a testimonial the service marks as approved: pending ones are never public. */
export function isApproved(value: unknown): boolean {
  return isRecord(value) && value.approved === true;
}

/** The public copy of one testimonial, or an {@link UpstreamShapeError} when it is not one. */
export function publicTestimonial(value: unknown): PublicTestimonial {
  const out = testimonialFields(value);
  if (!out || typeof out.id !== 'string') throw new UpstreamShapeError('a testimonial without an id');
  return out as PublicTestimonial;
}

/**
 * The public copy of a list answer. Pending testimonials are dropped even though the proxy asked for
 * approved ones only (a service that ignored the filter must not leak them), and `total` is recounted
 * since it is the number on this page (spec 4.1). `keep` drops more (see search-privacy.ts).
 */
export function publicTestimonialList(value: unknown, keep: (testimonial: Record_) => boolean = () => true): PublicTestimonialList {
  if (!isRecord(value) || !Array.isArray(value.testimonials)) {
    throw new UpstreamShapeError('a list without a testimonials array');
  }
  const testimonials = value.testimonials.filter((t): t is Record_ => isApproved(t) && keep(t as Record_)).map(publicTestimonial);
  return { total: testimonials.length, testimonials };
}

const linkItem = objectOf({ id: string, name: string, url: string } satisfies Record<keyof LinkItem, Pick_>);
const widgetLink = objectOf({ id: string, name: string, url: string, type: string } satisfies Record<keyof WidgetLink, Pick_>);

/** Only items that still have a URL after rebuilding: a link without one is of no use to a page. */
function linkGroup(pick: (value: unknown) => Record_ | undefined, value: unknown): LinkItem[] {
  if (!Array.isArray(value)) return [];
  return value.map(pick).filter((item): item is Record_ => typeof item?.url === 'string') as unknown as LinkItem[];
}

/** The public copy of GET /links: public groups rebuilt, private ones empty (so `Links` code still works). */
export function publicLinks(value: unknown): Links {
  if (!isRecord(value)) throw new UpstreamShapeError('links that are not a JSON object');
  const out = {} as Record<keyof Links, LinkItem[]>;
  for (const group of PUBLIC_LINK_GROUPS) {
    out[group] = linkGroup(group === 'widgets' ? widgetLink : linkItem, value[group]);
  }
  for (const group of PRIVATE_LINK_GROUPS) out[group] = [];
  return out as Links;
}
