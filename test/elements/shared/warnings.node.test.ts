import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { pickCount, pickOption, warn } from '../../../src/elements/shared/warnings.js';

function collect(): { report: (code: string, message: string) => void; messages: string[] } {
  const messages: string[] = [];
  return { report: (code, message) => messages.push(`${code}: ${message}`), messages };
}

const LAYOUTS = ['masonry', 'grid', 'list'] as const;

describe('attribute values', () => {
  it('picks options with a coded warning and the default for anything else', () => {
    const { report, messages } = collect();
    assert.equal(pickOption(report, 'layout', 'grid', LAYOUTS, 'masonry'), 'grid');
    assert.equal(pickOption(report, 'layout', null, LAYOUTS, 'masonry'), 'masonry');
    assert.equal(pickOption(report, 'layout', '', LAYOUTS, undefined), undefined);
    assert.deepEqual(messages, []);
    assert.equal(pickOption(report, 'layout', 'bento', LAYOUTS, 'masonry'), 'masonry');
    assert.equal(pickOption(report, 'layout', 'bento', LAYOUTS, undefined), undefined);
    assert.deepEqual(messages, [
      'TE-INVALID-LAYOUT: layout="bento" is not one of masonry, grid, list; using masonry.',
      // With no fallback of its own, the first option is what the element shows.
      'TE-INVALID-LAYOUT: layout="bento" is not one of masonry, grid, list; using masonry.',
    ]);
  });

  it('reads counts from text or numbers, refusing fractions, negatives, words and values out of range', () => {
    const { report, messages } = collect();
    assert.equal(pickCount(report, 'marquee-rows', '2', 1), 2);
    assert.equal(pickCount(report, 'marquee-rows', 3, 1), 3);
    assert.equal(pickCount(report, 'marquee-rows', undefined, 1), undefined);
    assert.equal(pickCount(report, 'heading-level', 6, 1, 6), 6);
    assert.equal(messages.length, 0);
    assert.equal(pickCount(report, 'marquee-rows', '0', 1), undefined);
    assert.equal(pickCount(report, 'max-items-sm', '2.5', 0), undefined);
    assert.equal(pickCount(report, 'max-items-sm', 'lots', 0), undefined);
    assert.equal(pickCount(report, 'heading-level', 7, 1, 6), undefined);
    assert.equal(pickCount(report, 'heading-level', Number.NaN, 1, 6), undefined);
    assert.equal(messages.length, 5);
    assert.equal(messages[0], 'TE-INVALID-MARQUEE-ROWS: marquee-rows="0" must be a whole number of at least 1; using the default.');
    assert.equal(messages[3], 'TE-INVALID-HEADING-LEVEL: heading-level="7" must be a whole number from 1 to 6; using the default.');
  });
});

describe('warn', () => {
  const original = console.warn;
  let lines: string[] = [];
  beforeEach(() => {
    lines = [];
    console.warn = (...args: unknown[]) => lines.push(args.join(' '));
  });
  afterEach(() => {
    console.warn = original;
  });

  it('says which element and which code, once per element and code', () => {
    const card = { localName: 'testimonial-card' } as Element;
    const other = { localName: 'testimonial-card' } as Element;
    warn(card, 'TE-INVALID-VARIANT', 'variant="big" is not one of default, compact, quote; using default.');
    warn(card, 'TE-INVALID-VARIANT', 'variant="huge" is not one of default, compact, quote; using default.');
    warn(card, 'TE-LOAD-FAILED', 'This testimonial could not be loaded.');
    warn(other, 'TE-INVALID-VARIANT', 'variant="big" is not one of default, compact, quote; using default.');
    assert.deepEqual(lines, [
      '[testimonial-card] TE-INVALID-VARIANT: variant="big" is not one of default, compact, quote; using default.',
      '[testimonial-card] TE-LOAD-FAILED: This testimonial could not be loaded.',
      '[testimonial-card] TE-INVALID-VARIANT: variant="big" is not one of default, compact, quote; using default.',
    ]);
  });
});
