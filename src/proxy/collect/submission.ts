/**
 * What a visitor may send to `POST {base}/collect`, read into the testimonial the proxy creates.
 *
 * Only the visitor's fields of the allowlist below are read; anything else in the body (`approved`,
 * `form_id`, `tags`, `integration`, a typo) is left behind and never reaches the service: those come
 * from the operator. Each field is checked for type and length, `customer_url` through the safe-URL
 * rule, and every file URL must be one this proxy issued for that use (`UploadKeys`).
 */
import { safeUrl } from '../../client/safe-url.js';
import { isRecord } from '../../client/is-record.js';
import { MAX_MEDIA } from '../../client/collect.js';
import type { CreateTestimonialInput } from '../../client/index.js';
import type { UploadKind } from './uploads.js';

/** A refusal of one field: 400 `invalid_field` unless `code` says otherwise. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly code = 'invalid_field',
  ) {
    super(message);
  }
}

/** The visitor's text fields and their longest length, in characters. */
export const TEXT_FIELDS = {
  customer_name: 200,
  title: 200,
  text: 5000,
  customer_email: 254,
  customer_tagline: 200,
  customer_company: 200,
  customer_url: 2048,
} as const;
type TextField = keyof typeof TEXT_FIELDS;

/** The file fields and the upload kind each must come from. */
export const FILE_FIELDS = { customer_avatar: 'photo', video_url: 'video', thumbnail_url: 'thumbnail' } as const satisfies Record<
  string,
  UploadKind
>;

const MAX_ALT = 500;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// C0 controls but tab and newlines, DEL, C1: nothing a person types.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A file the submission points at, to be checked in the store before the creation. */
export interface UploadRef {
  field: string;
  kind: UploadKind;
  url: string;
}

export interface Submission {
  token: unknown;
  consent: boolean;
  honeypot: string;
  verifyToken: string | undefined;
  /** The visitor's part of the testimonial (no `approved`, `form_id`, `tags`: the route adds those). */
  input: CreateTestimonialInput;
  uploads: UploadRef[];
}

/** `true`, or a form's `on` / `true` / `1`. */
function consentGiven(value: unknown): boolean {
  return value === true || (typeof value === 'string' && /^(?:on|true|1|yes)$/i.test(value));
}

function text(field: string, value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FieldRefusal(field, `${field} must be text.`);
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > max) throw new FieldRefusal(field, `${field} is longer than ${max} characters.`);
  if (CONTROL.test(trimmed)) throw new FieldRefusal(field, `${field} holds control characters.`);
  return trimmed;
}

function rating(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 5) {
    throw new FieldRefusal('rating', 'rating must be a whole number from 1 to 5.');
  }
  return number;
}

function fileUrl(field: string, value: unknown): string | undefined {
  const url = text(field, value, 2048);
  if (url !== undefined && safeUrl(url, 'link') === undefined) throw new FieldRefusal(field, `${field} is not an upload URL of this form.`);
  return url;
}

function media(value: unknown, uploads: UploadRef[]): CreateTestimonialInput['media'] {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new FieldRefusal('media', 'media must be a list of uploaded images.');
  if (value.length > MAX_MEDIA) throw new FieldRefusal('media', `media holds at most ${MAX_MEDIA} images.`);
  return value.map((item, index) => {
    const field = `media[${index}]`;
    if (!isRecord(item)) throw new FieldRefusal(field, `${field} must be { url, type: "image", alt }.`);
    if (item.type !== undefined && item.type !== 'image') throw new FieldRefusal(`${field}.type`, `${field}.type must be image.`);
    const url = fileUrl(`${field}.url`, item.url);
    if (url === undefined) throw new FieldRefusal(`${field}.url`, `${field}.url is required.`);
    uploads.push({ field: `${field}.url`, kind: 'media', url });
    const alt = text(`${field}.alt`, item.alt, MAX_ALT);
    return { url, type: 'image' as const, ...(alt === undefined ? {} : { alt }) };
  });
}

/**
 * Reads a parsed body (JSON object, or form fields as strings) into a submission. Throws a
 * {@link FieldRefusal} naming the first field at fault.
 */
export function readSubmission(
  body: unknown,
  { honeypot, verifyField, requireEmail }: { honeypot: string; verifyField: string; requireEmail: boolean },
): Submission {
  if (!isRecord(body)) throw new FieldRefusal('body', 'The body must be a JSON object or form fields.');
  const trap = body[honeypot];
  const values: Partial<Record<TextField, string>> = {};
  for (const [field, max] of Object.entries(TEXT_FIELDS) as [TextField, number][]) {
    const value = text(field, body[field], max);
    if (value !== undefined) values[field] = value;
  }
  if (values.customer_name === undefined) throw new FieldRefusal('customer_name', 'customer_name is required.');
  if (values.customer_email !== undefined && !EMAIL.test(values.customer_email)) {
    throw new FieldRefusal('customer_email', 'customer_email is not an email address.');
  }
  if (requireEmail && values.customer_email === undefined) throw new FieldRefusal('customer_email', 'customer_email is required.');
  if (values.customer_url !== undefined) {
    const safe = safeUrl(values.customer_url, 'link');
    if (safe === undefined) throw new FieldRefusal('customer_url', 'customer_url must be an http(s) address.');
    values.customer_url = safe;
  }
  const uploads: UploadRef[] = [];
  const files: Partial<Record<keyof typeof FILE_FIELDS, string>> = {};
  for (const [field, kind] of Object.entries(FILE_FIELDS) as [keyof typeof FILE_FIELDS, UploadKind][]) {
    const url = fileUrl(field, body[field]);
    if (url === undefined) continue;
    files[field] = url;
    uploads.push({ field, kind, url });
  }
  if (files.thumbnail_url !== undefined && files.video_url === undefined) {
    throw new FieldRefusal('thumbnail_url', 'thumbnail_url is the poster of a video: send video_url with it.');
  }
  const images = media(body.media, uploads);
  const stars = rating(body.rating);
  const input: CreateTestimonialInput = {
    type: files.video_url === undefined ? 'text' : 'video',
    ...values,
    customer_name: values.customer_name,
    ...(stars === undefined ? {} : { rating: stars }),
    ...files,
    ...(images === undefined ? {} : { media: images }),
  };
  const verifyToken = body[verifyField];
  return {
    token: body.token,
    consent: consentGiven(body.consent),
    honeypot: typeof trap === 'string' ? trap : trap === undefined || trap === null ? '' : String(trap),
    verifyToken: typeof verifyToken === 'string' ? verifyToken : undefined,
    input,
    uploads,
  };
}
