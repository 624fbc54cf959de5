/**
 * Request validation with the rules of the API spec (`shared/spec/testimonial-api.md`), shared by the
 * client (before it sends), the sandbox and the proxy, so all three reject the same mistakes with the
 * same words. No dependencies; no DOM.
 *
 * Every function either returns a clean copy of its input (only known fields, normalised) or throws an
 * {@link InvalidRequestError} whose `field` names the parameter or body field at fault.
 *
 * Decisions where the spec is silent (also in `src/sandbox/README.md`):
 * - Unknown query parameters and unknown body fields are rejected, not ignored: a typo such as
 *   `raiting=5` or `{ aproved: true }` must fail loudly instead of being silently lost.
 * - A query parameter given twice is rejected, except `tags` (repeated `tags=` and comma-separated
 *   values are both accepted and merged; empty names are dropped).
 * - An empty `query` is the same as no `query`.
 * - `rating` on input must be an integer from 0 to 5, so a created testimonial keeps spec 2.1's
 *   "rating: integer" (0 meaning no rating).
 * - `null` is not accepted for an optional body field: omit the field instead.
 * - `video_url` is refused on a text testimonial (spec 2.1 has it null for text).
 * - Testimonial ids are 1–128 characters of `A–Z a–z 0–9 _ -` (UUIDs in practice), so an id can never
 *   smuggle a path, a query or whitespace into a URL.
 */
import {
  INTEGRATIONS,
  LIMIT_MAX,
  LIMIT_MIN,
  MEDIA_TYPES,
  SORT_KEYS,
  SORT_ORDERS,
  TESTIMONIAL_TYPES,
  type CreateTestimonialInput,
  type InviteRecipient,
  type InviteRequest,
  type ListTestimonialsParams,
  type MediaItem,
  type UpdateTestimonialInput,
} from './types.js';
import { isRecord } from './is-record.js';

/** A request that breaks a rule of the spec. `field` is the parameter or body field at fault. */
export class InvalidRequestError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'InvalidRequestError';
    this.field = field;
  }
}

/** The query parameters of GET /testimonials (spec 4.1), in the canonical order. */
export const LIST_QUERY_KEYS = [
  'sort',
  'order',
  'approved',
  'rating',
  'type',
  'integration',
  'tags',
  'query',
  'lang',
  'limit',
  'page',
] as const satisfies readonly (keyof ListTestimonialsParams)[];

/** Optional body fields of POST /testimonials whose only rule is "a string". */
const CREATE_STRING_FIELDS = [
  'title',
  'text',
  'url',
  'thumbnail_url',
  'form_id',
  'customer_email',
  'customer_avatar',
  'customer_company_logo',
  'customer_company',
  'customer_tagline',
  'customer_username',
  'customer_url',
] as const satisfies readonly (keyof CreateTestimonialInput)[];

const CREATE_FIELDS = [
  'type',
  'customer_name',
  ...CREATE_STRING_FIELDS,
  'rating',
  'date',
  'approved',
  'integration',
  'tags',
  'video_url',
  'media',
] as const satisfies readonly (keyof CreateTestimonialInput)[];

const UPDATE_FIELDS = ['approved', 'add_tags', 'remove_tags'] as const;
const INVITE_FIELDS = ['form_id', 'recipients'] as const;
const RECIPIENT_FIELDS = ['email', 'name'] as const;
const MEDIA_FIELDS = ['url', 'type', 'alt'] as const;

const INTEGER_PATTERN = /^-?\d+$/;
const LANG_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
// Deliberately loose: one @, something on each side, a dot in the domain, no spaces. Real validation of
// an address is the mail server's job; this catches typos such as a missing @ or a pasted name.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.length > 8 ? `the ${allowed.length} documented values (${allowed.slice(0, 4).join(', ')}, …)` : allowed.join(', ');
  throw new InvalidRequestError(field, `${field} must be one of ${list}; got ${describe(value)}.`);
}

