/**
 * The proxy's in-memory answer cache: a least-recently-used map bounded by entry count and by bytes,
 * with a time to live, one upstream call per key at a time (concurrent misses and refreshes share it),
 * and stale answers for a bounded time while the upstream fails or is slow.
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
  /** How many bytes of answers are kept (the least recently used go first); a larger answer is not kept. */
  maxBytes: number;
  /** How long after it expired an answer may still be served while the upstream fails. */
  staleIfErrorMs: number;
  /**
   * With an expired answer on hand, how long a visitor waits for the refresh before getting that answer
   * (`STALE`); the refresh goes on in the background and is kept when it succeeds.
   */
  staleAfterMs: number;
}

/** `HIT`: fresh from the cache; `MISS`: just fetched; `STALE`: expired, served because the upstream failed or was slow. */
export type CacheState = 'HIT' | 'MISS' | 'STALE';

export interface CacheResult<T> {
  value: T;
  state: CacheState;
  /** When the answer was fetched (the clock's milliseconds), for the `Age` header. */
  storedAt: number;
  /** A refresh still under way when a `STALE` answer was served (edge runtimes: keep it alive with `waitUntil`). */
  refreshing?: Promise<unknown>;
}

/** What a failed load means for an expired answer on hand. */
export interface FailureCover {
  /** May the expired answer stand in? */
  stale: boolean;
  /** How long the upstream asked to be left alone (`Retry-After`), in milliseconds. */
  quietMs?: number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  size: number;
  /** After a failed refresh: until then the stale answer is served without asking the upstream again. */
  retryAt?: number;
}

interface Refresh<T> {
  result: Promise<T>;
  /** Resolves `staleAfterMs` after the load started (never, once it settled). */
  late: Promise<typeof LATE>;
}

const LATE = Symbol('late');

/**
 * How long a failed refresh is not retried (capped at the TTL; longer when the upstream sent
 * `Retry-After`): during an outage, a busy page would otherwise send every request to a service that is
 * already failing, and log a line for each.
 */
export const FAILED_REFRESH_BACKOFF_MS = 5_000;

export class AnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Refresh<T>>();
  private bytes = 0;

  constructor(
    private readonly options: CacheOptions,
    private readonly clock: () => number,
    private readonly sizeOf: (value: T) => number,
    /** When a value was fetched, if not just now (an answer from the shared cache, fetched by another isolate). */
    private readonly storedAtOf: (value: T) => number | undefined = () => undefined,
  ) {}

  /** Bytes of the answers kept (as counted by `sizeOf`). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The answer for `key`: fresh from the cache, or from `load` (one call per key at a time, shared by
   * every caller meanwhile). With an expired answer younger than `ttlMs + staleIfErrorMs` on hand, a
   * caller waits at most `staleAfterMs` for the load, and gets that answer when the load fails with an
   * error that `cover` lets stand in. Otherwise a failure forgets the entry (a testimonial that became
   * 404 must not come back from the cache) and is thrown. After a failure covered by a stale answer, the
   * upstream is left alone for {@link FAILED_REFRESH_BACKOFF_MS} or its `Retry-After`.
   */
  async get(key: string, load: () => Promise<T>, cover: (error: unknown) => FailureCover): Promise<CacheResult<T>> {
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && now - entry.storedAt < this.options.ttlMs) {
      this.touch(key, entry);
      return { value: entry.value, state: 'HIT', storedAt: entry.storedAt };
    }
    const copy = entry && this.withinStaleWindow(entry, now) ? entry : undefined;
    if (copy?.retryAt !== undefined && now < copy.retryAt) return stale(copy);
    const refresh = this.refresh(key, load, cover);
    try {
      const value = copy ? await Promise.race([refresh.result, refresh.late]) : await refresh.result;
      if (value === LATE) return { ...stale(copy!), refreshing: refresh.result };
      return { value, state: 'MISS', storedAt: this.entries.get(key)?.storedAt ?? this.storedAtOf(value) ?? this.clock() };
    } catch (error) {
      // `refresh` kept the copy only if it may stand in for this failure.
      if (copy && this.entries.get(key) === copy) return stale(copy);
      throw error;
    }
  }

  private withinStaleWindow(entry: Entry<T>, now: number): boolean {
    return now - entry.storedAt < this.options.ttlMs + this.options.staleIfErrorMs;
  }

  private refresh(key: string, load: () => Promise<T>, cover: (error: unknown) => FailureCover): Refresh<T> {
    const pending = this.inflight.get(key);
    if (pending) return pending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.options.staleAfterMs);
    });
    const result = (async () => {
      try {
        const value = await load();
        this.store(key, value);
        return value;
      } catch (error) {
        this.failed(key, cover(error));
        throw error;
      } finally {
        clearTimeout(timer);
        this.inflight.delete(key);
      }
    })();
    // A refresh that went on in the background may fail with nobody waiting for it.
    result.catch(() => {});
    const refresh = { result, late };
    this.inflight.set(key, refresh);
    return refresh;
  }

  private failed(key: string, { stale, quietMs = 0 }: FailureCover): void {
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && stale && this.withinStaleWindow(entry, now)) {
      entry.retryAt = now + Math.max(quietMs, Math.min(FAILED_REFRESH_BACKOFF_MS, this.options.ttlMs));
      return;
    }
    this.remove(key);
  }

  private store(key: string, value: T): void {
    this.remove(key);
    const size = this.sizeOf(value);
    if (this.options.maxEntries <= 0 || size > this.options.maxBytes) return;
    this.entries.set(key, { value, storedAt: this.storedAtOf(value) ?? this.clock(), size });
    this.bytes += size;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }

  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}

function stale<T>(entry: Entry<T>): CacheResult<T> {
  return { value: entry.value, state: 'STALE', storedAt: entry.storedAt };
}
