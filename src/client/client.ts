/**
 * `createClient`: one method per endpoint of the Testimonial Collection Service API (spec section 4),
 * for pages (through a key-holding proxy), servers and edge runtimes alike. No dependencies.
 */
import { timerSleep, type SleepFunction } from './abort.js';
import { isBrowserLike, resolveBaseUrl } from './environment.js';
import { InflightRequests } from './inflight.js';
import { canonicalListQuery, repeatTags, tagsWriter, type TagsEncoding, type TagsWriter } from './query.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import { send, type ApiCall, type FetchFunction, type HttpMethod, type TransportSettings } from './transport.js';
import {
  LIMIT_DEFAULT,
  type CreateTestimonialInput,
  type CreateTestimonialResult,
  type DeleteTestimonialResult,
  type InviteRequest,
  type InviteResult,
  type Links,
  type ListTestimonialsParams,
  type Testimonial,
  type TestimonialList,
  type UpdateTestimonialInput,
} from './types.js';
import {
  validateCreateInput,
  validateInviteRequest,
  validateListParams,
  validateTestimonialId,
  validateUpdateInput,
} from './validation.js';
import { isRecord } from './is-record.js';

export interface ClientOptions {
  /**
   * Where the API lives: the service's `{base_url}` (ending in `/v1`) on a server, your proxy in a
   * browser. Relative URLs (`/api`) are resolved against the page in a browser and refused on a server.
   */
  baseUrl: string;
  /**
   * The project's API key, sent as `Authorization: Bearer <key>`. Refused in a browser, where every
   * visitor could read it, unless `dangerouslyAllowBrowser` is set.
   */
  apiKey?: string;
  /** A `fetch` to use instead of the global one, e.g. `createSandbox().fetch` in tests. */
  fetch?: FetchFunction;
  /** Allows an `apiKey` in a browser (a private admin page, a test). Never on a public page. */
  dangerouslyAllowBrowser?: boolean;
  /** Retries of GET requests after a network error, timeout, 408, 429 or 5xx (0–10, default 2). */
  retries?: number;
  /**
   * The longest `Retry-After` a retry waits for, in ms (default 20000); a longer one ends the retries
   * at once, and the error carries `retryAfterMs`.
   */
  maxRetryAfterMs?: number;
  /** Time allowed for each attempt, answer body included, in ms (default 15000; 0 = no limit). */
  timeoutMs?: number;
  /** How list `tags` go into the query string (default `repeat`). */
  tags?: TagsEncoding;
  /** `User-Agent` sent from servers (default `testimonial-elements`); browsers send their own. */
  userAgent?: string;
  /** Waits between retries; tests inject one to see the delays without waiting for them. */
  sleep?: SleepFunction;
}

export interface RequestOptions {
  /** Aborting rejects the call at once with the signal's reason (an `AbortError` unless you gave one). */
  signal?: AbortSignal;
}

export interface PaginateOptions extends RequestOptions {
  /** Pages to fetch at most before giving up with a `RangeError` (default {@link DEFAULT_MAX_PAGES}). */
  maxPages?: number;
}

/**
 * The read half of the API: what a public page may ask (through the proxy). The elements use only
 * this, so a page's bundle carries none of the write methods nor their request validation.
 */
export interface TestimonialReadClient {
  /** The absolute base URL requests go to, without a trailing slash. */
  readonly baseUrl: string;
  /** GET /testimonials: one page (spec 4.1). `total` is the count on this page. */
  listTestimonials(params?: ListTestimonialsParams, options?: RequestOptions): Promise<TestimonialList>;
  /** Pages of GET /testimonials from `params.page ?? 1` until a page holds fewer than `limit`. */
  paginate(params?: ListTestimonialsParams, options?: PaginateOptions): AsyncGenerator<TestimonialList, void, undefined>;
  /** Every testimonial matching `params`, walking the pages; an id seen on an earlier page is kept once. */
  listAllTestimonials(params?: ListTestimonialsParams, options?: PaginateOptions): Promise<Testimonial[]>;
  /** GET /testimonials/:id (the bare testimonial). */
  getTestimonial(id: string, options?: RequestOptions): Promise<Testimonial>;
  /** GET /links: the project's links grouped by type. */
  getLinks(options?: RequestOptions): Promise<Links>;
}

