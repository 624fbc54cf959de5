/**
 * An in-memory, spec-faithful implementation of the whole Testimonial Collection Service API, with
 * deterministic fixtures and sample media, as a standard Fetch handler: use it in tests with no server
 * (`createClient({ baseUrl: 'http://sandbox.test/v1', apiKey: 'sandbox-key', fetch: sandbox.fetch })`),
 * mount it in a Hono app, or serve it on Node with `serveSandbox` (`./node.ts`). See `README.md` here.
 */
import type { Hono } from 'hono';
import { createApp, type SandboxEnv } from './app.js';
import { FIXTURE_COUNT, FIXTURE_EPOCH, MAX_FIXTURE_COUNT } from './fixtures/generate.js';
import { defaultMediaReader, type MediaReader } from './media.js';
import { createRandom, type Random } from './random.js';
import { SandboxStore } from './store.js';
import { publicBase } from './urls.js';

export type { MediaReader } from './media.js';
export { diskMediaReader } from './media.js';
export { FIXTURE_COUNT, FIXTURE_EPOCH, MAX_FIXTURE_COUNT } from './fixtures/generate.js';
export { ALREADY_INVITED, LINK_GROUPS } from './fixtures/data.js';

export interface SandboxOptions {
  /** The API key the sandbox accepts (as `Bearer <key>` or bare). Default `sandbox-key`. */
  key?: string;
  /** Seed of the fixtures, of created ids and of fault injection. Default 1. */
  seed?: number;
  /**
   * How many testimonials to generate (0 to {@link MAX_FIXTURE_COUNT}), deterministic from `seed`, so
   * that a client walks many pages (`--testimonials 10000`). Default {@link FIXTURE_COUNT}.
   */
  testimonials?: number;
  /** Delay before every API answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Share of API requests (0–1) answered 503 with `Retry-After: 1`, drawn from the seed. Default 0. */
  failRate?: number;
  /**
   * A fixed clock: fixture dates count back from it and created testimonials get it as `created_at`.
   * Default: fixtures count back from 2026-11-01T12:00Z (so a seed always gives the same data) and
   * created testimonials get the real time.
   */
  now?: Date;
  /** Where `/media/…` files come from. Default: the media folder beside this module on Node, none elsewhere. */
  media?: MediaReader;
  /**
   * The URL the sandbox is reached at (`http://127.0.0.1:8787`, `https://example.com/sandbox`; a trailing
   * `/v1` is dropped): links in answers (media, public pages, `Location`) are built on it. `serveSandbox`
   * sets it to the URL it listens on. Default: the origin and mount prefix of each request, which is what
   * an in-process caller named; behind a socket that origin comes from the `Host` header, which anyone
   * can write, so a server sets this.
   */
  publicUrl?: string;
}

export interface Sandbox {
  /** The Hono app; routes start at `/v1`, `/media`, `/p` (mountable with `app.route(prefix, sandbox.app)`). */
  app: Hono<SandboxEnv>;
  /** Answers a request; bound, so it can be passed alone. Accepts any mount prefix before `/v1`. */
  fetch: (request: Request) => Promise<Response>;
  /** Back to the seed's fixtures, invites and fault sequence. */
  reset(): void;
}

export const DEFAULT_SANDBOX_KEY = 'sandbox-key';

function checkOptions(options: SandboxOptions): Required<Pick<SandboxOptions, 'key' | 'seed' | 'latencyMs' | 'failRate'>> {
  const { key = DEFAULT_SANDBOX_KEY, seed = 1, latencyMs = 0, failRate = 0 } = options;
  if (typeof key !== 'string' || !key.trim() || /\s/.test(key))
    throw new TypeError('createSandbox: key must be a non-empty string without spaces.');
  if (!Number.isSafeInteger(seed)) throw new TypeError(`createSandbox: seed must be an integer, not ${String(seed)}.`);
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError(`createSandbox: latencyMs must be ≥ 0, not ${String(latencyMs)}.`);
  if (!(failRate >= 0 && failRate <= 1)) throw new RangeError(`createSandbox: failRate must be from 0 to 1, not ${String(failRate)}.`);
  const { testimonials = FIXTURE_COUNT } = options;
  if (!Number.isInteger(testimonials) || testimonials < 0 || testimonials > MAX_FIXTURE_COUNT) {
    throw new RangeError(`createSandbox: testimonials must be an integer from 0 to ${MAX_FIXTURE_COUNT}, not ${String(testimonials)}.`);
  }
  if (options.now !== undefined && Number.isNaN(options.now.getTime())) throw new TypeError('createSandbox: now is an invalid Date.');
  return { key, seed, latencyMs, failRate };
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { key, seed, latencyMs, failRate } = checkOptions(options);
  const { now } = options;
  const publicUrl = options.publicUrl === undefined ? undefined : publicBase(options.publicUrl);
  if (options.publicUrl !== undefined && !publicUrl) {
    throw new TypeError(
      `createSandbox: publicUrl must be an absolute http: or https: URL without query, fragment or credentials, not ${JSON.stringify(options.publicUrl)}.`,
    );
  }
  const store = new SandboxStore({ seed, epoch: now ?? FIXTURE_EPOCH, count: options.testimonials, clock: () => now ?? new Date() });
  let faults: Random = createRandom(seed + 0x5eed);
  const app = createApp({ key, latencyMs, failRate, store, faults: () => faults, media: options.media ?? defaultMediaReader(), publicUrl });

  // The app routes past any mount prefix itself, so the request goes in as it came (its body unread).
  const fetch = async (request: Request): Promise<Response> => app.fetch(request);

  return {
    app,
    fetch,
    reset() {
      store.reset();
      faults = createRandom(seed + 0x5eed);
    },
  };
}
