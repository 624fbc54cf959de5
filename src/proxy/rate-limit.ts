/**
 * A per-client token bucket: each client may burst `capacity` requests, then gets `refillPerSecond` more
 * every second. Buckets live in a bounded map (least recently seen forgotten first), so a flood of new
 * addresses cannot grow memory without end; a forgotten client simply starts again with a full bucket.
 */

export interface RateLimitOptions {
  /** Requests a client may make at once. */
  capacity: number;
  /** Tokens given back per second. */
  refillPerSecond: number;
  /**
   * Who the client is. Defaults to `CF-Connecting-IP`, then the first hop of `X-Forwarded-For`, which
   * only a trusted proxy in front (a CDN, a load balancer) can vouch for; the Node runner uses the
   * socket's address instead.
   */
  clientKey?: (request: Request) => string | undefined;
  /** How many clients are remembered. Default 10 000. */
  maxClients?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const DEFAULT_MAX_CLIENTS = 10_000;

/** The client of a request as seen through a CDN or load balancer; `undefined` when nothing says. */
export function clientFromHeaders(request: Request): string | undefined {
  const cloudflare = request.headers.get('cf-connecting-ip')?.trim();
  if (cloudflare) return cloudflare;
  const firstHop = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return firstHop || undefined;
}

export function validateRateLimitOptions(options: RateLimitOptions, name = 'rateLimit'): RateLimitOptions {
  for (const key of ['capacity', 'refillPerSecond'] as const) {
    const value = options[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new TypeError(`createProxy: ${name}.${key} must be a number above 0; got ${String(value)}.`);
    }
  }
  return options;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxClients: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number,
  ) {
    this.maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  }

  /** Takes one token from `client`'s bucket, or says how many seconds until one is back. */
  take(client: string): RateDecision {
    const { capacity, refillPerSecond } = this.options;
    const now = this.clock();
    const bucket = this.buckets.get(client) ?? { tokens: capacity, updatedAt: now };
    const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(capacity, bucket.tokens + elapsedSeconds * refillPerSecond);
    bucket.updatedAt = now;
    this.remember(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)) };
  }

  private remember(client: string, bucket: Bucket): void {
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.maxClients) {
      this.buckets.delete(this.buckets.keys().next().value as string);
    }
  }
}
