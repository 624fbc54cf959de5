/**
 * The weight of server-rendered HTML (issue 24): a budget for the 12-card wall that
 * `testimonial-elements render wall --limit 12 --layout grid --endpoint /api` prints from the sandbox, a
 * ratchet like the script-tag entry's (test/size.node.test.ts), and what makes it that small: no
 * hydration markers, styles minified and cut to what each shadow root can match, and nothing lost by
 * the cut (the take-over tests in test/ssr check the same look and no shift in browsers).
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { before, describe, it } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import { renderWall } from '../../src/ssr/index.js';
import { sampleTestimonial } from '../elements/testimonial-card/fixtures.js';
import { ShadowStyleSheet, hoistHostRules, requirementOf } from '../../src/ssr/shadow-styles.js';
import { flatCardStyles, flattenable, wallStylesBesideCards, withCardIds } from '../../src/ssr/flat-cards.js';

/**
 * Bytes of HTML (uncompressed: what the browser parses) allowed for the 12-card wall. 246,114 B before
 * issue 24; 101,406 B after its first step (hydration markers, minified styles cut per root); 85,053 B
 * with the cards' host rules written once in the wall's root and the templates' indentation shortened;
 * 81,756 B with a full star drawn as one path; 80,765 B with the wall's and the cards' tokens written once;
 * 81,037 B once merged with issue 28's work (each video's polite live region is in the HTML from the
 * start, as a live region must be before it speaks, and its `.visually-hidden` rule with it); 78,220 B
 * without the reduced-motion rule in roots where nothing moves and without `defer-hydration`; 75,056 B with the private custom properties given short names.
 * 57,853 B with the cards written flat in the wall's root and the card's styles once (src/ssr/flat-cards.ts).
 * 57,054 B with no white space between the card's and the wall's tags in their templates (issue 23).
 * 57,090 B on main before issue 24 item 1; 56,094 B with no <video> in the players' poster state on the server (issue 24: the first frame's parse and layout);
 * 55,964 B with the wall's styles trimmed (issue 23: a rule that never matched, shared hidden-state rules).
 * 55,103 B (55,893 on main before) with no `cite` on the quote and the card's words inheriting the content's `lang` (issue 23 item 3).
 * 54,032 B with a card's five stars in one `<svg>` of two paths (issue 23 item 3); 54,009 B with its width from its viewBox.
 * A ratchet: lower it when the wall shrinks, never raise it. The issue's target is 60,000 B.
 */
const WALL_12_RAW_BUDGET = 54_050;