/** The body (or a nested item) must be an object holding no field outside `known`. */
function expectObject(field: string, value: unknown, known: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new InvalidRequestError(field, `${field} must be a JSON object; got ${describe(value)}.`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      const topLevel = field === 'body' || field === 'params';
      const name = topLevel ? key : `${field}.${key}`;
      throw new InvalidRequestError(name, `Unknown field ${name}: allowed fields are ${known.join(', ')}.`);
    }
  }
  return value;
}

function expectString(field: string, value: unknown, { nonEmpty = false } = {}): string {
  if (typeof value !== 'string') {
    throw new InvalidRequestError(field, `${field} must be a string; got ${describe(value)}.`);
  }
  if (nonEmpty && value.trim() === '') {
    throw new InvalidRequestError(field, `${field} must not be empty.`);
  }
  return value;
}

function expectBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new InvalidRequestError(field, `${field} must be true or false; got ${describe(value)}.`);
  }
  return value;
}

/**
 * An array of tag names. A filter (`dropEmpty`) trims names and forgets blank ones, as a query string
 * `tags=a,,b` would give; a write refuses blank names, which could never be matched or removed.
 */
function expectTagList(field: string, value: unknown, { dropEmpty = false } = {}): string[] {
  if (!Array.isArray(value)) {
    throw new InvalidRequestError(field, `${field} must be an array of tag names; got ${describe(value)}.`);
  }
  const tags = value.map((tag, index) => expectString(`${field}[${index}]`, tag, { nonEmpty: !dropEmpty }));
  return dropEmpty ? tags.map((tag) => tag.trim()).filter(Boolean) : tags;
}

function expectInteger(field: string, value: unknown, min?: number, max?: number): number {
  const inRange = (n: number) => (min === undefined || n >= min) && (max === undefined || n <= max);
  if (typeof value !== 'number' || !Number.isInteger(value) || !inRange(value)) {
    const range = min === undefined ? '' : max === undefined ? ` ≥ ${min}` : ` from ${min} to ${max}`;
    throw new InvalidRequestError(field, `${field} must be an integer${range}; got ${describe(value)}.`);
  }
  return value;
}

function isoDate(field: string, value: unknown): string {
  const text = expectString(field, value);
  const match = ISO_DATE_PATTERN.exec(text);
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match ?? [];
  // Date.parse rolls 2024-02-30 over to March 1st: compare the calendar parts ourselves.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    match !== null &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    !Number.isNaN(Date.parse(text));
  if (!valid) {
    throw new InvalidRequestError(field, `${field} must be an ISO 8601 date such as 2024-05-17T09:30:00Z; got ${describe(value)}.`);
  }
  return text;
}

/**
 * Turns one raw query-string value into the typed value of `key` (`tags`: a comma-separated list). A
 * value that does not convert stays a string, so {@link validateListParams} rejects it with its full
 * message ("limit must be an integer from 1 to 1000; got "abc"").
 */
export function parseQueryValue(key: string, raw: string): unknown {
  if (key === 'tags') return raw.split(',');
  if (key === 'approved') return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (key === 'rating' || key === 'limit' || key === 'page') return INTEGER_PATTERN.test(raw) ? Number(raw) : raw;
  return raw;
}

/**
 * Strict parse of the query string of GET /testimonials (spec 4.1). Tags come as repeated `tags=`
 * parameters, comma-separated values, or both. Returns only the parameters given (no defaults).
 */
export function parseListQuery(search: URLSearchParams): ListTestimonialsParams {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    if (!(LIST_QUERY_KEYS as readonly string[]).includes(key)) {
      throw new InvalidRequestError(key, `Unknown query parameter ${key}: allowed are ${LIST_QUERY_KEYS.join(', ')}.`);
    }
    const values = search.getAll(key);
    if (key === 'tags') {
      raw.tags = values.flatMap((value) => parseQueryValue(key, value) as string[]);
      continue;
    }
    if (values.length > 1) {
      throw new InvalidRequestError(key, `${key} is given ${values.length} times; give it once.`);
    }
    raw[key] = parseQueryValue(key, values[0] ?? '');
  }
  return validateListParams(raw as ListTestimonialsParams);
}

