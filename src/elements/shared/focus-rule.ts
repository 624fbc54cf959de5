/**
 * The focus rule of `TestimonialElement` (written down there), applied once an action's outcome is
 * rendered. A chunk of its own, loaded when a visitor first acts: a page nobody acts on never needs it.
 */

/** Puts focus on `next` (else `host`), unless the visitor moved it out of the element meanwhile. */
export function moveFocus(host: HTMLElement, next: Element | null | undefined): void {
  const active = document.activeElement;
  if (active && active !== document.body && active !== host && !host.shadowRoot!.activeElement) return;
  const target = (next as HTMLElement | null | undefined) ?? host;
  // Not a Tab stop: one while it holds focus (from tabindex="-1" in a shadow tree, Chromium's next Tab
  // would go to the tree's first Tab stop).
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) {
    target.tabIndex = 0;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
  keepInView(target, 6);
}

/**
 * Scrolls `target` into view, and again in each of the next `frames` frames while it holds focus: the
 * cards between it and where the page was skip rendering out of view (content-visibility) and are drawn
 * as they near the viewport, at their own height instead of the one assumed, moving what follows them.
 * "Skip testimonials" past a wall of two slices left the wall's end out of view so.
 */
function keepInView(target: HTMLElement, frames: number): void {
  target.scrollIntoView({ block: 'nearest' });
  if (frames > 0) requestAnimationFrame(() => target.matches(':focus') && keepInView(target, frames - 1));
}