describe('server-rendered HTML weight', () => {
  let html: string;

  before(async () => {
    const sandbox = createSandbox();
    html = await renderWall({
      upstream: { url: 'http://sandbox.test/v1', apiKey: 'sandbox-key' },
      fetch: sandbox.fetch,
      attributes: { endpoint: '/api', limit: 12, layout: 'grid' },
    });
    console.log(
      `# weight: a 12-card wall is ${html.length} B raw, ${gzipSync(html, { level: 9 }).byteLength} B gzip (budget ${WALL_12_RAW_BUDGET} B raw)`,
    );
  });

  it(`keeps a 12-card wall within ${WALL_12_RAW_BUDGET} bytes of HTML`, () => {
    assert.ok(html.length <= WALL_12_RAW_BUDGET, `a 12-card wall is ${html.length} B of HTML, over the budget of ${WALL_12_RAW_BUDGET}`);
  });

  it('writes no hydration marker and no legacy shadowroot attribute', () => {
    assert.doesNotMatch(html, /<!--|<\?/);
    assert.doesNotMatch(html, /\sshadowroot=/);
    assert.doesNotMatch(html, /\sdefer-hydration/);
    assert.equal((html.match(/<template shadowrootmode="open">/g) ?? []).length, (html.match(/<style>/g) ?? []).length);
  });

  it("shortens the templates' indentation between tags to a line break, and keeps a testimonial's own", async () => {
    assert.doesNotMatch(html, />[ \t\r\n]*\n[ \t\r\n]*[ \t\r]+[ \t\r\n]*</);
    // White space between two highlights is between two tags: a blank line (`pre-line`) stays one.
    const text = 'First line.\n\n  Second <mark>line</mark>\n  \n  <mark>here</mark>.';
    const wall = await renderWall({ testimonials: [sampleTestimonial({ text })] });
    assert.ok(wall.includes('First line.\n\n  Second <mark>line</mark>\n\n<mark>here</mark>.'), 'the text, its line breaks all there');
  });

  it("writes the cards flat in the wall's root, with the card's styles once, in a layer", () => {
    assert.doesNotMatch(html, /<testimonial-card/);
    assert.equal((html.match(/<div class="tc">/g) ?? []).length, 12);
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    // The wall's root, then one per player (a card's video keeps its own shadow root).
    assert.equal(styles.length, 1 + (html.match(/<video-testimonial/g) ?? []).length);
    assert.equal(styles[0]!.split('@layer{').length, 2, "the card's styles once, in the wall's root");
    assert.match(styles[0]!, /@layer\{\.tc\{[^}]*\}\.tc\{display:block;/);
    // Twelve cards share one root: each article is named by its own heading.
    const named = [...html.matchAll(/<article [^>]*aria-labelledby="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(
      named,
      Array.from({ length: 12 }, (_, index) => `c${index}-name`),
    );
    for (const id of named) assert.equal(html.split(`id="${id}"`).length, 2, `one element with id ${id}`);
  });

  it("gives the elements' private custom properties short names, the same throughout the fragment", () => {
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!).join('');
    // Except those an element sets through CSSOM (a video's ratio): its live sheet, adopted at upgrade,
    // reads them in the server's markup until the take-over's swap.
    assert.doesNotMatch(styles.replaceAll('--_v-ratio', ''), /--_t-|--_v-|--_gap/);
    assert.match(styles, /\[part=frame\]\{--_v-ratio:[\d.]+\}/);
    assert.match(styles, /--_4:var\(--testimonial-color-accent,#0a5fc2\)/);
    // The accent that the wall's root and the players' draw with is the one the wall's root defines.
    const accentUses = [...html.matchAll(/<style>[^<]*var\(--_4[,)]/g)].length;
    assert.ok(accentUses >= 2, `the accent is used under its short name in ${accentUses} roots`);
  });

  it("writes each root's styles minified, without the rules nothing in it can match", () => {
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    assert.ok(styles.length >= 1, 'the wall (and its cards) have their styles');
    for (const css of styles) {
      assert.doesNotMatch(css, /\n|\s{2}|;}/, 'minified');
      // The dark palette is for theme="dark"/"auto", the skeleton for a wall or card still loading.
      assert.ok(!css.includes('#161b22') && !css.includes('.bone'), 'no rule for a theme or a state the markup does not have');
    }
    assert.ok(
      styles.some((css) => css.includes(':where(.tc) .card{')),
      "the cards' own rules are there",
    );
  });
});

describe('hoistHostRules', () => {
  it("moves plain host rules out, as the enclosing root's rules without specificity, in order", () => {
    assert.deepEqual(hoistHostRules(':host{display:block}.card{padding:0}:host([theme=dark][variant=quote]){color:red}', 'x-card'), {
      outer: ':where(x-card){display:block}:where(x-card[theme=dark][variant=quote]){color:red}',
      inner: '.card{padding:0}',
    });
  });

  it('moves nothing when a host rule could not keep its place in the cascade', () => {
    assert.equal(hoistHostRules(':host{display:block}:host(:hover){color:red}', 'x-card'), null);
    assert.equal(hoistHostRules(':host{display:block}@media (forced-colors:active){:host{color:red}}', 'x-card'), null);
    assert.equal(hoistHostRules(':host{display:block!important}', 'x-card'), null);
    assert.equal(hoistHostRules(':host,.card{display:block}', 'x-card'), null);
    assert.equal(hoistHostRules('.card{display:block}', 'x-card'), null);
  });
});

describe('ShadowStyleSheet', () => {
  it('reads what a selector needs: host attributes, classes, element names, exact attribute values', () => {
    assert.deepEqual(requirementOf(":host([variant='quote']) .text:dir(rtl)::before"), { host: ['[variant=quote]'], markup: ['.text'] });
    assert.deepEqual(requirementOf('.media li:has(video-testimonial)'), { host: [], markup: ['.media', 'li'] });
    assert.deepEqual(requirementOf('[part=carousel]:not(.autoplay) .batch>.slide:nth-child(2)'), {
      host: [],
      markup: ['[part=carousel]', '.batch', '.slide'],
    });
    assert.deepEqual(requirementOf('a:focus-visible'), { host: [], markup: ['a'] });
    assert.deepEqual(requirementOf("[lang='EN' i] p[dir^=r]"), { host: [], markup: ['[lang]', '[dir]', 'p'] });
  });

  it('keeps the rules that can match, and what they need (media queries, keyframes), in order', () => {
    const sheet = new ShadowStyleSheet(`
      :host { display: block; }
      :host([theme='dark']) { color: white; }
      .card, .skeleton { padding: 1rem; }
      .bone { animation: pulse 1s infinite; }
      @media (prefers-reduced-motion: reduce) { .card { transition: none; } .bone { animation: none; } }
      @keyframes pulse { 50% { opacity: 0.5; } }
      a:hover { color: red; }
    `);
    const cut = (host: string[], markup: string[]) => sheet.cut(new Set(host), new Set(markup));
    assert.equal(
      cut([], ['article', '.card']),
      // No motion to stop where nothing moves: `.card{transition:none}` goes with the rest of the group.
      ':host{display:block}.card{padding:1rem}',
    );
    assert.equal(
      cut(['[theme=dark]'], ['.bone', 'a']),
      ':host{display:block}:host([theme=dark]){color:white}.bone{animation:pulse 1s infinite}@media (prefers-reduced-motion:reduce){.bone{animation:none}}a:hover{color:red}@keyframes pulse{50%{opacity:.5}}',
    );
  });

  it('leaves out the rules that only stop motion where no kept rule sets any', () => {
    const sheet = new ShadowStyleSheet(`
      .card { padding: 1rem; }
      .more { transition: transform 150ms ease; }
      @media (prefers-reduced-motion: reduce) {
        *, *::before { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
        .card { padding: 0; }
      }
    `);
    assert.equal(sheet.cut(new Set(), new Set(['.card'])), '.card{padding:1rem}@media (prefers-reduced-motion:reduce){.card{padding:0}}');
    assert.equal(
      sheet.cut(new Set(), new Set(['.card', '.more'])),
      '.card{padding:1rem}.more{transition:transform 150ms ease}@media (prefers-reduced-motion:reduce){*,*::before{animation-duration:.01ms!important;transition-duration:.01ms!important}.card{padding:0}}',
    );
  });
});

describe('flat cards', () => {
  it("writes the card's styles for the div that stands for its host, in a layer, with the same specificity", () => {
    assert.equal(
      flatCardStyles(
        ':host{display:block}:host([variant=quote]) .text::before{content:"x"}*,*::after{box-sizing:border-box}@media (forced-colors:active){.star{stroke:CanvasText}}',
      ),
      '@layer{.tc{display:block}.tc:is([variant=quote]) .text::before{content:"x"}:where(.tc) *,:where(.tc) *::after{box-sizing:border-box}@media (forced-colors:active){:where(.tc) .star{stroke:CanvasText}}}',
    );
    assert.equal(flatCardStyles(''), '');
  });

  it("keeps the wall's rules out of the cards, and names the card's div for testimonial-card", () => {
    const cardTokens = new Set(['.footer', 'button', 'a', 'footer']);
    assert.equal(
      wallStylesBesideCards(
        ':host{display:block}.grid testimonial-card{block-size:100%}.footer:empty{display:none}button::before{content:""}.wall .items{margin:0}',
        cardTokens,
      ),
      ':host{display:block}.grid div:where(.tc){block-size:100%}.footer:empty:where(:not(.tc *)){display:none}button:where(:not(.tc *))::before{content:""}.wall .items{margin:0}' +
        // The live sheet's rules (adopted before the take-over swaps the server's cards) reverted in the cards.
        ':is(.footer:empty):is(.tc *),:is(button):is(.tc *)::before{all:revert-layer}',
    );
  });

  it('prefixes ids and the references to them per card', () => {
    assert.equal(withCardIds(' id="name" class="name"', 3), ' id="c3-name" class="name"');
    assert.equal(
      withCardIds(' aria-controls="text" aria-describedby="name other"', 0),
      ' aria-controls="c0-text" aria-describedby="c0-name c0-other"',
    );
    assert.equal(withCardIds(' class="card"', 1), ' class="card"');
  });

  it('refuses to flatten a card whose styles a class cannot stand for', () => {
    assert.equal(flattenable(':host{display:block}.card{margin:0}'), true);
    assert.equal(flattenable(':host-context(.dark){color:white}'), false);
    assert.equal(flattenable('::slotted(img){width:100%}'), false);
  });
});
