/**
 * The collect routes, mounted by `createProxy` only when `collect` is given:
 *
 * - `GET  {base}/collect`          a form token, the consent sentence, the rules (docs/collect.md);
 * - `POST {base}/collect/uploads`  a presigned PUT for one file (404 without an upload store);
 * - `POST {base}/collect`          the submission: every check below, then one creation upstream with
 *                                  `approved: false`, the operator's `form_id` and tags;
 * - `{base}/uploads/<key>`         the files, when the store serves them itself (the Node disk store).
 *
 * The order of the submission's checks is cheapest first, and the service is asked only once every
 * one of them passed: rate limit, size, body, honeypot, token, consent, fields, the challenge hook,
 * the files in the store, the hourly cap. The token is spent (synchronously) just before the creation.
 */
import type { Context, Hono } from 'hono';
import { createClient, InvalidRequestError, type CreateTestimonialInput } from '../../client/index.js';
import { errorAnswer } from '../answers.js';
import type { ResolvedProxyOptions } from '../options.js';
import { clientFromHeaders, TokenBuckets } from '../rate-limit.js';
import { describeUpstreamFailure } from '../upstream-failure.js';
import { guardedUpstreamFetch } from '../upstream-fetch.js';
import { CreationCap } from './creation-cap.js';
import { formPage, formRefusal, formSuccess, thankYouLocation } from './form-answers.js';
import { FormTokens, type TokenProblem } from './form-token.js';
import { resolveCollectOptions, type CollectOptions, type ResolvedCollectOptions } from './options.js';
import { BodyTooLarge, bodyKindOf, readBody } from './request-body.js';
import { FieldRefusal, readSubmission, type UploadRef } from './submission.js';
import {
  allowedTypes,
  isUploadKey,
  isVideoKind,
  maxBytesOf,
  objectProblem,
  UPLOAD_KINDS,
  UploadKeys,
  uploadRules,
  type UploadKind,
} from './uploads.js';

