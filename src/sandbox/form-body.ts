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

/**
 * How many brackets a name may have: the deepest field of the API is `media[0][url]` (two), so three
 * leave room and a name nested deeper is refused before anything walks it (a 1 MB form can hold
 * `media[0]…` 100,000 levels deep).
 */
export const MAX_FORM_DEPTH = 3;

/** A name as it can be shown in a message: a hostile one may be most of a megabyte. */
function shown(key: string): string {
  return key.length > 60 ? `${key.slice(0, 60)}…` : key;
}

/**
 * `media[0][url]` → ["media", "0", "url"]; `tags[]` → ["tags", ""]. Anything else is a 400. Read in one
 * pass, without a regular expression, so its cost is linear in the name's length whatever its shape.
 */
function pathOf(key: string): string[] {
  const unreadable = () =>
    new InvalidRequestError(
      key ? shown(key) : 'body',
      `"${shown(key)}" is not a form field name: write name, name[], name[0] or name[0][key].`,
    );
  const open = key.indexOf('[');
  const name = open < 0 ? key : key.slice(0, open);
  if (!name || name.includes(']')) throw unreadable();
  const path = [name];
  for (let at = open; at >= 0 && at < key.length;) {
    const close = key.indexOf(']', at);
    const segment = close < 0 ? '[' : key.slice(at + 1, close);
    if (key[at] !== '[' || segment.includes('[')) throw unreadable();
    if (path.length > MAX_FORM_DEPTH) {
      throw new InvalidRequestError(
        name,
        `${name}: form field names nest at most ${MAX_FORM_DEPTH} brackets deep (as in ${name}[0][key]); "${shown(key)}" nests deeper.`,
      );
    }
    path.push(segment);
    at = close + 1;
  }
  return path;
}

const isIndex = (segment: string) => segment === '' || /^\d{1,4}$/.test(segment);

function put(root: Container, path: string[], value: string, key: string): void {
  let container = root;
  for (let depth = 0; depth < path.length; depth++) {
    const segment = path[depth]!;
    if (container.list && !isIndex(segment)) {
      throw new InvalidRequestError(shown(key), `${shown(key)}: ${path.slice(0, depth).join('.')} is a list; index it with [] or [0].`);
    }
    // `name[]` appends; a list's indexes only order its items, so gaps close up.
    const name = segment === '' ? String(container.entries.size) : segment;
    const last = depth === path.length - 1;
    const existing = container.entries.get(name);
    if (last) {
      if (existing === undefined) container.entries.set(name, value);
      else if (typeof existing === 'string' && depth === 0)
        container.entries.set(name, {
          list: true,
          entries: new Map([
            ['0', existing],
            ['1', value],
          ]),
        });
      else if (typeof existing !== 'string' && existing.list && depth === 0) existing.entries.set(String(existing.entries.size), value);
      else throw new InvalidRequestError(shown(key), `${shown(key)} is given twice.`);
      return;
    }
    const wantsList = isIndex(path[depth + 1]!);
    if (existing === undefined) {
      const created: Container = { list: wantsList, entries: new Map() };
      container.entries.set(name, created);
      container = created;
    } else if (typeof existing === 'string' || existing.list !== wantsList) {
      throw new InvalidRequestError(shown(key), `${shown(key)} does not fit the other fields named ${path.slice(0, depth + 1).join('.')}.`);
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
      throw new InvalidRequestError(shown(key), `${shown(key)} is a file; the API takes URLs of media, not uploads.`);
    }
    put(root, pathOf(key), value, key);
    count++;
  }
  if (count === 0) throw new InvalidRequestError('body', 'The form is empty: send its fields.');
  const body = toJson(root) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, coerce(name, value)]));
}
