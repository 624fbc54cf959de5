import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { highlight, matchesWords, queryWords } from '../../src/sandbox/highlight.js';

describe('highlight', () => {
  it('wraps every occurrence, keeping the original case', () => {
    assert.equal(highlight('Fast, fast and FAST.', ['fast']), '<mark>Fast</mark>, <mark>fast</mark> and <mark>FAST</mark>.');
  });

  it('leaves existing marks alone and never touches tags', () => {
    assert.equal(highlight('a <mark>fast tool</mark>, fast', ['fast']), 'a <mark>fast tool</mark>, <mark>fast</mark>');
    assert.equal(highlight('<mark>x</mark> mark', ['mark']), '<mark>x</mark> <mark>mark</mark>');
    assert.equal(highlight('<script>alert(1)</script>', ['script']), '<script>alert(1)</script>');
  });

  it('prefers the longer word and escapes regular-expression characters', () => {
    assert.equal(highlight('faster fast', ['fast', 'faster']), '<mark>faster</mark> <mark>fast</mark>');
    assert.equal(highlight('costs $5 (really)', ['$5', '(really)']), 'costs <mark>$5</mark> <mark>(really)</mark>');
  });

  it('matches when every word is in some field', () => {
    const words = queryWords('  Ada   SEARCH ada ');
    assert.deepEqual(words, ['ada', 'search']);
    assert.equal(matchesWords(words, ['Search is good', null, 'Ada Lovelace']), true);
    assert.equal(matchesWords(words, ['Search is good', 'Grace']), false);
  });
});
