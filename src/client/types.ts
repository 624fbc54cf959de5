/**
 * Types of every resource and request of the Testimonial Collection Service REST API
 * (`shared/spec/testimonial-api.md`). Section numbers refer to that spec.
 *
 * Fields the spec marks as "absent in some forms of the list response" are optional here, so code that
 * reads them must handle `undefined`.
 */

/** Spec 2.5: where a testimonial was imported from. */
export const INTEGRATIONS = [
  'twitter',
  'product_hunt',
  'google',
  'facebook',
  'reddit',
  'appsumo',
  'capterra',
  'g2',
  'linkedin',
  'app_store',
  'trustpilot',
  'shopify',
  'play_store',
  'yelp',
  'slack',
  'discord',
  'apple_podcasts',
  'telegram',
  'whatsapp',
  'youtube',
  'instagram',
  'tiktok',
  'amazon',
  'zillow',
  'udemy',
  'chrome_web_store',
  'airbnb',
  'skillshare',
  'realtor',
  'sourceforge',
  'whop',
  'wordpress',
  'fiverr',
  'homestars',
  'web_page',
] as const;

export type Integration = (typeof INTEGRATIONS)[number];

export const TESTIMONIAL_TYPES = ['text', 'video'] as const;
export type TestimonialType = (typeof TESTIMONIAL_TYPES)[number];

export const SORT_KEYS = ['date', 'rating'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Spec 4.1 / 8: bounds of the `limit` query parameter. */
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 1000;
export const LIMIT_DEFAULT = 100;

/** Spec 2.2. */
export interface Translation {
  id: string;
  lang: string;
  review_id: string;
  text: string;
  /** May be empty. */
  title: string;
  customer_tagline: string;
  created_at: string;
  updated_at: string;
}

/** Spec 2.3. `duration` is in seconds (the spec does not say; the sandbox and the elements assume it). */
export interface Video {
  duration: number;
  /** `width:height`, for example `16:9`. */
  aspect_ratio: string;
  mp4_urls: { high: string; medium: string; low: string };
  hls_url: string;
  transcript: string;
}

/** Spec 2.4. Every field is optional on input. */
export interface MediaItem {
  url: string;
  type: MediaType;
  alt?: string;
}

/** Spec 2.1 `links`. */
export interface TestimonialLinks {
  /** URL of the testimonial in the service's dashboard (private: the proxy drops it). */
  service?: string;
  /** Shareable URL, shape `{public_url}/p/[permalink]/t/[testimonial_id]` (spec 2.8). */
  public?: string;
}

/** Spec 2.1: a testimonial as returned by the list and read operations. */
export interface Testimonial {
  id: string;
  type: TestimonialType;
  integration: Integration | null;
  title: string | null;
  /** May be empty; may contain `<mark>…</mark>` highlight markup. */
  text: string;
  /** Integer; 0 when the testimonial carries no rating. */
  rating: number;
  media: MediaItem[];
  url: string | null;
  date: string;
  approved: boolean;
  project_id: string;
  form_id: string | null;
  thumbnail_url: string | null;
  customer_name: string;
  customer_email: string | null;
  customer_avatar: string | null;
  customer_tagline: string | null;
  customer_username?: string | null;
  customer_url: string | null;
  customer_company: string | null;
  customer_company_logo: string | null;
  reward?: string | null;
  created_at: string;
  tags: string[];
  lang?: string;
  translations: Translation[];
  video_url: string | null;
  video?: Video | null;
  links?: TestimonialLinks;
}

/** Spec 4.1: query parameters of GET /testimonials. All optional. */
export interface ListTestimonialsParams {
  sort?: SortKey;
  order?: SortOrder;
  approved?: boolean;
  rating?: number;
  type?: TestimonialType;
  integration?: Integration;
  /** Tag names; a testimonial matches when it has any of them. */
  tags?: string[];
  query?: string;
  lang?: string;
  /** 1 to 1000, default 100. */
  limit?: number;
  /** Pages are numbered from 1 (a decision of ours; the spec does not say). */
  page?: number;
}

/** Spec 4.1 response. `total` is the count on this page, not a global count. */
export interface TestimonialList {
  total: number;
  testimonials: Testimonial[];
}

/** Spec 4.2: body of POST /testimonials. */
export interface CreateTestimonialInput {
  type: TestimonialType;
  customer_name: string;
  title?: string;
  text?: string;
  rating?: number;
  url?: string;
  date?: string;
  approved?: boolean;
  thumbnail_url?: string;
  form_id?: string;
  customer_email?: string;
  customer_avatar?: string;
  customer_company_logo?: string;
  customer_company?: string;
  customer_tagline?: string;
  customer_username?: string;
  customer_url?: string;
  integration?: Integration;
  tags?: string[];
  /** Required when `type` is `video`. */
  video_url?: string;
  media?: Partial<MediaItem>[];
}

/** Spec 4.2 response (status 201). */
export interface CreateTestimonialResult {
  message: string;
  id: string;
}

/** Spec 4.4: body of PATCH /testimonials/:id; at least one field is required. */
export interface UpdateTestimonialInput {
  approved?: boolean;
  add_tags?: string[];
  remove_tags?: string[];
}

/** Spec 4.5 response. */
export interface DeleteTestimonialResult {
  message: string;
}

/** Spec 2.6: one item of a links group. */
export interface LinkItem {
  id: string;
  name: string;
  url: string;
}

export interface WidgetLink extends LinkItem {
  /** Allowed values not shown by the spec. */
  type: string;
}

/** Spec 2.6: response of GET /links. */
export interface Links {
  case_studies: LinkItem[];
  forms: LinkItem[];
  quick_links: LinkItem[];
  sizzle_reels: LinkItem[];
  walls_of_love: LinkItem[];
  widgets: WidgetLink[];
}

/** Spec 2.7: body of POST /invites. */
export interface InviteRecipient {
  email: string;
  name?: string;
}

export interface InviteRequest {
  form_id: string;
  recipients: InviteRecipient[];
}

export interface InviteSkipped {
  email: string;
  /** A value seen is `already_invited`. */
  reason: string;
}

/** Spec 2.7 result. */
export interface InviteResult {
  sent: number;
  skipped: InviteSkipped[];
}

/** The JSON body of every error answer of the sandbox and the proxy (the spec does not show one). */
export interface ApiErrorBody {
  error: {
    /** HTTP status, repeated for clients that only see the body. */
    status: number;
    /** A short machine-readable code, e.g. `invalid_request`, `not_found`, `unauthorized`, `method_not_allowed`. */
    code: string;
    /** A sentence for people; names the offending field when there is one. */
    message: string;
    /** The parameter or body field at fault, when there is one. */
    field?: string;
  };
}
