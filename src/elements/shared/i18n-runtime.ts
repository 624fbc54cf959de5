/**
 * The part of localisation an English page never needs, as one lazy chunk (`chunks/i18n-runtime.js`)
 * that `localize.ts` fetches the first time an element is in another language, or a page or an element
 * gave words of its own: the fallback chain (`pt-BR` → `pt` → `en`), the fourteen built-in languages
 * (one chunk each, fetched on first use), plural forms through `Intl.PluralRules`, the element's and
 * the page's words over the built-in ones. A page in German thus fetches this chunk and
 * `chunks/i18n-de.js`.
 */
import { intlLocale } from './locale.js';
import { ENGLISH_ONE, registered, updateAll, type Language } from './i18n-state.js';
import type { PluralForms, Translation, TranslationKey } from './translations/keys.js';

/** The built-in languages besides English, each a chunk of its own. */
const BUILT_IN: Record<string, () => Promise<{ default: Translation }>> = {
  ar: () => import('./translations/ar.js'),
  de: () => import('./translations/de.js'),
  es: () => import('./translations/es.js'),
  fr: () => import('./translations/fr.js'),
  he: () => import('./translations/he.js'),
  it: () => import('./translations/it.js'),
  ja: () => import('./translations/ja.js'),
  ko: () => import('./translations/ko.js'),
  nl: () => import('./translations/nl.js'),
  pl: () => import('./translations/pl.js'),
  pt: () => import('./translations/pt.js'),
  sv: () => import('./translations/sv.js'),
  tr: () => import('./translations/tr.js'),
  zh: () => import('./translations/zh.js'),
};

/** The built-in tables that have arrived. English has none: its words are the keys. */
const tables: Record<string, Partial<Translation>> = { en: {} };
const loads = new Map<string, Promise<void>>();

/** The tags to look words up in, most specific first: `pt-BR` → `pt-br`, `pt`, `en`. */
export function fallbackChain(lang: string): string[] {
  const subtags = lang.toLowerCase().split('-');
  return [...subtags.map((_, index) => subtags.slice(0, subtags.length - index).join('-')), 'en'];
}

/** Sets a built-in language's table (what its chunk holds); the server loads them all this way up front. */
export function addTable(code: string, table: Partial<Translation>): void {
  tables[code] = table;
}

/** Fetches a built-in language's chunk once (a failed one leaves English standing in). */
function load(code: string): Promise<void> {
  let loading = loads.get(code);
  if (!loading) {
    loading = BUILT_IN[code]!()
      .then(({ default: table }) => addTable(code, table), console.error)
      .finally(() => {
        tables[code] ??= {};
        updateAll();
      });
    loads.set(code, loading);
  }
  return loading;
}

const placeholders = (text: string): string[] => text.match(/\{\d\}/g) ?? [];
const warnedWords = new Set<string>();

/**
 * A word of a page's or an element's own with a placeholder its key never fills (`'x {0}'` for "Load
 * more") is shown with the placeholder as written, and said once on the console.
 */
function checkPlaceholders(key: TranslationKey, message: string): string {
  const extra = placeholders(message).filter((placeholder) => !placeholders(key).includes(placeholder));
  if (extra.length && !warnedWords.has(message)) {
    warnedWords.add(message);
    console.warn(
      `[testimonial-elements] TE-UNUSED-PLACEHOLDER: the words "${message}" for "${key}" hold ${extra.join(', ')}, which that word is never given; shown as written.`,
    );
  }
  return message;
}

// Canonical subtags are lower-case letters and digits, so no `Object.prototype` name matches.
const builtIn = (chain: string[]): string | undefined => chain.find((code) => code in BUILT_IN);

/** See `languageReady` in `localize.ts`. */
export async function languageReady(lang: string): Promise<void> {
  const code = builtIn(fallbackChain(lang));
  if (code) await load(code);
}

/** The codes of the built-in languages (English aside). */
export const BUILT_IN_LANGUAGES = Object.keys(BUILT_IN);

/** An element's words in the language of `tag` (as its page writes it, or `undefined`). */
export function resolve(tag: string | undefined): Language {
  // Not a language tag: English words, the user agent's numbers.
  const requested = intlLocale(tag);
  const chain = fallbackChain(requested ?? '');
  const code = builtIn(chain);
  if (code && !tables[code]) {
    void load(code);
    return { requested, lang: '' };
  }
  const lang = chain.find((tag) => tables[tag] || registered[tag])!;
  let rules: Intl.PluralRules | undefined;
  return {
    requested,
    lang,
    word: (key, count, strings) => {
      let message: string | PluralForms | undefined = strings?.[key];
      for (const tag of chain) message ||= registered[tag]?.[key] || tables[tag]?.[key];
      if (typeof message === 'object') {
        // A count that is not a number ("50,000+") takes `other`.
        message = (typeof count === 'number' && message[(rules ??= new Intl.PluralRules(lang)).select(count)]) || message.other;
      }
      return checkPlaceholders(key, message || (count === 1 && ENGLISH_ONE[key]) || key);
    },
  };
}
