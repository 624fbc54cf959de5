/**
 * A STAND-IN for the proxy's collect route (issue 27), for the browser tests of `<testimonial-form>`
 * until the real route (`src/proxy/`, another branch) is merged; then the tests point at `/api` and
 * this file goes. It answers under `/api/collect…` and `/api/uploads/…` exactly as
 * /work/wt/briefs/collect-contract.md says the route does, and checks what the contract makes the
 * route check: a token it issued, used once, not sooner than `minFillMs`; the honeypot empty; consent;
 * the name; a rating 1–5; upload kinds, types and sizes; upload URLs it issued. No 303 here (the
 * no-JavaScript post is the route's own test).
 *
 * Tests steer it with `executeServerCommand('collect-stand-in', { … })` (web-test-runner.config.mjs):
 * `{ reset: true }`, `{ minFillMs }`, `{ holdUploads: true }` (PUTs never answer: progress and cancel),
 * `{ failNext: { status, code, field? } }` (the next submission is refused so), `{ uploads: false }`
 * (no store), and `{ read: true }` to get what was submitted and stored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const VIDEO_TYPES = ['video/webm', 'video/mp4', 'video/quicktime'];
/** Short, so a test sees the recorder stop by itself. */
export const STAND_IN_MAX_SECONDS = 3;
const CONSENT = { text: 'I agree that Example Co may publish my testimonial on its website.', version: 'v1' };

interface Settings {
  minFillMs: number;
  holdUploads: boolean;
  uploads: boolean;
  failNext: { status: number; code: string; field?: string } | undefined;
}

interface State extends Settings {
  tokens: Map<string, { issued: number; used: boolean }>;
  files: Map<string, { type: string; bytes: Buffer; kind: string }>;
  submissions: Record<string, unknown>[];
  held: ServerResponse[];
}

const fresh = (): State => ({
  minFillMs: 0,
  holdUploads: false,
  uploads: true,
  failNext: undefined,
  tokens: new Map(),
  files: new Map(),
  submissions: [],
  held: [],
});

let state = fresh();

