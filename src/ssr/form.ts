/**
 * `renderForm()`: `<testimonial-form>` written on the server so that it works with JavaScript off. Its
 * light DOM is a plain `<form method="post" action="{endpoint}/collect">` with the collect route's field
 * names, the form token fetched now, the route's consent sentence and honeypot: a reader without
 * scripts posts it, the route answers 303 to the thank-you page. With scripts, the element takes the
 * form over (what was typed, the field that had focus) and fetches a fresh token of its own on the
 * first interaction: the token written here only serves readers without scripts.
 *
 * The token lives `maxAgeMs` (2 h by default): a page cached longer would post an expired one, and a
 * reader without scripts cannot be given a new one. So a page holding this form is rendered per request
 * or cached for less than the token's life (`Cache-Control: max-age=3600` leaves an hour to fill it).
 * Photos and videos need scripts (uploads go straight to storage): the server form leaves them out.
 */
import { startCollect, collectUrl, type CollectForm } from '../client/collect.js';
import { resolve as wordsOf } from '../elements/shared/i18n-runtime.js';
import { languageReady } from '../elements/shared/localize.js';
import type { TranslationKey } from '../elements/shared/localize.js';
import { isRightToLeft } from '../elements/shared/locale.js';
import {
  DEFAULT_FIELDS,
  fieldOfName,
  isFileField,
  parseFieldList,
  RATINGS,
  TEXT_FIELDS,
  type FormField,
} from '../elements/testimonial-form/form-fields.js';

/** The attributes of `<testimonial-form>` (what the browser uses). */
export interface FormAttributes {
  /** The proxy's base URL as the browser reaches it (`/api`): the form posts to `{endpoint}/collect`. */
  endpoint: string;
  fields?: string;
  required?: string;
  consent?: string;
  theme?: 'light' | 'dark' | 'auto';
  lang?: string;
}

export interface RenderFormOptions {
  attributes: FormAttributes;
  /**
   * The proxy's base URL as this server reaches it (absolute), for the token; default
   * `attributes.endpoint` (which must then be absolute).
   */
  endpoint?: string;
  /** A `fetch` of your own (a proxy's handler in-process, say). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The styles of the server's form until the element is defined (then it is hidden and the element's own shows). */
const STYLE =
  'testimonial-form:not(:defined) form{display:grid;gap:1rem;max-width:40rem;font:inherit}' +
  'testimonial-form:not(:defined) label,testimonial-form:not(:defined) legend{font-weight:600}' +
  'testimonial-form:not(:defined) input:not([type=radio],[type=checkbox]),testimonial-form:not(:defined) textarea{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.4rem}' +
  'testimonial-form:not(:defined) fieldset{border:0;padding:0;margin:0}' +
  'testimonial-form:not(:defined) .trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}';

/**
 * Resolves to the HTML of `<testimonial-form>` with its no-JavaScript form. Throws (a `TypeError` naming
 * it) when `attributes.endpoint` is missing, and the client's error when the route does not answer
 * (collect not turned on: 404).
 */
export async function renderForm({ attributes, endpoint, fetch: fetcher, signal }: RenderFormOptions): Promise<string> {
  if (!attributes || typeof attributes.endpoint !== 'string' || attributes.endpoint.trim() === '') {
    throw new TypeError('renderForm: attributes.endpoint is required (the proxy\'s base URL as the browser reaches it, such as "/api").');
  }
  const route: CollectForm = await startCollect(endpoint ?? attributes.endpoint, { signal, fetch: fetcher });
  const lang = attributes.lang ?? 'en';
  await languageReady(lang);
  const words = wordsOf(lang);
  const w = (key: TranslationKey, ...args: (string | number)[]): string =>
    (words.word?.(key, args[0], undefined) ?? key).replace(/\{(\d)\}/g, (_, index: number) => String(args[index] ?? ''));

  const chosen = attributes.fields === undefined ? [...DEFAULT_FIELDS] : parseFieldList(attributes.fields).fields;
  const fields = [...new Set<FormField>([...chosen, 'name'])].filter((field) => !isFileField(field));
  const routeRequired = route.required.map(fieldOfName);
  const required = (field: FormField) =>
    field === 'name' || parseFieldList(attributes.required).fields.includes(field) || routeRequired.includes(field);
  const mark = (field: FormField) => (required(field) ? ` <span>(${escape(w('required'))})</span>` : '');

  const parts: string[] = [];
  for (const field of parseFieldList(fields).fields) {
    if (field === 'rating') {
      const radios = RATINGS.map(
        (stars) =>
          `<label><input type="radio" name="rating" value="${stars}"${required(field) ? ' required' : ''}> <span aria-hidden="true">${'★'.repeat(stars)}</span><span style="position:absolute;left:-10000px">${escape(w('{0} out of {1} stars', stars, 5))}</span></label>`,
      ).join(' ');
      parts.push(`<fieldset><legend>${escape(w('Your rating'))}${mark(field)}</legend>${radios}</fieldset>`);
      continue;
    }
    const spec = TEXT_FIELDS[field as keyof typeof TEXT_FIELDS];
    const id = `testimonial-form-${field}`;
    const common = `id="${id}" name="${spec.name}" maxlength="${spec.maxLength}"${required(field) ? ' required' : ''}`;
    const hint = spec.hint ? `<small id="${id}-hint">${escape(w(spec.hint))}</small>` : '';
    const described = spec.hint ? ` aria-describedby="${id}-hint"` : '';
    const control =
      spec.type === 'textarea'
        ? `<textarea ${common} rows="5"${described}></textarea>`
        : `<input type="${spec.type}" ${common} autocomplete="${spec.autocomplete}"${described}>`;
    parts.push(`<div><label for="${id}">${escape(w(spec.label))}${mark(field)}</label>${hint}${control}</div>`);
  }
  const consent = attributes.consent || route.consent.text;
  parts.push(
    `<div><input type="checkbox" id="testimonial-form-consent" name="consent" required> <label for="testimonial-form-consent">${escape(consent)}</label></div>`,
    `<div class="trap" aria-hidden="true"><label>${escape(route.honeypot)} <input name="${escape(route.honeypot)}" tabindex="-1" autocomplete="off"></label></div>`,
    `<input type="hidden" name="token" value="${escape(route.token)}">`,
    `<button type="submit">${escape(w('Send testimonial'))}</button>`,
  );

  const attributeText = Object.entries(attributes)
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([name, value]) => ` ${name}="${escape(value as string)}"`)
    .join('');
  const dir = isRightToLeft(words.lang) ? ' dir="rtl"' : '';
  return (
    `<testimonial-form${attributeText}><style>${STYLE}</style>` +
    `<form method="post" action="${escape(collectUrl(attributes.endpoint))}" lang="${escape(words.lang || lang)}"${dir}>${parts.join('')}</form></testimonial-form>`
  );
}
