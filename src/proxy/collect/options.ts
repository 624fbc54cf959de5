/**
 * The options of the collect route (`createProxy({ collect })`), their defaults, and the checks that
 * stop the proxy at creation with a clear error instead of failing the first visitor.
 */
import { readEnv } from '../env.js';
import { validateRateLimitOptions, type RateLimitOptions } from '../rate-limit.js';
import { createS3UploadStore, type S3UploadOptions } from './s3-store.js';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits, type UploadStore } from './uploads.js';

export interface CollectConsent {
  /** The sentence the visitor ticks, shown by the form. */
  text: string;
  /** Its version; stored on each testimonial as the tag `consent-<version>`. Letters, digits, `.`, `_`, `-`. */
  version: string;
}

/** The challenge hook: true lets the submission through, false refuses it with 403 `verification_failed`. */
export type CollectVerify = (request: Request, token: string | undefined) => boolean | Promise<boolean>;

export interface CollectOptions {
  /**
   * Signs the form tokens and the upload keys: at least 32 characters, random, kept on the server.
   * Default: the `TESTIMONIAL_COLLECT_SECRET` environment variable. The proxy refuses to start without it.
   */
  secret?: string;
  /** The consent sentence and its version. Default: a generic sentence, version `v1`. */
  consent?: CollectConsent;
  /** The service form the testimonials are filed under (`form_id`), if any. */
  formId?: string;
  /** Tags put on every collected testimonial, besides the consent tag. Default `['website-form']`. */
  tags?: string[];
  /** Make `customer_email` required. Default false (optional). */
  requireEmail?: boolean;
  /** Where a form post (no JavaScript) is sent after success. Default: the form's page, `?testimonial=sent`. */
  thankYouUrl?: string;
  /** Sooner than this after the token was issued, a submission is refused (`too_fast`). Default 3 s. */
  minFillMs?: number;
  /** A token's life. Default 2 h. */
  maxAgeMs?: number;
  /** Per-client limit of the collect routes (token, uploads, submissions). Default a burst of 20, one back every 30 s. */
  rateLimit?: RateLimitOptions;
  /** Creations allowed in any hour, whoever asks. Default 100. */
  maxPerHour?: number;
  /** Largest submission body. Default 64 KiB. */
  maxBodyBytes?: number;
  /** The name of the field that must stay empty (a trap for bots). Default `website`. */
  honeypot?: string;
  /** A challenge check (Cloudflare Turnstile, hCaptcha…), called last before the creation. */
  verify?: CollectVerify;
  /** The body field whose value is passed to `verify`. Default `cf-turnstile-response`. */
  verifyField?: string;
  /** Where photos and videos go: an upload store, or an S3-compatible bucket's settings. Default none (no uploads). */
  uploads?: UploadStore | S3UploadOptions;
  limits?: UploadLimits;
  /** How long an upload URL stays valid. Default 15 min. */
  uploadExpiresMs?: number;
  /**
   * The proxy's address as browsers reach it, e.g. `https://example.com/api`: where the disk store's
   * files are served from. Default: the request's origin and the base path.
   */
  publicUrl?: string;
}

export interface ResolvedCollectOptions {
  secret: string;
  consent: CollectConsent;
  formId: string | undefined;
  tags: string[];
  requireEmail: boolean;
  thankYouUrl: string | undefined;
  minFillMs: number;
  maxAgeMs: number;
  rateLimit: RateLimitOptions;
  maxPerHour: number;
  maxBodyBytes: number;
  honeypot: string;
  verify: CollectVerify | undefined;
  verifyField: string;
  uploads: UploadStore | undefined;
  limits: Required<UploadLimits>;
  uploadExpiresMs: number;
  publicUrl: string | undefined;
}

const MINUTE_MS = 60_000;
export const DEFAULT_CONSENT: CollectConsent = {
  text: 'I agree that this website may publish my testimonial, my name and the photo or video I send.',
  version: 'v1',
};
export const DEFAULT_COLLECT = {
  tags: ['website-form'],
  minFillMs: 3_000,
  maxAgeMs: 2 * 60 * MINUTE_MS,
  // A visitor with a photo, a video, its poster and four images makes about ten requests, and may retry.
  rateLimit: { capacity: 20, refillPerSecond: 1 / 30 },
  maxPerHour: 100,
  maxBodyBytes: 64 * 1024,
  honeypot: 'website',
  verifyField: 'cf-turnstile-response',
  uploadExpiresMs: 15 * MINUTE_MS,
} as const;
export const MIN_SECRET_LENGTH = 32;

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const VERSION = /^[A-Za-z0-9._-]{1,32}$/;
const TAG = /^[^\s,][^,]{0,63}$/;

function fail(message: string): never {
  throw new TypeError(`createProxy: collect.${message}`);
}

function range(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(`${name} must be a number from ${min} to ${max}; got ${String(value)}.`);
  }
  return value;
}

function absoluteHttpUrl(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    fail(`${name} must be an absolute http(s) URL; got ${JSON.stringify(value)}.`);
  return (value as string).replace(/\/+$/, '');
}

function resolveSecret(secret: unknown): string {
  const value = secret ?? readEnv('TESTIMONIAL_COLLECT_SECRET');
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
    fail(
      `secret is missing or shorter than ${MIN_SECRET_LENGTH} characters: set TESTIMONIAL_COLLECT_SECRET (or pass collect.secret) to a long random string, e.g. the output of \`openssl rand -base64 32\`. It signs the form tokens and upload keys.`,
    );
  }
  return value;
}

