/**
 * Runs `load` (a page's script: the elements' definitions and the page's own code) once the page has
 * painted. A module script that arrives before the first frame runs before it, and its work then
 * delays that paint (and Lighthouse charges the whole script to the first paint); the page is text
 * until its elements are defined anyway (main[data-after-defined] in demo.css), so it paints first,
 * then defines them a frame later. The build preloads the script at low priority in the page's head
 * (vite.config.ts), so waiting costs a frame, not a download.
 */
export function afterFirstPaint(load: () => Promise<unknown>): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      load().catch((error: unknown) => console.error('The page script failed to load:', error));
    }),
  );
}
