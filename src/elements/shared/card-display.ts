/**
 * How a card looks: the attributes `<testimonial-card>` reads and `<testimonial-wall>` hands to its
 * cards, declared once in a base class both extend (so their names, types and checks never drift
 * apart, and the manifest documents them on both elements).
 */
import type { PropertyDeclarations, PropertyValues } from 'lit';
import { TestimonialElement } from './testimonial-element.js';
import { pickCount, pickOption } from './warnings.js';

/** The looks of a card: `default`, `compact` (denser, shorter text) or `quote` (the words first, large). */
export const CARD_VARIANTS = ['default', 'compact', 'quote'] as const;
export type CardVariant = (typeof CARD_VARIANTS)[number];

/** `light` (the default), `dark`, or `auto` to follow the system's colour scheme. */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** The display attributes once checked (`undefined`: not set or invalid, so the default): what a card renders with, what a wall hands on. */
export interface CardDisplay {
  variant?: CardVariant;
  theme?: Theme;
  headingLevel?: number;
  textLimit?: number;
}

export class CardDisplayElement extends TestimonialElement {
  static override properties: PropertyDeclarations = {
    variant: { reflect: true },
    theme: { reflect: true },
    headingLevel: { attribute: 'heading-level', type: Number },
    textLimit: { attribute: 'text-limit', type: Number },
    noDate: { attribute: 'no-date', type: Boolean },
    noRating: { attribute: 'no-rating', type: Boolean },
    noSource: { attribute: 'no-source', type: Boolean },
    noAvatar: { attribute: 'no-avatar', type: Boolean },
    noMedia: { attribute: 'no-media', type: Boolean },
    showTags: { attribute: 'show-tags', type: Boolean },
  };

  /** The cards' looks: `default`, `compact` or `quote`. */
  variant?: CardVariant;

  /** `light` (the default), `dark`, or `auto` to follow the system's colour scheme. */
  theme?: Theme;

  /** The level (1–6) of the heading with the customer's name, to fit the page's outline (default 3). */
  headingLevel?: number;

  /** Characters of text shown before "Read more" (default 400; compact 200; quote 300). 0 shows all. */
  textLimit?: number;

  /** Hides the date. */
  noDate = false;

  /** Hides the rating stars. */
  noRating = false;

  /** Hides the source ("via Trustpilot"). */
  noSource = false;

  /** Hides the avatar (and the initials). */
  noAvatar = false;

  /** Hides the attached images and videos (a video testimonial's own video stays: it is the testimonial). */
  noMedia = false;

  /** Shows the testimonial's tags. */
  showTags = false;

  /**
   * The display attributes, checked: an invalid one is reported (`TE-INVALID-<ATTRIBUTE>`) and its
   * default used.
   * @internal
   */
  protected cardDisplay: CardDisplay = {};

  // Checked on every update, which is cheap: each problem is reported once anyway.
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const report = this.reportProblem;
    this.cardDisplay = {
      variant: pickOption(report, 'variant', this.variant, CARD_VARIANTS, undefined),
      theme: pickOption(report, 'theme', this.theme, THEMES, undefined),
      headingLevel: pickCount(report, 'heading-level', this.headingLevel, 1, 6),
      textLimit: pickCount(report, 'text-limit', this.textLimit, 0),
    };
  }
}
