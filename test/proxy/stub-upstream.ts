/**
 * A counting upstream for the proxy tests, usable in Node and in workerd (Web APIs only). It answers the
 * read endpoints from fixed data that holds everything the proxy must not let out (a pending
 * testimonial, private fields, fields the service might add later, a private link group), can be
 * switched into failure modes, and can hold answers until enough requests have reached the proxy, so a
 * test can prove that concurrent identical misses share one call without racing a timer.
 */

export const TEST_KEY = 'test-secret-key-7f3a9c';

/** Text that appears only in upstream error bodies: a proxy answer holding it leaked one. */
export const UPSTREAM_ERROR_TEXT = 'Traceback (most recent call last): internal detail';

export type UpstreamMode =
  'ok' | 'error-500' | 'reject-key' | 'not-found' | 'unreachable' | 'hang' | 'not-json' | 'late-ok' | 'busy' | 'redirect' | 'oversized';

/** How long `late-ok` waits before answering. */
export const LATE_OK_MS = 300;
/** The `Retry-After` (seconds) of `busy`. */
export const BUSY_RETRY_AFTER_S = 20;
/** How much `oversized` would send if it were read to the end. */
export const OVERSIZED_BYTES = 20 * 1024 * 1024;

export const APPROVED_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const SECOND_ID = 'a1b2c3d4-0000-4000-8000-000000000002';
export const PENDING_ID = 'a1b2c3d4-0000-4000-8000-00000000dead';

function testimonial(id: string, approved: boolean): Record<string, unknown> {
  return {
    id,
    type: 'video',
    integration: 'twitter',
    title: 'Great',
    text: 'Loved it <mark>a lot</mark>',
    rating: 5,
    media: [{ url: 'https://cdn.test/a.png', type: 'image', alt: 'A', storage_key: 'private-bucket/a.png' }],
    url: 'https://twitter.test/status/1',
    date: '2024-05-17T09:30:00Z',
    approved,
    project_id: 'project-uuid-private',
    form_id: 'form-uuid-private',
    thumbnail_url: 'https://cdn.test/thumb.jpg',
    customer_name: 'Ada',
    customer_email: 'ada@private.test',
    customer_avatar: 'https://cdn.test/ada.png',
    customer_tagline: 'Engineer',
    customer_username: 'ada',
    customer_url: 'https://ada.test',
    customer_company: 'Engines',
    customer_company_logo: 'https://cdn.test/logo.png',
    reward: 'COUPON-SECRET-10',
    created_at: '2024-05-17T09:30:00Z',
    tags: ['home', 'launch'],
    lang: 'en',
    translations: [
      {
        id: 't1',
        lang: 'fr',
        review_id: id,
        text: 'Adoré',
        title: '',
        customer_tagline: 'Ingénieure',
        created_at: '2024-05-18T00:00:00Z',
        updated_at: '2024-05-18T00:00:00Z',
        reviewer_note: 'private translator note',
      },
    ],
    video_url: 'https://cdn.test/high.mp4',
    video: {
      duration: 12.5,
      aspect_ratio: '16:9',
      mp4_urls: {
        high: 'https://cdn.test/high.mp4',
        medium: 'https://cdn.test/medium.mp4',
        low: 'https://cdn.test/low.mp4',
        raw: 'https://private.test/raw.mov',
      },
      hls_url: 'https://cdn.test/index.m3u8',
      transcript: 'Loved it',
      upload_token: 'private-upload-token',
    },
    links: { service: 'https://dashboard.test/t/1', public: `https://love.test/p/demo/t/${id}` },
    internal_score: 0.93,
    customer_ip: '203.0.113.9',
  };
}

