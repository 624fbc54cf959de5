/**
 * What the localisation entry (`localize.ts`) and its lazy runtime chunk (`i18n-runtime.ts`) share: the
 * words a page registered, the English `one` forms, and the elements to re-render when words change. A
 * leaf of its own, so that the runtime needs nothing from `localize.ts`, which loads it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Translation, TranslationKey } from './translations/keys.js';

/** The English `one` forms of the messages with plural forms (the key is the `other` form); chunks add theirs. */
export const ENGLISH_ONE: Partial<Record<TranslationKey, string>> = { '{0} more testimonials loaded.': '{0} more testimonial loaded.' };

/** The words a page registered, by lower-case tag; the runtime reads them over the built-in ones. */
export const registered: Record<string, Partial<Translation>> = {};

/** The connected elements whose words are localised. */
export const hosts = new Set<ReactiveControllerHost>();

export const updateAll = (): void => hosts.forEach((host) => host.requestUpdate());

/** An element's language worked out. */
export interface Language {
  /** The element's tag, for numbers and dates (`undefined` when none or not a tag). */
  requested: string | undefined;
  /** The language the words are in (`pt` for `pt-BR`, `en` where English stands in); `''` while they load. */
  lang: string;
  /** The runtime's word for `key` (page's, element's, built-in or English, in the plural form of `count`). */
  word?: (key: TranslationKey, count: unknown, strings: Partial<Translation> | undefined) => string;
}
