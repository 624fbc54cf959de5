/**
 * The calls of the proxy's collect route (issue 27; the wire is `POST {base}/collect`, see the proxy's
 * README): start a form (a signed token, the consent text, the limits), ask where to put a file, and
 * submit. No DOM: the bytes of a file go to storage from the element (an XHR, for its progress events).
 * Every call takes an `AbortSignal`; an error answer is a `TestimonialApiError` with the route's `code`
 * and `field`, so a caller can put the message beside the field it names.
 */
import { raceAbort, throwIfAborted } from './abort.js';
import { httpError, TestimonialApiError } from './errors.js';
import { isRecord } from './is-record.js';

/** What `GET {base}/collect` answers: everything a form needs before the visitor types. */
export interface CollectForm {
  /** The signed form token: sent with every upload request and the submission. */
  token: string;
  /** The operator's consent sentence and its version (recorded with the testimonial). */
  consent: { text: string; version: string };
  /** The fields the operator requires (always `customer_name` and `consent`; maybe `customer_email`). */
  required: string[];
  /** The name of the field that must stay empty (a trap for robots). */
  honeypot: string;
  /** The upload limits, or `null` when the proxy has no store for files. */
  uploads: CollectUploadLimits | null;
}

export interface UploadLimit {
  maxBytes: number;
  types: string[];
}

export interface CollectUploadLimits {
  image: UploadLimit;
  video: UploadLimit & { maxSeconds: number };
}

/** `photo`: the customer's avatar; `media`: an image of the testimonial; `thumbnail`: a recorded video's poster. */
export type UploadKind = 'photo' | 'media' | 'video' | 'thumbnail';

/** What `POST {base}/collect/uploads` answers: where to send the bytes, and the URL to submit. */
export interface UploadTicket {
  upload: { url: string; method: string; headers: Record<string, string> };
  /** The object's public URL: what the submission sends (`customer_avatar`, `media[].url`, `video_url`, `thumbnail_url`). */
  url: string;
  expiresAt: string;
}

/** A submission: the route's own field names (the no-JavaScript form posts the same names). */
export interface CollectSubmission {
  token: string;
  consent: boolean;
  customer_name: string;
  text?: string;
  title?: string;
  rating?: number;
  customer_email?: string;
  customer_tagline?: string;
  customer_company?: string;
  customer_url?: string;
  customer_avatar?: string;
  media?: { url: string; type: 'image'; alt?: string }[];
  video_url?: string;
  thumbnail_url?: string;
}

/** What a submission created: a pending testimonial, shown once the operator approves it. */
export interface CollectReceipt {
  id: string;
  status: string;
  message: string;
}

/** The most images (`media`) one testimonial may carry: the route refuses more. */
export const MAX_MEDIA = 4;

/** The error codes after which a new token is fetched and the same submission may be sent again. */
export const TOKEN_CODES: readonly string[] = ['too_fast', 'token_invalid', 'token_expired', 'token_used'];

export interface CollectCallOptions {
  signal?: AbortSignal;
  /** A `fetch` of your own (tests, a server). Default: the global one. */
  fetch?: typeof fetch;
}

/** `{base}/collect` and what follows it, for a base URL with or without its trailing slash. */
export const collectUrl = (endpoint: string, path = ''): string => `${endpoint.replace(/\/+$/, '')}/collect${path}`;

async function call<T>(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  { signal, fetch: fetcher = fetch }: CollectCallOptions,
  valid: (value: unknown) => boolean,
): Promise<T> {
  throwIfAborted(signal);
  const init: RequestInit = { method, headers: { accept: 'application/json' }, credentials: 'same-origin', signal };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  let text: string;
  try {
    response = await raceAbort(fetcher(url, init), signal);
    text = await raceAbort(response.text(), signal);
  } catch (error) {
    throwIfAborted(signal);
    throw new TestimonialApiError({
      kind: 'network',
      message: `No answer from ${method} ${url}`,
      method,
      url,
      retryable: true,
      cause: error,
    });
  }
  if (!response.ok) throw await httpError(response, text, method, url, Date.now());
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!valid(value)) {
    throw new TestimonialApiError({
      kind: 'invalid_response',
      status: response.status,
      message: `Not the collect route's answer: ${method} ${url}`,
      method,
      url,
    });
  }
  return value as T;
}

const isForm = (value: unknown): boolean =>
  isRecord(value) && typeof value.token === 'string' && isRecord(value.consent) && Array.isArray(value.required);

/** `GET {base}/collect`: a fresh token and the form's settings. */
export function startCollect(endpoint: string, options: CollectCallOptions = {}): Promise<CollectForm> {
  return call<CollectForm>(collectUrl(endpoint), 'GET', undefined, options, isForm);
}

/** `POST {base}/collect/uploads`: where to send a file of this kind, type and size. */
export function requestUpload(
  endpoint: string,
  /** `duration`: a video's length in seconds, when the browser read it (the route refuses one too long; it cannot check the file's). */
  request: { token: string; kind: UploadKind; contentType: string; size: number; duration?: number },
  options: CollectCallOptions = {},
): Promise<UploadTicket> {
  return call<UploadTicket>(
    collectUrl(endpoint, '/uploads'),
    'POST',
    request,
    options,
    (value) => isRecord(value) && isRecord(value.upload) && typeof value.url === 'string',
  );
}

/**
 * `POST {base}/collect`: creates the (pending) testimonial. `honeypot` is the trap field's name and value
 * ({@link CollectForm.honeypot}; a person leaves it empty).
 */
export function submitCollect(
  endpoint: string,
  submission: CollectSubmission,
  honeypot: { name: string; value: string },
  options: CollectCallOptions = {},
): Promise<CollectReceipt> {
  return call<CollectReceipt>(
    collectUrl(endpoint),
    'POST',
    { ...submission, [honeypot.name]: honeypot.value },
    options,
    (value) => isRecord(value) && typeof value.id === 'string',
  );
}
