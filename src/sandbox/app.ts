/**
 * The sandbox's routes as a Hono app: the whole service API under `/v1` (spec §4, with the rules of §3,
 * §5 and §7 and the decisions in DESIGN.md), the sample media under `/media`, and the public testimonial
 * pages that `links.public` points at under `/p`. See `README.md` beside this file.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import { cors } from 'hono/cors';
import {
  InvalidRequestError,
  parseListQuery,
  validateCreateInput,
  validateInviteRequest,
  validateTestimonialId,
  validateUpdateInput,
} from '../client/validation.js';
import type { CreateTestimonialResult, DeleteTestimonialResult, TestimonialList } from '../client/types.js';
import { readBodyWithin } from './body-limit.js';
import { HttpError, jsonError } from './errors.js';
import { formToJson } from './form-body.js';
import { serveMedia, type MediaReader } from './media.js';
import { publicPage } from './public-page.js';
import type { Random } from './random.js';
import type { SandboxStore } from './store.js';
import { resolveRefs, sandboxBase, splitMountPrefix } from './urls.js';

export type SandboxEnv = { Bindings: undefined };

export interface AppSettings {
  key: string;
  latencyMs: number;
  failRate: number;
  store: SandboxStore;
  /** Draws for fault injection; reset with the store. */
  faults: () => Random;
  media: MediaReader | undefined;
  /** Where links in answers point (`{publicUrl}/media/…`); without it, the origin and mount prefix of the request. */
  publicUrl: string | undefined;
}

/** Bodies above this size are refused with 413: no testimonial needs a megabyte of JSON. */
export const MAX_BODY_BYTES = 1_000_000;

/** Known paths and the methods they answer; any other method is 405 with `Allow`. */
const ROUTES = {
  '/v1/testimonials': ['GET', 'HEAD', 'POST'],
  '/v1/testimonials/:id': ['GET', 'HEAD', 'PATCH', 'DELETE'],
  '/v1/links': ['GET', 'HEAD'],
  '/v1/invites': ['POST'],
} as const;

/** The file path after `/media/`, decoded; a malformed escape gives a path no file has. */
function mediaPathOf(requestPath: string): string {
  const raw = requestPath.replace(/^.*?\/media\//, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/**
 * The request body as the JSON value a handler validates: a JSON body as it is, a form-encoded one
 * (URL-encoded or multipart, spec §1) through `formToJson`. 413 when too big (refused while it streams
 * in, see `body-limit.ts`), 400 when empty or
 * malformed. Other content types, such as the `text/plain` that `fetch` sets for a string body, are
 * read as JSON.
 */
async function readBody(c: Context<SandboxEnv>): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  const bytes = await readBodyWithin(c.req.raw, MAX_BODY_BYTES);
  if (/^\s*multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
    } catch {
      throw new InvalidRequestError('body', 'The body is not valid multipart/form-data (is the boundary in the Content-Type?).');
    }
    return formToJson(form);
  }
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) throw new InvalidRequestError('body', 'The body is empty: send a JSON object or form fields.');
  if (/^\s*application\/x-www-form-urlencoded\b/i.test(type)) return formToJson(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidRequestError('body', `The body is not valid JSON: ${(error as Error).message}.`);
  }
}

function notFoundTestimonial(id: string): HttpError {
  return new HttpError(404, 'not_found', `No testimonial with id ${id}.`);
}

/** Spec §5: `Authorization: Bearer <key>` or the bare key (a decision: the spec shows both forms). */
function authenticate(key: string): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization')?.trim() ?? '';
    const given = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
    if (given !== key) {
      const message = header ? 'The API key is not valid.' : 'Send the API key in the Authorization header: Bearer <key>.';
      return jsonError(c, 401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer realm="sandbox"' } });
    }
    await next();
  };
}

/** `latencyMs` before every API answer; a share `failRate` of them fails with 503 and `Retry-After`. */
function injectFaults(settings: AppSettings): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (settings.failRate > 0 && settings.faults().next() < settings.failRate) {
      return jsonError(c, 503, 'unavailable', 'The sandbox injected a failure (failRate); retry later.', {
        headers: { 'Retry-After': '1' },
      });
    }
    await next();
  };
}

