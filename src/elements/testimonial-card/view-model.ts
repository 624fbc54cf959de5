/**
 * Turns whatever arrived as a testimonial into what a card shows. The API's data is untrusted: every
 * field is read defensively (wrong types, nulls and absent fields become "show nothing"), every URL
 * passes {@link safeUrl}, and the translation for the requested language is picked here. Pure: no DOM,
 * no Lit, so it is tested on Node and never throws.
 */
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { initials, integrationLabel, normaliseRating, parseDate } from '../shared/format.js';
import { sameLanguage } from '../shared/locale.js';
import { safeUrl } from '../shared/safe-url.js';
import { isRecord } from '../../client/is-record.js';

/** A piece of text and the language it is written in (when known). */
export interface LocalizedText {
  readonly text: string;
  readonly lang: string | undefined;
}

export interface CardImage {
  readonly kind: 'image';
  readonly src: string;
  /** The data's `alt`; without one, the card says "Image 2 from Ada" in the reader's language. */
  readonly alt: string | undefined;
  /** The image's position among the media, from 1. */
  readonly index: number;
}

export interface CardVideoItem {
  readonly kind: 'video';
  readonly src: string;
  /** The data's `alt`; without one, the card says "Video from Ada" in the reader's language. */
  readonly label: string | undefined;
}

export type CardMedia = CardImage | CardVideoItem;

export interface CardVideo {
  /** The poster image (`thumbnail_url`). */
  readonly poster: string | undefined;
  /** Where the poster links to before `<video-testimonial>` is defined: the public page, else the mp4. */
  readonly href: string | undefined;
  /** CSS `aspect-ratio` value from `video.aspect_ratio` ("16 / 9" by default). */
  readonly aspectRatio: string;
  /** Pixel size matching the aspect ratio, for the poster's `width`/`height` (reserves space). */
  readonly width: number;
  readonly height: number;
}

export interface CardView {
  /** The testimonial itself, handed on to `<video-testimonial>`. */
  readonly testimonial: CardTestimonial;
  /** The customer's name; `undefined` when the data has none (the card says "Anonymous" in the reader's language). */
  readonly name: string | undefined;
  readonly initials: string;
  readonly avatar: string | undefined;
  readonly customerUrl: string | undefined;
  readonly tagline: LocalizedText | undefined;
  readonly company: string | undefined;
  readonly companyLogo: string | undefined;
  /** With a leading "@". */
  readonly username: string | undefined;
  /** 0 (no rating) to 5 in half stars. */
  readonly rating: number;
  readonly title: LocalizedText | undefined;
  /** May be empty; may hold `<mark>` markup (rendered through the sanitiser). */
  readonly text: LocalizedText;
  readonly media: readonly CardMedia[];
  readonly video: CardVideo | undefined;
  /** "via Trustpilot" without the "via"; `href` only when the source URL is safe. */
  readonly source: { readonly label: string; readonly href: string | undefined } | undefined;
  readonly date: Date | undefined;
  readonly permalink: string | undefined;
  readonly tags: readonly string[];
  /** The language the content is shown in: the translation's, else the testimonial's own. */
  readonly lang: string | undefined;
  /**
   * The testimonial's own language, `''` (unknown) when it has none: what the fields no translation
   * carries (media descriptions, tags) are written in.
   */
  readonly dataLang: string;
}

const DEFAULT_ASPECT = { width: 16, height: 9 };
/** Width given to the poster's `width` attribute; the height follows the aspect ratio. */
const POSTER_WIDTH = 640;

type Loose = Record<string, unknown>;

function asObject(value: unknown): Loose | undefined {
  return isRecord(value) ? value : undefined;
}

/** A trimmed, non-empty string, or `undefined`. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function localized(value: string | undefined, lang: string | undefined): LocalizedText | undefined {
  return value === undefined ? undefined : { text: value, lang };
}

/** The translation for `requested`: an exact tag match first, then the same primary language. */
function pickTranslation(data: Loose, requested: string | undefined): Loose | undefined {
  const own = text(data.lang);
  if (!requested || (own && sameLanguage(own, requested))) return undefined;
  const translations = Array.isArray(data.translations) ? data.translations.map(asObject).filter((t) => t) : [];
  const langOf = (t: Loose | undefined) => text(t?.lang) ?? '';
  return translations.find((t) => sameLanguage(langOf(t), requested, true)) ?? translations.find((t) => sameLanguage(langOf(t), requested));
}

