// @test-own-process: checks a language's words before anything has loaded them
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  language,
  registerTranslation,
  words,
  type PluralForms,
  type Translation,
  type Words,
} from '../../../src/elements/shared/localize.js';
import { fallbackChain } from '../../../src/elements/shared/i18n-runtime.js';
import { FakeHost } from './fake-host.js';
import { ENGLISH } from './words.js';
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

/** The words of a host in `lang`, once its language's chunk (if any) has arrived. */
async function localizer(lang: string | undefined): Promise<{ host: LangHost; w: Words; language: () => ReturnType<typeof language> }> {
  const host = new LangHost(lang);
  const w = words(host as never, () => undefined);
  const current = () => language(host as never);
  for (let i = 0; i < 50 && !current().lang; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(!!current().lang, true, `the words of ${lang} arrived`);
  return { host, w, language: current };
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

describe('words', () => {
  // Issue 29, item 4: English-looking tags that Intl refuses made every number throw RangeError.
  it('formats numbers with the default format for an English tag that Intl refuses (en-GB-oed, en-12…)', async () => {
    for (const tag of ['en-GB-oed', 'en-us-us', 'en-12', 'en-x1']) {
      const { w, language: current } = await localizer(tag);
      assert.equal(current().requested, undefined, `${tag}: no tag for Intl`);
      assert.equal(w('{0} more testimonials loaded.', 1234), '1,234 more testimonials loaded.', tag);
    }
  });

  // Issue 29, item 7: a page's own word with a placeholder its word is never given crashed the element.
  it('leaves a placeholder no argument fills as written, and warns once', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => void warnings.push(line);
    try {
      const { host, w } = await localizer('en');
      host.strings = { 'Load more': 'x {0}', 'Show less': 'less {1}' };
      for (let i = 0; i < 50 && w('Load more') === ''; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(w('Load more'), 'x {0}');
      assert.equal(w('Load more'), 'x {0}');
      assert.equal(w('Show less'), 'less {1}');
    } finally {
      console.warn = warn;
    }
    assert.equal(
      warnings.filter((line) => line.includes('TE-UNUSED-PLACEHOLDER') && line.includes('x {0}')).length,
      1,
      warnings.join('\n'),
    );
  });

  it('says English plurals and numbers in the element language', async () => {
    const { w, language } = await localizer('en');
    assert.equal(w('{0} more testimonials loaded.', 1), '1 more testimonial loaded.');
    assert.equal(w('{0} more testimonials loaded.', 1234), '1,234 more testimonials loaded.');
    assert.equal(w('{0} out of {1} stars', 4.5, 5), '4.5 out of 5 stars');
    assert.equal(w('{0} reviews', 1), '1 review', "the summary chunk's English forms");
    assert.equal(language().lang, 'en');
  });

  it('picks Polish one / few / many / other', async () => {
    const { w } = await localizer('pl');
    assert.equal(w('{0} reviews', 1), '1 opinia');
    assert.equal(w('{0} reviews', 3), '3 opinie');
    assert.equal(w('{0} reviews', 5), '5 opinii');
    assert.equal(w('{0} reviews', 22), '22 opinie');
    assert.equal(w('{0} reviews', 112), '112 opinii');
    assert.equal(w('{0} stars', 1.5), '1,5 gwiazdki');
    assert.equal(w('{0} reviews', '50 000+'), '50 000+ opinii', 'a bound count takes "other"');
  });

  it('picks Arabic zero / one / two / few / many / other', async () => {
    const { w, language } = await localizer('ar');
    assert.equal(w('{0} reviews', 0), '0 تقييم');
    assert.equal(w('{0} reviews', 1), 'تقييم واحد');
    assert.equal(w('{0} reviews', 2), 'تقييمان');
    assert.equal(w('{0} reviews', 3), '3 تقييمات');
    assert.equal(w('{0} reviews', 11), '11 تقييمًا');
    assert.equal(w('{0} reviews', 100), '100 تقييم');
    assert.equal(language().lang, 'ar');
  });

  it('falls back pt-BR → pt → en, and says the language the words are in', async () => {
    const { w, language } = await localizer('pt-BR');
    assert.equal(language().lang, 'pt');
    assert.equal(language().requested, 'pt-BR', "numbers and dates keep the page's tag");
    assert.equal(w('Read more'), 'Ler mais');
    assert.equal(w('{0} reviews', 1), '1 avaliação');
    const finnish = await localizer('fi-FI');
    assert.equal(finnish.language().lang, 'en', 'no Finnish words: English, marked so');
    assert.equal(finnish.w('Read more'), 'Read more');
    assert.equal(finnish.w('{0} more testimonials loaded.', 1), '1 more testimonial loaded.', 'English plurals where English stands in');
    assert.equal(finnish.w('{0} of {1}', 1234.5, 2), '1\u00a0234,5 of 2', 'numbers still follow the page');
    const invalid = await localizer('not a tag!!');
    assert.equal(invalid.language().lang, 'en');
    assert.equal(invalid.language().requested, undefined);
  });

  it('takes the language its host worked out for the update, and formats numbers in it, without a lookup per word', () => {
    const host = new LangHost('en');
    let lookups = 0;
    host.closest = () => (lookups++, null);
    const w = words(host as never, () => ({ requested: 'de-DE', lang: 'en' }));
    assert.equal(w('{0} of {1}', 1234.5, 2), '1.234,5 of 2');
    assert.equal(w('{0} out of {1} stars', 4, 5), '4 out of 5 stars');
    assert.equal(lookups, 0, 'no walk up the tree for a word');
  });

  it('answers nothing (no English) while the words of a built-in language load', () => {
    const host = new LangHost('sv');
    const w = words(host as never, () => undefined);
    assert.equal(language(host as never).lang, '');
    assert.equal(w('Read more'), '');
  });

  it('lets a page add a language or override words, and an element override words for itself', async () => {
    const english = await localizer('en');
    english.host.strings = { 'Read more': 'Keep reading' };
    assert.equal(english.w('Read more'), 'Keep reading', "an English element's own words (through the runtime)");
    registerTranslation('fi', { 'Read more': 'Lue lisää' });
    const finnish = await localizer('fi');
    assert.equal(finnish.language().lang, 'fi');
    assert.equal(finnish.w('Read more'), 'Lue lisää');
    assert.equal(finnish.w('Show less'), 'Show less', 'a word Finnish lacks falls back to English');
    // Registered before the built-in Italian arrives: the page's word survives the chunk.
    registerTranslation('it', { 'Load more': 'Altre storie' });
    const { host, w } = await localizer('it');
    assert.equal(w('Load more'), 'Altre storie');
    assert.equal(w('Read more'), 'Continua a leggere');
    host.strings = { 'Read more': 'Leggi tutto' };
    assert.equal(w('Read more'), 'Leggi tutto');
  });
});
