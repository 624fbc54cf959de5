/**
 * testimonial-elements/ssr on Node: what it renders from each source, what it refuses, and that only
 * public fields and approved testimonials reach the HTML.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderCard, renderVideo, renderWall, RenderOptionsError } from '../../src/ssr/index.js';
import { sampleTestimonial, videoTestimonial } from '../elements/testimonial-card/fixtures.js';

const sandbox = createSandbox();
const upstream = { url: 'http://sandbox.test/v1', apiKey: 'sandbox-key' };

/** The HTML without Lit's markers and styles, for reading. */
function readable(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

function island(html: string, tag: string): unknown {
  const found = new RegExp(`<script type="application/json">([^<]*)</script></${tag}>`).exec(readable(html));
  return found ? JSON.parse(found[1]!) : undefined;
}

describe('renderWall', () => {
  it("renders page 1 from the service with its cards flat in the wall's root, and Load more", async () => {
    const html = await renderWall({ upstream, fetch: sandbox.fetch, attributes: { endpoint: '/api', limit: 5, sort: 'rating' } });
    const text = readable(html);
    assert.match(text, /^<testimonial-wall endpoint="\/api" sort="rating" limit="5" layout="grid"><template shadowrootmode="open">/);
    // Each card a plain div in the wall's root (flat-cards.ts): no element to upgrade before the wall takes over.
    assert.equal((text.match(/<div class="tc"[\s>]/g) ?? []).length, 5);
    assert.doesNotMatch(text, /<testimonial-card/);
    assert.equal((text.match(/<article part="card" class="card" aria-labelledby="c\d-name"/g) ?? []).length, 5);
    assert.match(text, /part="load-more"/);
    const page = island(html, 'testimonial-wall') as { total: number; testimonials: { id: string }[] };
    assert.equal(page.testimonials.length, 5);
  });

  it('lets only public fields and approved testimonials out, whatever the source', async () => {
    const secret = sampleTestimonial({ id: 'secret', customer_email: 'private@example.com', reward: 'COUPON-123' });
    for (const html of [
      await renderWall({ testimonials: [secret], attributes: { endpoint: '/api' } }),
      await renderWall({ upstream, fetch: sandbox.fetch, attributes: { endpoint: '/api', limit: 100 } }),
      await renderCard(secret),
    ]) {
      assert.doesNotMatch(html, /customer_email|private@example\.com|COUPON-123|"reward"|project_id|form_id/);
    }
    const all = island(
      await renderWall({ upstream, fetch: sandbox.fetch, attributes: { endpoint: '/api', limit: 1000 } }),
      'testimonial-wall',
    ) as {
      testimonials: { approved: boolean }[];
    };
    assert.ok(all.testimonials.length > 0 && all.testimonials.every((testimonial) => testimonial.approved === true));
  });

  it("gives the cards the wall's lang, as the browser does through the tree", async () => {
    const html = readable(await renderWall({ testimonials: [sampleTestimonial()], attributes: { lang: 'de' } }));
    assert.match(html, /Spart uns jede Woche Stunden\./);
  });

  it('renders given testimonials with an endpoint for later pages, and without one with no Load more', async () => {
    const many = Array.from({ length: 3 }, (_, index) => sampleTestimonial({ id: `t${index}`, customer_name: `Name ${index}` }));
    const paged = readable(await renderWall({ testimonials: many, attributes: { endpoint: '/api', limit: 3 } }));
    assert.equal((paged.match(/<div class="tc"[\s>]/g) ?? []).length, 3);
    assert.match(paged, /part="load-more"/);
    assert.doesNotMatch(paged, /Could not load/);
    const alone = readable(await renderWall({ testimonials: many, attributes: { limit: 3 } }));
    assert.equal((alone.match(/<div class="tc"[\s>]/g) ?? []).length, 3);
    assert.doesNotMatch(alone, /part="load-more"/);
  });

  it('writes masonry (the default) as a grid, in the HTML and for the browser, whose placement would move the cards', async () => {
    for (const attributes of [{}, { layout: 'masonry' }]) {
      const text = readable(await renderWall({ testimonials: [sampleTestimonial()], attributes }));
      assert.match(text, /^<testimonial-wall layout="grid">/);
      assert.match(text, /class="wall grid"/);
    }
  });

  it('writes a carousel and a marquee as the browser draws them, with their styles, and no island without an endpoint', async () => {
    const carouselHtml = await renderWall({ testimonials: [sampleTestimonial()], attributes: { layout: 'carousel' } });
    const carousel = readable(carouselHtml);
    assert.match(carousel, /^<testimonial-wall layout="carousel">/);
    assert.match(carousel, /class="wall carousel"/);
    assert.match(carousel, /part="carousel"[\s\S]*part="slide"[\s\S]*<testimonial-card/);
    assert.match(carouselHtml, /\.track\.complete\s*\{\s*scroll-snap-type/, "the moving layouts' styles");
    assert.equal(island(carousel, 'testimonial-wall'), undefined);
    const marqueeHtml = await renderWall({ testimonials: [sampleTestimonial()], attributes: { layout: 'marquee' } });
    assert.match(readable(marqueeHtml), /part="marquee"[\s\S]*<testimonial-card/);
    assert.match(marqueeHtml, /@keyframes testimonial-wall-marquee/);
  });

  it('refuses what it cannot use, before fetching anything', async () => {
    await assert.rejects(renderWall({ attributes: { colour: 'red' } as never }), RenderOptionsError);
    await assert.rejects(renderWall({ attributes: { endpoint: '/api' } }), /give testimonials, an endpoint or an upstream/);
    await assert.rejects(renderWall({ endpoint: '/api' }), /endpoint must be an absolute http\(s\) URL/);
    await assert.rejects(renderWall({ endpoint: 'https://a.example/api', upstream }), /either endpoint or upstream/);
    await assert.rejects(renderWall({ testimonials: 'x' as never }), /testimonials must be an array/);
  });
});

describe('renderCard and renderVideo', () => {
  it('renders a card by id from the service, with <mark> from the same DOMPurify policy', async () => {
    const id = (
      (await (
        await sandbox.fetch(
          new Request(`${upstream.url}/testimonials?approved=true&limit=1`, { headers: { authorization: 'Bearer sandbox-key' } }),
        )
      ).json()) as { testimonials: { id: string }[] }
    ).testimonials[0]!.id;
    const html = readable(await renderCard(id, { upstream, fetch: sandbox.fetch, attributes: { 'testimonial-id': id } }));
    assert.match(html, new RegExp(`^<testimonial-card testimonial-id="${id}"`));
    const marked = readable(await renderCard(sampleTestimonial({ text: 'It <mark onclick="x()" class="y">saved</mark> <b>us</b> hours' })));
    assert.match(marked, /It <mark>saved<\/mark> us hours/);
  });

  it('renders a video testimonial in its poster state, nothing of the video loaded', async () => {
    const html = readable(await renderVideo(videoTestimonial()));
    // No <video> at all (issue 24): hidden and out of flow in the poster state, it drew nothing before
    // a script runs and cost the first frame a media element per player; the element renders its own.
    assert.doesNotMatch(html, /<video[\s>]/);
    assert.match(html, /part="frame"/);
    assert.match(html, /part="play-button"/);
  });

  it("writes no <video> in a wall's players, whose server markup the first frame parses and lays out", async () => {
    const html = await renderWall({ testimonials: [videoTestimonial(), sampleTestimonial()] });
    assert.match(html, /<video-testimonial[\s>]/);
    assert.doesNotMatch(html, /<video[\s>]/);
  });
});

describe("the server page's first frame", () => {
  /** Every font weight the fragment's styles set (`font-weight` and the `font` shorthand), sorted. */
  function weightsIn(html: string): string[] {
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((found) => found[1]).join('\n');
    const weights = [...css.matchAll(/font-weight:\s*(\w+)|font:\s*(\d{3})\s/g)].map((found) => found[1] ?? found[2]!);
    return [...new Set(weights)].sort();
  }

  it("asks for one weight beside the text's normal one, whatever the card shows (one font match each)", async () => {
    // Chromium on Linux asks the browser process synchronously for a font the first time a renderer
    // uses each weight (FontDataManager::onMatchFamilyStyle: one per weight, even where two weights
    // resolve to the same Bold face): the server page's first layout asked 4 times (400, 600 for the
    // initials, 650, and the page's own 700) against 2 for the client page's heading, each round trip
    // 0.5–30 ms on a loaded machine. The cards' semibold parts share the name's 650 (issue 24).
    const initials = sampleTestimonial({ id: 'initials', customer_avatar: null, text: 'Long enough to be cut. '.repeat(20) });
    const html = await renderWall({
      testimonials: [initials, sampleTestimonial({ id: 'plain' }), videoTestimonial({ id: 'video' })],
      attributes: { 'text-limit': 40 },
    });
    assert.match(readable(html), /part="initials"/);
    assert.match(readable(html), /part="read-more"/);
    assert.deepEqual(weightsIn(html), ['650']);
    assert.deepEqual(weightsIn(await renderCard(initials, { attributes: { 'text-limit': 40 } })), ['650']);
  });
});
