/**
 * When a long list reveals its next slice: in a task of its own rather than in the next animation frame.
 *
 * A slice's new cards take most of a frame's budget (30 ms), so a slice with its rendering lasted longer
 * than a display's frame (16.7 ms at 60 Hz), and a slice that waited for the next animation frame also
 * waited, idle, for the display's next frame: in the full bench, 100 cards took 4.26× one `innerHTML`
 * one slice a frame and 3.13× one slice a task (docs/performance.md, "A task per slice").
 * Between two tasks the browser renders when a frame is due: Chromium queues the frame's task when it
 * is, before the next slice's. Firefox lets a queue of tasks go first (8 frames in a 1,000-card reveal of
 * 800 ms, against 26 a frame a slice), so a slice waits for an animation frame when the page has not
 * rendered for `STARVED_MS`.
 *
 * A slice in a task is timed without the frame that renders it, where one in a frame was timed with
 * it, and the sizer gives a slice's new items as much time as a frame's own part: so the frames' cost
 * is watched here (`frameCost`). Without it, a slow device whose frames cost more than the budget
 * (a thousand cards at 4× CPU: 30–100 ms a frame) got slices of the budget and rendered more such
 * frames: 1,000 cards at 4× took 2.17× one `innerHTML`, with it 1.81× (docs/performance.md).
 *
 * The slice sizer's chunk brings it (see SliceSizer): lists of a few slices (a page of a dozen cards
 * takes two) reveal theirs in frames.
 */
import type { Scheduler } from '../shared/next-frame.js';

/** How long the slices' tasks may keep the page from rendering: three frames at 60 Hz. */
const STARVED_MS = 50;

/** When the page last rendered, as an animation frame's callback saw it. */
let lastFrame = -Infinity;
let watching = false;

/**
 * What the last frame watched took, from its animation frames' callbacks to the task after it: its
 * rendering, which a slice in a task of its own is not timed with (see SliceSizer, which gives the new
 * cards as much).
 */
export let frameCost = 0;

/** Notes when the next frame comes and what it costs (one frame at a time, however many slices wait). */
function watchFrames(): void {
  if (watching) return;
  watching = true;
  requestAnimationFrame(() => {
    lastFrame = performance.now();
    setTimeout(() => {
      watching = false;
      frameCost = performance.now() - lastFrame;
    });
  });
}

/**
 * The next task (a message: timers nested five deep wait 4 ms at least), or the next animation frame
 * once the page has not rendered for `STARVED_MS`. A hidden document renders no frames, and none runs
 * on the server: there, always the next task.
 */
export const nextSlice: Scheduler = (callback) => {
  if (globalThis.document?.hidden === false) {
    if (performance.now() - lastFrame > STARVED_MS) {
      const id = requestAnimationFrame((time) => {
        lastFrame = performance.now();
        callback(time);
      });
      return () => cancelAnimationFrame(id);
    }
    watchFrames();
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback();
  channel.port2.postMessage(undefined);
  return () => void (channel.port1.onmessage = null);
};
