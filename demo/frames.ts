// Waiting for the page to be drawn, for the demo pages that spread their work over tasks after their first paint.

/** Resolves in a task after the next frame has been drawn. */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * Resolves once the page's first contentful paint is recorded. Its time is when the frame was presented,
 * which on a busy machine comes tens of milliseconds after that frame's own animation-frame callbacks
 * and the tasks after them: a request started two frames later still ended before it in Lighthouse's
 * trace, which then counted it into the first and largest paint. Where the browser reports no paint
 * timing, two frames.
 */
export function afterFirstPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return afterNextFrame().then(afterNextFrame);
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
