// Every client method against the in-process sandbox (src/sandbox): the real contract, no network.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { TestimonialApiError, createClient, type FetchFunction, type TestimonialClient } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const KEY = 'sandbox-key';
const BASE_URL = 'http://sandbox.test/v1';

let client: TestimonialClient;
let sandboxCalls: Request[];
let sandbox: ReturnType<typeof createSandbox>;

beforeEach(() => {
  sandbox = createSandbox({ key: KEY, seed: 7 });
  sandboxCalls = [];
  const fetch: FetchFunction = (request) => {
    sandboxCalls.push(request);
    return sandbox.fetch(request);
  };
  client = createClient({ baseUrl: BASE_URL, apiKey: KEY, fetch });
});

async function apiError(promise: Promise<unknown>): Promise<TestimonialApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof TestimonialApiError, String(error));
    return error;
  }
  assert.fail('expected a TestimonialApiError');
}

describe('listTestimonials against the sandbox', () => {
  it('answers a page of at most 100, newest first, with total = the count on the page', async () => {
    const list = await client.listTestimonials();
    assert.equal(list.total, list.testimonials.length);
    assert.equal(list.total, 100);
    const dates = list.testimonials.map((t) => Date.parse(t.date));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
  });

  it('passes each filter through', async () => {
    const videos = await client.listTestimonials({ type: 'video', approved: true, limit: 1000 });
    assert.ok(videos.total > 0);
    assert.ok(videos.testimonials.every((t) => t.type === 'video' && t.approved));

    const fives = await client.listTestimonials({ rating: 5, sort: 'rating', order: 'asc' });
    assert.ok(fives.total > 0 && fives.testimonials.every((t) => t.rating === 5));

    const all = await client.listTestimonials({ limit: 1000 });
    const integration = all.testimonials.find((t) => t.integration !== null)!.integration!;
    const fromIt = await client.listTestimonials({ integration, limit: 1000 });
    assert.ok(fromIt.total > 0 && fromIt.testimonials.every((t) => t.integration === integration));

    const [tagA, tagB] = [...new Set(all.testimonials.flatMap((t) => t.tags))];
    const tagged = await client.listTestimonials({ tags: [tagA!, tagB!], limit: 1000 });
    assert.ok(tagged.total > 0 && tagged.testimonials.every((t) => t.tags.includes(tagA!) || t.tags.includes(tagB!)));
    const commaClient = createClient({ baseUrl: BASE_URL, apiKey: KEY, fetch: sandbox.fetch, tags: 'comma' });
    assert.deepEqual(await commaClient.listTestimonials({ tags: [tagA!, tagB!], limit: 1000 }), tagged);

    const word = all.testimonials
      .find((t) => t.text.length > 40)!
      .text.split(/\s+/)
      .find((w) => /^[a-z]{5,}$/i.test(w))!;
    const found = await client.listTestimonials({ query: word.toUpperCase(), limit: 1000 });
    assert.ok(
      found.testimonials.some((t) => /<mark>/i.test(t.text)),
      `a match of "${word}" is highlighted`,
    );

    const lang = all.testimonials.flatMap((t) => t.translations.map((tr) => tr.lang))[0]!;
    const inLang = await client.listTestimonials({ lang, limit: 1000 });
    assert.ok(inLang.testimonials.every((t) => t.lang === lang || t.translations.some((tr) => tr.lang === lang)));
  });

  it('pages with limit and page', async () => {
    const first = await client.listTestimonials({ limit: 10, page: 1 });
    const second = await client.listTestimonials({ limit: 10, page: 2 });
    const both = await client.listTestimonials({ limit: 20 });
    assert.deepEqual(
      [...first.testimonials, ...second.testimonials].map((t) => t.id),
      both.testimonials.map((t) => t.id),
    );
  });
});

describe('pagination against the sandbox', () => {
  it('listAllTestimonials walks every page and finds each testimonial once', async () => {
    const everything = await client.listTestimonials({ limit: 1000 });
    assert.ok(everything.total >= 150 && everything.total < 1000);
    const all = await client.listAllTestimonials({ limit: 40 });
    assert.deepEqual(
      all.map((t) => t.id),
      everything.testimonials.map((t) => t.id),
    );
    assert.equal(sandboxCalls.length, 1 + Math.floor(everything.total / 40) + 1);
  });
});

