/**
 * The wall builder's model, with no DOM: the attributes a person can pick (one list, which the form is
 * generated from and the snippet is written from, so the two cannot disagree), and the exact snippet
 * to paste into a page: the script tag and the `<testimonial-wall>` element.
 */
import { LIMIT_MAX, LIMIT_MIN, SORT_KEYS, SORT_ORDERS, SUMMARY_PLACEMENTS, SUMMARY_VARIANTS, TESTIMONIAL_TYPES } from '../src/index.js';

/** Where the script-tag build is published (npm, served by jsDelivr): the `@0.1` range gets fixes. */
export const CDN_SCRIPT_URL = 'https://cdn.jsdelivr.net/npm/testimonial-elements@0.1/dist/cdn/testimonial-elements.js';

export interface Choice {
  value: string;
  label: string;
}

interface FieldBase {
  /** The wall's attribute. */
  attribute: string;
  label: string;
  /** A sentence under the control; also its accessible description. */
  hint?: string;
  group: FieldGroup;
}

/** One of a few values; `''` stands for "leave the attribute out" (the element's default). */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  choices: readonly Choice[];
  initial: string;
}

/** Free text (search, tags, names); empty leaves the attribute out. */
export interface TextField extends FieldBase {
  kind: 'text';
  initial: string;
  placeholder?: string;
}

/** A whole number in a range; empty leaves the attribute out. */
export interface NumberField extends FieldBase {
  kind: 'number';
  initial: string;
  min: number;
  max: number;
}

/** A boolean attribute (`no-date`): present when checked. */
export interface FlagField extends FieldBase {
  kind: 'flag';
  initial: boolean;
}

export type BuilderField = ChoiceField | TextField | NumberField | FlagField;

export const FIELD_GROUPS = [
  'Source',
  'Look',
  'Which testimonials',
  'Card details',
  'Call to action',
  'Rating summary',
  'Collection form',
] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

const DEFAULT = (label: string): Choice => ({ value: '', label: `${label} (default)` });
const ANY: Choice = { value: '', label: 'Any' };
const same = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

/** Every attribute the builder offers, in the order the form shows them and the snippet lists them. */
export const WALL_FIELDS: readonly BuilderField[] = [
  {
    kind: 'text',
    attribute: 'endpoint',
    label: 'Proxy URL',
    hint: 'Your proxy’s base URL (see “Deploy the proxy”). The preview always uses this demo’s /api.',
    group: 'Source',
    initial: '/api',
  },
  {
    kind: 'choice',
    attribute: 'layout',
    label: 'Layout',
    group: 'Look',
    initial: 'grid',
    choices: [DEFAULT('masonry'), ...same(['grid', 'list', 'carousel', 'marquee'])],
  },
  {
    kind: 'choice',
    attribute: 'paging',
    label: 'Paging',
    hint: 'How more testimonials load: a “Load more” button, on scrolling, or not at all.',
    group: 'Look',
    initial: '',
    choices: [DEFAULT('button'), ...same(['scroll', 'none'])],
  },
  {
    kind: 'choice',
    attribute: 'theme',
    label: 'Theme',
    group: 'Look',
    initial: '',
    choices: [DEFAULT('light'), ...same(['dark', 'auto'])],
  },
  {
    kind: 'choice',
    attribute: 'variant',
    label: 'Card variant',
    group: 'Look',
    initial: '',
    choices: [DEFAULT('default'), ...same(['compact', 'quote'])],
  },
  {
    kind: 'text',
    attribute: 'label',
    label: 'Accessible name',
    hint: 'What screen readers call the wall; give two walls on one page different names.',
    group: 'Look',
    initial: '',
    placeholder: 'Testimonials',
  },
  {
    kind: 'choice',
    attribute: 'sort',
    label: 'Sort by',
    group: 'Which testimonials',
    initial: '',
    choices: [DEFAULT(SORT_KEYS[0]), ...same(SORT_KEYS.slice(1))],
  },
  {
    kind: 'choice',
    attribute: 'order',
    label: 'Order',
    group: 'Which testimonials',
    initial: '',
    choices: [DEFAULT('desc'), ...same(SORT_ORDERS.filter((order) => order !== 'desc'))],
  },
  {
    kind: 'choice',
    attribute: 'type',
    label: 'Type',
    group: 'Which testimonials',
    initial: '',
    choices: [ANY, ...same(TESTIMONIAL_TYPES)],
  },
  {
    kind: 'choice',
    attribute: 'rating',
    label: 'Rating',
    hint: 'Only testimonials with exactly this many stars.',
    group: 'Which testimonials',
    initial: '',
    choices: [ANY, ...[5, 4, 3, 2, 1].map((stars) => ({ value: String(stars), label: `${stars} ${stars === 1 ? 'star' : 'stars'}` }))],
  },
  {
    kind: 'text',
    attribute: 'tags',
    label: 'Tags',
    hint: 'Comma-separated; a testimonial with any of them is shown.',
    group: 'Which testimonials',
    initial: '',
    placeholder: 'featured, support',
  },
  {
    kind: 'text',
    attribute: 'query',
    label: 'Search',
    hint: 'Only testimonials containing these words.',
    group: 'Which testimonials',
    initial: '',
  },
  {
    kind: 'choice',
    attribute: 'lang',
    label: 'Language',
    hint: 'Testimonials written in or translated into this language, shown in it.',
    group: 'Which testimonials',
    initial: '',
    choices: [
      ANY,
      { value: 'en', label: 'English' },
      { value: 'es', label: 'Spanish' },
      { value: 'fr', label: 'French' },
      { value: 'de', label: 'German' },
      { value: 'ar', label: 'Arabic' },
    ],
  },
  {
    kind: 'number',
    attribute: 'limit',
    label: 'Per page',
    hint: `How many testimonials one page holds, ${LIMIT_MIN} to ${LIMIT_MAX} (the service’s default is 100).`,
    group: 'Which testimonials',
    initial: '9',
    min: LIMIT_MIN,
    max: LIMIT_MAX,
  },
  { kind: 'flag', attribute: 'no-date', label: 'Hide dates', group: 'Card details', initial: false },
  { kind: 'flag', attribute: 'no-rating', label: 'Hide ratings', group: 'Card details', initial: false },
  { kind: 'flag', attribute: 'no-source', label: 'Hide sources', group: 'Card details', initial: false },
  { kind: 'flag', attribute: 'no-avatar', label: 'Hide avatars', group: 'Card details', initial: false },
  { kind: 'flag', attribute: 'no-media', label: 'Hide images and videos', group: 'Card details', initial: false },
  { kind: 'flag', attribute: 'show-tags', label: 'Show tags', group: 'Card details', initial: false },
  {
    kind: 'flag',
    attribute: 'cta',
    label: 'Show a “Leave a testimonial” link',
    hint: 'Links to your first testimonial form.',
    group: 'Call to action',
    initial: false,
  },
  {
    kind: 'text',
    attribute: 'cta-text',
    label: 'Link text',
    hint: 'Replaces “Leave a testimonial” when the link is shown.',
    group: 'Call to action',
    initial: '',
    placeholder: 'Leave a testimonial',
  },
];

