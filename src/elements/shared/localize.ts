/**
 * The elements' own words in the reader's language (in the spirit of Shoelace's `LocalizeController`).
 *
 * The language is the one the element shows its content in: `lang` on the element or its nearest
 * ancestor (across shadow roots), else the document's. Words are keyed by their English
 * (`translations/keys.ts`), so this module, which the script-tag entry holds, has no table: on an
 * English page a word is its key with its placeholders filled. Any other language (or a page's or an
 * element's own words) is the work of the lazy `i18n-runtime` chunk, fetched the first time an element
 * needs it, which fetches the language's own chunk in turn; until both are here a word is `''` and the
 * elements keep their skeleton, so no English flashes first.
 *
 * A page adds or overrides words with {@link registerTranslation}; an element with its `strings`
 * property. Plural forms follow `Intl.PluralRules` of the words' language; numbers are formatted in the
 * element's.
 */
import type { ReactiveControllerHost } from 'lit';
import { ENGLISH_ONE, hosts, registered, updateAll, type Language } from './i18n-state.js';
import { intlLocale, nearestLang, numberFormat } from './locale.js';
import type { Translation, TranslationKey } from './translations/keys.js';
import type * as I18nRuntime from './i18n-runtime.js';

export { ENGLISH_ONE } from './i18n-state.js';
export type { Language } from './i18n-state.js';
export type { PluralForms, Translation, TranslationKey } from './translations/keys.js';

/** What a `{0}` placeholder is filled with: numbers are formatted in the element's language. */
export type WordArgument = string | number;

/** An element's words: the one for `key` (its English) with `{0}`, `{1}`… filled; `''` while they load. */
export type Words = (key: TranslationKey, ...args: WordArgument[]) => string;

/** An element whose words are localised; `strings` overrides words for it alone. */
export type LocalizedHost = ReactiveControllerHost & HTMLElement & { strings?: Partial<Translation> | undefined };

let observer: MutationObserver | undefined;
let runtime: typeof I18nRuntime | undefined;
let runtimeLoad: Promise<typeof I18nRuntime> | undefined;

/** Fetches the runtime chunk once (the elements re-render when it is here). */
const loadRuntime = (): Promise<typeof I18nRuntime> =>
  (runtimeLoad ??= import('./i18n-runtime.js').then((module) => {
    runtime = module;
    updateAll();
    return module;
  }));

/**
 * Adds words for a language (a tag such as `de`, `pt-BR` or `fi`), or overrides some of a built-in
 * one, for every element on the page; the elements re-render. Later calls win; a built-in chunk that
 * arrives later never overrides what a page registered.
 */
export function registerTranslation(lang: string, translation: Partial<Translation>): void {
  lang = lang.toLowerCase();
  registered[lang] = { ...registered[lang], ...translation };
  updateAll();
}

/**
 * An English tag (or none) on a page that registered no words: the words are the keys. Any other tag,
 * even one with no built-in words or not a tag at all, is the runtime's to work out.
 */
const english = (tag: string | undefined): boolean => !Object.keys(registered).length && /^(en(-[a-z\d]{1,8})*)?$/i.test(tag ?? '');

/**
 * Resolves once the words of `lang` are here (the runtime and its language chunk, if it needs them),
 * and the elements in it have been asked to re-render: for a page or a test that waits before it looks.
 */
export async function languageReady(lang: string | undefined): Promise<void> {
  if (!english(lang)) await (await loadRuntime()).languageReady(lang ?? '');
}

/** The language of `host`'s words. Until the runtime is here, one it must work out has no words yet. */
export function language(host: LocalizedHost): Language {
  const tag = nearestLang(host);
  return english(tag) && !host.strings
    ? { requested: intlLocale(tag), lang: 'en' }
    : (runtime?.resolve(tag) ?? (void loadRuntime(), { requested: tag, lang: '' }));
}

/**
 * The words of `host`, which re-renders when they change (a `lang` attribute anywhere in the document,
 * a registered translation, a chunk that arrived). Made once per element, in a field. `current` gives
 * the language the host worked out for its update (every change of language updates it), so a word
 * does not walk the tree for its `lang` again (a card says a dozen); before the first, it is looked up.
 */
export function words(host: LocalizedHost, current: () => Language | undefined): Words {
  host.addController({
    hostConnected() {
      hosts.add(host);
      if (!observer) {
        observer = new MutationObserver(updateAll);
        // An attribute filter implies `attributes: true`.
        observer.observe(document.documentElement, { attributeFilter: ['lang'], subtree: true });
      }
    },
    hostDisconnected() {
      hosts.delete(host);
    },
  });
  return (key, ...args) => {
    const { requested, lang, word } = current() ?? language(host);
    // English has two forms: `one` for exactly 1, `other` (the key) for the rest.
    const message = lang ? (word?.(key, args[0], host.strings) ?? ((args[0] === 1 && ENGLISH_ONE[key]) || key)) : '';
    // A placeholder with no argument (a page's own word, `'x {0}'` for a word that takes none) stays as
    // written; the runtime, which every page's own word passes through, warns. The captured digit
    // indexes the array as well as a number would.
    return message.replace(/\{(\d)\}/g, (placeholder, index: number) => {
      const arg = args[index];
      return typeof arg == 'number' ? numberFormat(requested).format(arg) : (arg ?? placeholder);
    });
  };
}
