// Waiting for frames, for the demo pages that spread their work over tasks after their first paint.

/**
 * Resolves in a task after `frames` frames have been drawn. Two frames for work that must start after
 * the first paint: the paint's time (what Lighthouse reads as first contentful paint) is when the frame
 * was presented, which can come after a task queued in the frame's own animation-frame callback runs.
 */
export function afterFrames(frames = 1): Promise<void> {
  return new Promise((resolve) => {
    const frame = (left: number) => requestAnimationFrame(() => (left > 1 ? frame(left - 1) : setTimeout(resolve)));
    frame(frames);
  });
}