/**
 * The reads a widget makes (`<testimonial-wall>`, `<testimonial-card>`): every `TestimonialReadClient`
 * is one, and so is the lighter client the elements make for an `endpoint` attribute.
 */
export type WidgetReadClient = Pick<TestimonialReadClient, 'baseUrl' | 'listTestimonials' | 'getTestimonial' | 'getLinks'>;

/** Every endpoint of the API: the read methods and the writes (which a server holding the key sends). */
export interface TestimonialClient extends TestimonialReadClient {
  /** POST /testimonials (never retried). */
  createTestimonial(input: CreateTestimonialInput, options?: RequestOptions): Promise<CreateTestimonialResult>;
  /** PATCH /testimonials/:id: approval and tags only (never retried). */
  updateTestimonial(id: string, input: UpdateTestimonialInput, options?: RequestOptions): Promise<Testimonial>;
  /** DELETE /testimonials/:id, permanently (never retried). */
  deleteTestimonial(id: string, options?: RequestOptions): Promise<DeleteTestimonialResult>;
  /** POST /invites (never retried). */
  sendInvites(input: InviteRequest, options?: RequestOptions): Promise<InviteResult>;
}

/** With the default limit of 100, ten thousand testimonials. */
export const DEFAULT_MAX_PAGES = 100;
const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_RETRIES = 10;

/** What every method stands on: the checked base URL and settings, and one way to send a call. */
interface Connection {
  readonly baseUrl: string;
  /** Writes list `tags` into the query string (the `tags` option). */
  readonly writeTags: TagsWriter;
  /** Sends `apiCall`; GETs with the same URL share one request while it is in flight, writes never do. */
  call<T>(apiCall: ApiCall, signal: AbortSignal | undefined): Promise<T>;
  /** The URL of one testimonial, its id checked. */
  testimonialUrl(id: string): string;
}

/** The header every client sends: the API answers JSON. */
const ACCEPT_JSON = { Accept: 'application/json' } as const;
// Called through globalThis each time: a detached `fetch` throws "Illegal invocation" in browsers, and a
// test may replace the global after the client was made.
const globalFetch: FetchFunction = (request, init) => globalThis.fetch(request, init);

