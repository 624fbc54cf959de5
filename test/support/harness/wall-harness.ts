/** Drives a `<testimonial-wall>` in tests: its cards, "Load more", the skip link, the carousel's buttons. */
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { ElementHarness, textOf } from './element-harness.js';

export class WallHarness extends ElementHarness<TestimonialWall> {
  /** The cards shown, in order: list items and carousel slides (not the marquee's hidden copies, nor the skeleton). */
  cards(): TestimonialCard[] {
    return [...this.root.querySelectorAll<TestimonialCard>('[role="listitem"] testimonial-card, .slide testimonial-card')];
  }

  /** The ids of the testimonials shown, in order. */
  ids(): string[] {
    return this.cards().map((card) => String((card.testimonial as { id: unknown } | null | undefined)?.id));
  }

  /** The list items shown (masonry, grid, list). */
  items(): HTMLElement[] {
    return [...this.root.querySelectorAll<HTMLElement>('[role="listitem"]')];
  }

  /** Whether the skeleton stands in (the first page, or a layout's chunk, is on its way). */
  get loading(): boolean {
    return this.root.querySelector('[aria-busy="true"]') !== null;
  }

  /** "Load more", as a visitor presses it (the button must be shown). */
  loadMore(): Promise<void> {
    return this.click('load-more');
  }

  /** The "Load more" button, or `null`. */
  get loadMoreButton(): HTMLButtonElement | null {
    return this.part<HTMLButtonElement>('load-more');
  }

  /** The empty state's text, or `null`. */
  emptyText(): string | null {
    const empty = this.part('empty');
    return empty ? textOf(empty) : null;
  }

  /** The accessible name of the list or carousel. */
  get label(): string | null {
    return this.part('list')?.getAttribute('aria-label') ?? this.part('carousel')?.getAttribute('aria-label') ?? null;
  }

  /** "Skip testimonials": follows the link; focus goes to the end of the testimonials. */
  skip(): Promise<void> {
    return this.click('skip');
  }

  /** The carousel's "next" button. */
  next(): Promise<void> {
    return this.click('next');
  }

  /** The carousel's "previous" button. */
  previous(): Promise<void> {
    return this.click('previous');
  }
}
