/**
 * The highlight sanitiser on the server (src/ssr/sanitize-node.ts, purify-segments.ts): texts that are
 * only characters and highlights are segmented without parsing, and must come out exactly as DOMPurify over jsdom makes
 * them (the browser's policy, security rule 1); everything else must still go to DOMPurify.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { plainHighlights, purifiedSegments, sanitizeToSegments, usePurifier } from '../../src/elements/shared/purify-segments.js';
import type { TextSegment } from '../../src/elements/shared/text-segment.js';
import { prepareServerSanitizer } from '../../src/ssr/sanitize-node.js';
import { ALL_PAYLOADS, DANGEROUS_URLS, SCRIPT_PAYLOADS } from '../elements/shared/hostile.js';

const HIGHLIGHTS = [
  '',
  'plain text',
  'Ember & Oak',
  'a &amp; b',
  'a &copy b & c &#38; d &#x26;',
  'tail &',
  '<mark>fast</mark> and <mark>simple</mark>',
  '<mark></mark>empty mark',
  '  leading space <mark>here</mark>\n\n  and a blank line',
  'line\r\nbreaks\rhere',
  'nul\0char',
  '<mark>open',
  'close</mark> only',
  '<mark>a<mark>b</mark>c</mark>',
  '<MARK>upper</MARK>',
  '<mark class="x">attributed</mark>',
  '<mark >spaced</mark >',
  '1 < 2 > 0',
  'a <b>bold</b> word',
  '<!-- comment --> text',
  '<p>para</p><mark>x</mark>',
  '"quoted" \'single\' `back`',
  'emoji 😀 and é',
];

/** A deterministic mix of characters, highlights and markup, to compare the two where it can go wrong. */
function fuzzCorpus(count: number): string[] {
  const pieces = [
    'a',
    ' ',
    '\n',
    '&',
    '&amp;',
    '&#',
    '&x',
    '& ',
    '1',
    '#',
    '<mark>',
    '</mark>',
    '<',
    '>',
    '<b>',
    '</b>',
    '<!--',
    '-->',
    'é',
    '"',
    '\r',
    '\0',
    '<p>',
    '<img src=x onerror=alert(1)>',
  ];
  let seed = 24;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(random() * 10) }, () => pieces[Math.floor(random() * pieces.length)]).join(''),
  );
}

const CORPUS = [...HIGHLIGHTS, ...SCRIPT_PAYLOADS, ALL_PAYLOADS, ...DANGEROUS_URLS, ...fuzzCorpus(3000)];

describe('the server highlight sanitiser', () => {
  /** What DOMPurify over jsdom makes of every text of the corpus. */
  let reference: (readonly TextSegment[])[];

  before(() => {
    usePurifier(createDOMPurify(new JSDOM('<!doctype html>').window as unknown as Parameters<typeof createDOMPurify>[0]));
    reference = CORPUS.map((text) => purifiedSegments(text));
  });

  it('segments plain texts and highlights without DOMPurify, exactly as DOMPurify does', () => {
    let plain = 0;
    CORPUS.forEach((text, index) => {
      const segments = plainHighlights(text);
      if (segments === undefined) return;
      plain++;
      assert.deepEqual(segments, reference[index], `the segments of ${JSON.stringify(text)}`);
    });
    assert.ok(plain > 500, `only ${plain} texts of the corpus took the plain path`);
  });

  it('takes the plain path for highlights and bare ampersands, and leaves everything else to DOMPurify', () => {
    assert.deepEqual(plainHighlights('Ember & Oak'), [{ text: 'Ember & Oak', marked: false }]);
    assert.deepEqual(plainHighlights('<mark>fast</mark> and <mark>simple</mark>'), [
      { text: 'fast', marked: true },
      { text: ' and ', marked: false },
      { text: 'simple', marked: true },
    ]);
    for (const text of [
      'a &amp; b',
      'line\r\n',
      'nul\0',
      '<mark>open',
      'close</mark>',
      '<mark>a<mark>b</mark></mark>',
      '<MARK>x</MARK>',
      '1 < 2',
      ...SCRIPT_PAYLOADS.filter((payload) => payload.includes('<')),
    ]) {
      assert.equal(plainHighlights(text), undefined, JSON.stringify(text));
    }
  });

  it('gives what DOMPurify gives over the hostile corpus, the highlights and the fuzz, once installed', async () => {
    await prepareServerSanitizer();
    CORPUS.forEach((text, index) =>
      assert.deepEqual(sanitizeToSegments(text), reference[index], `the segments of ${JSON.stringify(text)}`),
    );
  });

  it('gives the same answer when asked again (the segments are kept on the server)', async () => {
    await prepareServerSanitizer();
    for (const [index, text] of CORPUS.entries()) {
      if (plainHighlights(text) !== undefined) continue;
      for (let time = 0; time < 3; time++)
        assert.deepEqual(sanitizeToSegments(text), reference[index], `${JSON.stringify(text)}, time ${time}`);
    }
    // Kept, not made again: the same segments, with no jsdom fragment to walk (the first 1,024 texts).
    const text = CORPUS.find((candidate) => plainHighlights(candidate) === undefined)!;
    assert.equal(sanitizeToSegments(text), sanitizeToSegments(text));
  });
});
