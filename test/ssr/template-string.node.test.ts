/**
 * The string writer of elements' shadow roots (src/ssr/template-string.ts) against Lit's server
 * renderer, which it stands in for: the same HTML from renderWall, renderCard and renderVideo, byte for
 * byte, over the sandbox's testimonials, the hostile corpus, highlights, missing fields, ratings, video
 * cards, every layout, display attributes, languages and a right-to-left one. Then what it leaves to
 * Lit's renderer, and Lit's rules it follows for values.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { html, nothing, svg } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { Testimonial } from '../../src/client/types.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderCard, renderVideo, renderWall, type RenderWallOptions } from '../../src/ssr/index.js';
import { LIT_RENDERER_ONLY, templateString } from '../../src/ssr/template-string.js';
import { sampleTestimonial, videoTestimonial } from '../elements/testimonial-card/fixtures.js';
import { hostileTestimonials } from './hostile.js';

/** Options to spread into a render's: every shadow root written by Lit's renderer (then compactMarkup), or not. */
type Mode = { readonly [LIT_RENDERER_ONLY]?: true };

/** The HTML with Lit's renderer, then with the string writer. */
async function bothWays(render: (mode: Mode) => Promise<string>): Promise<[string, string]> {
  return [await render({ [LIT_RENDERER_ONLY]: true }), await render({})];
}

/** A carousel's track id counts the walls rendered in the process: the only text that differs between two renders. */
const sameRender = (html: string) => html.replace(/testimonial-wall-track-\d+/g, 'testimonial-wall-track');

async function assertSame(what: string, render: (mode: Mode) => Promise<string>): Promise<void> {
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
      await assertSame(`${layout}`, (mode) => renderWall({ ...options, ...mode }));
      await assertSame(`${layout} lang=de`, (mode) =>
        renderWall({ ...options, ...mode, attributes: { ...options.attributes, lang: 'de' } }),
      );
      await assertSame(`${layout} in an Arabic page`, (mode) => renderWall({ ...options, ...mode, lang: 'ar' }));
    });
  }

  it('renderWall of 100 sandbox testimonials, grid, in English and in an Arabic page', async () => {
    for (const lang of [undefined, 'ar']) {
      await assertSame(`grid ${lang}`, (mode) =>
        renderWall({ ...mode, testimonials: sandboxTestimonials, lang, attributes: { endpoint: '/api' } }),
      );
    }
  });

  it('renderWall with the toolbar (and the page URL’s choices), scroll paging, item limits, a call to action, in a German page', async () => {
    // The wall's own root is the writer's too: its toolbar, footer, slices and item classes.
    for (const attributes of [
      { controls: 'search rating tags sort type', 'controls-url': true, endpoint: '/api' },
      { paging: 'scroll', endpoint: '/api', 'max-items-sm': 3, 'max-items-md': 6, 'max-items-lg': 9, layout: 'list' },
      { layout: 'carousel', autoplay: true, endpoint: '/api', controls: 'search' },
      { cta: 'Tell us', endpoint: '/api', theme: 'dark', lang: 'fr' },
    ]) {
      await assertSame(JSON.stringify(attributes), (mode) =>
        renderWall({
          ...mode,
          testimonials: sandboxTestimonials.slice(0, 30),
          attributes,
          url: 'https://example.com/?t-q=fast',
          lang: 'de',
        }),
      );
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
        await assertSame(`${layout} ${JSON.stringify(display)}`, (mode) =>
          renderWall({ ...mode, testimonials, attributes: { layout, ...display } }),
        );
      }
    }
  });

  it('renderCard and renderVideo', async () => {
    for (const testimonial of [...oddTestimonials(), ...hostileTestimonials().slice(0, 5), sandboxTestimonials[0]!]) {
      for (const lang of [undefined, 'ar', 'de']) {
        await assertSame(`card ${testimonial.id} ${lang}`, (mode) =>
          renderCard(testimonial, { ...mode, lang, attributes: { 'show-tags': true } }),
        );
      }
    }
    await assertSame('video', (mode) => renderVideo(videoTestimonial(), { ...mode, attributes: {} }));
    await assertSame('standalone video', (mode) =>
      renderVideo(null, { ...mode, attributes: { src: 'https://cdn.example.com/a.m3u8', poster: 'https://cdn.example.com/a.jpg' } }),
    );
  });
});