/** The `collect-stand-in` server command. */
export function collectStandInCommand(payload: Partial<Settings> & { reset?: boolean; read?: boolean }): unknown {
  if (payload.reset) {
    state.held.forEach((res) => res.destroy());
    state = fresh();
  }
  if (payload.minFillMs !== undefined) state.minFillMs = payload.minFillMs;
  if (payload.holdUploads !== undefined) state.holdUploads = payload.holdUploads;
  if (payload.uploads !== undefined) state.uploads = payload.uploads;
  if (payload.failNext !== undefined) state.failNext = payload.failNext;
  if (payload.read) {
    return {
      submissions: state.submissions,
      tokensIssued: state.tokens.size,
      files: [...state.files].map(([key, file]) => ({ key, type: file.type, kind: file.kind, size: file.bytes.length })),
    };
  }
  return true;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const refuse = (res: ServerResponse, status: number, code: string, message: string, field?: string) =>
  json(res, status, { error: { status, code, message, ...(field && { field }) } });

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The token's problem, or `undefined` when it may be used (and, for a submission, it is used now). */
function tokenProblem(token: unknown, use: boolean): [number, string] | undefined {
  const issued = typeof token === 'string' ? state.tokens.get(token) : undefined;
  if (!issued) return [403, 'token_invalid'];
  if (issued.used) return [403, 'token_used'];
  if (use && Date.now() - issued.issued < state.minFillMs) return [400, 'too_fast'];
  if (use) issued.used = true;
  return undefined;
}

/** Handles `/api/collect…` and `/api/uploads/…`; returns false for any other request. */
export async function collectStandIn(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const { pathname } = url;
  if (pathname === '/api/collect' && req.method === 'GET') {
    const token = randomUUID();
    state.tokens.set(token, { issued: Date.now(), used: false });
    json(res, 200, {
      token,
      consent: CONSENT,
      required: ['customer_name', 'consent'],
      honeypot: 'website',
      uploads: state.uploads
        ? {
            image: { maxBytes: 5 * 1024 * 1024, types: IMAGE_TYPES },
            video: { maxBytes: 100 * 1024 * 1024, maxSeconds: STAND_IN_MAX_SECONDS, types: VIDEO_TYPES },
          }
        : null,
    });
    return true;
  }
  if (pathname === '/api/collect/uploads' && req.method === 'POST') {
    if (!state.uploads) return (refuse(res, 404, 'not_found', 'No upload store.'), true);
    const body = JSON.parse((await readBody(req)).toString() || '{}') as Record<string, unknown>;
    const problem = tokenProblem(body.token, false);
    if (problem) return (refuse(res, problem[0], problem[1], 'The form token was refused.', 'token'), true);
    const kind = String(body.kind);
    const types = kind === 'video' ? VIDEO_TYPES : IMAGE_TYPES;
    if (!['photo', 'media', 'video', 'thumbnail'].includes(kind)) return (refuse(res, 400, 'invalid_field', 'Unknown kind.', 'kind'), true);
    if (!types.includes(String(body.contentType))) return (refuse(res, 415, 'unsupported_type', 'Type refused.', 'contentType'), true);
    const max = kind === 'video' ? 100 * 1024 * 1024 : 5 * 1024 * 1024;
    if (typeof body.size !== 'number' || body.size > max) return (refuse(res, 413, 'too_large', 'Too large.', 'size'), true);
    const key = `${kind}-${randomUUID()}`;
    state.files.set(key, { type: String(body.contentType), bytes: Buffer.alloc(0), kind });
    json(res, 200, {
      upload: { url: `/api/uploads/${key}?signature=stand-in`, method: 'PUT', headers: { 'Content-Type': body.contentType } },
      url: `/api/uploads/${key}`,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    return true;
  }
  const upload = /^\/api\/uploads\/([\w-]+)$/.exec(pathname);
  if (upload) {
    const file = state.files.get(upload[1]!);
    if (!file) return (refuse(res, 404, 'not_found', 'No such upload.'), true);
    if (req.method === 'PUT' && url.searchParams.get('signature') === 'stand-in') {
      if (state.holdUploads) {
        // Never answered: the browser's cancel (or the next reset) ends it.
        state.held.push(res);
        req.resume();
        return true;
      }
      file.bytes = await readBody(req);
      res.writeHead(200).end();
      return true;
    }
    res.writeHead(200, { 'content-type': file.type }).end(file.bytes);
    return true;
  }
  if (pathname === '/api/collect' && req.method === 'POST') {
    const body = JSON.parse((await readBody(req)).toString() || '{}') as Record<string, unknown>;
    if (state.failNext) {
      const { status, code, field } = state.failNext;
      state.failNext = undefined;
      return (refuse(res, status, code, `Refused by the test (${code}).`, field), true);
    }
    const problem = tokenProblem(body.token, true);
    if (problem) return (refuse(res, problem[0], problem[1], 'The form token was refused.', 'token'), true);
    if (body.website !== '') return (refuse(res, 400, 'spam', 'The honeypot was filled.', 'website'), true);
    if (body.consent !== true) return (refuse(res, 400, 'consent_required', 'Consent is required.', 'consent'), true);
    if (typeof body.customer_name !== 'string' || !body.customer_name.trim())
      return (refuse(res, 400, 'invalid_field', 'customer_name is required.', 'customer_name'), true);
    if (body.rating !== undefined && !(Number.isInteger(body.rating) && (body.rating as number) >= 1 && (body.rating as number) <= 5))
      return (refuse(res, 400, 'invalid_field', 'rating must be 1 to 5.', 'rating'), true);
    for (const field of ['customer_avatar', 'video_url', 'thumbnail_url']) {
      const value = body[field];
      if (value !== undefined && !(typeof value === 'string' && state.files.has(value.replace('/api/uploads/', ''))))
        return (refuse(res, 400, 'invalid_field', `${field} was not issued here.`, field), true);
    }
    const id = `stand-in-${state.submissions.length + 1}`;
    state.submissions.push({ id, ...body });
    json(res, 201, { id, status: 'pending', message: 'Thank you: your testimonial awaits approval.' });
    return true;
  }
  return false;
}
