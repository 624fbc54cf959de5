/**
 * A bound on expensive uncached work (a `/summary` walk of many upstream pages, a server render of a
 * wall): at most `concurrency` tasks run at once, the next ones wait in line for at most `waitMs`, and
 * past that (or with the line full) they fail with {@link ProxyBusyError}, answered 503 with
 * `Retry-After`, or with the stale copy when there is one. Without it, 100 summaries with distinct
 * filters made 5,020 upstream calls at once, the proxy grew by 450 MB and a cached answer took 27 s.
 *
 * Cached answers never pass through a gate: only the work that fills the cache does.
 */

/** The work's line is full: answered 503 `proxy_busy` with `Retry-After`, never logged (a flood would fill the log). */
export class ProxyBusyError extends Error {
  override readonly name = 'ProxyBusyError';

  constructor(
    readonly what: string,
    readonly retryAfterMs: number,
  ) {
    super(`too many ${what} at once`);
  }
}

/** How many tasks may wait per running slot; past that, a request is refused at once. */
const WAITING_PER_SLOT = 8;

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  /** `what` names the work in the busy error ("summary walks", "renders"). */
  constructor(
    private readonly what: string,
    private readonly concurrency: number,
    private readonly waitMs: number,
  ) {}

  /** Tasks running now and waiting for a slot (for tests and a health page). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; rejects with {@link ProxyBusyError} when none frees in time. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await this.slot();
    else this.running++;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Waits for a running task to hand its slot over (the count stays as it is). */
  private slot(): Promise<void> {
    const busy = () => new ProxyBusyError(this.what, Math.max(1000, this.waitMs));
    if (this.waiting.length >= this.concurrency * WAITING_PER_SLOT) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => resolve(),
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(busy());
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    // Handed over on a new task, not a microtask: a render is long synchronous work, and handing the
    // slot straight on ran one render after another without the event loop ever answering a cached
    // request in between (5.8 s for one during a render flood).
    clearTimeout(next.timer);
    setTimeout(next.start, 0);
  }
}
