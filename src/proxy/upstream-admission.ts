/**
 * Who may make the proxy call the service. A cached answer never comes here, nor a request that joins a
 * call already under way for its key: only a request that would start an upstream call does. Two
 * limits, both token buckets ({@link TokenBuckets}):
 *
 * - per client, a bucket of uncached keys (`uncachedLimit`): a visitor typing a search makes a few new
 *   keys and is never stopped; a script enumerating keys runs dry and gets 429 with `Retry-After`;
 * - for everyone together, `upstreamPerSecond` calls a second (one second's worth may go at once): a
 *   flood of distinct keys from many clients cannot push the service past its own rate limit.
 *
 * A refusal is answered 429 with `Retry-After`, or with the stale copy of the answer when there is one
 * (the refusal is an upstream failure that a stale copy may cover). The buckets live in one process, or
 * one isolate on edge runtimes. The token is taken by the request that starts the call: a request of
 * another client that joins that call in the same moment shares its outcome, refusal included.
 */
import { clientFromHeaders, TokenBuckets, type RateLimitOptions } from './rate-limit.js';

/** The one bucket of the cap, shared by every client. */
const EVERYONE = '*';
/** The cap's log line is written at most this often: a flood would otherwise write a line per request. */
const CAP_LOG_INTERVAL_MS = 60_000;

/** An upstream call refused by a limit of the proxy's own; never the service's fault, never logged per request. */
export class UpstreamRefusedError extends Error {
  override readonly name = 'UpstreamRefusedError';

  constructor(
    /** `client`: this client's bucket of uncached keys is empty; `everyone`: the cap on upstream calls is reached. */
    readonly scope: 'client' | 'everyone',
    readonly retryAfterMs: number,
  ) {
    super(scope === 'client' ? 'too many uncached keys from one client' : 'upstream calls per second at the cap');
  }
}

export class UpstreamAdmission {
  private readonly clients: TokenBuckets | undefined;
  private readonly cap: TokenBuckets | undefined;
  private readonly clientOf: (request: Request) => string | undefined;
  private capLoggedAt = -Infinity;

  constructor(
    uncachedLimit: RateLimitOptions | false,
    private readonly upstreamPerSecond: number,
    private readonly clock: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.clients = uncachedLimit ? new TokenBuckets(uncachedLimit, clock) : undefined;
    this.clientOf = (uncachedLimit && uncachedLimit.clientKey) || clientFromHeaders;
    this.cap =
      upstreamPerSecond > 0
        ? new TokenBuckets({ capacity: upstreamPerSecond, refillPerSecond: upstreamPerSecond, maxClients: 1 }, clock)
        : undefined;
  }

  /**
   * Takes a token for one upstream call made for `request`, or throws {@link UpstreamRefusedError}.
   * The client's bucket first: a client past its own limit spends none of everyone's.
   */
  admit(request: Request): void {
    if (this.clients) {
      // Clients nothing identifies share one bucket: a limit for all rather than none.
      const decision = this.clients.take(this.clientOf(request) ?? 'unidentified');
      if (!decision.allowed) throw new UpstreamRefusedError('client', decision.retryAfterSeconds * 1000);
    }
    if (this.cap) {
      const decision = this.cap.take(EVERYONE);
      if (decision.allowed) return;
      this.logCap();
      throw new UpstreamRefusedError('everyone', decision.retryAfterSeconds * 1000);
    }
  }

  private logCap(): void {
    const now = this.clock();
    if (now - this.capLoggedAt < CAP_LOG_INTERVAL_MS) return;
    this.capLoggedAt = now;
    this.log(
      `testimonial proxy: the cap of ${this.upstreamPerSecond} upstream calls per second was reached; requests past it get the stale copy or 429. Raise upstreamPerSecond (--upstream-per-second) if the service allows more, or lengthen the cache TTL.`,
    );
  }
}

/** `upstreamPerSecond`: a number above 0, or 0 / `false` for no cap. */
export function validateUpstreamPerSecond(value: unknown): number {
  if (value === false) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`createProxy: upstreamPerSecond must be a number ≥ 0 (0 or false: no cap); got ${String(value)}.`);
  }
  return value;
}
