/**
 * Language helpers: which language an element is in (its own `lang` or the nearest ancestor's, across
 * shadow roots), whether a language is written right to left, and how two language tags match.
 */

// The two lists are words in a string, split once: a list of quoted strings compresses worse (-20 B
// gzip of the script-tag entry).

/** Scripts written right to left, for engines without `Intl.Locale#getTextInfo`. */
const RTL_SCRIPTS = new Set('arab hebr thaa syrc nkoo adlm rohg samr mand yezi'.split(' '));

/** Languages whose default script is right to left. */
const RTL_LANGUAGES = new Set('ar arc azb ckb dv fa glk he iw ji khw ks lrc mzn nqo pnb ps sd syr ug ur yi'.split(' '));

interface TextInfo {
  direction?: 'ltr' | 'rtl';
}

type LocaleWithTextInfo = Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };

const directions = new Map<string, boolean>();

/** Whether text in this language tag is written right to left ("ar", "he-IL", "az-Arab" → true). */
export function isRightToLeft(lang: string | undefined): boolean {
  if (!lang) return false;
  let rtl = directions.get(lang);
  if (rtl === undefined) {
    rtl = judgeDirection(lang);
    // Tags come from a small set (page and API languages); the bound only guards against abuse.
    if (directions.size < 500) directions.set(lang, rtl);
  }
  return rtl;
}

/**
 * The `dir` of content in `lang` (a testimonial, in whatever language it was written): always said,
 * `rtl` or `ltr`, as it may differ from the page's (an English testimonial on an Arabic page). An
 * element's own words, in the page's language, say only `rtl` (TestimonialElement's `wordsDir`), so
 * the page's direction holds otherwise and no byte is spent saying `ltr`.
 */
export function textDirection(lang: string | undefined): 'rtl' | 'ltr' {
  return isRightToLeft(lang) ? 'rtl' : 'ltr';
}

function judgeDirection(lang: string): boolean {
  try {
    const locale = new Intl.Locale(lang) as LocaleWithTextInfo;
    // An explicit script decides (some engines' textInfo ignores it: "az-Arab" came back "ltr").
    if (locale.script) return RTL_SCRIPTS.has(locale.script.toLowerCase());
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    if (info?.direction) return info.direction === 'rtl';
    return RTL_LANGUAGES.has(locale.language.toLowerCase());
  } catch {
    // Not a well-formed tag: judge by its first subtag.
    return RTL_LANGUAGES.has(primaryLanguage(lang));
  }
}

/**
 * `tag` as `Intl` takes it, or `undefined` (the user agent's locale) for a tag `Intl` refuses: tags such
 * as `en-GB-oed` (registered, but not a BCP 47 form `Intl` accepts) or `en-12` made every number and
 * date format throw `RangeError`.
 */
export function intlLocale(tag: string | undefined): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * `Intl` formatters, made once per kind and language. A number's `toLocaleString(tag)` makes one on
 * every call (0.03 ms warm, 0.1 ms in a page's first second): a rated card's label formats two, 145
 * calls took 4.5 ms of a 100-card wall's render, and 10 ms of the demo's walls page's load. The first
 * formatter (or segmenter) a page makes costs far more, 20–50 ms in a fresh Chromium renderer on the
 * bench machine, whatever its kind: the engine loads its locale data. So nothing makes one before a
 * reader needs what it formats: a skeleton's unseen card formats nothing (see the card's `sizing`).
 */
const formatters: Record<string, Intl.NumberFormat | Intl.DateTimeFormat> = {};

/** Numbers in `tag` ("1,234", "١٬٢٣٤"…); the user agent's locale for a tag `Intl` refuses. */
export const numberFormat = (tag: string | undefined): Intl.NumberFormat =>
  (formatters[`n${tag}`] ??= new Intl.NumberFormat(intlLocale(tag))) as Intl.NumberFormat;

/** Dates in `tag`, medium style ("5 Jan 2025", "Jan 5, 2025"…); the user agent's locale for a tag `Intl` refuses. */
export const dateFormat = (tag: string | undefined): Intl.DateTimeFormat =>
  (formatters[`d${tag}`] ??= new Intl.DateTimeFormat(intlLocale(tag), { dateStyle: 'medium' })) as Intl.DateTimeFormat;

/** The language subtag, lower case: "pt-BR" → "pt". */
export function primaryLanguage(lang: string): string {
  return lang.trim().split(/[-_]/)[0]!.toLowerCase();
}

/** Whether two tags name the same language (exactly, or by their primary language). */
export function sameLanguage(a: string, b: string, exact = false): boolean {
  const left = a.trim().toLowerCase().replace(/_/g, '-');
  const right = b.trim().toLowerCase().replace(/_/g, '-');
  if (left === '' || right === '') return false;
  return exact ? left === right : primaryLanguage(left) === primaryLanguage(right);
}

/**
 * The `lang` in effect for an element: its own, else the nearest ancestor's, walking out of shadow
 * roots to their hosts; `undefined` when nothing up to the document says, or when the nearest says
 * `lang=""` (HTML's "unknown language").
 */
export function nearestLang(element: Element): string | undefined {
  let current: Element | undefined = element;
  // Lit's server shim has no `closest` (nor a tree to walk): there the answer is `undefined`, unless
  // testimonial-elements/ssr gave the element one that answers for the tree it is rendered in.
  while (current?.closest) {
    const holder = current.closest('[lang]');
    if (holder) return holder.getAttribute('lang')?.trim() || undefined;
    // A document has no `host`: the walk ends there.
    current = (current.getRootNode() as ShadowRoot).host;
  }
  return undefined;
}
