import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LocalizeController, registerTranslation, type PluralForms, type Translation } from '../../../src/elements/shared/localize.js';
import { fallbackChain } from '../../../src/elements/shared/i18n-runtime.js';
import { en } from '../../../src/elements/shared/translations/en.js';
import { enMoving } from '../../../src/elements/shared/translations/en-moving.js';
import { enSummary } from '../../../src/elements/shared/translations/en-summary.js';
import { enVideo } from '../../../src/elements/shared/translations/en-video.js';
import { FakeHost } from './fake-host.js';

const ENGLISH: Record<string, string | PluralForms> = { ...en, ...enMoving, ...enSummary, ...enVideo };
const TRANSLATIONS = join(import.meta.dirname, '../../../src/elements/shared/translations');
const BUILT_IN = readdirSync(TRANSLATIONS)
  .filter((file) => /^[a-z]{2}\.ts$/.test(file) && file !== 'en.ts')
  .map((file) => file.slice(0, 2));

/** A controller host whose `lang` (as `nearestLang` reads it) is `lang`. */
class LangHost extends FakeHost {
  strings: Partial<Translation> | undefined;
  constructor(private readonly lang: string | undefined) {
    super();
  }
  closest(): { getAttribute(): string | undefined } | null {
    return this.lang === undefined ? null : { getAttribute: () => this.lang };
  }
  getRootNode(): unknown {
    return this;
  }
}

/** A controller for a host in `lang`, once its language's chunk (if any) has arrived. */
async function localizer(lang: string | undefined): Promise<{ host: LangHost; l: LocalizeController }> {
  const host = new LangHost(lang);
  const l = new LocalizeController(host as never);
  for (let i = 0; i < 50 && !l.ready; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    l.hostUpdate();
  }
  assert.equal(l.ready, true, `the words of ${lang} arrived`);
  return { host, l };
}

const placeholders = (text: string) => [...new Set(text.match(/\{\d\}/g) ?? [])].sort();

before(() => {
  // nearestLang walks out of shadow roots; Node has none.
  (globalThis as { ShadowRoot?: unknown }).ShadowRoot ??= class {};
});

describe('fallbackChain', () => {
  it('drops one subtag at a time and ends in English', () => {
    assert.deepEqual(fallbackChain('pt-BR'), ['pt-br', 'pt', 'en']);
    assert.deepEqual(fallbackChain('zh-Hant-TW'), ['zh-hant-tw', 'zh-hant', 'zh', 'en']);
    assert.deepEqual(fallbackChain('de'), ['de', 'en']);
  });
});

