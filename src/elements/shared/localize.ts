/**
 * The elements' own words in the reader's language (in the spirit of Shoelace's `LocalizeController`).
 *
 * The language is the one the element shows its content in: `lang` on the element or its nearest
 * ancestor (across shadow roots), else the document's. A tag falls back subtag by subtag to English
 * (`pt-BR` → `pt` → `en`). English is in the entry; each other built-in language is a chunk of its own,
 * fetched the first time an element is shown in it, so a page in one language fetches one chunk. Until
 * it is here, `term()` answers `''` and the elements keep their skeleton: no English flashes first.
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

/** One form per plural category of the message's first number (`other` is required). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

type English = typeof en & typeof enMoving & typeof enSummary & typeof enVideo;

/** Every word of the elements, as the English table has them: a missing key is a type error. */
export type Translation = { [K in keyof English]: English[K] extends string ? string : PluralForms };
export type TranslationKey = keyof Translation;

/** What a `{0}` placeholder is filled with: numbers are formatted in the element's language. */
export type TermArgument = string | number;

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

const tables = new Map<string, Partial<Translation>>([['en', en]]);
/** Built-in languages asked for, and the ones whose chunk has come (or failed). */
const loads = new Map<string, Promise<void>>();
const arrived = new Set<string>();
const hosts = new Set<ReactiveControllerHost>();
let observer: MutationObserver | undefined;

const updateAll = (): void => hosts.forEach((host) => host.requestUpdate());

/** Adds words to a language's table: over what it has (`over`), or under it (a chunk's words under the page's). */
function merge(code: string, words: Partial<Translation>, over: boolean): void {
  const own = tables.get(code);
  tables.set(code, over ? { ...own, ...words } : { ...words, ...own });
}

/**
 * Adds words for a language (a tag such as `de`, `pt-BR` or `fi`), or overrides some of a built-in
 * one, for every element on the page; the elements re-render. Later calls win; a built-in chunk that
 * arrives later never overrides what a page registered.
 */
export function registerTranslation(lang: string, translation: Partial<Translation>): void {
  merge(lang.toLowerCase(), translation, true);
  updateAll();
}

/** The English words of a lazily loaded part (the player, the summary, the moving layouts). */
export function addEnglish(words: Partial<Translation>): void {
  merge('en', words, false);
}

/** The tags to look words up in, most specific first: `pt-BR` → `pt-br`, `pt`, `en`. */
export function fallbackChain(lang: string): string[] {
  const subtags = lang.toLowerCase().split('-');
  return [...subtags.map((_, index) => subtags.slice(0, subtags.length - index).join('-')), 'en'];
}

/** Fetches a built-in language's chunk once; whether it has arrived (or failed: English stands in). */
function settled(code: string): boolean {
  if (!loads.has(code)) {
    const load = BUILT_IN[code]!()
      .then(({ default: table }) => merge(code, table, false), console.error)
      .finally(() => {
        arrived.add(code);
        updateAll();
      });
    loads.set(code, load);
  }
  return arrived.has(code);
}

/**
 * Resolves once the words of `lang` are here (its built-in chunk fetched, if it has one), and the
 * elements in it have been asked to re-render: for a page or a test that waits before it looks.
 */
export async function languageReady(lang: string): Promise<void> {
  const code = resolve(lang).chain.find((tag) => tag in BUILT_IN);
  if (code) await loads.get(code);
}

const formats = new Map<string, Intl.NumberFormat | Intl.PluralRules>();

/** A formatter made once per key. */
function cached<T extends Intl.NumberFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** An element's language worked out: the tag (canonical, or `undefined` when none or invalid), the chain, the words' language. */
interface Resolved {
  requested: string | undefined;
  chain: string[];
  ready: boolean;
  lang: string;
}

function resolve(tag: string | undefined): Resolved {
  let requested: string | undefined;
  try {
    requested = Intl.getCanonicalLocales(tag)[0];
  } catch {
    // Not a language tag: English words, the user agent's numbers.
  }
  const chain = fallbackChain(requested ?? '');
  // Canonical subtags are lower-case letters and digits, so no `Object.prototype` name matches.
  const builtIn = chain.find((code) => code in BUILT_IN);
  return {
    requested,
    chain,
    ready: !builtIn || settled(builtIn),
    lang: chain.find((code) => tables.has(code) || code in BUILT_IN)!,
  };
}

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
    this.resolved = resolve(nearestLang(this.host));
  }

  private get current(): Resolved {
    return (this.resolved ??= resolve(nearestLang(this.host)));
  }

  /** The element's language as its page says it (`de-CH`), for numbers and dates; `undefined` when unknown. */
  get requested(): string | undefined {
    return this.current.requested;
  }

  /** Whether the words of the element's language are here (its chunk, if any, has arrived). */
  get ready(): boolean {
    return this.current.ready;
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
    const { requested } = this;
    const digits = { minimumFractionDigits: fraction, maximumFractionDigits: fraction };
    return cached(`${requested} ${fraction}`, () => new Intl.NumberFormat(requested, digits)).format(value);
  }

  /**
   * The word for `key` with its placeholders filled (`{0}`, `{1}`…); a plural message takes the form
   * of its first argument's category (a string argument, "50,000+", takes `other`). `''` while the
   * language's chunk loads.
   */
  term(key: TranslationKey, ...args: TermArgument[]): string {
    const { chain, ready, lang } = this.current;
    if (!ready) return '';
    let message: string | PluralForms | undefined = this.host.strings?.[key];
    for (const code of chain) message ??= tables.get(code)?.[key];
    const count = args[0];
    const text =
      typeof message === 'object'
        ? (typeof count === 'number' && message[cached(lang, () => new Intl.PluralRules(lang)).select(count)]) || message.other
        : (message ?? '');
    return text.replace(/\{(\d)\}/g, (_, index: string) => {
      const value = args[+index]!;
      return typeof value === 'number' ? this.number(value) : value;
    });
  }
}