/**
 * The `<testimonial-summary>` offered beside the wall: which variant (none by default) and where. It
 * counts what the wall shows (the same endpoint and the filters a summary takes).
 */
export const SUMMARY_FIELDS: readonly ChoiceField[] = [
  {
    kind: 'choice',
    attribute: 'summary',
    label: 'Summary',
    hint: 'The rating badge, the avatar strip or the histogram, computed by your proxy, above the wall.',
    group: 'Rating summary',
    initial: '',
    choices: [{ value: '', label: 'None (default)' }, ...same(SUMMARY_VARIANTS)],
  },
  {
    kind: 'choice',
    attribute: 'summary-placement',
    label: 'Summary placement',
    hint: 'In the page above the wall, or floating in a bottom corner (the visitor can close it).',
    group: 'Rating summary',
    initial: '',
    choices: [{ value: '', label: 'In the page (default)' }, ...same(SUMMARY_PLACEMENTS)],
  },
];

/**
 * The `<testimonial-form>` offered below the wall, so visitors leave a testimonial on the page itself
 * (it needs the proxy's collect route, off by default: the snippet says the flag).
 */
export const FORM_FIELDS: readonly BuilderField[] = [
  {
    kind: 'choice',
    attribute: 'form',
    label: 'Collection form',
    hint: 'A form below the wall where visitors leave a testimonial (text, rating, photo, video); it waits for your approval.',
    group: 'Collection form',
    initial: '',
    choices: [
      { value: '', label: 'None (default)' },
      { value: 'below', label: 'Below the wall' },
    ],
  },
  {
    kind: 'text',
    attribute: 'form-fields',
    label: 'Form fields',
    hint: 'What the form asks, space-separated: rating text name email company tagline url photo video (default: all).',
    group: 'Collection form',
    initial: '',
    placeholder: 'rating text name photo',
  },
];

/** Every field of the form: the wall's, the summary's, the collection form's. */
export const BUILDER_FIELDS: readonly BuilderField[] = [...WALL_FIELDS, ...SUMMARY_FIELDS, ...FORM_FIELDS];

