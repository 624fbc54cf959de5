/**
 * Spec 4.1: `query` searches the text, title, customer name and tagline, and also the customer's
 * e-mail address, which the proxy never lets out. Without care, search is an oracle: a visitor could ask
 * `query=someone@example.com` and learn from a non-empty answer who left a testimonial. So:
 *
 * - a `query` holding `@` is refused (400), since no public field needs one to be found;
 * - a result that only an e-mail address could have matched (a query word found in `customer_email`
 *   and in none of the public searched fields) is dropped from the answer.
 */
import { InvalidRequestError } from '../client/index.js';

const TAG = /<\/?[A-Za-z][^>]*>/g;

function words(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

export function checkSearchQuery(query: string | undefined): void {
  if (query?.includes('@')) {
    throw new InvalidRequestError('query', 'query must not contain @: searching by e-mail address would reveal who left a testimonial.');
  }
}

function lower(value: unknown): string {
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** A filter keeping the testimonials that the public fields alone explain as a match of `query`. */
export function publicSearchMatch(query: string | undefined): (testimonial: Record<string, unknown>) => boolean {
  const queryWords = query === undefined ? [] : words(query);
  if (queryWords.length === 0) return () => true;
  return (testimonial) => {
    const email = lower(testimonial.customer_email);
    if (!email) return true;
    const visible = [
      lower(testimonial.text).replace(TAG, ''),
      lower(testimonial.title),
      lower(testimonial.customer_name),
      lower(testimonial.customer_tagline),
    ];
    return !queryWords.some((word) => email.includes(word) && !visible.some((field) => field.includes(word)));
  };
}
