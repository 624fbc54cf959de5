/**
 * The page behind `links.public` (`{base}/p/{permalink}/t/{id}`, spec 2.8), so a permalink in the demo
 * leads somewhere. Every value is escaped text, including `text` (its `<mark>` markup shows as plain
 * text, stripped): fixtures carry hostile strings on purpose.
 */
import type { Testimonial } from '../client/types.js';
import { withoutTags } from './highlight.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function publicPage(testimonial: Testimonial | undefined): string {
  const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">';
  const style =
    '<style>body{font:1.1rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}blockquote{margin:0;white-space:pre-line}</style>';
  if (!testimonial) {
    return `${head}<title>Testimonial not found</title>${style}</head><body><h1>Testimonial not found</h1><p>It does not exist or is not published.</p></body></html>`;
  }
  const stars =
    testimonial.rating > 0
      ? `<p aria-label="${testimonial.rating} out of 5 stars">${'★'.repeat(testimonial.rating)}${'☆'.repeat(Math.max(0, 5 - testimonial.rating))}</p>`
      : '';
  const title = testimonial.title ? `<h1>${escapeHtml(testimonial.title)}</h1>` : '';
  const who = [testimonial.customer_name, testimonial.customer_tagline]
    .filter(Boolean)
    .map((part) => escapeHtml(part!))
    .join(', ');
  return `${head}<title>Testimonial from ${escapeHtml(testimonial.customer_name)}</title>${style}</head><body><article lang="${escapeHtml(testimonial.lang ?? 'en')}">${title}${stars}<blockquote>${escapeHtml(withoutTags(testimonial.text))}</blockquote><p>— ${who}</p></article></body></html>`;
}
