/**
 * The `summary` option of the proxy: a leaf of its own, read by `options.ts` (which validates and
 * resolves every option) and by `summary.ts` (which reads the resolved options), so neither imports the other
 * for it.
 */
export interface SummaryOptions {
  /** How long a summary is fresh, in ms (default 10 minutes): it costs many upstream pages, and counts move slowly. */
  ttlMs?: number;
  /** Upstream pages of 1000 read at most for one summary (1–1000, default 50); past them it is `partial`. */
  maxPages?: number;
  /** Walks at once (1–64, default 2); the next wait up to `busyWaitMs`, then get the stale copy or 503. */
  concurrency?: number;
}