describe('templateString', () => {
  const text = (value: unknown) => templateString(value)?.html;

  it('writes values as Lit’s server renderer does, its start tags tidied as compactMarkup tidies Lit’s', () => {
    const template = (value: unknown) =>
      html`<p class=${value} title="${value}" @click=${() => {}} lang=${ifDefined(value as string | undefined)}>${value}</p>`;
    assert.equal(
      text(template('a "b" <c> & \'d\'')),
      `<p class="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;" title="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;" lang="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;">a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;</p>`,
    );
    // `nothing` leaves the attribute out, with its white space; `null` and `undefined` write it empty (ifDefined: out).
    assert.equal(text(template(nothing)), '<p></p>');
    assert.equal(text(template(null)), '<p class="" title=""></p>');
    assert.equal(text(template(undefined)), '<p class="" title=""></p>');
    assert.equal(text(template(3)), '<p class="3" title="3" lang="3">3</p>');
    assert.equal(text(html`<ul>${['a', html`<li>${1}</li>`, [nothing, 'b']]}</ul>`), '<ul>a<li>1</li>b</ul>');
    assert.equal(text(svg`<path d=${'M0 0'} />`), '<path d="M0 0"/>');
    // White space between attributes is one space, none before `>`; in values and between tags it stays.
    assert.equal(
      text(html`<p
   class="a  b"
  title=${'t'}
  >
  <b  >${'x'}</b >
</p>`),
      '<p class="a  b" title="t">\n  <b>x</b >\n</p>',
    );
  });

  it('tells the tokens of the start tags it wrote, as compactMarkup reads them', () => {
    const tokens = templateString(
      html`<article class="card" part="card"><p class=${'text long'} data-n=${1} hidden=${nothing}>${html`<mark>${'m'}</mark>`}</p></article>`,
    )?.tokens;
    assert.deepEqual([...(tokens ?? [])].sort(), [
      '.card',
      '.long',
      '.text',
      '[class=card]',
      '[class=text long]',
      '[class]',
      '[data-n=1]',
      '[data-n]',
      '[part=card]',
      '[part]',
      'article',
      'mark',
      'p',
    ]);
  });

  it('writes attributes with text around their values, and boolean attributes, as Lit’s server renderer does', () => {
    const classes = (a: unknown, b: unknown) => html`<p class="a ${a} c ${b}" title='${a}!'></p>`;
    assert.equal(text(classes('b', 1)), `<p class="a b c 1" title="b!"></p>`);
    assert.equal(text(classes(null, undefined)), `<p class="a  c " title="!"></p>`);
    // `nothing` among the values leaves the whole attribute out.
    assert.equal(text(classes('b', nothing)), '<p title="b!"></p>');
    assert.equal(text(classes('<"&>', 2)), '<p class="a &lt;&quot;&amp;&gt; c 2" title="&lt;&quot;&amp;&gt;!"></p>');
    assert.equal(text(html`<input ?disabled=${true} ?hidden=${false} ?required=${nothing}>`), '<input disabled>');
  });

  it('hands a custom element to the caller’s renderer, as Lit’s renderer does: static attributes, then bindings in order', () => {
    const calls: string[] = [];
    const written = templateString(
      html`<div><x-a id="s" class=${'c'} ?b=${true} ?n=${false} .p=${1} @e=${() => {}}>${'light'}</x-a></div>`,
      (tag) => ({
        setAttribute: (name, value) => void calls.push(`${name}=${value}`),
        setProperty: (name, value) => calls.push(`.${name}=${String(value)}`) > 0,
        start: () => `<${tag} …>`,
      }),
    );
    assert.deepEqual(calls, ['id=s', 'class=c', 'b=', '.p=1']);
    assert.equal(written?.html, '<div><x-a …>light</x-a></div>');
    assert.equal(written?.hosts, true);
    // A property Lit's renderer would also write as an attribute: Lit's.
    const reflecting = templateString(html`<x-a .p=${1}></x-a>`, () => ({ setAttribute() {}, setProperty: () => false, start: () => '' }));
    assert.equal(reflecting, undefined);
  });

  it('leaves to Lit’s renderer what it does not write', () => {
    for (const value of [
      html`<testimonial-card .testimonial=${{}}></testimonial-card>`,
      html`<p>${unsafeHTML('<b>x</b>')}</p>`,
      // Text around a value: templates Lit's linter refuses, and the writer must too.
      // eslint-disable-next-line lit/no-invalid-html
      html`<p class=${'a'}${'b'}></p>`,
      // eslint-disable-next-line lit/no-invalid-html
      html`<p class=${'a'}px></p>`,
      html`<input .value=${'a'}>`,
      // eslint-disable-next-line lit/binding-positions
      html`<!-- ${'a'} -->`,
      html`<slot name=${'a'}></slot>`,
      html`<style>${'p{}'}</style>`,
      html`<p>${html`<video-testimonial></video-testimonial>`}</p>`,
    ]) {
      assert.equal(text(value), undefined, value.strings.join('${…}'));
    }
  });
});
