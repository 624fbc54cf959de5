/**
 * How the take-over tests see that nothing moved when server-rendered elements took over (the demo
 * page in test/ssr/take-over.node.test.ts, the Next.js and Astro apps in test/frameworks): the boxes
 * of what a reader sees before and after, frame by frame in between, and in Chromium the Layout
 * Instability API's shifts.
 */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';

export interface Box {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * In the page: `__boxes()`, the boxes of what a reader sees, which move if taking over moved anything
 * (every host, every element with a `part`, through shadow roots, and what follows the elements); and
 * `__watchFrames()`, which compares those of the hosts, cards, texts, footers and what follows with
 * the first ones in every animation frame (read in
 * requestAnimationFrame: the layout about to be painted) until `__stopWatching()` returns the first
 * frame that differed, as `label before → now` lines. Firefox has no Layout Instability API: this is
 * how a box that moves for a frame and back is seen there.
 */
export const FRAME_WATCH = `
  globalThis.__boxes = (selector = 'testimonial-wall, testimonial-card, div.tc, video-testimonial, [part], #end') => {
    const out = [];
    const walk = (root) => {
      for (const element of root.querySelectorAll('*')) {
        // A player's <video> is not in the server's HTML (until it plays it is hidden and fills the
        // frame, out of flow: src/elements/video-testimonial); the frame and the play button have its box.
        if (element.matches(selector) && element.localName !== 'video') {
          const { x, y, width, height } = element.getBoundingClientRect();
          const part = element.getAttribute('part');
          // A server-rendered wall writes each card flat, a div.tc for its host (src/ssr/flat-cards.ts).
          const name = element.matches('div.tc') ? 'testimonial-card' : element.localName;
          out.push({ label: name + (part ? '[' + part + ']' : ''), x, y, width, height });
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return out;
  };
  globalThis.__watchFrames = () => {
    const show = (list) => list.map((b) => b.label + ' ' + [b.x, b.y, b.width, b.height].map((v) => v.toFixed(2)).join(','));
    // Every host and card, the cards' texts, the wall's footer and what follows (a player's own parts
    // appear only once it is defined, in its reserved box).
    const selector = 'testimonial-wall, testimonial-card, div.tc, video-testimonial, [part=item], [part=card], [part=text], [part=footer], [part=load-more], #end';
    const first = show(__boxes(selector));
    let moved = [];
    let watching = true;
    const frame = () => {
      if (!watching) return;
      const now = show(__boxes(selector));
      if (moved.length === 0 && now.join() !== first.join()) {
        const count = Math.max(first.length, now.length);
        for (let index = 0; index < count && moved.length < 12; index++) {
          if (first[index] !== now[index]) moved.push((first[index] ?? '-') + ' → ' + (now[index] ?? '-'));
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    globalThis.__stopWatching = () => {
      watching = false;
      return moved;
    };
  };`;

/** Whether two sets of boxes are the same (within `tolerance` pixels). */
export function sameBoxes(actual: Box[], expected: Box[], tolerance: number): void {
  const show = (list: Box[]) =>
    list.map((b) => `${b.label} ${b.x.toFixed(2)},${b.y.toFixed(2)} ${b.width.toFixed(2)}x${b.height.toFixed(2)}`);
  const same =
    actual.length === expected.length &&
    actual.every((box, index) => {
      const other = expected[index]!;
      return (
        box.label === other.label && (['x', 'y', 'width', 'height'] as const).every((key) => Math.abs(box[key] - other[key]) <= tolerance)
      );
    });
  if (!same) assert.deepEqual(show(actual), show(expected), 'a box moved or changed size when the elements took over');
}

/** Sums the page's `layout-shift` entries (Chromium's Layout Instability API) and says what moved. */
export const SHIFT_OBSERVER = `
  globalThis.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      __shifts.push({
        value: entry.value,
        sources: entry.sources.map((source) => {
          const node = source.node;
          const host = node?.getRootNode().host;
          const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
          return (node ? node.nodeName.toLowerCase() + (host ? ' in ' + host.localName : '') : 'a removed node') + ' ' + rect(source.previousRect) + ' → ' + rect(source.currentRect);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });`;

/**
 * Waits until the images in view have loaded (lazy ones out of it, below or in a carousel's slides out
 * of view, never start: an IntersectionObserver tells, as it tells the browser's lazy loading), then
 * two frames, so that everything is painted.
 */
export async function imagesInViewPainted(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = (root: Document | ShadowRoot): HTMLImageElement[] =>
      [...root.querySelectorAll('*')].flatMap((element) => [
        ...(element instanceof HTMLImageElement ? [element] : []),
        ...(element.shadowRoot ? images(element.shadowRoot) : []),
      ]);
    const inView = (image: Element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve(entry!.isIntersecting);
        });
        observer.observe(image);
      });
    await Promise.all(images(document).map(async (image) => (await inView(image)) && (await image.decode().catch(() => undefined))));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Asserts that the wall has taken over: none of its cards is one the server rendered (marked
 * `__fromServer` by the page's hook when the first element was defined: an upgrade keeps the node, a
 * take-over does not).
 */
export async function noServerCardLeft(page: Page): Promise<void> {
  const left = await page.evaluate(
    () =>
      [...document.querySelector('testimonial-wall')!.shadowRoot!.querySelectorAll('div.tc, testimonial-card')].filter(
        (card) => (card as Element & { __fromServer?: boolean }).__fromServer,
      ).length,
  );
  assert.equal(left, 0, "the server's cards are still in the wall");
}
