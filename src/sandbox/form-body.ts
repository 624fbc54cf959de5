/**
 * Form-encoded request bodies. Spec §1: the API "accepts form-encoded request bodies and returns JSON";
 * its examples send JSON. A form holds only flat text fields, and the spec does not show how lists and
 * objects are written in one, so the sandbox takes the bracket convention of form-encoded REST APIs:
 *
 *   tags[]=a&tags[]=b   (or tags=a&tags=b)      → "tags": ["a", "b"]
 *   media[0][url]=…&media[0][type]=image        → "media": [{ "url": "…", "type": "image" }]
 *   recipients[0][email]=…&recipients[0][name]=… → "recipients": [{ "email": "…", "name": "…" }]
 *
 * Since every form value is text, `approved` "true"/"false" becomes a boolean and a numeric `rating` a
 * number; a single `tags=a` (and `add_tags`, `remove_tags`) becomes a list of one. Every other value keeps
 * its text, so the body then goes through the same validation as JSON and a bad field is named there.
 */
import { InvalidRequestError } from '../client/validation.js';

const LIST_FIELDS = new Set(['tags', 'add_tags', 'remove_tags']);
const BOOLEAN_FIELDS = new Set(['approved']);
const NUMBER_FIELDS = new Set(['rating']);

/** A list or an object while the form is read; lists become arrays (in index order) at the end. */
interface Container {
  list: boolean;
  entries: Map<string, Value>;
}
type Value = string | Container;

/** `media[0][url]` → ["media", "0", "url"]; `tags[]` → ["tags", ""]. Anything else is a 400. */
function pathOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) {
    throw new InvalidRequestError(key || 'body', `"${key}" is not a form field name: write name, name[], name[0] or name[0][key].`);
  }
  const segments = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((segment) => segment[1]!);
  return [match[1]!, ...segments];
}

const isIndex = (segment: string) => segment === '' || /^\d{1,4}$/.test(segment);

function put(root: Container, path: string[], value: string, key: string): void {
  let container = root;
  for (let depth = 0; depth < path.length; depth++) {
    const segment = path[depth]!;
    if (container.list && !isIndex(segment)) {
      throw new InvalidRequestError(key, `${key}: ${path.slice(0, depth).join('.')} is a list; index it with [] or [0].`);
    }
    // `name[]` appends; a list's indexes only order its items, so gaps close up.
    const name = segment === '' ? String(container.entries.size) : segment;
    const last = depth === path.length - 1;
    const existing = container.entries.get(name);
    if (last) {
      if (existing === undefined) container.entries.set(name, value);
      else if (typeof existing === 'string' && depth === 0) container.entries.set(name, { list: true, entries: new Map([['0', existing], ['1', value]]) });
      else if (typeof existing !== 'string' && existing.list && depth === 0) existing.entries.set(String(existing.entries.size), value);
      else throw new InvalidRequestError(key, `${key} is given twice.`);
      return;
    }
    const wantsList = isIndex(path[depth + 1]!);
    if (existing === undefined) {
      const created: Container = { list: wantsList, entries: new Map() };
      container.entries.set(name, created);
      container = created;
    } else if (typeof existing === 'string' || existing.list !== wantsList) {
      throw new InvalidRequestError(key, `${key} does not fit the other fields named ${path.slice(0, depth + 1).join('.')}.`);
    } else {
      container = existing;
    }
  }
}

function toJson(value: Value): unknown {
  if (typeof value === 'string') return value;
  const entries = [...value.entries];
  if (value.list) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => toJson(item));
  // Object.fromEntries defines own properties, so a field named __proto__ is only an unknown field.
  return Object.fromEntries(entries.map(([name, item]) => [name, toJson(item)]));
}

function coerce(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (BOOLEAN_FIELDS.has(name) && (value === 'true' || value === 'false')) return value === 'true';
  if (NUMBER_FIELDS.has(name) && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  if (LIST_FIELDS.has(name)) return [value];
  return value;
}

/** The fields of a form (URL-encoded or multipart) as the JSON object a handler validates. */
export function formToJson(fields: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const root: Container = { list: false, entries: new Map() };
  let count = 0;
  for (const [key, value] of fields) {
    if (typeof value !== 'string') {
      throw new InvalidRequestError(key, `${key} is a file; the API takes URLs of media, not uploads.`);
    }
    put(root, pathOf(key), value, key);
    count++;
  }
  if (count === 0) throw new InvalidRequestError('body', 'The form is empty: send its fields.');
  const body = toJson(root) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, coerce(name, value)]));
}
