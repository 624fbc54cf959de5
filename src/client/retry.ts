/**
 * When and how long to wait before retrying an idempotent request.
 *
 * Backoff is exponential with jitter ("equal jitter": half the step fixed, half random), so a wall of
 * widgets that failed together does not come back together; every wait is bounded. A `Retry-After`
 * from the server replaces the backoff step; one longer than `maxRetryAfterMs` is not shortened but ends
 * the retries, because asking again before the server said so would only earn another refusal. The
 * error then carries `retryAfterMs` so the caller can decide.
 */

export interface RetryPolicy {
  /** Retries after the first attempt (so `retries + 1` attempts at most). */
  retries: number;
  /** First backoff step; doubled each retry. */
  baseDelayMs: number;
  /** Largest backoff step. */
  maxDelayMs: number;
  /** Largest `Retry-After` the client waits for. */
  maxRetryAfterMs: number;
  /** A number in [0, 1); `Math.random` unless a test pins it. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 20_000,
  random: Math.random,
};

/** The backoff before retry number `retry` (0 for the first retry). */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + (step / 2) * policy.random());
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, measured from `nowMs`). A date in the past is 0; anything else
 * unreadable is `undefined`.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the RFC 9110 date formats start with a letter (a weekday); this keeps `Date.parse` from
  // reading odd strings such as "1.5" or "-3" as dates.
  if (!/^[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * How long to wait before retry number `retry`, or `undefined` to stop: the failure is not retryable,
 * the retries are spent, or the server asked for a longer wait than the policy allows.
 */
export function retryDelay(
  failure: { retryable: boolean; retryAfterMs: number | undefined },
  retry: number,
  policy: RetryPolicy,
): number | undefined {
  if (!failure.retryable || retry >= policy.retries) return undefined;
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= policy.maxRetryAfterMs ? failure.retryAfterMs : undefined;
  }
  return backoffDelay(retry, policy);
}
