/**
 * Hostile testimonials for the card (its browser tests, and the server-rendering tests of test/ssr):
 * every string field of a complete video testimonial replaced, and what a safe card may contain.
 */
import { videoTestimonial } from './fixtures.js';

/** A copy of `value` with every string (at any depth, arrays included) replaced by `replace(path)`. */
function replaceStrings(value: unknown, replace: (path: string) => string, path = ''): unknown {
  if (typeof value === 'string') return replace(path);
  if (Array.isArray(value)) return value.map((item, i) => replaceStrings(item, replace, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, replace, path ? `${path}.${k}` : k)]));
  }
  return value;
}

/** Every string field of a video testimonial with media of both kinds, translations and links. */
export function everyField(replace: (path: string) => string): unknown {
  const base = videoTestimonial({
    text: 'text',
    title: 'title',
    reward: 'reward',
    media: [
      { url: 'https://cdn.example.com/a.png', type: 'image', alt: 'alt' },
      { url: 'https://cdn.example.com/a.mp4', type: 'video', alt: 'alt' },
    ],
    links: { public: 'https://love.example.com/p/x/t/y', service: 'https://app.example.com/t/y' },
  });
  return replaceStrings({ ...base, customer_username: 'user', form_id: 'form' }, replace);
}

/** The paths (as `everyField` names them) of the fields that hold a URL. */
export const URL_FIELD = /url|avatar|logo|public|service|hls|high|medium|low/i;

/** Attributes whose value the browser treats as a URL. */
export const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'cite',
  'poster',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'background',
  'ping',
];

/** Whether a URL attribute's value is one the safe-URL check lets through. */
// `#` alone: the wall's own skip link (static markup, never from data).
export const SAFE_URL_VALUE = /^(?:#$|https?:\/\/[^/\s]|\/(?![/\\])|data:image\/(?:png|jpeg|gif|webp|avif);base64,)/i;

/** Elements a card may render; anything else came from data. */
export const CARD_ELEMENTS = new Set([
  'article',
  'figure',
  'figcaption',
  'div',
  'span',
  'p',
  'a',
  'img',
  'svg',
  'path',
  'blockquote',
  'mark',
  'button',
  'ul',
  'li',
  'footer',
  'time',
  'strong',
  'bdi',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'video-testimonial',
]);
