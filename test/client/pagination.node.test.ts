import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient, type FetchFunction } from '../../src/client/index.js';
import { BASE, json, page } from './helpers.js';

/** A service holding `count` testimonials (ids n0…), answering pages like spec 4.1, and counting calls. */
function pagedService(count: number) {
  const asked: Array<{ page: number; limit: number }> = [];
  const fetch: FetchFunction = async (request) => {
    const search = new URL(request.url).searchParams;
    const limit = Number(search.get('limit') ?? 100);
    const number = Number(search.get('page') ?? 1);
    asked.push({ page: number, limit });
    const ids = Array.from({ length: count }, (_, i) => `n${i}`).slice((number - 1) * limit, number * limit);
    return json(page(ids.length, ids));
  };
  return { fetch, asked };
}

async function collect<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of pages) all.push(item);
  return all;
}

describe('paginate', () => {
  it('walks pages from 1 until a page holds fewer than limit', async () => {
    const { fetch, asked } = pagedService(25);
    const pages = await collect(createClient({ baseUrl: BASE, fetch }).paginate({ limit: 10 }));
    assert.deepEqual(
      pages.map((p) => p.total),
      [10, 10, 5],
    );
    assert.deepEqual(asked, [
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  it('asks for one more, empty page when the count is a multiple of limit', async () => {
    const { fetch, asked } = pagedService(20);
    const pages = await collect(createClient({ baseUrl: BASE, fetch }).paginate({ limit: 10 }));
    assert.deepEqual(
      pages.map((p) => p.total),
      [10, 10, 0],
    );
    assert.equal(asked.length, 3);
  });

  it('starts at the given page and uses the default limit of 100', async () => {
    const { fetch, asked } = pagedService(250);
    const pages = await collect(createClient({ baseUrl: BASE, fetch }).paginate({ page: 2 }));
    assert.deepEqual(
      pages.map((p) => p.total),
      [100, 50],
    );
    assert.deepEqual(
      asked.map((a) => a.page),
      [2, 3],
    );
  });

  it('stops fetching when the consumer stops reading', async () => {
    const { fetch, asked } = pagedService(1000);
    for await (const first of createClient({ baseUrl: BASE, fetch }).paginate({ limit: 10 })) {
      assert.equal(first.total, 10);
      break;
    }
    assert.equal(asked.length, 1);
  });

  it('errors clearly after maxPages when there is still more', async () => {
    const { fetch, asked } = pagedService(100);
    const client = createClient({ baseUrl: BASE, fetch });
    await assert.rejects(
      collect(client.paginate({ limit: 10 }, { maxPages: 3 })),
      (error: unknown) => error instanceof RangeError && /Stopped after 3 pages of 10 testimonials and there are more/.test(error.message),
    );
    assert.equal(asked.length, 3);
    await assert.rejects(collect(client.paginate({}, { maxPages: 0 })), /maxPages must be an integer/);
  });

  it('rejects with the abort reason when aborted between pages', async () => {
    const { fetch, asked } = pagedService(100);
    const controller = new AbortController();
    const reading = collect(
      (async function* () {
        for await (const p of createClient({ baseUrl: BASE, fetch }).paginate({ limit: 10 }, { signal: controller.signal })) {
          if (asked.length === 2) controller.abort();
          yield p;
        }
      })(),
    );
    await assert.rejects(reading, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    assert.equal(asked.length, 2);
  });
});

describe('listAllTestimonials', () => {
  it('collects every page', async () => {
    const { fetch } = pagedService(23);
    const all = await createClient({ baseUrl: BASE, fetch }).listAllTestimonials({ limit: 5 });
    assert.deepEqual(
      all.map((t) => t.id),
      Array.from({ length: 23 }, (_, i) => `n${i}`),
    );
  });

  it('keeps a testimonial once when an insert shifts it onto the next page too', async () => {
    const answers = [page(3, ['a', 'b', 'c']), page(2, ['c', 'd'])];
    const fetch: FetchFunction = async () => json(answers.shift());
    const all = await createClient({ baseUrl: BASE, fetch }).listAllTestimonials({ limit: 3 });
    assert.deepEqual(
      all.map((t) => t.id),
      ['a', 'b', 'c', 'd'],
    );
  });

  it('passes the max-pages guard on', async () => {
    const { fetch } = pagedService(50);
    await assert.rejects(createClient({ baseUrl: BASE, fetch }).listAllTestimonials({ limit: 1 }, { maxPages: 5 }), RangeError);
  });
});