describe('single testimonials against the sandbox', () => {
  it('getTestimonial answers the bare testimonial the list holds', async () => {
    const [first] = (await client.listTestimonials({ limit: 1 })).testimonials;
    assert.deepEqual(await client.getTestimonial(first!.id), first);
  });

  it('create → get → update → delete → 404', async () => {
    const created = await client.createTestimonial({
      type: 'text',
      customer_name: 'Ada Lovelace',
      text: 'The engine weaves algebraic patterns.',
      rating: 5,
      approved: false,
      tags: ['engines'],
    });
    assert.equal(typeof created.message, 'string');
    assert.equal(typeof created.id, 'string');

    const fetched = await client.getTestimonial(created.id);
    assert.equal(fetched.customer_name, 'Ada Lovelace');
    assert.equal(fetched.approved, false);

    const approved = await client.updateTestimonial(created.id, { approved: true, add_tags: ['homepage'], remove_tags: ['engines'] });
    assert.equal(approved.id, created.id);
    assert.equal(approved.approved, true);
    assert.deepEqual(approved.tags, ['homepage']);

    const deleted = await client.deleteTestimonial(created.id);
    assert.equal(typeof deleted.message, 'string');
    const gone = await apiError(client.getTestimonial(created.id));
    assert.equal(gone.kind, 'http');
    assert.equal(gone.status, 404);
    assert.equal(gone.retryable, false);
    assert.equal((await apiError(client.deleteTestimonial(created.id))).status, 404);
  });

  it('creates a video testimonial with its video_url', async () => {
    const { id } = await client.createTestimonial({ type: 'video', customer_name: 'Grace', video_url: 'https://cdn.example/v.mp4' });
    const video = await client.getTestimonial(id);
    assert.equal(video.type, 'video');
    assert.equal(video.video_url, 'https://cdn.example/v.mp4');
  });
});

describe('links and invites against the sandbox', () => {
  it('getLinks answers all six groups', async () => {
    const links = await client.getLinks();
    for (const group of ['case_studies', 'forms', 'quick_links', 'sizzle_reels', 'walls_of_love', 'widgets'] as const) {
      assert.ok(Array.isArray(links[group]), group);
    }
    assert.ok(links.forms.length > 0);
  });

  it('sendInvites sends, then skips the addresses already invited', async () => {
    const { forms } = await client.getLinks();
    const request = { form_id: forms[0]!.id, recipients: [{ email: 'ada@example.com', name: 'Ada' }, { email: 'grace@example.com' }] };
    assert.deepEqual(await client.sendInvites(request), { sent: 2, skipped: [] });
    const again = await client.sendInvites(request);
    assert.equal(again.sent, 0);
    assert.deepEqual(
      again.skipped.map((s) => s.reason),
      ['already_invited', 'already_invited'],
    );
  });
});

describe('sandbox errors through the client', () => {
  it('a wrong key is a 401 TestimonialApiError with the sandbox message, never the key', async () => {
    const wrongKey = 'not-the-sandbox-key';
    const stranger = createClient({ baseUrl: BASE_URL, apiKey: wrongKey, fetch: sandbox.fetch });
    const error = await apiError(stranger.listTestimonials());
    assert.equal(error.status, 401);
    assert.equal(error.retryable, false);
    assert.ok(!error.message.includes(wrongKey));
    assert.equal(typeof error.code, 'string', 'the sandbox answers an ApiErrorBody');
  });

  it('identical lists in flight reach the sandbox once', async () => {
    const [a, b] = await Promise.all([client.listTestimonials({ limit: 3 }), client.listTestimonials({ limit: 3 })]);
    assert.deepEqual(a, b);
    assert.equal(sandboxCalls.length, 1);
  });
});

describe('sandbox fault injection through the client', () => {
  it('a GET that meets the sandbox’s 503s is retried after its Retry-After, up to the retry budget', async () => {
    const delays: number[] = [];
    const failing = createSandbox({ key: KEY, failRate: 1 });
    let calls = 0;
    const flaky = createClient({
      baseUrl: BASE_URL,
      apiKey: KEY,
      fetch: (request) => {
        calls++;
        return failing.fetch(request);
      },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const error = await apiError(flaky.listTestimonials({ limit: 1 }));
    assert.equal(error.status, 503);
    assert.equal(error.retryAfterMs, 1000);
    assert.equal(calls, 3);
    assert.deepEqual(delays, [1000, 1000]);
  });

  it('with a failure rate of one half, retries carry a list through', async () => {
    const halfBroken = createSandbox({ key: KEY, failRate: 0.5, seed: 3 });
    let retried = 0;
    const sleep = async () => {
      retried++;
    };
    const patient = createClient({ baseUrl: BASE_URL, apiKey: KEY, fetch: halfBroken.fetch, retries: 10, sleep });
    for (let i = 1; i <= 5; i++) assert.equal((await patient.listTestimonials({ limit: 2, page: i })).total, 2);
    assert.ok(retried > 0, 'some answers were 503s');
  });
});
