/**
 * The fields of `<testimonial-form>`, written once for the element and for `renderForm()` (the form
 * the server writes for readers without JavaScript): the token a page writes in `fields`, the name the
 * collect route takes, the label, the control, the `autocomplete` token. Both sides name the controls
 * alike, so the element takes over what was typed in the server's form by name.
 */
import type { TranslationKey } from '../shared/localize.js';

export const FORM_FIELDS = ['rating', 'text', 'name', 'email', 'company', 'tagline', 'url', 'photo', 'media', 'video'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The fields that are files (uploaded with JavaScript only: the server's form leaves them out). */
export const FILE_FIELDS = ['photo', 'media', 'video'] as const;
export type FileField = (typeof FILE_FIELDS)[number];
export const isFileField = (field: FormField): field is FileField => (FILE_FIELDS as readonly string[]).includes(field);

export interface TextFieldSpec {
  /** The route's field name (what the form posts). */
  name: string;
  label: TranslationKey;
  /** A line under the label (the email's "never shown"). */
  hint?: TranslationKey;
  /** The `<input type>`, or `textarea`. */
  type: 'text' | 'email' | 'url' | 'textarea';
  autocomplete: string;
  /** Characters allowed (the browser stops there; the route checks its own limits too). */
  maxLength: number;
}

/** The fields typed as text, by their token in `fields`. */
export const TEXT_FIELDS: Record<Exclude<FormField, FileField | 'rating'>, TextFieldSpec> = {
  text: { name: 'text', label: 'Your testimonial', type: 'textarea', autocomplete: 'off', maxLength: 5000 },
  name: { name: 'customer_name', label: 'Your name', type: 'text', autocomplete: 'name', maxLength: 200 },
  email: {
    name: 'customer_email',
    label: 'Your email',
    hint: 'Never shown publicly.',
    type: 'email',
    autocomplete: 'email',
    maxLength: 254,
  },
  company: { name: 'customer_company', label: 'Company', type: 'text', autocomplete: 'organization', maxLength: 200 },
  tagline: { name: 'customer_tagline', label: 'Your role or title', type: 'text', autocomplete: 'organization-title', maxLength: 200 },
  url: { name: 'customer_url', label: 'Your website', type: 'url', autocomplete: 'url', maxLength: 2000 },
};

/** The route's name of every field (the files' are the URLs their uploads gave). */
export const FIELD_NAMES: Record<FormField, string> = {
  rating: 'rating',
  photo: 'customer_avatar',
  media: 'media',
  video: 'video_url',
  ...Object.fromEntries(Object.entries(TEXT_FIELDS).map(([field, spec]) => [field, spec.name])),
} as Record<FormField, string>;

/** What a form without `fields` asks: every field but the attached images (`media`), which a page asks for by name. */
export const DEFAULT_FIELDS: readonly FormField[] = FORM_FIELDS.filter((field) => field !== 'media');

/** The stars of the rating, in the radio group's order (arrow keys go up the scale). */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * The tokens of a `fields` or `required` attribute (spaces or commas between them), in the form's
 * order; unknown ones are returned apart for a warning.
 */
export function parseFieldList(value: string | readonly string[] | undefined | null): { fields: FormField[]; unknown: string[] } {
  const tokens = (typeof value === 'string' ? value.split(/[\s,]+/) : [...(value ?? [])])
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  return {
    fields: FORM_FIELDS.filter((field) => tokens.includes(field)),
    unknown: tokens.filter((token) => !(FORM_FIELDS as readonly string[]).includes(token)),
  };
}

/** The field of a route field name (`customer_email` → `email`), for the route's `required` list and its errors. */
export function fieldOfName(name: string | undefined): FormField | 'consent' | undefined {
  if (name === 'consent') return 'consent';
  if (name === 'thumbnail_url') return 'video';
  // The route names an image by its place: `media[0].url`.
  if (name?.startsWith('media')) return 'media';
  return FORM_FIELDS.find((field) => FIELD_NAMES[field] === name);
}
