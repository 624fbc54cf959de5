/**
 * The sentences of `<testimonial-summary>`, through the elements' one localisation mechanism
 * ({@link LocalizeController}): its words in the reader's language, numbers through `Intl.NumberFormat`
 * and plurals through `Intl.PluralRules`, so "1 review" / "2 reviews" and "4.8" / "4,8" follow the
 * reader. Every sentence the picture says is also said in words, for screen readers.
 */
import type { SummaryData } from '../../client/summary.js';
import { MAX_RATING } from '../shared/format.js';
import { addEnglish, type LocalizeController } from '../shared/localize.js';
import { enSummary } from '../shared/translations/en-summary.js';

addEnglish(enSummary);

/** The summary's phrases in one element's language. */
export class SummaryWords {
  constructor(private readonly l: LocalizeController) {}

  /** "4.8" (one decimal, the reader's separator). */
  average(value: number): string {
    return this.l.number(value, 1);
  }

  /** "1,234", or "50,000+" when the proxy stopped counting at its bound. */
  number(value: number, partial = false): string {
    return `${this.l.number(value)}${partial ? '+' : ''}`;
  }

  /** "1 review", "122 reviews" ("50,000+ reviews" takes the `other` form). */
  reviews(value: number, partial = false): string {
    return this.l.term('reviews', partial ? this.number(value, true) : value);
  }

  /** "Loved by 1 customer", "Loved by 122 customers". */
  lovedBy(value: number, partial = false): string {
    return this.l.term('lovedBy', partial ? this.number(value, true) : value);
  }

  /** The badge in one sentence: "Rated 4.8 out of 5 from 122 reviews" (or "122 reviews" with no rating). */
  rating(summary: SummaryData): string {
    const { average, rated, partial } = summary;
    if (average === null) return this.reviews(summary.count, partial);
    return this.l.term('rated', this.average(average), MAX_RATING, this.reviews(rated, partial));
  }

  /** One bar of the histogram: "5 stars: 73 reviews". */
  bar(stars: number, value: number): string {
    return this.l.term('bar', this.l.term('starCount', stars), this.reviews(value));
  }

  /** "Loved by 122 customers, among them Ada Lovelace, Grace Hopper and Linus Tanaka." */
  lovedByAmong(summary: SummaryData, names: readonly string[]): string {
    const lovedBy = this.lovedBy(summary.count, summary.partial);
    return names.length ? this.l.term('amongThem', lovedBy, nameList(names, this.l.requested)) : lovedBy;
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
