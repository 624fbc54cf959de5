/**
 * The string writer of elements' shadow roots (src/ssr/template-string.ts) against Lit's server
 * renderer, which it stands in for: the same HTML from renderWall, renderCard and renderVideo, byte for
 * byte, over the sandbox's testimonials, the hostile corpus, highlights, missing fields, ratings, video
 * cards, every layout, display attributes, languages and a right-to-left one. Then what it leaves to
 * Lit's renderer, and Lit's rules it follows for values.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { html, nothing, svg } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { Testimonial } from '../../src/client/types.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderCard, renderVideo, renderWall, type RenderWallOptions } from '../../src/ssr/index.js';
import { templateString, templateStrings } from '../../src/ssr/template-string.js';
import { sampleTestimonial, videoTestimonial } from '../elements/testimonial-card/fixtures.js';
import { hostileTestimonials } from './hostile.js';

/** The HTML with Lit's renderer, then with the string writer. */
async function bothWays(render: () => Promise<string>): Promise<[string, string]> {
  templateStrings.enabled = false;
  try {
    const lit = await render();
    templateStrings.enabled = true;
    return [lit, await render()];
  } finally {
    templateStrings.enabled = true;
  }
}

/** A carousel's track id counts the walls rendered in the process: the only text that differs between two renders. */
const sameRender = (html: string) => html.replace(/testimonial-wall-track-\d+/g, 'testimonial-wall-track');

async function assertSame(what: string, render: () => Promise<string>): Promise<void> {
  const [lit, written] = await bothWays(render);
  if (sameRender(lit) === sameRender(written)) return;
  let at = 0;
  while (lit[at] === written[at]) at++;
  assert.fail(
    `${what}: differs at ${at}:\n Lit:     ${JSON.stringify(lit.slice(at - 120, at + 80))}\n written: ${JSON.stringify(written.slice(at - 120, at + 80))}`,
  );
}

let sandboxTestimonials: Testimonial[] = [];

before(async () => {
  const answer = await createSandbox().fetch(
    new Request('http://sandbox.test/v1/testimonials?limit=100&approved=true', { headers: { authorization: 'Bearer sandbox-key' } }),
  );
  sandboxTestimonials = ((await answer.json()) as { testimonials: Testimonial[] }).testimonials;
  assert.equal(sandboxTestimonials.length, 100);
  assert.ok(sandboxTestimonials.some((testimonial) => testimonial.type === 'video'));
});

after(() => {
  templateStrings.enabled = true;
});

/** Testimonials that take the card's other paths: missing fields, half and no ratings, highlights, bare ampersands. */
function oddTestimonials(): Testimonial[] {
  const bare = { customer_avatar: null, customer_company_logo: null, customer_tagline: null, customer_username: null, customer_url: null };
  return [
    sampleTestimonial({ id: 'half', rating: 3.5, text: 'Fish & chips <mark>&amp; more</mark>\n\nsecond paragraph' }),
    sampleTestimonial({ id: 'none', rating: null as never, title: null, integration: 'web_page' as never, tags: [] }),
    sampleTestimonial({ id: 'bare', ...bare, customer_name: null as never, media: [], links: null as never, date: 'not a date' }),
    sampleTestimonial({ id: 'long', text: `${'A long text that a card clamps. '.repeat(30)}<mark>the end</mark>` }),
    sampleTestimonial({ id: 'unclosed', text: 'a <mark>never closed and <b>bold</b> <img src=x onerror=alert(1)>' }),
    sampleTestimonial({ id: 'videos', media: [{ url: 'https://cdn.example.com/clip.mp4', type: 'video', alt: 'A clip' }] }),
    videoTestimonial({ id: 'video' }),
  ];
}

