/**
 * The sentences of `<testimonial-summary>`, through the elements' one localisation mechanism
 * (`localize.ts`): its words in the reader's language, numbers through `Intl.NumberFormat`
 * and plurals through `Intl.PluralRules`, so "1 review" / "2 reviews" and "4.8" / "4,8" follow the
 * reader. Every sentence the picture says is also said in words, for screen readers.
 */
import type { SummaryData } from '../../client/summary.js';
import { MAX_RATING } from '../shared/format.js';
import { ENGLISH_ONE, type Language, type Words } from '../shared/localize.js';

Object.assign(ENGLISH_ONE, {
  '{0} reviews': '{0} review',
  'Loved by {0} customers': 'Loved by {0} customer',
  '{0} stars': '{0} star',
});

/** The summary's phrases in one element's language. */
export class SummaryWords {
  constructor(
    private readonly w: Words,
    private readonly locale: Language,
  ) {}

  /** "4.8" (one decimal, the reader's separator). */
  average(value: number): string {
    return value.toLocaleString(this.locale.requested, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  /** "1,234", or "50,000+" when the proxy stopped counting at its bound. */
  number(value: number, partial = false): string {
    return `${value.toLocaleString(this.locale.requested)}${partial ? '+' : ''}`;
  }

  /** "1 review", "122 reviews" ("50,000+ reviews" takes the `other` form). */
  reviews(value: number, partial = false): string {
    return this.w('{0} reviews', partial ? this.number(value, true) : value);
  }

  /** "Loved by 1 customer", "Loved by 122 customers". */
  lovedBy(value: number, partial = false): string {
    return this.w('Loved by {0} customers', partial ? this.number(value, true) : value);
  }

  /** The badge in one sentence: "Rated 4.8 out of 5 from 122 reviews" (or "122 reviews" with no rating). */
  rating(summary: SummaryData): string {
    const { average, rated, partial } = summary;
    if (average === null) return this.reviews(summary.count, partial);
    return this.w('Rated {0} out of {1} from {2}', this.average(average), MAX_RATING, this.reviews(rated, partial));
  }

  /** One bar of the histogram: "5 stars: 73 reviews". */
  bar(stars: number, value: number): string {
    return this.w('{0}: {1}', this.w('{0} stars', stars), this.reviews(value));
  }

  /** "Loved by 122 customers, among them Ada Lovelace, Grace Hopper and Linus Tanaka." */
  lovedByAmong(summary: SummaryData, names: readonly string[]): string {
    const lovedBy = this.lovedBy(summary.count, summary.partial);
    return names.length ? this.w('{0}, among them {1}.', lovedBy, nameList(names, this.locale.requested)) : lovedBy;
  }
}

/** "Ada Lovelace, Grace Hopper and Linus Tanaka" in the reader's conventions where `Intl.ListFormat` exists. */
export function nameList(names: readonly string[], locale: string | undefined): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
