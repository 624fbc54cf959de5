/**
 * The platform's shared cache in front of each isolate's in-memory {@link AnswerCache}. On Cloudflare
 * Workers every request may land in another isolate, each with its own memory: without this, the
 * service sees one call per key per isolate. `caches.default` is shared by every isolate of a data
 * centre, so an answer one isolate fetched is every isolate's until it expires.
 *
 * The rules are the in-memory cache's, counted from when the answer was fetched, whichever isolate
 * fetched it (stored with the answer: the Cache API's own expiry only drops what is too old to stand in):
 * fresh for `ttlMs`; then, while one isolate refreshes it, the others serve the expired copy at once
 * (stale-while-revalidate) and the refreshing one waits at most `staleAfterMs`; for `staleIfErrorMs`
 * the copy stands in when the service fails, and the service is then left alone for a while.
 *
 * One call per key across isolates: the Cache API has no atomic "put if absent", so the isolate that
 * refreshes a key is chosen with a lease entry that each contender writes and reads back after
 * {@link LEASE_SETTLE_MS} or twice its own look-and-write, whichever is longer: the last writer holds
 * it, the others wait for its answer. The holder looks at the copy once more before it calls, since a
 * loaded isolate may win a lease another has already held, filled and let go of. A write that comes
 * later than the settling wait while the holder is still calling can still make a second call: the lease
 * bounds calls, it does not make them exactly one. Nothing here ever fails a request: a cache that throws
 * is a cache that misses.
 */
import type { CachedAnswer } from './answers.js';
import { FAILED_REFRESH_BACKOFF_MS, type CacheOptions, type FailureCover } from './cache.js';

/** Our entries' addresses in the cache, apart from any page of the site's (never fetched: only a key). */
const ORIGIN = 'https://testimonial-proxy.internal';
const STORED_AT = 'X-Testimonial-Stored-At';
const ETAG = 'X-Testimonial-ETag';
/** Least time between writing a lease and reading it back, so every isolate that raced for it has written. */
export const LEASE_SETTLE_MS = 30;
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 250;
const LATE = Symbol('late');

/** An answer read from the shared cache, with when it was fetched. */
type SharedCopy = CachedAnswer & { storedAt: number };

/**
 * The part of a Web `Cache` the proxy uses (Cloudflare's `caches.default`, `await caches.open(name)`,
 * any other): named here so the proxy's types need no DOM or Workers library.
 */
export interface SharedCache {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
  delete(url: string): Promise<boolean>;
}

