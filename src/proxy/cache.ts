/**
 * The proxy's in-memory answer cache: a least-recently-used map with a time to live, one shared upstream
 * call for concurrent identical misses, and stale answers for a bounded time while the upstream fails.
 *
 * A `Map` keeps insertion order, so "least recently used" is its first key as long as every hit
 * re-inserts its entry. Expired entries stay until evicted: they are what a failing upstream is covered
 * with.
 */

export interface CacheOptions {
  /** How long an answer is fresh, in milliseconds. */
  ttlMs: number;
  /** How many answers are kept; the least recently used goes first. */
  maxEntries: number;
  /** How long after it expired an answer may still be served while the upstream fails. */
  staleIfErrorMs: number;
}

/** `HIT`: fresh from the cache; `MISS`: just fetched; `STALE`: expired, served because the upstream failed. */
export type CacheState = 'HIT' | 'MISS' | 'STALE';

export interface CacheResult<T> {
  value: T;
  state: CacheState;
  /** When the answer was fetched (the clock's milliseconds), for the `Age` header. */
  storedAt: number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  /** After a failed refresh: until then the stale answer is served without asking the upstream again. */
  retryAt?: number;
}

/**
 * How long a failed refresh is not retried (capped at the TTL): during an outage, a busy page would
 * otherwise send every request to a service that is already failing, and log a line for each.
 */
export const FAILED_REFRESH_BACKOFF_MS = 5_000;

export class AnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<T>>();

  constructor(
    private readonly options: CacheOptions,
    private readonly clock: () => number,
  ) {}

  /**
   * The answer for `key`: fresh from the cache, or from `load` (one call shared by every caller that
   * misses meanwhile). When `load` fails with an error that `staleOnError` accepts, an expired answer
   * younger than `ttlMs + staleIfErrorMs` is served instead; otherwise the entry is forgotten (a
   * testimonial that became 404 must not come back from the cache) and the error is thrown. After a
   * failure served stale, the upstream is left alone for {@link FAILED_REFRESH_BACKOFF_MS}.
   */
  async get(key: string, load: () => Promise<T>, staleOnError: (error: unknown) => boolean): Promise<CacheResult<T>> {
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && now - entry.storedAt < this.options.ttlMs) {
      this.touch(key, entry);
      return { value: entry.value, state: 'HIT', storedAt: entry.storedAt };
    }
    if (entry?.retryAt !== undefined && now < entry.retryAt && this.withinStaleWindow(entry, now)) {
      return { value: entry.value, state: 'STALE', storedAt: entry.storedAt };
    }
    try {
      const value = await this.loadShared(key, load);
      return { value, state: 'MISS', storedAt: this.entries.get(key)?.storedAt ?? this.clock() };
    } catch (error) {
      const stale = this.entries.get(key);
      const failedAt = this.clock();
      if (stale && staleOnError(error) && this.withinStaleWindow(stale, failedAt)) {
        stale.retryAt = failedAt + Math.min(FAILED_REFRESH_BACKOFF_MS, this.options.ttlMs);
        return { value: stale.value, state: 'STALE', storedAt: stale.storedAt };
      }
      this.entries.delete(key);
      throw error;
    }
  }

  private withinStaleWindow(entry: Entry<T>, now: number): boolean {
    return now - entry.storedAt < this.options.ttlMs + this.options.staleIfErrorMs;
  }

  private loadShared(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.store(key, value);
          return value;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private store(key: string, value: T): void {
    if (this.options.maxEntries <= 0) return;
    this.touch(key, { value, storedAt: this.clock() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
