/**
 * The words of `<testimonial-summary>`, in English for now, with numbers and plurals in the element's
 * language (`Intl.NumberFormat`, `Intl.PluralRules`), so "1 review" / "2 reviews" and "4.8" / "4,8"
 * follow the reader. Every sentence the picture says is also said in words, for screen readers.
 */
import type { SummaryData } from '../../client/summary.js';

/** Formats numbers and picks plural forms in one locale; an invalid tag falls back to the user agent's. */
export class SummaryWords {
  private readonly count: Intl.NumberFormat;
  private readonly decimal: Intl.NumberFormat;
  private readonly plurals: Intl.PluralRules;

  constructor(locale: string | undefined) {
    let tag = locale;
    try {
      Intl.getCanonicalLocales(tag);
    } catch {
      tag = undefined;
    }
    this.count = new Intl.NumberFormat(tag);
    this.decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.plurals = new Intl.PluralRules(tag);
  }

  /** "4.8" (one decimal, the reader's separator). */
  average(value: number): string {
    return this.decimal.format(value);
  }

  /** "1,234", or "50,000+" when the proxy stopped counting at its bound. */
  number(value: number, partial = false): string {
    return `${this.count.format(value)}${partial ? '+' : ''}`;
  }

  /** "1 review", "122 reviews" (the English word in the reader's plural category: one or other). */
  reviews(value: number, partial = false): string {
    return `${this.number(value, partial)} ${this.plural(value, partial, 'review', 'reviews')}`;
  }

  /** "Loved by 1 customer", "Loved by 122 customers". */
  lovedBy(value: number, partial = false): string {
    return `Loved by ${this.number(value, partial)} ${this.plural(value, partial, 'customer', 'customers')}`;
  }

  /** The badge in one sentence: "Rated 4.8 out of 5 from 122 reviews" (or "122 reviews" with no rating). */
  rating(summary: SummaryData): string {
    const { average, rated, partial } = summary;
    if (average === null) return this.reviews(summary.count, partial);
    return `Rated ${this.average(average)} out of 5 from ${this.reviews(rated, partial)}`;
  }

  /** One bar of the histogram: "5 stars: 73 reviews". */
  bar(stars: number, value: number): string {
    return `${stars} ${this.plural(stars, false, 'star', 'stars')}: ${this.reviews(value)}`;
  }

  private plural(value: number, partial: boolean, one: string, other: string): string {
    return !partial && this.plurals.select(value) === 'one' ? one : other;
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