export function createApp(settings: AppSettings): Hono<SandboxEnv> {
  const { store } = settings;
  // Routes match the path after any mount prefix (`/x/y/v1/links` is `/v1/links`), so a request reaches
  // its handler as it came, body stream and signal included.
  const app = new Hono<SandboxEnv>({ getPath: (request) => splitMountPrefix(getPath(request)).path });
  // Never the request's Host when a public URL is known: behind a socket, anyone can write that header.
  const baseOf = (c: Context<SandboxEnv>) => settings.publicUrl ?? sandboxBase(c.req.url);

  // Any origin may call the API and fetch the media: a demo page on another port, hls.js, <video>.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Range'],
      exposeHeaders: ['Retry-After', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'Location'],
      maxAge: 600,
    }),
  );
  app.use('/v1/*', injectFaults(settings), authenticate(settings.key));

  app.get('/v1/testimonials', (c) => {
    const params = parseListQuery(new URL(c.req.url).searchParams);
    const testimonials = resolveRefs(store.list(params), baseOf(c));
    return c.json({ total: testimonials.length, testimonials } satisfies TestimonialList);
  });

  app.post('/v1/testimonials', async (c) => {
    const input = validateCreateInput(await readBody(c));
    const { id } = store.create(input);
    const body: CreateTestimonialResult = { message: 'Testimonial created.', id };
    return c.json(body, 201, { Location: `${baseOf(c)}/v1/testimonials/${id}` });
  });

  app.get('/v1/testimonials/:id', (c) => {
    const id = validateTestimonialId(c.req.param('id'));
    const testimonial = store.get(id);
    if (!testimonial) throw notFoundTestimonial(id);
    return c.json(resolveRefs(testimonial, baseOf(c)));
  });

  app.patch('/v1/testimonials/:id', async (c) => {
    const id = validateTestimonialId(c.req.param('id'));
    if (!store.get(id)) throw notFoundTestimonial(id);
    const input = validateUpdateInput(await readBody(c));
    // Look again after the body: a DELETE may have come in while it arrived. The update itself looks up
    // and writes in one step, with no await in between.
    const updated = store.update(id, input);
    if (!updated) throw notFoundTestimonial(id);
    return c.json(resolveRefs(updated, baseOf(c)));
  });

  app.delete('/v1/testimonials/:id', (c) => {
    const id = validateTestimonialId(c.req.param('id'));
    if (!store.delete(id)) throw notFoundTestimonial(id);
    return c.json({ message: `Testimonial ${id} deleted.` } satisfies DeleteTestimonialResult);
  });

  app.get('/v1/links', (c) => c.json(resolveRefs(store.links, baseOf(c))));

  app.post('/v1/invites', async (c) => c.json(store.invite(validateInviteRequest(await readBody(c)))));

  for (const [path, methods] of Object.entries(ROUTES)) {
    app.all(path, (c) =>
      jsonError(c, 405, 'method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${methods.join(', ')}.`, {
        headers: { Allow: methods.join(', ') },
      }),
    );
  }

  app.get('/media/*', (c) => serveMedia(c, settings.media, mediaPathOf(c.req.path)));

  app.get('/p/:permalink/t/:id', (c) => {
    const testimonial = store.get(c.req.param('id'));
    const visible = testimonial?.approved ? resolveRefs(testimonial, baseOf(c)) : undefined;
    return c.html(publicPage(visible), visible ? 200 : 404);
  });

  app.notFound((c) => jsonError(c, 404, 'not_found', `No route ${c.req.method} ${new URL(c.req.url).pathname}. The API is under /v1.`));

  app.onError((error, c) => {
    if (error instanceof InvalidRequestError) {
      return jsonError(c, 400, 'invalid_request', error.message, { field: error.field });
    }
    if (error instanceof HttpError) {
      return jsonError(c, error.status, error.code, error.message, error.field ? { field: error.field } : {});
    }
    // A bug of the sandbox: say so without a stack trace.
    return jsonError(c, 500, 'internal', `The sandbox failed: ${error.message}`);
  });

  return app;
}