/** A refused request: its status, code, sentence, field and wait. */
interface Refusal {
  status: number;
  code: string;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

const refuse = (status: number, code: string, message: string, field?: string, retryAfterSeconds?: number): never => {
  throw new Refused({
    status,
    code,
    message,
    ...(field === undefined ? {} : { field }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
};

const TOKEN_REFUSALS: Record<TokenProblem, [number, string]> = {
  token_invalid: [403, 'This form has expired or was changed: it has been renewed, send it again.'],
  token_expired: [403, 'This form was open too long: it has been renewed, send it again.'],
  token_used: [403, 'This form was already sent: it has been renewed, send it again to send another testimonial.'],
  too_fast: [400, 'That was sent faster than a person can fill a form: wait a moment and send it again.'],
};

const UPLOAD_REQUEST_BYTES = 4096;
/** Files per hour, whoever asks: up to a photo, a video, its poster and media for each creation. */
const UPLOADS_PER_CREATION = 8;

export interface CollectContext {
  settings: ResolvedProxyOptions;
  /** The proxy's CORS preflight answer for a route that allows `methods`. */
  preflight: (c: Context, methods: readonly ('GET' | 'HEAD' | 'POST' | 'PUT')[]) => Response;
}

function answerOf(refusal: Refusal): Response {
  const headers = refusal.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(refusal.retryAfterSeconds) };
  return errorAnswer(refusal.status, refusal.code, refusal.message, { field: refusal.field, headers });
}

export function mountCollect(app: Hono, options: CollectOptions, { settings, preflight }: CollectContext): void {
  const collect = resolveCollectOptions(options);
  const { origins } = settings.cors;
  // A form post's Referer may name the operator's own origins, never "anyone" (`*`).
  const trustedOrigins = Array.isArray(origins) ? origins.filter((origin) => origin !== '*') : [];
  const { clock } = settings;
  const tokens = new FormTokens(collect.secret, collect, clock);
  const keys = new UploadKeys(collect.secret);
  const buckets = new TokenBuckets(collect.rateLimit, clock);
  const clientOf = collect.rateLimit.clientKey ?? (settings.rateLimit ? settings.rateLimit.clientKey : undefined) ?? clientFromHeaders;
  const cap = new CreationCap(collect.maxPerHour, clock);
  const uploadCap = new CreationCap(collect.maxPerHour * UPLOADS_PER_CREATION, clock);
  // The one write the proxy can send, made only here: a client whose other methods are never called.
  const { createTestimonial } = createClient({
    baseUrl: settings.upstream,
    apiKey: settings.apiKey,
    fetch: guardedUpstreamFetch(settings.fetch, settings.maxBodyBytes),
    retries: 0,
    timeoutMs: settings.timeoutMs,
    userAgent: 'testimonial-elements-proxy',
  });
  const baseOf = (c: Context) => collect.publicUrl ?? `${new URL(c.req.url).origin}${settings.basePath}`;

  const limit = (c: Context) => {
    const decision = buckets.take(clientOf(c.req.raw) ?? 'unidentified');
    if (!decision.allowed)
      refuse(
        429,
        'rate_limited',
        `Too many requests; try again in ${decision.retryAfterSeconds} s.`,
        undefined,
        decision.retryAfterSeconds,
      );
  };
  const checkToken = async (token: unknown, fill: boolean) => {
    const check = await tokens.check(token, { fill });
    if (!check.ok) refuse(TOKEN_REFUSALS[check.problem][0], check.problem, TOKEN_REFUSALS[check.problem][1], 'token');
    return check as Extract<typeof check, { ok: true }>;
  };
  const read = async (request: Request, maxBytes: number) => {
    try {
      return await readBody(request, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) refuse(413, 'body_too_large', `The submission is larger than ${maxBytes} bytes.`, 'body');
      throw error;
    }
  };

  app.get('/collect', async (c) => {
    try {
      limit(c);
    } catch (error) {
      if (error instanceof Refused) return answerOf(error.refusal);
      throw error;
    }
    const body = {
      token: await tokens.issue(),
      consent: collect.consent,
      required: ['customer_name', ...(collect.requireEmail ? ['customer_email'] : []), 'consent'],
      honeypot: collect.honeypot,
      uploads: collect.uploads ? uploadRules(collect.limits) : null,
    };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/collect/uploads', async (c) => {
    try {
      limit(c);
      if (!collect.uploads) refuse(404, 'not_found', 'This proxy takes no files: no upload store is configured.');
      return c.json(await presign(c, await read(c.req.raw, UPLOAD_REQUEST_BYTES)), 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      if (error instanceof Refused) return answerOf(error.refusal);
      if (error instanceof FieldRefusal) return answerOf({ status: 400, code: error.code, message: error.message, field: error.field });
      throw error;
    }
  });

  async function presign(c: Context, body: unknown) {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    await checkToken(request.token, false);
    const kind = request.kind as UploadKind;
    if (!UPLOAD_KINDS.includes(kind)) refuse(400, 'invalid_field', `kind must be one of ${UPLOAD_KINDS.join(', ')}.`, 'kind');
    const contentType = typeof request.contentType === 'string' ? request.contentType.trim().toLowerCase() : '';
    if (!allowedTypes(kind).includes(contentType)) {
      refuse(415, 'unsupported_type', `A ${kind} must be one of ${allowedTypes(kind).join(', ')}.`, 'contentType');
    }
    const { size, duration } = request;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1)
      refuse(400, 'invalid_field', 'size must be the file size in bytes.', 'size');
    const maxBytes = maxBytesOf(kind, collect.limits);
    if ((size as number) > maxBytes) refuse(413, 'too_large', `A ${kind} may be at most ${maxBytes} bytes.`, 'size');
    if (duration !== undefined) {
      if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0)
        refuse(400, 'invalid_field', 'duration must be the length in seconds.', 'duration');
      if (isVideoKind(kind) && (duration as number) > collect.limits.videoSeconds) {
        refuse(413, 'too_large', `A video may be at most ${collect.limits.videoSeconds} seconds long.`, 'duration');
      }
    }
    const place = uploadCap.take();
    if (!place.allowed)
      refuse(429, 'collect_cap_reached', 'This site takes no more files this hour; try again later.', undefined, place.retryAfterSeconds);
    const key = await keys.issue(kind, contentType);
    const issuedAt = clock();
    const expiresAt = issuedAt + collect.uploadExpiresMs;
    const base = baseOf(c);
    const { url, headers } = await collect.uploads!.presignPut({ key, contentType, size: size as number, issuedAt, expiresAt }, base);
    return {
      upload: { url, method: 'PUT', headers },
      url: collect.uploads!.publicUrl(key, base),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  app.post('/collect', async (c) => {
    const kind = bodyKindOf(c.req.raw);
    const back = kind === 'form' ? formPage(c.req.raw, trustedOrigins) : undefined;
    try {
      const id = await submit(c);
      if (kind === 'form') return formSuccess(thankYouLocation(collect.thankYouUrl, back));
      return c.json(
        { id, status: 'pending', message: 'Thank you: your testimonial was sent and will appear once it has been reviewed.' },
        201,
        {
          'Cache-Control': 'no-store',
        },
      );
    } catch (error) {
      let refusal: Refusal;
      if (error instanceof Refused) refusal = error.refusal;
      else if (error instanceof FieldRefusal) refusal = { status: 400, code: error.code, message: error.message, field: error.field };
      else throw error;
      if (kind === 'json') return answerOf(refusal);
      const page = formRefusal(refusal.status, refusal.message, back);
      if (refusal.retryAfterSeconds !== undefined) page.headers.set('Retry-After', String(refusal.retryAfterSeconds));
      return page;
    }
  });

  async function submit(c: Context): Promise<string> {
    limit(c);
    const submission = readSubmission(await read(c.req.raw, collect.maxBodyBytes), collect);
    if (submission.honeypot.trim() !== '') refuse(400, 'spam', 'This submission was refused.', collect.honeypot);
    const token = await checkToken(submission.token, true);
    if (!submission.consent) refuse(400, 'consent_required', 'Tick the consent box to send your testimonial.', 'consent');
    if (submission.uploads.length > 0 && !collect.uploads)
      refuse(400, 'invalid_field', 'This form takes no files.', submission.uploads[0]!.field);
    const keyed = await Promise.all(submission.uploads.map(async (upload) => ({ upload, key: await issuedKey(c, upload) })));
    if (collect.verify && !(await collect.verify(c.req.raw, submission.verifyToken))) {
      refuse(403, 'verification_failed', 'The check that you are a person failed: try again.');
    }
    for (const { upload, key } of keyed) {
      const problem = objectProblem(upload.kind, await collect.uploads!.head(key), collect.limits);
      if (problem !== undefined) refuse(400, 'invalid_field', `${upload.field}: ${problem}.`, upload.field);
    }
    const decision = cap.take();
    if (!decision.allowed) {
      return refuse(
        429,
        'collect_cap_reached',
        'This site takes no more testimonials this hour; try again later.',
        undefined,
        decision.retryAfterSeconds,
      );
    }
    const place = decision;
    // Checked, then spent with no await in between: of two submissions of one token, one is refused.
    if (!tokens.spend(token)) {
      place.release();
      refuse(403, 'token_used', TOKEN_REFUSALS.token_used[1], 'token');
    }
    try {
      return (await createTestimonial(testimonialOf(submission.input, collect))).id;
    } catch (error) {
      // Nothing was created: the token and the place in the hour are given back, so a retry can pass.
      tokens.refund(token);
      place.release();
      if (error instanceof InvalidRequestError) refuse(400, 'invalid_field', error.message, error.field);
      const failure = describeUpstreamFailure(error);
      if (failure.log !== undefined) settings.log(failure.log);
      return refuse(
        failure.status,
        failure.code,
        failure.message,
        undefined,
        failure.retryAfterMs === undefined ? undefined : Math.ceil(failure.retryAfterMs / 1000),
      );
    }
  }

  /** The store key of a file URL, when this proxy issued it for this use; a refusal otherwise. */
  async function issuedKey(c: Context, upload: UploadRef): Promise<string> {
    const key = collect.uploads!.keyOf(upload.url, baseOf(c));
    if (key === undefined || (await keys.verify(key)) !== upload.kind) {
      refuse(400, 'invalid_field', `${upload.field} is not a file uploaded through this form.`, upload.field);
    }
    return key!;
  }

  for (const [path, methods] of [
    ['/collect', ['GET', 'POST']],
    ['/collect/uploads', ['POST']],
  ] as const) {
    app.options(path, (c) => preflight(c, methods));
    app.all(path, (c) => notAllowed(c, methods));
  }
  const { uploads } = collect;
  if (uploads?.serve) {
    const serve = uploads.serve.bind(uploads);
    app.options('/uploads/*', (c) => preflight(c, ['GET', 'HEAD', 'PUT']));
    app.on(['GET', 'HEAD', 'PUT'], '/uploads/*', async (c) => {
      const key = decodeKey(c.req.path.slice(c.req.path.indexOf('/uploads/') + '/uploads/'.length));
      if (key === undefined || !isUploadKey(key)) return errorAnswer(404, 'not_found', 'No such file.');
      return serve(c.req.raw, key);
    });
  }
}

function notAllowed(c: Context, methods: readonly string[]): Response {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return errorAnswer(405, 'method_not_allowed', `${c.req.method} is not allowed here (allowed: ${allow}).`, { headers: { Allow: allow } });
}

function decodeKey(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The testimonial sent upstream: the visitor's fields, and what only the operator decides. */
export function testimonialOf(input: CreateTestimonialInput, collect: ResolvedCollectOptions): CreateTestimonialInput {
  return {
    ...input,
    approved: false,
    ...(collect.formId === undefined ? {} : { form_id: collect.formId }),
    tags: [...new Set([...collect.tags, `consent-${collect.consent.version}`])],
  };
}