/**
 * The rule of spec 4.1 for each list parameter, in the canonical order: the clean value, or `undefined`
 * when the value asks for nothing (no tag names left, a blank `query`). One table serves the whole
 * query ({@link validateListParams}) and one parameter alone (the wall's attributes).
 */
const LIST_PARAM_RULES: { [K in keyof ListTestimonialsParams]-?: (value: unknown) => ListTestimonialsParams[K] } = {
  sort: (value) => oneOf('sort', value, SORT_KEYS),
  order: (value) => oneOf('order', value, SORT_ORDERS),
  approved: (value) => expectBoolean('approved', value),
  rating: (value) => expectInteger('rating', value),
  type: (value) => oneOf('type', value, TESTIMONIAL_TYPES),
  integration: (value) => oneOf('integration', value, INTEGRATIONS),
  tags: (value) => {
    const tags = expectTagList('tags', value, { dropEmpty: true });
    return tags.length ? tags : undefined;
  },
  query: (value) => {
    const query = expectString('query', value);
    return query.trim() ? query : undefined;
  },
  lang: (value) => {
    const lang = expectString('lang', value);
    if (!LANG_PATTERN.test(lang)) {
      throw new InvalidRequestError('lang', `lang must be an ISO 639 language code such as en or pt-BR; got ${describe(lang)}.`);
    }
    return lang;
  },
  limit: (value) => expectInteger('limit', value, LIMIT_MIN, LIMIT_MAX),
  page: (value) => expectInteger('page', value, 1),
};

/**
 * One list parameter of spec 4.1 on its own: its clean value, or `undefined` when it asks for nothing.
 * Throws an {@link InvalidRequestError} naming `key` when the value breaks the rule.
 */
export function validateListParam<K extends keyof ListTestimonialsParams>(key: K, value: unknown): ListTestimonialsParams[K] {
  return LIST_PARAM_RULES[key](value) as ListTestimonialsParams[K];
}

/**
 * The rules of spec 4.1 on typed input (what the client is given). `undefined` values count as absent.
 * Returns a copy holding only the parameters given, with tags trimmed and an empty `query` dropped.
 */
