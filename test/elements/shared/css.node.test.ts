import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { css as litCss, unsafeCSS } from 'lit';
import { css } from '../../../src/elements/shared/css.js';

describe('css', () => {
  it("writes the text Lit's css tag writes: CSS results by their text, numbers, escapes as the literal has them", () => {
    const inner = css`.a{color:red}`;
    const both = (strings: TemplateStringsArray, ...values: Array<ReturnType<typeof css> | number>) => [
      css(strings, ...values).cssText,
      litCss(strings, ...values).cssText,
    ];
    const [ours, lits] = both`${inner}:host{--n:${2};content:'\\201C'}${unsafeCSS('.b{}')}`;
    assert.equal(ours, lits);
    assert.equal(ours, ".a{color:red}:host{--n:2;content:'\\201C'}.b{}");
    assert.equal(css`.plain{}`.cssText, '.plain{}');
  });
});