/** `caller` names the function the options were given to, in error messages. */
function connect(options: ClientOptions, caller: string): Connection {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${caller}: pass an options object such as { baseUrl: "/api" }.`);
  }
  const browser = isBrowserLike();
  const baseUrl = resolveBaseUrl(options.baseUrl, browser, caller);
  const settings = transportSettings(options, browser, caller);
  const tags = options.tags ?? 'repeat';
  if (tags !== 'repeat' && tags !== 'comma') {
    throw new TypeError(`${caller}: tags must be "repeat" or "comma"; got ${String(tags)}.`);
  }
  return openConnection(baseUrl, settings, tagsWriter(tags));
}

/** A connection to `baseUrl` (absolute, checked) with checked settings. */
function openConnection(baseUrl: string, settings: TransportSettings, writeTags: TagsWriter): Connection {
  const inflight = new InflightRequests();
  return {
    baseUrl,
    writeTags,
    call<T>(apiCall: ApiCall, signal: AbortSignal | undefined): Promise<T> {
      if (apiCall.method !== 'GET') return send(settings, apiCall, signal) as Promise<T>;
      return inflight.run(`${apiCall.method} ${apiCall.url}`, signal, (shared) => send(settings, apiCall, shared)) as Promise<T>;
    },
    testimonialUrl: (id) => `${baseUrl}/testimonials/${encodeURIComponent(validateTestimonialId(id))}`,
  };
}

/**
 * The three reads. `checkParams` judges list parameters: the spec's rules for a client a caller is
 * given, none for the elements' own client, whose parameters the wall has already judged one attribute
 * at a time (`listParamsFromAttributes`), so the page does not carry the whole-query check twice.
 */
function widgetReads(
  { baseUrl, writeTags, call, testimonialUrl }: Connection,
  checkParams: (params: ListTestimonialsParams) => ListTestimonialsParams,
): WidgetReadClient {
  return {
    baseUrl,
    async listTestimonials(params = {}, { signal } = {}) {
      const query = canonicalListQuery(checkParams(params), writeTags).toString();
      const url = `${baseUrl}/testimonials${query ? `?${query}` : ''}`;
      return call({ method: 'GET', url, check: checkList }, signal);
    },
    async getTestimonial(id, { signal } = {}) {
      return call({ method: 'GET', url: testimonialUrl(id), check: checkTestimonial }, signal);
    },
    async getLinks({ signal } = {}) {
      // Only the wall's form link and <testimonial-summary> (lazy chunks themselves) ask for links, so
      // the answer's check is a chunk too, loaded beside the request: a page that never shows links never
      // downloads it, and the call joins an identical request in flight at once, as every GET does.
      const checker = import('./links-check.js');
      checker.catch(() => {}); // a failed load is reported by the check, when the answer needs it
      const check = async (body: unknown) => (await checker).checkLinks(body);
      return call({ method: 'GET', url: `${baseUrl}/links`, check }, signal);
    },
  };
}

function readMethods(connection: Connection): TestimonialReadClient {
  const reads = widgetReads(connection, validateListParams);

  async function* paginate(
    params: ListTestimonialsParams = {},
    { signal, maxPages = DEFAULT_MAX_PAGES }: PaginateOptions = {},
  ): AsyncGenerator<TestimonialList, void, undefined> {
    const checked = validateListParams(params);
    if (!Number.isInteger(maxPages) || maxPages < 1) {
      throw new RangeError(`maxPages must be an integer ≥ 1; got ${String(maxPages)}.`);
    }
    const limit = checked.limit ?? LIMIT_DEFAULT;
    const first = checked.page ?? 1;
    for (let page = first; ; page++) {
      if (page - first >= maxPages) {
        throw new RangeError(
          `Stopped after ${maxPages} pages of ${limit} testimonials and there are more: raise maxPages, raise limit (up to 1000) or narrow the query.`,
        );
      }
      const result = await reads.listTestimonials({ ...checked, page }, { signal });
      yield result;
      if (result.total < limit) return;
    }
  }

  async function listAllTestimonials(params: ListTestimonialsParams = {}, options: PaginateOptions = {}): Promise<Testimonial[]> {
    // A testimonial added while we walk pushes the others one place down, so the last item of a page
    // can come again at the top of the next one.
    const byId = new Map<string, Testimonial>();
    for await (const page of paginate(params, options)) {
      for (const testimonial of page.testimonials) {
        if (!byId.has(testimonial.id)) byId.set(testimonial.id, testimonial);
      }
    }
    return [...byId.values()];
  }

  return { ...reads, paginate, listAllTestimonials };
}

/**
 * The client the elements make for an `endpoint` attribute they have already resolved to an absolute
 * http(s) URL: the page's `fetch`, no key, the default timeout and retries. It skips the option checks
 * of `createReadClient` (a page passes no options), so a page's bundle does not carry them.
 */
export function createWidgetClient(baseUrl: string): WidgetReadClient {
  const settings = {
    fetch: globalFetch,
    headers: ACCEPT_JSON,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    retry: DEFAULT_RETRY_POLICY,
    sleep: timerSleep,
  };
  return widgetReads(openConnection(baseUrl, settings, repeatTags), trustElementParams);
}

/** The elements' list parameters come checked by the wall (see {@link widgetReads}). */
const trustElementParams = (params: ListTestimonialsParams): ListTestimonialsParams => params;

/**
 * A client of the read endpoints only (GET /testimonials, /testimonials/:id, /links): what pages and
 * the proxy need. Same options and behaviour as `createClient`.
 */
export function createReadClient(options: ClientOptions): TestimonialReadClient {
  return readMethods(connect(options, 'createReadClient'));
}

/** A client of every endpoint of the API. */
export function createClient(options: ClientOptions): TestimonialClient {
  const connection = connect(options, 'createClient');
  const { baseUrl, call, testimonialUrl } = connection;
  return {
    ...readMethods(connection),
    async createTestimonial(input, { signal } = {}) {
      const body = validateCreateInput(input);
      return call(writeCall('POST', `${baseUrl}/testimonials`, body, checkCreated), signal);
    },
    async updateTestimonial(id, input, { signal } = {}) {
      const url = testimonialUrl(id);
      const body = validateUpdateInput(input);
      return call(writeCall('PATCH', url, body, checkTestimonial), signal);
    },
    async deleteTestimonial(id, { signal } = {}) {
      return call(writeCall('DELETE', testimonialUrl(id), undefined, checkDeleted), signal);
    },
    async sendInvites(input, { signal } = {}) {
      const body = validateInviteRequest(input);
      return call(writeCall('POST', `${baseUrl}/invites`, body, checkInviteResult), signal);
    },
  };
}

/**
 * A write: its body as JSON, and a timeout message that warns it may have been done all the same. Here,
 * not in the transport, so the elements' bundle (reads only) carries none of it.
 */
function writeCall(method: Exclude<HttpMethod, 'GET'>, url: string, body: unknown, check: ApiCall['check']): ApiCall {
  const call: ApiCall = { method, url, check, unansweredHint: ' The service may still have done it: check before sending it again.' };
  if (body !== undefined) {
    call.body = JSON.stringify(body);
    call.headers = { 'Content-Type': 'application/json' };
  }
  return call;
}

function transportSettings(options: ClientOptions, browser: boolean, caller: string): TransportSettings {
  const {
    apiKey,
    retries = DEFAULT_RETRY_POLICY.retries,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRetryAfterMs = DEFAULT_RETRY_POLICY.maxRetryAfterMs,
  } = options;
  const headers: Record<string, string> = { ...ACCEPT_JSON };
  if (apiKey !== undefined) {
    // The messages below never repeat the key, not even a part of it.
    if (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey)) {
      throw new TypeError(`${caller}: apiKey must be a non-empty string of printable characters without spaces.`);
    }
    if (browser && options.dangerouslyAllowBrowser !== true) {
      throw new Error(
        `${caller}: an apiKey was given in a browser, where every visitor can read it. Point baseUrl at your proxy (it holds the key) and drop apiKey, or pass dangerouslyAllowBrowser: true on a private page.`,
      );
    }
    headers.Authorization = `Bearer ${apiKey}`;
  }
  // Browsers set User-Agent themselves, and where a page may set it, it would cost a CORS preflight.
  if (!browser) headers['User-Agent'] = options.userAgent ?? 'testimonial-elements';
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new TypeError(`${caller}: retries must be an integer from 0 to ${MAX_RETRIES}; got ${String(retries)}.`);
  }
  for (const [name, value] of [
    ['timeoutMs', timeoutMs],
    ['maxRetryAfterMs', maxRetryAfterMs],
  ] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TypeError(
        `${caller}: ${name} must be a number of milliseconds ≥ 0${name === 'timeoutMs' ? ' (0 = no limit)' : ''}; got ${String(value)}.`,
      );
    }
  }
  return {
    fetch: fetchFunction(options.fetch, caller),
    headers,
    timeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, retries, maxRetryAfterMs },
    sleep: options.sleep ?? timerSleep,
  };
}

function fetchFunction(custom: FetchFunction | undefined, caller: string): FetchFunction {
  if (custom !== undefined) {
    if (typeof custom !== 'function') throw new TypeError(`${caller}: fetch must be a function (request: Request) => Promise<Response>.`);
    return custom;
  }
  if (typeof globalThis.fetch !== 'function') {
    throw new TypeError(`${caller}: this runtime has no global fetch; pass one as the fetch option.`);
  }
  return globalFetch;
}

function checkList(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.total === 'number' && Array.isArray(body.testimonials)) return undefined;
  return 'no numeric total and testimonials array';
}

function checkTestimonial(body: unknown): string | undefined {
  return isRecord(body) && typeof body.id === 'string' ? undefined : 'no testimonial (an object with a string id)';
}

function checkCreated(body: unknown): string | undefined {
  return isRecord(body) && typeof body.id === 'string' ? undefined : 'no id of the created testimonial';
}

function checkDeleted(body: unknown): string | undefined {
  return isRecord(body) ? undefined : 'no object';
}

function checkInviteResult(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.sent === 'number' && Array.isArray(body.skipped)) return undefined;
  return 'no numeric sent and skipped array';
}