/** Reads `"16:9"` (or `"9/16"`) into numbers; anything else is 16:9. */
function aspect(value: unknown): { width: number; height: number } {
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*[:/x]\s*(\d+(?:\.\d+)?)\s*$/.exec(value) : null;
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 && width / height < 10 && height / width < 10 ? { width, height } : DEFAULT_ASPECT;
}

function isVideoTestimonial(data: Loose): boolean {
  return data.type === 'video' || asObject(data.video) !== undefined || text(data.video_url) !== undefined;
}

function videoView(data: Loose, links: Loose | undefined): CardVideo | undefined {
  if (!isVideoTestimonial(data)) return undefined;
  const ratio = aspect(asObject(data.video)?.aspect_ratio);
  return {
    poster: safeUrl(data.thumbnail_url, 'image'),
    href: safeUrl(links?.public, 'link') ?? safeUrl(data.video_url, 'link'),
    aspectRatio: `${ratio.width} / ${ratio.height}`,
    width: POSTER_WIDTH,
    height: Math.round((POSTER_WIDTH * ratio.height) / ratio.width),
  };
}

function mediaView(value: unknown): CardMedia[] {
  if (!Array.isArray(value)) return [];
  const items: CardMedia[] = [];
  for (const entry of value) {
    const item = asObject(entry);
    if (!item) continue;
    const alt = text(item.alt);
    if (item.type === 'video') {
      const src = safeUrl(item.url, 'media');
      if (src) items.push({ kind: 'video', src, label: alt });
    } else if (item.type === 'image' || item.type === undefined) {
      const src = safeUrl(item.url, 'image');
      if (src) items.push({ kind: 'image', src, alt, index: items.length + 1 });
    }
  }
  return items;
}

function sourceView(data: Loose): CardView['source'] {
  const href = safeUrl(data.url, 'link');
  const label = integrationLabel(data.integration) ?? (href ? new URL(href).hostname.replace(/^www\./, '') : undefined);
  return label ? { label, href } : undefined;
}

function tagsView(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.map(text).filter((tag): tag is string => tag !== undefined))];
}

/**
 * What a card shows for `value` (anything; a spec 2.1 testimonial ideally) in the `requested` language
 * (the element's `lang`). Text, title and tagline come from the matching translation where it has
 * them, else from the original, each marked with the language it is really in.
 */
export function toCardView(value: unknown, requested: string | undefined): CardView {
  const data = asObject(value) ?? {};
  const own = text(data.lang);
  const translation = pickTranslation(data, requested);
  const translated = text(translation?.lang);
  const pick = (field: 'text' | 'title' | 'customer_tagline') =>
    localized(text(translation?.[field]), translated) ?? localized(text(data[field]), own);
  const name = text(data.customer_name);
  const links = asObject(data.links);
  const username = text(data.customer_username);
  return {
    testimonial: data as CardTestimonial,
    name,
    initials: initials(name ?? ''),
    avatar: safeUrl(data.customer_avatar, 'image'),
    customerUrl: safeUrl(data.customer_url, 'link'),
    tagline: pick('customer_tagline'),
    company: text(data.customer_company),
    companyLogo: safeUrl(data.customer_company_logo, 'image'),
    username: username === undefined ? undefined : username.startsWith('@') ? username : `@${username}`,
    rating: normaliseRating(data.rating),
    title: pick('title'),
    text: pick('text') ?? { text: '', lang: own },
    media: mediaView(data.media),
    video: videoView(data, links),
    source: sourceView(data),
    date: parseDate(data.date),
    permalink: safeUrl(links?.public, 'link'),
    tags: tagsView(data.tags),
    lang: translated ?? own,
    dataLang: own ?? '',
  };
}