describe('template strings: the same HTML as Lit’s server renderer', () => {
  for (const layout of ['masonry', 'grid', 'list', 'carousel', 'marquee']) {
    it(`renderWall of 12 sandbox testimonials, ${layout}, in English, German and Arabic`, async () => {
      const options: RenderWallOptions = { testimonials: sandboxTestimonials.slice(0, 12), attributes: { layout, endpoint: '/api' } };
      await assertSame(`${layout}`, () => renderWall(options));
      await assertSame(`${layout} lang=de`, () => renderWall({ ...options, attributes: { ...options.attributes, lang: 'de' } }));
      await assertSame(`${layout} in an Arabic page`, () => renderWall({ ...options, lang: 'ar' }));
    });
  }

  it('renderWall of 100 sandbox testimonials, grid, in English and in an Arabic page', async () => {
    for (const lang of [undefined, 'ar']) {
      await assertSame(`grid ${lang}`, () => renderWall({ testimonials: sandboxTestimonials, lang, attributes: { endpoint: '/api' } }));
    }
  });

  it('renderWall of the hostile corpus and of odd testimonials, grid with display attributes and carousel', async () => {
    // As they are (video cards: their players are Lit's to render) and as text cards (written whole).
    const asText = (testimonial: Testimonial): Testimonial => ({
      ...testimonial,
      id: `${testimonial.id}-text`,
      type: 'text',
      video: null,
      video_url: null,
      media: (testimonial.media ?? []).filter((item) => item.type !== 'video'),
    });
    const testimonials = [...hostileTestimonials(), ...hostileTestimonials().map(asText), ...oddTestimonials()];
    const displays = [
      {},
      { variant: 'compact', theme: 'dark', 'show-tags': true, 'heading-level': 2 },
      { variant: 'quote', 'text-limit': 40, 'no-avatar': true, 'no-date': true },
      { 'no-rating': true, 'no-source': true, 'no-media': true, lang: 'ar' },
    ];
    for (const [layout, some] of [
      ['grid', displays.length],
      ['carousel', 1],
    ] as const) {
      for (const display of displays.slice(0, some)) {
        await assertSame(`${layout} ${JSON.stringify(display)}`, () => renderWall({ testimonials, attributes: { layout, ...display } }));
      }
    }
  });

  it('renderCard and renderVideo', async () => {
    for (const testimonial of [...oddTestimonials(), ...hostileTestimonials().slice(0, 5), sandboxTestimonials[0]!]) {
      for (const lang of [undefined, 'ar', 'de']) {
        await assertSame(`card ${testimonial.id} ${lang}`, () => renderCard(testimonial, { lang, attributes: { 'show-tags': true } }));
      }
    }
    await assertSame('video', () => renderVideo(videoTestimonial()));
    await assertSame('standalone video', () =>
      renderVideo(null, { attributes: { src: 'https://cdn.example.com/a.m3u8', poster: 'https://cdn.example.com/a.jpg' } }),
    );
  });
});

describe('templateString', () => {
  it('writes values as Lit’s server renderer does', () => {
    const template = (value: unknown) =>
      html`<p class=${value} title="${value}" @click=${() => {}} lang=${ifDefined(value as string | undefined)}>${value}</p>`;
    assert.equal(
      templateString(template('a "b" <c> & \'d\'')),
      `<p class="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;" title="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;"  lang="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;">a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;</p>`,
    );
    // `nothing` leaves the attribute out; `null` and `undefined` write it empty (ifDefined: out).
    assert.equal(templateString(template(nothing)), '<p    ></p>');
    assert.equal(templateString(template(null)), '<p class="" title=""  ></p>');
    assert.equal(templateString(template(undefined)), '<p class="" title=""  ></p>');
    assert.equal(templateString(template(3)), '<p class="3" title="3"  lang="3">3</p>');
    assert.equal(templateString(html`<ul>${['a', html`<li>${1}</li>`, [nothing, 'b']]}</ul>`), '<ul>a<li>1</li>b</ul>');
    assert.equal(templateString(svg`<path d=${'M0 0'}/>`), '<path d="M0 0"/>');
  });

  it('leaves to Lit’s renderer what it does not write', () => {
    for (const value of [
      html`<testimonial-card .testimonial=${{}}></testimonial-card>`,
      html`<p>${unsafeHTML('<b>x</b>')}</p>`,
      html`<p class="a ${'b'}"></p>`,
      // Text around a value: templates Lit's linter refuses, and the writer must too.
      // eslint-disable-next-line lit/no-invalid-html
      html`<p class=${'a'}${'b'}></p>`,
      // eslint-disable-next-line lit/no-invalid-html
      html`<p class=${'a'}px></p>`,
      html`<input .value=${'a'}>`,
      html`<input ?disabled=${true}>`,
      // eslint-disable-next-line lit/binding-positions
      html`<!-- ${'a'} -->`,
      html`<slot name=${'a'}></slot>`,
      html`<style>${'p{}'}</style>`,
      html`<p>${html`<video-testimonial></video-testimonial>`}</p>`,
    ]) {
      assert.equal(templateString(value), undefined, value.strings.join('${…}'));
    }
  });
});
