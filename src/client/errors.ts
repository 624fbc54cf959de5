/**
 * The one error class of the client for everything that goes wrong after a request was allowed to
 * leave: an HTTP error answer, a network failure, a timeout, a request aborted by something other than
 * the caller, or an answer that is not the JSON the method expects.
 *
 * Mistakes in the request itself never get this far: they are `InvalidRequestError`s (validation.ts),
 * thrown before anything is sent. An abort by the caller's own signal rethrows the signal's reason, as
 * `fetch` does (see `createClient`).
 */
import { parseRetryAfter } from './retry.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- imported for the {@link ApiErrorBody} of the docs below
import type { ApiErrorBody } from './types.js';
import type { BodyDetails } from './error-details.js';

/**
 * - `http`: the server answered with a status outside 200–299.
 * - `network`: no answer (connection refused or reset, DNS, CORS, offline).
 * - `timeout`: no complete answer within the client's `timeoutMs`.
 * - `aborted`: the request was cut off by something other than the caller's signal (the `fetch`
 *   implementation, a page being unloaded); never retried.
 * - `invalid_response`: a 2xx answer whose body is not the JSON the method expects (an HTML page from a
 *   misconfigured proxy, an empty body, a different shape).
 */
export type TestimonialApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

export interface TestimonialApiErrorInit {
  kind: TestimonialApiErrorKind;
  message: string;
  method: string;
  url: string;
  status?: number;
  body?: unknown;
  retryable?: boolean;
  retryAfterMs?: number;
  code?: string;
  field?: string;
  cause?: unknown;
}

export class TestimonialApiError extends Error {
  declare readonly kind: TestimonialApiErrorKind;
  /** The HTTP status; 0 when no answer arrived (network, timeout, aborted). */
  declare readonly status: number;
  /** The parsed error body: JSON when it parsed, else the text; `undefined` when empty or none. */
  declare readonly body: unknown;
  /** True when sending the same request again may succeed (network, timeout, 408, 429, 5xx but 501). */
  declare readonly retryable: boolean;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  declare readonly retryAfterMs: number | undefined;
  /** The machine-readable `error.code` of an {@link ApiErrorBody}, when the body was one. */
  declare readonly code: string | undefined;
  /** The parameter or body field the server blamed, when it said. */
  declare readonly field: string | undefined;
  declare readonly method: string;
  /** The request URL (it never holds the API key: the key travels in a header only). */
  declare readonly url: string;

  constructor({ message, cause, ...fields }: TestimonialApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'TestimonialApiError';
    // The fields as given, a status and retryability left out being 0 and false: one assignment, not
    // one per field (-42 B gzip of the script-tag entry, which pays for its compile hint).
    Object.assign(this, { status: 0, retryable: false }, fields);
  }
}

/** Statuses worth a second try: the request itself was fine, the server or the path to it was not. */
export function isRetryableStatus(status: number): boolean {
  // 501 Not Implemented will not start working on a retry.
  return status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/** Parses a body as JSON when it is JSON, else keeps the text; an empty body is `undefined`. */
export function parseBodyLeniently(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The error for a non-2xx answer, whatever shape its body has. Reading the server's words out of the
 * body is a chunk of its own, loaded on the first error answer (a page whose requests succeed never
 * downloads it); should it fail to load, the error says the status line instead, and keeps its status,
 * retryability and `Retry-After`.
 */
export async function httpError(
  response: Response,
  text: string,
  method: string,
  url: string,
  nowMs: number,
): Promise<TestimonialApiError> {
  const body = parseBodyLeniently(text);
  // `module.x`, not `({ x }) =>`: Vite wraps a destructured dynamic import in an async function that
  // rebuilds the object (for tree-shaking the chunk), which costs the script-tag entry ~12 B gzip.
  const details = await import('./error-details.js').then(
    (module) => module.describeErrorBody(body),
    (): BodyDetails => ({}),
  );
  const statusLine = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const said = details.message ?? (response.statusText || 'the server gave no reason');
  return new TestimonialApiError({
    kind: 'http',
    status: response.status,
    message: `${said} (HTTP ${statusLine} from ${method} ${url})`,
    method,
    url,
    body,
    code: details.code,
    field: details.field,
    retryable: isRetryableStatus(response.status),
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), nowMs),
  });
}

/** The error for a 2xx answer that is not what the method expects. */
export function invalidResponseError(response: Response, text: string, method: string, url: string, problem: string): TestimonialApiError {
  const contentType = response.headers.get('content-type') ?? 'no content type';
  return new TestimonialApiError({
    kind: 'invalid_response',
    status: response.status,
    message: `${method} ${url} answered ${response.status} with ${problem} (${contentType}); is the base URL pointing at the API or its proxy?`,
    method,
    url,
    body: parseBodyLeniently(text),
  });
}
