/**
 * scriptJson: JSON inside <script type="application/json"> (and ld+json) that no value can break out
 * of, read back by a real HTML parser (jsdom's, which follows the HTML tokenizer's script states).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { scriptJson } from '../../src/ssr/script-json.js';

const HOSTILE = [
  '</script><script>window.__pwned = 1</script>',
  '</SCRIPT >',
  '<!--<script>',
  '<!-- <script> </script> -->',
  '<![CDATA[ ]]>',
  'a & b &amp; <b>',
  'line\u2028separator\u2029paragraph',
  '\u0000 nul',
];

/** The page a server writes: the island, then an element the island must not swallow. */
function parse(json: string): { text: string; after: boolean; scripts: number } {
  const { document } = new JSDOM(
    `<!doctype html><body><script type="application/json" id="island">${json}</script><p id="after">after</p></body>`,
  ).window;
  return {
    text: document.getElementById('island')!.textContent!,
    after: document.getElementById('after') !== null,
    scripts: document.querySelectorAll('script').length,
  };
}

describe('scriptJson', () => {
  it('keeps every hostile string inside its script element, and JSON.parse reads the value back exactly', () => {
    const value = { text: HOSTILE.join(' '), list: HOSTILE, nested: { title: '</script>' } };
    const json = scriptJson(value);
    assert.doesNotMatch(json, /[<>&\u2028\u2029]/);
    const { text, after, scripts } = parse(json);
    assert.equal(scripts, 1, 'the island was split into more script elements');
    assert.ok(after, 'the element after the island was swallowed');
    assert.deepEqual(JSON.parse(text), value);
  });

  it('breaks out when not escaped (the test can fail)', () => {
    const { scripts, after } = parse(JSON.stringify({ text: '<!--<script>' }));
    assert.ok(scripts !== 1 || !after || parse(JSON.stringify({ text: '</script><script>x</script>' })).scripts > 1);
  });

  it('refuses what has no JSON form instead of writing an empty island', () => {
    assert.throws(() => scriptJson(undefined), /no JSON form/);
    assert.throws(() => scriptJson(() => 1), /no JSON form/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.throws(() => scriptJson(cycle), TypeError);
  });
});