/** The collection form's attributes for the choices, or `undefined` when none is chosen. */
export function formAttributes(choices: WallChoices): Array<[string, string]> | undefined {
  if (choices.form !== 'below') return undefined;
  const endpoint = new Map(wallAttributes(choices)).get('endpoint');
  const fields = String(choices['form-fields'] ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
  return [...(endpoint ? [['endpoint', endpoint] as [string, string]] : []), ...(fields ? [['fields', fields] as [string, string]] : [])];
}

/** What the proxy must be started with for the form: its collect route (off unless turned on). */
export const FORM_PROXY_NOTE = "<!-- The form needs the proxy's collect route: start it with --collect (see docs/testimonial-form.md). -->";

/** What the person picked: text for choice, text and number fields, booleans for flags, by field attribute. */
export type WallChoices = Record<string, string | boolean>;

export function initialChoices(): WallChoices {
  return Object.fromEntries(BUILDER_FIELDS.map((field) => [field.attribute, field.initial]));
}

/** The wall's attributes a summary shares, so it counts what the wall shows. */
const SUMMARY_SHARED = ['endpoint', 'type', 'rating', 'tags', 'lang'] as const;

/** The summary's attributes for the choices, or `undefined` when no summary is chosen. */
export function summaryAttributes(choices: WallChoices): Array<[string, string]> | undefined {
  const variant = choices.summary;
  if (typeof variant !== 'string' || variant === '') return undefined;
  const wall = new Map(wallAttributes(choices));
  const attributes = SUMMARY_SHARED.flatMap((name): Array<[string, string]> => (wall.has(name) ? [[name, wall.get(name)!]] : []));
  if (variant !== SUMMARY_VARIANTS[0]) attributes.push(['variant', variant]);
  const placement = choices['summary-placement'];
  if (typeof placement === 'string' && placement !== '') attributes.push(['placement', placement]);
  return attributes;
}

/** A problem with one field, in words for the person filling the form. */
export interface FieldProblem {
  attribute: string;
  message: string;
}

/** What is wrong with the choices (empty when nothing is): numbers out of range, an empty proxy URL. */
export function problemsOf(choices: WallChoices): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of WALL_FIELDS) {
    const value = choices[field.attribute];
    if (field.kind === 'number' && typeof value === 'string' && value.trim() !== '') {
      const number = Number(value);
      if (!Number.isInteger(number) || number < field.min || number > field.max) {
        problems.push({ attribute: field.attribute, message: `${field.label} must be a whole number from ${field.min} to ${field.max}.` });
      }
    }
    if (field.attribute === 'endpoint' && (typeof value !== 'string' || value.trim() === '')) {
      problems.push({ attribute: field.attribute, message: 'Proxy URL is needed: the wall asks it for testimonials (for example /api).' });
    }
  }
  return problems;
}

/**
 * The wall's attributes for the choices, in the fields' order: `[name, value]`, `''` for a boolean
 * attribute. Defaults, empty text and fields with a problem are left out; `cta-text` becomes the value
 * of `cta`.
 */
export function wallAttributes(choices: WallChoices): Array<[string, string]> {
  const invalid = new Set(problemsOf(choices).map((problem) => problem.attribute));
  const attributes: Array<[string, string]> = [];
  for (const field of WALL_FIELDS) {
    if (field.attribute === 'cta-text' || invalid.has(field.attribute)) continue;
    const value = choices[field.attribute];
    if (field.kind === 'flag') {
      if (value !== true) continue;
      const ctaText = field.attribute === 'cta' ? String(choices['cta-text'] ?? '').trim() : '';
      attributes.push([field.attribute, ctaText]);
      continue;
    }
    const text = typeof value === 'string' ? normalized(field, value) : '';
    if (text !== '') attributes.push([field.attribute, text]);
  }
  return attributes;
}

/** The value as the element reads it best: trimmed; tags as `a,b` with no empty entries. */
function normalized(field: BuilderField, value: string): string {
  const trimmed = value.trim();
  if (field.attribute !== 'tags') return trimmed;
  return trimmed
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
    .join(',');
}

/** Text safe inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `name="value"`, or the bare name of a boolean attribute. */
function attributeText([name, value]: [string, string]): string {
  return value === '' ? name : `${name}="${escapeAttribute(value)}"`;
}

export interface SnippetOptions {
  /** The script-tag file's URL; the published CDN file by default. */
  scriptSrc?: string;
}

/**
 * The snippet a person pastes into a page: the script tag, then the element. Up to three attributes
 * stay on one line; more go one per line, so the snippet reads well in any editor.
 */
export function wallSnippet(choices: WallChoices, options: SnippetOptions = {}): string {
  const script = `<script type="module" src="${escapeAttribute(options.scriptSrc ?? CDN_SCRIPT_URL)}"></script>`;
  const summary = summaryAttributes(choices);
  const form = formAttributes(choices);
  const elements = [
    ...(summary ? [elementText('testimonial-summary', summary)] : []),
    elementText('testimonial-wall', wallAttributes(choices)),
    ...(form ? [FORM_PROXY_NOTE, elementText('testimonial-form', form)] : []),
  ];
  return [script, ...elements].join('\n');
}

/** `<tag …></tag>`: up to three attributes on one line, more one per line. */
function elementText(tag: string, attributes: Array<[string, string]>): string {
  const texts = attributes.map(attributeText);
  const open =
    texts.length <= 3 ? `<${tag}${texts.map((text) => ` ${text}`).join('')}>` : `<${tag}\n${texts.map((text) => `  ${text}\n`).join('')}>`;
  return `${open}</${tag}>`;
}
