/** Drives a `<testimonial-card>` in tests: "Read more", its text, name, rating, and its error state. */
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import { ElementHarness, textOf } from './element-harness.js';

export class CardHarness extends ElementHarness<TestimonialCard> {
  /** The testimonial's words as shown (clamped until expanded). */
  text(): string {
    return textOf(this.part('text'));
  }

  /** The customer's name as shown. */
  name(): string {
    return textOf(this.part('name'));
  }

  /** The rating's label ("4 out of 5 stars"), or `null` when no rating is shown. */
  ratingLabel(): string | null {
    return this.part('rating')?.getAttribute('aria-label') ?? null;
  }

  /** The "Read more" / "Show less" button, or `null` for a text short enough. */
  get toggle(): HTMLButtonElement | null {
    return this.part<HTMLButtonElement>('read-more');
  }

  /** Whether the whole text is shown. */
  get expanded(): boolean {
    return this.toggle?.getAttribute('aria-expanded') === 'true';
  }

  /** "Read more" (or "Show less"): toggles the text, as a visitor's click. */
  async expand(): Promise<void> {
    await this.click('read-more');
  }

  /** Whether the card shows its loading skeleton. */
  get loading(): boolean {
    return this.part('skeleton') !== null;
  }
}
