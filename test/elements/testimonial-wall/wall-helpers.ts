/** Small helpers shared by the wall's browser tests. */
import { emulateMedia } from '@web/test-runner-commands';
import { fixture, html, waitUntil } from '@open-wc/testing';
import { makeTestimonials } from './fake-api.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { WallHarness } from '../../support/harness/wall-harness.js';

/** The first part `name` of the wall (see WallHarness, which the wall's tests read through). */
export function part<T extends Element = HTMLElement>(wall: TestimonialWall, name: string): T | null {
  return new WallHarness(wall).part<T>(name);
}

export function all<T extends Element = HTMLElement>(wall: TestimonialWall, selector: string): T[] {
  return [...wall.shadowRoot!.querySelectorAll<T>(selector)];
}

/** The testimonials shown, by id, in order (list items, slides or marquee items, not the hidden copies). */
export function shownIds(wall: TestimonialWall): string[] {
  return new WallHarness(wall).ids();
}

/**
 * Waits until the first page of `wall` is shown (or its empty or error state) and every slice of it is
 * rendered, wherever the wall is on the page. Works whether the page arrived before the call or after it.
 */
export async function loaded(wall: TestimonialWall): Promise<void> {
  await until(async () => {
    // Awaited, the wall reveals its cards wherever it is: a wall far out of view waits to near it.
    await wall.updateComplete;
    const root = wall.shadowRoot;
    if (!root || root.querySelector('[aria-busy="true"]')) return false;
    return root.querySelector('[role="listitem"], .slide, [part~="empty"], [part~="error"]') !== null;
  }, 'the wall shows its first page');
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

/**
 * `waitUntil` with room for a busy machine: a condition that comes true late is still a pass, and one
 * that never does still fails (after 5 s instead of 1 s).
 */
export function until(
  predicate: () => unknown,
  message = 'the expected state',
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return waitUntil(predicate, message, { timeout: 5000, ...options });
}

/** Waits until `api` has seen `count` list requests. */
export function requestsSeen(api: { requests: unknown[] }, count: number): Promise<void> {
  return until(() => api.requests.length >= count, `${count} request(s) expected`);
}

/** Resolves after `count` animation frames. */
export async function frames(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** A wall of `count` given testimonials in a box `width` pixels wide, fully rendered. */
export async function wallOf(count: number, attributes: Record<string, string> = {}, width = 900): Promise<TestimonialWall> {
  const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
  const wall = document.createElement('testimonial-wall');
  for (const [name, value] of Object.entries(attributes)) wall.setAttribute(name, value);
  wall.testimonials = makeTestimonials(count);
  box.append(wall);
  await wall.updateComplete;
  return wall;
}

/**
 * Whether `element` has style containment: its own `contain`, or the containment that
 * `content-visibility` other than `visible` brings. Chromium answers a change of any element's style
 * containment by walking every element of the document for its counters, in that frame.
 */
export function containsStyle(element: Element): boolean {
  const { contain, contentVisibility } = getComputedStyle(element);
  return contentVisibility !== 'visible' || /\b(style|content|strict)\b/.test(contain);
}

/** Distinct left edges of the visible list items: the number of columns in use. */
export function columnsOf(wall: TestimonialWall): number {
  const visible = all(wall, '[role="listitem"]').filter((item) => item.getClientRects().length > 0);
  return new Set(visible.map((item) => Math.round(item.getBoundingClientRect().left))).size;
}

export function visibleItems(wall: TestimonialWall): number {
  return all(wall, '[role="listitem"]').filter((item) => getComputedStyle(item).display !== 'none').length;
}

/**
 * Asks for `prefers-reduced-motion: reduce` and returns how to take it back. Emulated over CDP where
 * the runner can (Chromium); elsewhere (Firefox over WebDriver BiDi) `matchMedia` answers the query
 * instead, which is all the element consults for its behaviour.
 */
export async function preferReducedMotion(): Promise<() => Promise<void>> {
  try {
    await emulateMedia({ reducedMotion: 'reduce' });
    return () => emulateMedia({ reducedMotion: 'no-preference' });
  } catch {
    const original = window.matchMedia;
    const answers: (EventTarget & { matches: boolean })[] = [];
    window.matchMedia = (query: string) => {
      if (!query.includes('prefers-reduced-motion')) return original.call(window, query);
      const answer = Object.assign(new EventTarget(), { matches: true, media: query, onchange: null });
      answers.push(answer);
      return answer as unknown as MediaQueryList;
    };
    return async () => {
      window.matchMedia = original;
      for (const answer of answers) {
        answer.matches = false;
        answer.dispatchEvent(new Event('change'));
      }
    };
  }
}
