/**
 * Runs a callback at the next opportunity to render; returns a function that cancels it. The callback
 * gets the frame's time (`requestAnimationFrame`'s, the same for every callback of one frame), or
 * nothing when it runs in a task of its own.
 */
export type Scheduler = (callback: (frame?: number) => void) => () => void;

/**
 * The next animation frame, or a macrotask in a hidden document (where frames do not come), so what
 * waits for a frame in a background tab is done when the tab is shown.
 */
export const nextFrame: Scheduler = (callback) => {
  // globalThis: a wall rendered on the server (Node, no document) reveals its slices too.
  const hidden = globalThis.document?.hidden;
  const id = hidden ? setTimeout(callback) : requestAnimationFrame(callback);
  return () => (hidden ? clearTimeout(id) : cancelAnimationFrame(id as number));
};