/** What a shared fill needs from the request it serves. */
export interface SharedFill {
  /** The upstream call (its admission included). */
  load: () => Promise<CachedAnswer>;
  cover: (error: unknown) => FailureCover;
  /** Keeps work that outlives the answer going (the execution context's `waitUntil` on Workers). */
  keepAlive: (work: Promise<unknown>) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SharedAnswers {
  private readonly prefix: string;

  /**
   * `namespace` tells proxies apart that share a cache (their upstream URL); `fillMs` is how long one
   * fill may take at most (every attempt's timeout): how long a lease lives and a waiter waits.
   */
  constructor(
    private readonly cache: SharedCache,
    namespace: string,
    private readonly options: CacheOptions,
    private readonly clock: () => number,
    private readonly fillMs: number,
  ) {
    this.prefix = `${ORIGIN}/${encodeURIComponent(namespace)}`;
  }

  /**
   * The answer for `key`: the shared copy while fresh; else one isolate's upstream call (this one's
   * when it wins the lease), the others meanwhile serving the expired copy or waiting for the new one.
   */
  async get(key: string, fill: SharedFill): Promise<CachedAnswer> {
    const url = `${this.prefix}${key}`;
    const copy = await this.read(url);
    if (copy && this.age(copy) < this.options.ttlMs) return marked(copy, 'HIT');
    const usable = copy && this.age(copy) < this.options.ttlMs + this.options.staleIfErrorMs ? copy : undefined;
    if (!(await this.acquire(url))) {
      // Another isolate is asking the service for this key.
      if (usable) return marked(usable, 'STALE');
      const filled = await this.awaitFill(url);
      if (filled) return marked(filled, 'HIT');
      // It gave up or took too long: ask ourselves.
    } else {
      // Between our first look and the lease (a loaded isolate's while), another isolate may have taken
      // the lease, filled the key and let go: its answer is fresh, and the service need not be asked again.
      const filled = await this.read(url);
      if (filled && this.age(filled) < this.options.ttlMs) {
        await this.delete(this.leaseOf(url));
        return marked(filled, 'HIT');
      }
    }
    return this.fill(url, usable, fill);
  }

  private age(copy: SharedCopy): number {
    return this.clock() - copy.storedAt;
  }

  private async fill(url: string, usable: SharedCopy | undefined, { load, cover, keepAlive }: SharedFill): Promise<CachedAnswer> {
    const refresh = (async () => {
      const answer = await load();
      await this.write(url, answer, this.clock());
      return answer;
    })();
    keepAlive(
      refresh.then(
        () => this.delete(this.leaseOf(url)),
        (error: unknown) => this.failed(url, usable, cover(error)),
      ),
    );
    try {
      const answer = usable ? await this.orLate(refresh) : await refresh;
      // Slow service: the copy now, the refresh goes on (kept alive above) and is stored when it comes.
      if (answer === LATE) return marked(usable!, 'STALE');
      return answer;
    } catch (error) {
      if (usable && cover(error).stale) return marked(usable, 'STALE');
      throw error;
    }
  }

  private async orLate(refresh: Promise<CachedAnswer>): Promise<CachedAnswer | typeof LATE> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.options.staleAfterMs);
    });
    try {
      return await Promise.race([refresh, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * After a failed fill: with a copy that may stand in, the lease is kept a while (every isolate serves
   * the copy and the service is left alone, as the in-memory cache does); otherwise it goes, and an
   * answer that must not stand in (a testimonial no longer public) goes too.
   */
  private async failed(url: string, usable: SharedCopy | undefined, { stale, quietMs = 0 }: FailureCover): Promise<void> {
    if (usable && stale) {
      await this.putLease(url, 'failed', Math.max(quietMs, Math.min(FAILED_REFRESH_BACKOFF_MS, this.options.ttlMs)));
      return;
    }
    await this.delete(this.leaseOf(url));
    if (!stale) await this.delete(url);
  }

  /** Writes a lease and reads it back once every contender has written: true when this isolate holds it. */
  private async acquire(url: string): Promise<boolean> {
    const lease = this.leaseOf(url);
    const started = performance.now();
    if ((await this.text(lease)) !== undefined) return false;
    const id = crypto.randomUUID();
    await this.putLease(url, id, this.fillMs);
    // A contender writes one round trip after it found no lease: on a slow cache or a loaded isolate,
    // round trips are slow, so the wait grows with ours (twice our look-and-write, at least 30 ms).
    await sleep(Math.max(LEASE_SETTLE_MS, 2 * (performance.now() - started)));
    const holder = await this.text(lease);
    // Nothing read back: the cache keeps nothing (a workers.dev address does not), so no one waits for us.
    return holder === undefined || holder === id;
  }

  /** Waits for the lease holder's answer: undefined when the lease went without one, or after `fillMs`. */
  private async awaitFill(url: string): Promise<SharedCopy | undefined> {
    for (let waited = 0, step = POLL_FIRST_MS; waited < this.fillMs; waited += step, step = Math.min(2 * step, POLL_MAX_MS)) {
      await sleep(step);
      const copy = await this.read(url);
      if (copy && this.age(copy) < this.options.ttlMs) return copy;
      if ((await this.text(this.leaseOf(url))) === undefined) return undefined;
    }
    return undefined;
  }

  private leaseOf(url: string): string {
    return `${ORIGIN}/lease${url.slice(ORIGIN.length)}`;
  }

  private async putLease(url: string, holder: string, ms: number): Promise<void> {
    const headers = { 'Cache-Control': `max-age=${Math.max(1, Math.ceil(ms / 1000))}` };
    await this.cache.put(this.leaseOf(url), new Response(holder, { headers })).catch(() => {});
  }

  private async text(url: string): Promise<string | undefined> {
    try {
      return await (await this.cache.match(url))?.text();
    } catch {
      return undefined;
    }
  }

  private async read(url: string): Promise<SharedCopy | undefined> {
    try {
      const response = await this.cache.match(url);
      if (!response) return undefined;
      const storedAt = Number(response.headers.get(STORED_AT));
      const etag = response.headers.get(ETAG);
      const contentType = response.headers.get('Content-Type');
      if (!Number.isFinite(storedAt) || !etag || !contentType) {
        await response.body?.cancel();
        return undefined;
      }
      return { body: new Uint8Array(await response.arrayBuffer()), etag, contentType, storedAt };
    } catch {
      return undefined;
    }
  }

  private async write(url: string, answer: CachedAnswer, storedAt: number): Promise<void> {
    // Kept as long as it may stand in; its freshness is ours to count (STORED_AT).
    const seconds = Math.ceil((this.options.ttlMs + this.options.staleIfErrorMs) / 1000);
    if (seconds <= 0) return;
    const headers = {
      'Content-Type': answer.contentType,
      'Cache-Control': `max-age=${seconds}`,
      [ETAG]: answer.etag,
      [STORED_AT]: String(storedAt),
    };
    await this.cache.put(url, new Response(answer.body, { headers })).catch(() => {});
  }

  private async delete(url: string): Promise<void> {
    await this.cache.delete(url).catch(() => false);
  }
}

function marked({ storedAt, ...answer }: SharedCopy, state: 'HIT' | 'STALE'): CachedAnswer {
  return { ...answer, shared: { storedAt, state } };
}
