/**
 * One API call over `fetch`: per-attempt timeout, retries of idempotent methods, and the translation of
 * every failure into a {@link TestimonialApiError} (or the caller's abort reason).
 */
import { abortReason, forwardAbort, raceAbort, throwIfAborted, type SleepFunction } from './abort.js';
import { TestimonialApiError, httpError, invalidResponseError } from './errors.js';
import { retryDelay, type RetryPolicy } from './retry.js';

/**
 * Any `fetch`: the global one, a wrapper, or a Fetch handler such as `createSandbox().fetch`. The
 * client passes the `init` the Request was made with as well, for its signal: a `fetch` that talks to
 * the network must honour `init.signal`.
 */
export type FetchFunction = (request: Request, init?: RequestInit) => Promise<Response>;

/** What the client's methods send (no method of the API needs HEAD). */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface TransportSettings {
  fetch: FetchFunction;
  /** Sent with every request (Accept, Authorization, User-Agent). */
  headers: Readonly<Record<string, string>>;
  /** Per attempt, covering the answer's body too; 0 turns the timeout off. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: SleepFunction;
}

export interface ApiCall {
  method: HttpMethod;
  url: string;
  /** The request body, and the headers describing it (writes send JSON: `writeCall` in client.ts). */
  body?: string;
  headers?: Readonly<Record<string, string>>;
  /** Ends the timeout's message: what the caller should know when no answer came (a write may be done). */
  unansweredHint?: string;
  /**
   * Describes what is wrong with a 2xx body (`"no testimonials array"`), or `undefined` when it fits; a
   * promise of it when the check itself loads lazily (getLinks' in client.ts).
   */
  check: (body: unknown) => string | undefined | Promise<string | undefined>;
}

/** Methods that can be sent twice without doing anything twice, and so are retried. */
function isIdempotent(method: HttpMethod): boolean {
  return method === 'GET';
}

/**
 * Sends `call`, retrying idempotent methods on retryable failures. Rejects with the reason of `signal`
 * when it aborts (before, during an attempt or during a backoff wait), else with a
 * {@link TestimonialApiError}.
 */
export async function send(settings: TransportSettings, call: ApiCall, signal: AbortSignal | undefined): Promise<unknown> {
  for (let retry = 0; ; retry++) {
    throwIfAborted(signal);
    try {
      return await attempt(settings, call, signal);
    } catch (error) {
      if (!(error instanceof TestimonialApiError) || !isIdempotent(call.method)) throw error;
      const delay = retryDelay(error, retry, settings.retry);
      if (delay === undefined) throw error;
      await raceAbort(settings.sleep(delay, signal), signal);
    }
  }
}

async function attempt(settings: TransportSettings, call: ApiCall, signal: AbortSignal | undefined): Promise<unknown> {
  const { method, url } = call;
  const controller = new AbortController();
  const unlink = forwardAbort(signal, controller);
  let timedOut = false;
  const timer =
    settings.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`No answer within ${settings.timeoutMs} ms`, 'TimeoutError'));
        }, settings.timeoutMs)
      : undefined;
  try {
    // Called detached: a page's own `fetch` passed in as an option throws "Illegal invocation" when
    // called as a method of another object.
    const { fetch } = settings;
    const init = requestInit(settings, call, controller.signal);
    // The init (its signal) goes to fetch itself too: Node 20's fetch stops honouring the signal of a
    // Request once that object is garbage-collected, and a timed-out connection then stays open until
    // the server gives up (minutes).
    const response = await raceAbort(fetch(new Request(url, init), init), controller.signal);
    const text = await raceAbort(response.text(), controller.signal);
    if (!response.ok) throw await httpError(response, text, method, url, Date.now());
    return await parseExpected(response, text, call);
  } catch (error) {
    if (error instanceof TestimonialApiError) throw error;
    if (signal?.aborted) throw abortReason(signal);
    if (timedOut) {
      throw new TestimonialApiError({
        kind: 'timeout',
        message: `No answer from ${method} ${url} within ${settings.timeoutMs} ms.${call.unansweredHint ?? ''}`,
        method,
        url,
        retryable: true,
        cause: error,
      });
    }
    throw failureWithoutAnswer(error, method, url);
  } finally {
    clearTimeout(timer);
    unlink();
  }
}

function requestInit(settings: TransportSettings, call: ApiCall, signal: AbortSignal): RequestInit {
  return { method: call.method, headers: { ...settings.headers, ...call.headers }, body: call.body, signal };
}

async function parseExpected(response: Response, text: string, call: ApiCall): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    const problem = text.trim() === '' ? 'an empty body instead of JSON' : 'a body that is not JSON';
    throw invalidResponseError(response, text, call.method, call.url, problem);
  }
  const problem = await call.check(body);
  if (problem !== undefined) throw invalidResponseError(response, text, call.method, call.url, `JSON holding ${problem}`);
  return body;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A failure before any answer: the network's, or an abort that did not come from the caller. */
function failureWithoutAnswer(error: unknown, method: string, url: string): TestimonialApiError {
  if (isAbortError(error)) {
    return new TestimonialApiError({
      kind: 'aborted',
      message: `${method} ${url} was aborted by the fetch implementation or the page, not by the caller.`,
      method,
      url,
      cause: error,
    });
  }
  return new TestimonialApiError({
    kind: 'network',
    message: `Network error on ${method} ${url}: ${describeCause(error)}.`,
    method,
    url,
    retryable: true,
    cause: error,
  });
}

/** Node's fetch says only "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND) is in its cause. */
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof inner?.code === 'string' ? inner.code : typeof inner?.message === 'string' ? inner.message : '';
  return detail ? `${error.message} (${detail})` : error.message;
}
