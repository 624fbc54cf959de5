/**
 * Issue 26, item 3: what a wall's visitor toolbar asks of the sandbox. `query` searches text, title,
 * customer name, e-mail and tagline (spec 4.1), `tags` matches any of the names, and generated data
 * (`--testimonials N`) carries enough ratings, tags and types to exercise every control. Through the
 * proxy, the toolbar's search for a customer's e-mail address (its `@` sent as a space) finds nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Testimonial, TestimonialList } from '../../src/client/types.js';
import { searchWords } from '../../src/elements/testimonial-wall/controls/visitor-choices.js';
import { createProxy } from '../../src/proxy/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const sandbox = createSandbox({ seed: 3, testimonials: 2000 });

async function list(fetch: (request: Request) => Promise<Response>, base: string, query: string): Promise<Testimonial[]> {
  const response = await fetch(new Request(`${base}/testimonials?${query}`, { headers: { Authorization: 'Bearer sandbox-key' } }));
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as TestimonialList).testimonials;
}

const everything = await list(sandbox.fetch, 'http://sandbox.test/v1', 'limit=1000&page=1').then(async (first) => [
  ...first,
  ...(await list(sandbox.fetch, 'http://sandbox.test/v1', 'limit=1000&page=2')),
]);

describe('the sandbox answers a visitor toolbar', () => {
  it('--testimonials N carries every star, many tags and both types among the approved', () => {
    const approved = everything.filter((t) => t.approved);
    assert.equal(everything.length, 2000);
    for (const star of [1, 2, 3, 4, 5]) assert.ok(approved.filter((t) => t.rating === star).length >= 10, `${star} stars`);
    const tags = new Map<string, number>();
    for (const t of approved) for (const tag of t.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    assert.ok(tags.size >= 8, `${tags.size} tags`);
    for (const [tag, count] of tags) assert.ok(count >= 20, `${tag}: ${count}`);
    for (const type of ['text', 'video']) assert.ok(approved.filter((t) => t.type === type).length >= 10, type);
  });

  it('query matches in the text (not its markup), title, name, e-mail and tagline; every word must match', async () => {
    const sample = everything.find((t) => t.title && t.customer_email && t.customer_tagline)!;
    const word = /[a-z]{6,}/i.exec(sample.text.replace(/<[^>]*>/g, ''))![0];
    for (const term of [word, sample.title!, sample.customer_name, sample.customer_email!, sample.customer_tagline!]) {
      const found = await list(sandbox.fetch, 'http://sandbox.test/v1', `limit=1000&query=${encodeURIComponent(term)}`);
      assert.ok(
        found.some((t) => t.id === sample.id),
        `found by "${term}"`,
      );
    }
    const both = await list(
      sandbox.fetch,
      'http://sandbox.test/v1',
      `limit=1000&query=${encodeURIComponent(`${word} ${sample.customer_name}`)}`,
    );
    assert.ok(both.some((t) => t.id === sample.id));
    assert.equal((await list(sandbox.fetch, 'http://sandbox.test/v1', `query=${encodeURIComponent(`${word} zzzqqq`)}`)).length, 0);
  });

  it('tags match any of the names given', async () => {
    const found = await list(sandbox.fetch, 'http://sandbox.test/v1', 'limit=1000&tags=pricing&tags=support&approved=true');
    const expected = everything.filter((t) => t.approved && (t.tags.includes('pricing') || t.tags.includes('support')));
    assert.deepEqual(found.map((t) => t.id).sort(), expected.map((t) => t.id).sort());
  });

  it("through the proxy, the toolbar's search for a customer's e-mail address finds nothing", async () => {
    const proxy = createProxy({
      upstream: 'http://sandbox.test/v1',
      apiKey: 'sandbox-key',
      retries: 0,
      log: () => {},
      fetch: sandbox.fetch,
    });
    const emails = everything.filter((t) => t.approved && t.customer_email).map((t) => t.customer_email!);
    for (const email of emails.slice(0, 10)) {
      const words = searchWords(email);
      assert.ok(!words.includes('@'));
      const found = await list(proxy.fetch, 'http://proxy.test', `limit=100&query=${encodeURIComponent(words)}`);
      for (const t of found) {
        const visible = [t.text.replace(/<[^>]*>/g, ''), t.title, t.customer_name, t.customer_tagline].join(' ').toLowerCase();
        for (const word of words.toLowerCase().split(' '))
          assert.ok(visible.includes(word), `${t.id} found by ${word} of ${email} outside public fields`);
      }
    }
  });
});