describe('built-in translations', () => {
  it('has the fifteen languages of issue 16', () => {
    assert.deepEqual(BUILT_IN.sort(), ['ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'zh']);
  });

  for (const code of BUILT_IN) {
    it(`${code}: every English key, no other, no empty word, the same placeholders, its own plural categories`, async () => {
      const table = ((await import(join(TRANSLATIONS, `${code}.ts`))) as { default: Record<string, string | PluralForms> }).default;
      assert.deepEqual(Object.keys(table).sort(), Object.keys(ENGLISH).sort());
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const [key, english] of Object.entries(ENGLISH)) {
        const words = table[key]!;
        const englishText = typeof english === 'string' ? english : english.other;
        if (typeof words === 'string') {
          assert.equal(typeof english, 'string', `${code}.${key} needs plural forms`);
          assert.notEqual(words.trim(), '', `${code}.${key} is empty`);
          assert.deepEqual(placeholders(words), placeholders(englishText), `${code}.${key} keeps the placeholders`);
          continue;
        }
        assert.equal(typeof english, 'object', `${code}.${key} is a plain string in English`);
        assert.ok(words.other, `${code}.${key} has an "other" form`);
        assert.deepEqual(placeholders(words.other), placeholders(englishText), `${code}.${key}.other keeps the placeholders`);
        for (const [category, form] of Object.entries(words)) {
          assert.ok(categories.includes(category as Intl.LDMLPluralRule), `${code}.${key}.${category} is not a plural category of ${code}`);
          assert.notEqual(form!.trim(), '', `${code}.${key}.${category} is empty`);
        }
      }
    });
  }
});

describe('LocalizeController', () => {
  it('says English plurals and numbers in the element language', async () => {
    const { l } = await localizer('en');
    assert.equal(l.term('added', 1), '1 more testimonial loaded.');
    assert.equal(l.term('added', 1234), '1,234 more testimonials loaded.');
    assert.equal(l.term('stars', 4.5, 5), '4.5 out of 5 stars');
    assert.equal(l.lang, 'en');
  });

  it('picks Polish one / few / many / other', async () => {
    const { l } = await localizer('pl');
    assert.equal(l.term('reviews', 1), '1 opinia');
    assert.equal(l.term('reviews', 3), '3 opinie');
    assert.equal(l.term('reviews', 5), '5 opinii');
    assert.equal(l.term('reviews', 22), '22 opinie');
    assert.equal(l.term('reviews', 112), '112 opinii');
    assert.equal(l.term('starCount', 1.5), '1,5 gwiazdki');
    assert.equal(l.term('reviews', '50 000+'), '50 000+ opinii', 'a bound count takes "other"');
  });

  it('picks Arabic zero / one / two / few / many / other', async () => {
    const { l } = await localizer('ar');
    assert.equal(l.term('reviews', 0), '0 تقييم');
    assert.equal(l.term('reviews', 1), 'تقييم واحد');
    assert.equal(l.term('reviews', 2), 'تقييمان');
    assert.equal(l.term('reviews', 3), '3 تقييمات');
    assert.equal(l.term('reviews', 11), '11 تقييمًا');
    assert.equal(l.term('reviews', 100), '100 تقييم');
    assert.equal(l.dir, 'rtl');
  });

  it('falls back pt-BR → pt → en, and says the language the words are in', async () => {
    const { l } = await localizer('pt-BR');
    assert.equal(l.lang, 'pt');
    assert.equal(l.requested, 'pt-BR', "numbers and dates keep the page's tag");
    assert.equal(l.term('readMore'), 'Ler mais');
    assert.equal(l.term('reviews', 1), '1 avaliação');
    const finnish = await localizer('fi-FI');
    assert.equal(finnish.l.lang, 'en', 'no Finnish words: English, marked so');
    assert.equal(finnish.l.term('readMore'), 'Read more');
    assert.equal(finnish.l.number(1234.5), '1\u00a0234,5', 'numbers still follow the page');
    const invalid = await localizer('not a tag!!');
    assert.equal(invalid.l.lang, 'en');
    assert.equal(invalid.l.requested, undefined);
  });

  it('answers nothing (no English) while the words of a built-in language load', () => {
    const l = new LocalizeController(new LangHost('sv') as never);
    assert.equal(l.ready, false);
    assert.equal(l.term('readMore'), '');
  });

  it('lets a page add a language or override words, and an element override words for itself', async () => {
    registerTranslation('fi', { readMore: 'Lue lisää' });
    const finnish = await localizer('fi');
    assert.equal(finnish.l.lang, 'fi');
    assert.equal(finnish.l.term('readMore'), 'Lue lisää');
    assert.equal(finnish.l.term('showLess'), 'Show less', 'a word Finnish lacks falls back to English');
    // Registered before the built-in Italian arrives: the page's word survives the chunk.
    registerTranslation('it', { loadMore: 'Altre storie' });
    const { host, l } = await localizer('it');
    assert.equal(l.term('loadMore'), 'Altre storie');
    assert.equal(l.term('readMore'), 'Continua a leggere');
    host.strings = { readMore: 'Leggi tutto' };
    assert.equal(l.term('readMore'), 'Leggi tutto');
  });
});
