/**
 * A clock for the page's `setTimeout` that moves only when a browser test says so.
 *
 * A debounce checked on the real clock fails on a loaded machine: keystrokes sent by the runner can
 * arrive more than the pause apart, and each gap is then a pause of its own. While held, a timeout
 * runs only when `tick` passes its time, however long the keys take to arrive; `release` hands the
 * timeouts still pending to the real clock with the time they have left, and `clearTimeout` keeps
 * cancelling them by the ids they were given until the last has run or been cancelled; then the page's
 * own `clearTimeout` is back too.
 */
export interface HeldTimeouts {
  /** Moves the held clock `ms` on, running the timeouts that fall due, in order. */
  tick(ms: number): void;
  /** Timeouts run on the real clock again (the pending ones with the time they have left). */
  release(): void;
}

interface Pending {
  readonly at: number;
  readonly run: () => void;
}

/** Ids far above the browser's own, so a held timeout's id never names a real one. */
const FIRST_HELD_ID = 1_000_000_000;

export function holdTimeouts(): HeldTimeouts {
  const realSetTimeout = window.setTimeout;
  const realClearTimeout = window.clearTimeout;
  const pending = new Map<number, Pending>();
  /** Held timeouts handed to the real clock on release, by their held id. */
  const handedOver = new Map<number, number>();
  let now = 0;
  let nextId = FIRST_HELD_ID;
  let held = true;

  /** The page's own clearTimeout is back once no held id can reach it any more. */
  const restoreWhenDone = (): void => {
    if (!held && handedOver.size === 0) window.clearTimeout = realClearTimeout;
  };

  window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]): number => {
    if (typeof handler !== 'function') throw new TypeError('holdTimeouts() runs function handlers only, not strings.');
    const id = nextId++;
    pending.set(id, { at: now + Math.max(0, Number(delay) || 0), run: () => handler(...args) });
    return id;
  }) as typeof window.setTimeout;

  window.clearTimeout = ((id?: number): void => {
    if (id === undefined || id < FIRST_HELD_ID) return realClearTimeout(id);
    pending.delete(id);
    const real = handedOver.get(id);
    if (real === undefined) return;
    handedOver.delete(id);
    realClearTimeout(real);
    restoreWhenDone();
  }) as typeof window.clearTimeout;

  return {
    tick(ms) {
      if (!held) throw new Error('tick() after release(): the timeouts run on the real clock now.');
      const end = now + ms;
      for (;;) {
        // Earliest first; among equals, the first set (Map keeps insertion order).
        let due: [number, Pending] | undefined;
        for (const entry of pending) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    release() {
      if (!held) return;
      held = false;
      window.setTimeout = realSetTimeout;
      for (const [id, { at, run }] of pending)
        handedOver.set(
          id,
          realSetTimeout(() => {
            handedOver.delete(id);
            restoreWhenDone();
            run();
          }, at - now),
        );
      pending.clear();
      restoreWhenDone();
    },
  };
}

/**
 * Waits until `predicate` holds, looking once per animation frame: `waitUntil` polls with the
 * `setTimeout` a held clock does not run.
 */
export async function untilFrame(predicate: () => boolean, message: string, maxFrames = 600): Promise<void> {
  for (let frame = 0; frame < maxFrames; frame++) {
    if (predicate()) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error(`Timeout after ${maxFrames} frames: ${message}`);
}