function resolveConsent(consent: unknown): CollectConsent {
  if (consent === undefined) return DEFAULT_CONSENT;
  const { text, version } = (consent ?? {}) as Partial<CollectConsent>;
  if (typeof text !== 'string' || text.trim() === '' || text.length > 1000)
    fail('consent.text must be the consent sentence (1-1000 characters).');
  if (typeof version !== 'string' || !VERSION.test(version)) {
    fail(
      `consent.version must be 1-32 letters, digits, ".", "_" or "-" (it becomes the tag consent-<version>); got ${JSON.stringify(version)}.`,
    );
  }
  return { text: text.trim(), version };
}

function resolveUploads(uploads: CollectOptions['uploads']): UploadStore | undefined {
  if (uploads === undefined) return undefined;
  if (typeof (uploads as UploadStore).presignPut === 'function') return uploads as UploadStore;
  const s3 = uploads as S3UploadOptions;
  absoluteHttpUrl('uploads.endpoint', s3.endpoint ?? '');
  if (typeof s3.bucket !== 'string' || !/^[a-z0-9][a-z0-9.-]{1,62}$/.test(s3.bucket))
    fail(`uploads.bucket must be an S3 bucket name; got ${JSON.stringify(s3.bucket)}.`);
  const accessKeyId = s3.accessKeyId ?? readEnv('TESTIMONIAL_COLLECT_S3_ACCESS_KEY_ID');
  const secretAccessKey = s3.secretAccessKey ?? readEnv('TESTIMONIAL_COLLECT_S3_SECRET_ACCESS_KEY');
  if (!accessKeyId || !secretAccessKey) {
    fail(
      'uploads needs the bucket credentials: set TESTIMONIAL_COLLECT_S3_ACCESS_KEY_ID and TESTIMONIAL_COLLECT_S3_SECRET_ACCESS_KEY (or pass accessKeyId and secretAccessKey).',
    );
  }
  return createS3UploadStore({ ...s3, accessKeyId, secretAccessKey, publicUrl: absoluteHttpUrl('uploads.publicUrl', s3.publicUrl) });
}

export function resolveCollectOptions(options: CollectOptions): ResolvedCollectOptions {
  if (typeof options !== 'object' || options === null) fail('must be an options object, e.g. { consent: { text, version } }.');
  const tags = options.tags ?? [...DEFAULT_COLLECT.tags];
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || !TAG.test(tag))) {
    fail(`tags must be an array of tag names (1-64 characters, no comma); got ${JSON.stringify(tags)}.`);
  }
  if (options.formId !== undefined && (typeof options.formId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(options.formId))) {
    fail(`formId must be the service form's id; got ${JSON.stringify(options.formId)}.`);
  }
  for (const name of ['honeypot', 'verifyField'] as const) {
    if (options[name] !== undefined && (typeof options[name] !== 'string' || !NAME.test(options[name]))) {
      fail(`${name} must be a field name (a letter, then letters, digits, "_" or "-"); got ${JSON.stringify(options[name])}.`);
    }
  }
  if (options.verify !== undefined && typeof options.verify !== 'function')
    fail('verify must be a function (request, token) => boolean | Promise<boolean>.');
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  range('limits.imageBytes', limits.imageBytes, 0, 1, 1024 ** 3);
  range('limits.videoBytes', limits.videoBytes, 0, 1, 5 * 1024 ** 3);
  range('limits.videoSeconds', limits.videoSeconds, 0, 1, 3600);
  const maxAgeMs = range('maxAgeMs', options.maxAgeMs, DEFAULT_COLLECT.maxAgeMs, MINUTE_MS, 24 * 60 * MINUTE_MS);
  const minFillMs = range('minFillMs', options.minFillMs, DEFAULT_COLLECT.minFillMs, 0, maxAgeMs);
  const maxPerHour = range('maxPerHour', options.maxPerHour, DEFAULT_COLLECT.maxPerHour, 1, 100_000);
  if (!Number.isInteger(maxPerHour)) fail(`maxPerHour must be an integer; got ${maxPerHour}.`);
  return {
    secret: resolveSecret(options.secret),
    consent: resolveConsent(options.consent),
    formId: options.formId,
    tags: [...new Set(tags)],
    requireEmail: options.requireEmail === true,
    thankYouUrl: options.thankYouUrl === undefined ? undefined : thankYou(options.thankYouUrl),
    minFillMs,
    maxAgeMs,
    rateLimit: validateRateLimitOptions(options.rateLimit ?? DEFAULT_COLLECT.rateLimit),
    maxPerHour,
    maxBodyBytes: range('maxBodyBytes', options.maxBodyBytes, DEFAULT_COLLECT.maxBodyBytes, 1024, 1024 * 1024),
    honeypot: options.honeypot ?? DEFAULT_COLLECT.honeypot,
    verify: options.verify,
    verifyField: options.verifyField ?? DEFAULT_COLLECT.verifyField,
    uploads: resolveUploads(options.uploads),
    limits,
    uploadExpiresMs: range('uploadExpiresMs', options.uploadExpiresMs, DEFAULT_COLLECT.uploadExpiresMs, 10_000, 60 * MINUTE_MS),
    publicUrl: absoluteHttpUrl('publicUrl', options.publicUrl),
  };
}

/** An absolute http(s) URL or a root-relative path: where a 303 may send the visitor. */
function thankYou(value: unknown): string {
  if (typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\s]/.test(value)) return value;
  return absoluteHttpUrl('thankYouUrl', value) ?? fail('thankYouUrl must be set.');
}
