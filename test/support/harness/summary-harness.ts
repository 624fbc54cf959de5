/** Drives a `<testimonial-summary>` in tests: what it says, its link, the floating summary's close button. */
import type { TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import { ElementHarness, textOf } from './element-harness.js';

export class SummaryHarness extends ElementHarness<TestimonialSummary> {
  /** What the summary shows ("★★★★★ 4.8 122 reviews" and its screen-reader sentence), or the empty or error state's words. */
  text(): string {
    return textOf(this.part('summary') ?? this.part('empty') ?? this.part('error'));
  }

  /** The sentence a screen reader hears for the picture ("Rated 4.8 out of 5 from 122 reviews"). */
  sentence(): string {
    return textOf(this.part('summary')?.querySelector('.visually-hidden'));
  }

  /** Every sentence for screen readers alone (the picture's, the bars'), but the live region's, joined with ` | `. */
  sentences(): string {
    return [...this.root.querySelectorAll('.visually-hidden:not([role="status"])')].map((node) => node.textContent!.trim()).join(' | ');
  }

  /** The images shown (avatars with a picture). */
  images(): HTMLImageElement[] {
    return [...this.root.querySelectorAll('img')];
  }

  /** The floating box (`placement`), or `null` inline or once dismissed. */
  get floating(): HTMLElement | null {
    return this.root.querySelector('.floating');
  }

  /** What the picture shows, hidden from screen readers (`aria-hidden`). */
  picture(): string {
    return textOf(this.part('summary')?.querySelector('.picture'));
  }

  /** The link around the summary (`href`, `wall-link`), or `null`. */
  get link(): HTMLAnchorElement | null {
    return this.part<HTMLAnchorElement>('link');
  }

  /** Whether the skeleton stands in. */
  get loading(): boolean {
    return this.part('skeleton') !== null;
  }

  /** The floating summary's close button. */
  close(): Promise<void> {
    return this.click('close');
  }
}
