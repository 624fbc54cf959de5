import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isRightToLeft, primaryLanguage, sameLanguage } from '../../../src/elements/shared/locale.js';

describe('locale', () => {
  it('knows right-to-left languages and scripts', () => {
    for (const lang of ['ar', 'ar-EG', 'he', 'fa', 'ur', 'yi', 'az-Arab', 'ckb']) assert.equal(isRightToLeft(lang), true, lang);
    for (const lang of ['en', 'de-CH', 'ja', 'az', 'az-Latn', '', undefined, 'not a tag!!']) {
      assert.equal(isRightToLeft(lang), false, String(lang));
    }
  });

  it('matches language tags by primary language or exactly', () => {
    assert.equal(primaryLanguage('pt-BR'), 'pt');
    assert.equal(sameLanguage('pt-BR', 'pt'), true);
    assert.equal(sameLanguage('pt_br', 'PT-BR', true), true);
    assert.equal(sameLanguage('pt-BR', 'pt', true), false);
    assert.equal(sameLanguage('en', 'de'), false);
    assert.equal(sameLanguage('', ''), false);
  });
});
