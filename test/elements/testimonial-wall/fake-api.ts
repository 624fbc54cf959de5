/**
 * An in-test API for wall tests: pages of generated testimonials, every request recorded, answers that
 * can be held back (to see loading states and aborts) or failed on purpose. No network.
 */
import { createClient, type TestimonialClient } from '../../../src/client/index.js';
import type { Testimonial } from '../../../src/client/types.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';

/** `count` distinct text testimonials named "Customer 1" … */
export function makeTestimonials(count: number, prefix = 't'): Testimonial[] {
  return Array.from({ length: count }, (_, index) =>
    sampleTestimonial({
      id: `${prefix}-${index + 1}`,
      customer_name: `Customer ${index + 1}`,
      customer_avatar: null,
      customer_company_logo: null,
      media: [],
      text: `Testimonial number ${index + 1}.${index % 3 === 0 ? ' A longer one, so the cards differ in height and the masonry has something to balance.' : ''}`,
    }),
  );
}

export interface FakeApiOptions {
  /** How many testimonials the API holds (default 30). */
  count?: number;
  /** What GET /links lists as forms. */
  forms?: { id: string; name: string; url: string }[];
}

export class FakeApi {
  readonly requests: URL[] = [];
  readonly aborted: URL[] = [];
  linkRequests = 0;
  /** Answers wait for `release()` while held. */
  held = false;
  /** The next this many list requests answer 500. */
  failNext = 0;
  testimonials: Testimonial[];
  private forms: { id: string; name: string; url: string }[];
  private waiting: (() => void)[] = [];

  constructor({ count = 30, forms = [] }: FakeApiOptions = {}) {
    this.testimonials = makeTestimonials(count);
    this.forms = forms;
  }

  /** A client that talks to this API only, with no retries (a failure shows at once). */
  client(): TestimonialClient {
    return createClient({ baseUrl: 'https://wall.test/api', fetch: this.fetch, retries: 0 });
  }

  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((resume) => resume());
  }

  /** List requests only, as URL search strings (for assertions on the query). */
  get queries(): string[] {
    return this.requests.filter((url) => url.pathname.endsWith('/testimonials')).map((url) => url.search);
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    request.signal.addEventListener('abort', () => this.aborted.push(url), { once: true });
    if (url.pathname.endsWith('/links')) {
      this.linkRequests++;
      return json({ case_studies: [], forms: this.forms, quick_links: [], sizzle_reels: [], walls_of_love: [], widgets: [] });
    }
    this.requests.push(url);
    if (this.held) await new Promise<void>((resume) => this.waiting.push(resume));
    if (request.signal.aborted) throw request.signal.reason;
    if (this.failNext > 0) {
      this.failNext--;
      return json({ error: { status: 500, code: 'internal', message: 'The fake API failed on purpose.' } }, 500);
    }
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = this.testimonials.slice((page - 1) * limit, page * limit);
    return json({ total: slice.length, testimonials: slice });
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
