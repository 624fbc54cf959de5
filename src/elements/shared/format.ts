/**
 * Formatting for the elements: dates through `Intl` in the element's locale, readable integration
 * labels, initials and rating labels. Every function accepts bad data and answers something sensible
 * (or `undefined` for "show nothing"); none throws.
 */
import { INTEGRATIONS, type Integration } from '../../client/types.js';
import { dateFormat } from './locale.js';

/**
 * Spec 2.5's integration values that title case would misspell ("linkedin" → "Linkedin"), as their owners
 * write them. Every other value reads well in title case ("product_hunt" → "Product Hunt").
 */
const SPELLED_OUT: Partial<Record<Integration, string>> = {
  twitter: 'X (Twitter)',
  appsumo: 'AppSumo',
  linkedin: 'LinkedIn',
  play_store: 'Google Play',
  whatsapp: 'WhatsApp',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  realtor: 'Realtor.com',
  sourceforge: 'SourceForge',
  wordpress: 'WordPress',
  homestars: 'HomeStars',
  // No platform's name: an English phrase would sit untranslated in every page; the card names the
  // page by its host instead, which reads the same in every language.
  web_page: '',
};

/** Longest label made from an unknown value: a label, not a paragraph. */
const MAX_HUMANISED_LENGTH = 40;

/**
 * The readable label of an integration value ("trustpilot" → "Trustpilot"; `web_page` has none). A value the spec does not
 * list (the service may add some) is humanised ("new_site" → "New site"); nothing → `undefined`.
 */
export function integrationLabel(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if ((INTEGRATIONS as readonly string[]).includes(value)) {
    return (
      (SPELLED_OUT[value as Integration] ??
        value.replace(/(?:^|_)(.)/g, (_, letter: string, offset: number) => `${offset ? ' ' : ''}${letter.toUpperCase()}`)) ||
      undefined
    );
  }
  const words = value
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .slice(0, MAX_HUMANISED_LENGTH)
    .trim();
  return words === '' ? undefined : words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

/** A parsed date, or `undefined` for anything that is not a valid timestamp. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A date (from {@link parseDate}) in the given locale ("5 Jan 2025", "Jan 5, 2025", "٥ يناير ٢٠٢٥"…), or
 * `undefined` without one.
 */
export function formatDate(date: Date | undefined, locale: string | undefined): string | undefined {
  return date ? dateFormat(locale).format(date) : undefined;
}

/**
 * Made on the first name that needs it, not when the module is evaluated: the first `Intl` segmenter or
 * formatter of a page loads the engine's locale data (20–50 ms in a fresh Chromium renderer on the bench
 * machine), and the module is evaluated in the render-blocking task (see numberFormat).
 */
let graphemes: Intl.Segmenter | undefined;

/**
 * The first grapheme of a word (never empty). Two printable ASCII characters are never one grapheme, so
 * most names need no segmenter (a server's render of many cards spent 5% of its time in it); else
 * `containing(0)`, not an iterator, which took twice as long.
 */
function firstGrapheme(word: string): string {
  return typeof Intl.Segmenter == 'function' && !/^[ -~]{2}/.test(word)
    ? (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(word).containing(0)!.segment
    : String.fromCodePoint(word.codePointAt(0)!);
}

/**
 * Up to two initials of a name ("Ada Lovelace" → "AL", "Björk" → "B", "李小龙" → "李"), by grapheme so
 * accented and combined characters stay whole; `''` when the name has no letters to take.
 */
export function initials(name: unknown): string {
  if (typeof name !== 'string') return '';
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  // The first and the last word; one word (or none) as it is.
  return (words[1] ? [words[0]!, words.at(-1)!] : words).map((word) => firstGrapheme(word).toLocaleUpperCase()).join('');
}

/** The highest rating the API uses. */
export const MAX_RATING = 5;

/**
 * A rating ready to draw: clamped to 0–5 and rounded to the nearest half star (the spec says integer,
 * but imported ratings such as 4.7 occur). Anything that is not a finite number is 0, "no rating".
 */
export function normaliseRating(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return 0;
  return Math.round(Math.min(MAX_RATING, Math.max(0, number)) * 2) / 2;
}