export function validateListParams(params: ListTestimonialsParams): ListTestimonialsParams {
  const input = expectObject('params', params ?? {}, LIST_QUERY_KEYS);
  const out: Record<string, unknown> = {};
  for (const key of LIST_QUERY_KEYS) {
    const value = input[key] === undefined ? undefined : validateListParam(key, input[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as ListTestimonialsParams;
}

function validateMediaItem(field: string, value: unknown): Partial<MediaItem> {
  const item = expectObject(field, value, MEDIA_FIELDS);
  const out: Partial<MediaItem> = {};
  if (item.url !== undefined) out.url = expectString(`${field}.url`, item.url);
  if (item.type !== undefined) out.type = oneOf(`${field}.type`, item.type, MEDIA_TYPES);
  if (item.alt !== undefined) out.alt = expectString(`${field}.alt`, item.alt);
  return out;
}

/**
 * Body of POST /testimonials (spec 4.2 and 7). `type` and `customer_name` are required, `video_url` too
 * for a video. Unknown fields are rejected (see the module comment), so a misspelt field is an error,
 * never data silently dropped.
 */
export function validateCreateInput(body: unknown): CreateTestimonialInput {
  const input = expectObject('body', body, CREATE_FIELDS);
  if (input.type === undefined) throw new InvalidRequestError('type', 'type is required: text or video.');
  if (input.customer_name === undefined) throw new InvalidRequestError('customer_name', 'customer_name is required.');
  const out: CreateTestimonialInput = {
    type: oneOf('type', input.type, TESTIMONIAL_TYPES),
    customer_name: expectString('customer_name', input.customer_name, { nonEmpty: true }),
  };
  for (const field of CREATE_STRING_FIELDS) {
    if (input[field] !== undefined) out[field] = expectString(field, input[field]);
  }
  if (input.rating !== undefined) out.rating = expectInteger('rating', input.rating, 0, 5);
  if (input.date !== undefined) out.date = isoDate('date', input.date);
  if (input.approved !== undefined) out.approved = expectBoolean('approved', input.approved);
  if (input.integration !== undefined) out.integration = oneOf('integration', input.integration, INTEGRATIONS);
  if (input.tags !== undefined) out.tags = expectTagList('tags', input.tags);
  if (input.media !== undefined) {
    if (!Array.isArray(input.media)) {
      throw new InvalidRequestError('media', `media must be an array of media items; got ${describe(input.media)}.`);
    }
    out.media = input.media.map((item, index) => validateMediaItem(`media[${index}]`, item));
  }
  if (out.type === 'video') {
    if (input.video_url === undefined) {
      throw new InvalidRequestError('video_url', 'video_url is required when type is video.');
    }
    out.video_url = expectString('video_url', input.video_url, { nonEmpty: true });
  } else if (input.video_url !== undefined) {
    throw new InvalidRequestError('video_url', 'video_url is only for video testimonials (type is text).');
  }
  return out;
}

/**
 * Body of PATCH /testimonials/:id (spec 4.4): at least one of `approved`, `add_tags`, `remove_tags`;
 * nothing else (text, rating and customer details cannot be changed through the API).
 */
export function validateUpdateInput(body: unknown): UpdateTestimonialInput {
  const input = expectObject('body', body, UPDATE_FIELDS);
  const out: UpdateTestimonialInput = {};
  if (input.approved !== undefined) out.approved = expectBoolean('approved', input.approved);
  if (input.add_tags !== undefined) out.add_tags = expectTagList('add_tags', input.add_tags);
  if (input.remove_tags !== undefined) out.remove_tags = expectTagList('remove_tags', input.remove_tags);
  if (Object.keys(out).length === 0) {
    throw new InvalidRequestError('body', 'The body needs at least one of approved, add_tags, remove_tags.');
  }
  return out;
}

/** Body of POST /invites (spec 2.7): a form id and a non-empty list of `{ email, name? }`. */
export function validateInviteRequest(body: unknown): InviteRequest {
  const input = expectObject('body', body, INVITE_FIELDS);
  if (input.form_id === undefined) throw new InvalidRequestError('form_id', 'form_id is required (an id from GET /links forms).');
  const formId = expectString('form_id', input.form_id, { nonEmpty: true });
  if (input.recipients === undefined) throw new InvalidRequestError('recipients', 'recipients is required.');
  if (!Array.isArray(input.recipients) || input.recipients.length === 0) {
    throw new InvalidRequestError(
      'recipients',
      `recipients must be a non-empty array of { email, name? }; got ${describe(input.recipients)}.`,
    );
  }
  const recipients = input.recipients.map((item, index): InviteRecipient => {
    const field = `recipients[${index}]`;
    const recipient = expectObject(field, item, RECIPIENT_FIELDS);
    if (recipient.email === undefined) throw new InvalidRequestError(`${field}.email`, `${field}.email is required.`);
    const email = expectString(`${field}.email`, recipient.email).trim();
    if (!EMAIL_PATTERN.test(email)) {
      throw new InvalidRequestError(`${field}.email`, `${field}.email is not an e-mail address: ${describe(recipient.email)}.`);
    }
    const out: InviteRecipient = { email };
    if (recipient.name !== undefined) out.name = expectString(`${field}.name`, recipient.name);
    return out;
  });
  return { form_id: formId, recipients };
}

/** A testimonial id for a path segment: 1–128 characters of `A–Z a–z 0–9 _ -` (UUIDs in practice). */
export function validateTestimonialId(id: unknown): string {
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    throw new InvalidRequestError('id', `id must be a testimonial id (letters, digits, - and _); got ${describe(id)}.`);
  }
  return id;
}