export const LINKS = {
  case_studies: [{ id: 'c1', name: 'Case', url: 'https://love.test/case' }],
  forms: [{ id: 'f1', name: 'Leave a testimonial', url: 'https://love.test/f/1', owner_email: 'owner@private.test' }],
  quick_links: [{ id: 'q1', name: 'Quick', url: 'https://love.test/q/private' }],
  sizzle_reels: [{ id: 's1', name: 'Reel', url: 'https://love.test/reel' }],
  walls_of_love: [{ id: 'w1', name: 'Wall', url: 'https://love.test/wall' }],
  widgets: [{ id: 'g1', name: 'Widget', type: 'carousel', url: 'https://love.test/widget', embed_secret: 'private-embed' }],
  billing_portal: [{ id: 'b1', name: 'Billing', url: 'https://billing.private.test' }],
};

export interface StubUpstream {
  fetch: (request: Request) => Promise<Response>;
  /** Every request that reached the upstream: `METHOD /path?query`. */
  requests: string[];
  /** The `Authorization` header of each request, in order. */
  authorizations: (string | null)[];
  mode: UpstreamMode;
  /** While set, answers wait until `arrivals()` reaches it. */
  holdUntilArrivals: number | undefined;
  /** Bytes of the `oversized` body that were read. */
  oversizedBytesPulled: number;
}

/** A JSON body that goes on for {@link OVERSIZED_BYTES}, made as it is read. */
function oversized(stub: StubUpstream): Response {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= OVERSIZED_BYTES) return controller.close();
      sent += chunk.byteLength;
      stub.oversizedBytesPulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

/** Polls instead of awaiting a promise another request resolves: workerd forbids crossing requests. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * @param arrivals how many requests have reached the proxy so far (for `holdUntilArrivals`).
 * @param base answers in `ok` mode; defaults to the fixed data above (a sandbox's `fetch` in others).
 */
export function createStubUpstream(arrivals: () => number, base: (request: Request) => Promise<Response> = fixedData): StubUpstream {
  const stub: StubUpstream = {
    requests: [],
    authorizations: [],
    mode: 'ok',
    holdUntilArrivals: undefined,
    oversizedBytesPulled: 0,
    async fetch(request) {
      const url = new URL(request.url);
      stub.requests.push(`${request.method} ${url.pathname}${url.search}`);
      stub.authorizations.push(request.headers.get('authorization'));
      const hold = stub.holdUntilArrivals;
      if (hold !== undefined) await waitFor(() => arrivals() >= hold);
      switch (stub.mode) {
        case 'ok':
          return base(request);
        case 'error-500':
          return json({ error: { message: `${UPSTREAM_ERROR_TEXT}; key ${TEST_KEY}` } }, 500);
        case 'reject-key':
          return json({ error: { message: `invalid key ${TEST_KEY}` } }, 401);
        case 'not-found':
          return json({ error: { message: 'not found' } }, 404);
        case 'not-json':
          return new Response(`<html><title>Login</title>${UPSTREAM_ERROR_TEXT}</html>`, { headers: { 'Content-Type': 'text/html' } });
        case 'unreachable':
          throw new TypeError('fetch failed');
        case 'late-ok':
          await new Promise((resolve) => setTimeout(resolve, LATE_OK_MS));
          return base(request);
        case 'busy':
          return new Response(JSON.stringify({ error: { message: UPSTREAM_ERROR_TEXT } }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': String(BUSY_RETRY_AFTER_S) },
          });
        case 'redirect':
          return new Response(null, { status: 302, headers: { Location: 'http://elsewhere.test/v1/links' } });
        case 'oversized':
          return oversized(stub);
        case 'hang':
          return new Promise<Response>((_resolve, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          });
      }
    },
  };
  return stub;
}

async function fixedData(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith('/links')) return json(LINKS);
  if (pathname.endsWith('/testimonials')) {
    const testimonials = [testimonial(APPROVED_ID, true), testimonial(PENDING_ID, false), testimonial(SECOND_ID, true)];
    return json({ total: testimonials.length, testimonials });
  }
  const id = decodeURIComponent(pathname.split('/').pop() ?? '');
  if (id === APPROVED_ID || id === SECOND_ID) return json(testimonial(id, true));
  if (id === PENDING_ID) return json(testimonial(id, false));
  return json({ error: { status: 404, code: 'not_found', message: 'No testimonial' } }, 404);
}
