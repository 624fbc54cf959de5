/** Small helpers shared by the wall's browser tests. */
import { oneEvent, waitUntil } from '@open-wc/testing';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';

export function part<T extends Element = HTMLElement>(wall: TestimonialWall, name: string): T | null {
  return wall.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

export function all<T extends Element = HTMLElement>(wall: TestimonialWall, selector: string): T[] {
  return [...wall.shadowRoot!.querySelectorAll<T>(selector)];
}

/** The testimonials shown, by id, in order (list items, slides or marquee items, not the hidden copies). */
export function shownIds(wall: TestimonialWall): string[] {
  return all(wall, '[role="listitem"] testimonial-card, .slide testimonial-card').map(
    (card) => (card as HTMLElement & { testimonial: { id: string } }).testimonial.id,
  );
}

/** Waits for the first page of `wall` and for every slice of it to be rendered. */
export async function loaded(wall: TestimonialWall): Promise<void> {
  await oneEvent(wall, 'testimonials-load');
  await wall.updateComplete;
}

/** Collects console warnings while `run` runs (it is handed the list, to wait for one). */
export async function warningsDuring(run: (messages: readonly string[]) => Promise<void> | void): Promise<string[]> {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  try {
    await run(messages);
  } finally {
    console.warn = original;
  }
  return messages;
}

/** Waits until `api` has seen `count` list requests. */
export function requestsSeen(api: { requests: unknown[] }, count: number): Promise<void> {
  return waitUntil(() => api.requests.length >= count, `${count} request(s) expected`);
}

/** Resolves after `count` animation frames. */
export async function frames(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}
