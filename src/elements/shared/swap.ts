/**
 * The take-over's swap (see `take-over.ts`), in a chunk of its own that only a page with
 * server-rendered markup loads, fetched while the page paints: the server's markup is replaced by the
 * element's first render once the words of its language and what the element asked for are here, and
 * once the page has presented the server's markup (issue 24).
 *
 * "Presented": the page's Paint Timing report (it comes with the frame's presentation; `buffered`: at
 * once if it has come), then a frame and a task more, so the frame that holds the server's markup,
 * parsed before the script that takes it over, has been painted and presented. Chromium gives a text
 * its Largest Contentful Paint time only once its frame has been presented and forgets the text should
 * its node go before: a take-over a few microtasks after the script made the page's LCP the
 * take-over's repaint, and its render, style and layout held back a first frame not yet painted. A page
 * that reports no paint (loaded hidden, or nothing on screen) is taken over after 3 s. The wait is
 * once per page: markup inserted later (a client-side navigation) is swapped without it.
 */
import type { LitElement } from 'lit';

const presented = new Promise((done) => {
  // A hidden page has no frames: a task only.
  const then = () => (document.hidden ? setTimeout(done) : requestAnimationFrame(() => setTimeout(done)));
  new PerformanceObserver(then).observe({ type: 'paint', buffered: true });
  setTimeout(then, 3e3);
});

/** A control by its `part` and its place among the root's controls of that part: the same control once rendered anew. */
type Place = readonly [part: string, index: number];

function placeOf(root: ShadowRoot, control: Element | null | undefined): Place | undefined {
  const part = control?.getAttribute('part');
  return part ? [part, [...root.querySelectorAll(`[part="${part}"]`)].indexOf(control!)] : undefined;
}

const controlAt = (root: ShadowRoot, [part, index]: Place) => root.querySelectorAll<HTMLElement>(`[part="${part}"]`)[index];

/**
 * Swaps once `words` (the language's) and `before` (the element's chunks) are here and the page has
 * painted. The server's controls do nothing (no listeners): a click on one meanwhile ("Load more", a
 * video's play button) is done again on the same control once the element has rendered, and focus on
 * one moves to it, so neither is lost with the server's markup.
 */
export default async function swap(
  host: LitElement,
  words: Promise<unknown>,
  before: (() => Promise<unknown>) | undefined,
  island: boolean,
): Promise<unknown> {
  const update = () => (host as unknown as { scheduleUpdate(): unknown }).scheduleUpdate();
  if (!island) {
    // Server markup inside another element's that has an island (a player in a server card's media row):
    // that element's swap replaces it. Rendering it meanwhile would put its live nodes before its
    // server ones in the same root, in a page that has painted them: a shift (0.0012 in a Next.js app).
    if (aroundIsTakenOver(host)) return new Promise(() => undefined);
    // Nothing around it will take it over (a wall rendered from data alone): as before the swap waited.
    return update();
  }
  // Lit has made the render root by now (a browser without declarative shadow DOM has none of its own).
  const root = host.shadowRoot!;
  let clicked: Element | undefined;
  const onClick = (event: Event) => (clicked = (event.target as Element).closest('button[part]') ?? clicked);
  root.addEventListener('click', onClick);
  // A chunk that fails to load is the element's to report; the take-over goes on.
  await Promise.all([words, before?.().catch(() => undefined), presented]);
  root.removeEventListener('click', onClick);
  const click = placeOf(root, clicked);
  const focus = placeOf(root, root.activeElement);
  root.replaceChildren();
  // Lit meant to render before the server's first node, now gone: into the emptied root instead.
  host.renderOptions.renderBefore = null;
  // Not awaited: the update completes after this, its first scheduling, has returned.
  void host.updateComplete.then(() => {
    if (focus) controlAt(root, focus)?.focus();
    if (click) controlAt(root, click)?.click();
  });
  return update();
}

/**
 * Whether an element whose shadow root holds `host` has an island (read as `takeOver` reads it: any
 * script in its light DOM), so that its swap will replace `host`.
 */
function aroundIsTakenOver(host: Element): boolean {
  for (let root = host.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
    if (root.host.querySelector('script')) return true;
  }
  return false;
}
