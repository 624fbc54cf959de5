import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INTEGRATIONS, type Testimonial } from '../../src/client/types.js';
import { FIXTURE_COUNT, FIXTURE_EPOCH, generateFixtures } from '../../src/sandbox/fixtures/generate.js';
import { createSandbox, MAX_FIXTURE_COUNT } from '../../src/sandbox/index.js';
import { all, list, ORIGIN, sandbox } from './helpers.js';

const testimonials = await all(sandbox({ seed: 1 }));
const others = await Promise.all([2, 99, 123456].map(async (seed) => [seed, await all(sandbox({ seed }))] as const));

/** Coverage the elements and the demo rely on holds for any seed, not just the default one. */
function checkCoverage(items: Testimonial[]): void {
  assert.ok(items.length >= 150);
  assert.ok(items.some((t) => t.type === 'video') && items.some((t) => t.type === 'text'));
  assert.ok(items.some((t) => t.approved) && items.some((t) => !t.approved));
  for (let rating = 0; rating <= 5; rating++)
    assert.ok(
      items.some((t) => t.rating === rating),
      `rating ${rating}`,
    );
  const integrations = new Set(items.map((t) => t.integration).filter(Boolean));
  assert.ok(integrations.size >= 12, `${integrations.size} integrations`);
  assert.ok([...integrations].every((name) => (INTEGRATIONS as readonly (string | null)[]).includes(name)));
  assert.ok(items.some((t) => t.integration === null));
  const langs = new Set(items.flatMap((t) => t.translations.map((tr) => tr.lang)));
  assert.ok(langs.size >= 3 && langs.has('ar'), [...langs].join());
  assert.ok(items.some((t) => t.tags.length > 0));
  assert.ok(items.some((t) => t.media.length > 0));
  assert.ok(
    items.some((t) => t.text.length >= 10_000),
    'a very long text',
  );
  assert.ok(
    items.some((t) => t.text.length > 0 && t.text.length <= 10),
    'a very short text',
  );
  assert.ok(
    items.some((t) => /<mark>[^<]+<\/mark>/.test(t.text)),
    'highlight markup',
  );
  assert.ok(items.some((t) => t.customer_avatar) && items.some((t) => !t.customer_avatar));
  assert.ok(items.some((t) => t.customer_company_logo) && items.some((t) => !t.customer_company_logo));
  assert.ok(items.some((t) => t.text.includes('<script>')) && items.some((t) => /onerror=/.test(t.text)));
  assert.ok(items.some((t) => t.customer_url?.startsWith('javascript:')));
  const videos = items.filter((t) => t.video);
  assert.ok(videos.some((t) => t.video!.aspect_ratio === '9:16') && videos.some((t) => t.video!.aspect_ratio === '16:9'));
}

describe('fixtures', () => {
  it('cover every case the spec and the elements need, for several seeds', () => {
    checkCoverage(testimonials);
    for (const [, items] of others) checkCoverage(items);
  });

  it('have every field of spec 2.1 with its type', () => {
    for (const t of testimonials) {
      assert.match(t.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.ok(['text', 'video'].includes(t.type));
      assert.ok(Number.isInteger(t.rating) && t.rating >= 0 && t.rating <= 5);
      assert.ok(!Number.isNaN(Date.parse(t.date)) && !Number.isNaN(Date.parse(t.created_at)));
      assert.ok(Date.parse(t.created_at) >= Date.parse(t.date), 'created after the date it was written');
      assert.equal(typeof t.customer_name, 'string');
      assert.ok(Array.isArray(t.tags) && Array.isArray(t.media) && Array.isArray(t.translations));
      assert.equal(typeof t.lang, 'string');
      assert.ok(t.links?.public?.startsWith(`${ORIGIN}/p/fieldnote/t/${t.id}`));
      for (const field of [
        'title',
        'url',
        'form_id',
        'thumbnail_url',
        'customer_email',
        'customer_avatar',
        'customer_tagline',
        'customer_username',
        'customer_url',
        'customer_company',
        'customer_company_logo',
        'reward',
        'video_url',
      ] as const) {
        assert.ok(t[field] === null || typeof t[field] === 'string', `${field} of ${t.id}`);
      }
      if (t.type === 'text') assert.equal(t.video, null);
    }
    assert.equal(new Set(testimonials.map((t) => t.id)).size, testimonials.length, 'ids are unique');
  });

  it('video testimonials carry the full video object on the sandbox media', () => {
    const videos = testimonials.filter((t) => t.type === 'video');
    assert.ok(videos.length >= 10);
    for (const t of videos) {
      const v = t.video!;
      assert.equal(typeof v.duration, 'number');
      assert.match(v.aspect_ratio, /^\d+:\d+$/);
      assert.ok(v.hls_url.endsWith('/index.m3u8'));
      assert.ok(v.transcript.length > 20);
      assert.equal(t.video_url, v.mp4_urls.high);
      assert.ok(t.thumbnail_url?.endsWith('poster.jpg'));
      for (const url of [v.hls_url, t.thumbnail_url!, ...Object.values(v.mp4_urls)]) assert.ok(url.startsWith(`${ORIGIN}/media/`), url);
    }
  });
});

describe('generated testimonials (createSandbox({ testimonials }))', () => {
  it('generates the number asked for, the same for a seed, the first 160 as the default project', () => {
    const many = generateFixtures(3, FIXTURE_EPOCH, 5000).testimonials;
    assert.equal(many.length, 5000);
    assert.equal(new Set(many.map((t) => t.id)).size, 5000, 'ids are unique');
    assert.deepEqual(generateFixtures(3, FIXTURE_EPOCH, 5000).testimonials, many, 'deterministic from the seed');
    assert.deepEqual(many.slice(0, FIXTURE_COUNT), generateFixtures(3).testimonials);
    checkCoverage(many);
    assert.equal(generateFixtures(3, FIXTURE_EPOCH, 0).testimonials.length, 0);
  });

  it('serves them through the API and refuses a count out of range', async () => {
    const big = sandbox({ seed: 1, testimonials: 1200 });
    assert.equal((await list(big, 'limit=1000&page=1')).total, 1000);
    assert.equal((await list(big, 'limit=1000&page=2')).total, 200);
    for (const testimonials of [-1, 1.5, MAX_FIXTURE_COUNT + 1]) {
      assert.throws(() => createSandbox({ testimonials }), /testimonials must be an integer from 0 to 100000/);
    }
  });
});
