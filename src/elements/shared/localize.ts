/**
 * The elements' own words in the reader's language (in the spirit of Shoelace's `LocalizeController`).
 *
 * The language is the one the element shows its content in: `lang` on the element or its nearest
 * ancestor (across shadow roots), else the document's. This module is what the script-tag entry
 * holds: English words and the English path only. Any other language (or a page's registered words)
 * is the work of the lazy `i18n-runtime` chunk, fetched the first time an element needs it, which
 * fetches the language's own chunk in turn; until both are here `term()` answers `''` and the elements
 * keep their skeleton, so no English flashes first.
 *
 * A page adds or overrides words with {@link registerTranslation}; an element with its `strings`
 * property. Plural forms follow `Intl.PluralRules` of the words' language; numbers `Intl.NumberFormat`
 * of the element's.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isRightToLeft, nearestLang } from './locale.js';
import { en } from './translations/en.js';
import type { enMoving } from './translations/en-moving.js';
import type { enSummary } from './translations/en-summary.js';
import type { enVideo } from './translations/en-video.js';
import type * as I18nRuntime from './i18n-runtime.js';

/** One form per plural category of the message's first number (`other` is required). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

type English = typeof en & typeof enMoving & typeof enSummary & typeof enVideo;

/** Every word of the elements, as the English table has them: a missing key is a type error. */
export type Translation = { [K in keyof English]: English[K] extends string ? string : PluralForms };
export type TranslationKey = keyof Translation;

/** What a `{0}` placeholder is filled with: numbers are formatted in the element's language. */
export type TermArgument = string | number;

/** The words a page registered, by lower-case tag; the runtime reads them over the built-in ones. */
export const registered: Record<string, Partial<Translation>> = {};
const hosts = new Set<ReactiveControllerHost>();
let observer: MutationObserver | undefined;
let runtime: typeof I18nRuntime | undefined;
let runtimeLoad: Promise<typeof I18nRuntime> | undefined;

export const updateAll = (): void => hosts.forEach((host) => host.requestUpdate());

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

/** The English words of a lazily loaded part (the player, the summary, the moving layouts). */
export function addEnglish(words: Partial<Translation>): void {
  Object.assign(en, words);
}

/**
 * An English tag (or none) on a page that registered no words: the entry's English will do. Any
 * other tag, even one with no built-in words or not a tag at all, is the runtime's to work out.
 */
const english = (tag: string | undefined): boolean => !Object.keys(registered).length && /^(en(-[a-z\d]{1,8})*)?$/i.test(tag ?? '');

/**
 * Resolves once the words of `lang` are here (the runtime and its language chunk, if it needs them),
 * and the elements in it have been asked to re-render: for a page or a test that waits before it looks.
 */
export async function languageReady(lang: string): Promise<void> {
  if (!english(lang)) await (await loadRuntime()).languageReady(lang);
}

/** An element's language worked out. English needs only the first two fields; the runtime gives all. */
export interface Resolved {
  /** The element's tag, for numbers and dates (`undefined` when none or not a tag). */
  requested: string | undefined;
  /** The language the words are in (`pt` for `pt-BR`); `''` while they load. */
  lang: string;
  /** The page's or the built-in word for `key` along the fallback chain. */
  word?: (key: TranslationKey) => string | PluralForms | undefined;
  /** The plural category of a number in `lang`. */
  plural?: (count: number) => Intl.LDMLPluralRule;
}

/** Until the runtime is here, a language it must work out has no words yet (`lang` is `''`). */
const resolve = (tag: string | undefined): Resolved =>
  english(tag) ? { requested: tag, lang: 'en' } : (runtime?.resolve(tag) ?? (void loadRuntime(), { requested: tag, lang: '' }));

/** An element whose words are localised; `strings` overrides words for it alone. */
export type LocalizedHost = ReactiveControllerHost & HTMLElement & { strings?: Partial<Translation> | undefined };

/**
 * Gives an element its words in its language and re-renders it when that changes (a `lang` attribute
 * anywhere in the document, a registered translation, a chunk that arrived). The language is worked
 * out once per update, as the elements already read their content's language during render.
 */
export class LocalizeController implements ReactiveController {
  private resolved: Resolved | undefined;

  constructor(private readonly host: LocalizedHost) {
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    if (!observer) {
      observer = new MutationObserver(updateAll);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    }
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }

  hostUpdate(): void {
    this.resolved = undefined;
  }

  private get current(): Resolved {
    return (this.resolved ??= resolve(nearestLang(this.host)));
  }

  /** The element's language as its page says it (`de-CH`), for numbers and dates; `undefined` when unknown. */
  get requested(): string | undefined {
    return this.current.requested;
  }

  /** Whether the words of the element's language are here (the chunks it needs, if any, have arrived). */
  get ready(): boolean {
    return !!this.lang;
  }

  /** The language the words are really in: the first of the chain that has words (`pt` for `pt-BR`). */
  get lang(): string {
    return this.current.lang;
  }

  /** `rtl` when the words' language is written right to left, else `undefined` (the page's direction holds). */
  get dir(): 'rtl' | undefined {
    return isRightToLeft(this.lang) ? 'rtl' : undefined;
  }

  /** A number in the element's language ("1.234" in German); `fraction` fixes the decimals. */
  number(value: number, fraction?: number): string {
    return value.toLocaleString(this.requested, { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
  }

  /**
   * The word for `key` with its placeholders filled (`{0}`, `{1}`…); a plural message takes the form
   * of its first argument's category (a string argument, "50,000+", takes `other`). `''` while the
   * language's chunks load.
   */
  term(key: TranslationKey, ...args: TermArgument[]): string {
    const { lang, word, plural } = this.current;
    if (!lang) return '';
    let message = this.host.strings?.[key] ?? word?.(key) ?? (en as Partial<Translation>)[key] ?? '';
    if (typeof message === 'object') {
      const count = args[0];
      // English has two forms: `one` for exactly 1, `other` for the rest.
      message = (typeof count === 'number' && message[plural ? plural(count) : count === 1 ? 'one' : 'other']) || message.other;
    }
    return message.replace(/\{(\d)\}/g, (_, index: string) => {
      const value = args[+index]!;
      return typeof value === 'number' ? this.number(value) : value;
    });
  }
}
