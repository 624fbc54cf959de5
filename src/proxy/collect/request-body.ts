/**
 * The body of a collect request, read within a byte limit (refused while it streams in, never
 * buffered past the limit) and parsed by its type: JSON, or the fields of a plain HTML form
 * (`application/x-www-form-urlencoded` or `multipart/form-data`). A form's fields are strings;
 * files never come through here (they go straight to storage), so a file field is refused.
 */
import { readAtMost } from '../../client/read-at-most.js';
import { FieldRefusal } from './submission.js';

export type BodyKind = 'json' | 'form';

export class BodyTooLarge extends Error {}

/** Whether a request was sent by a plain HTML form (and so wants a page and a 303, not JSON). */
export function bodyKindOf(request: Request): BodyKind {
  const type = request.headers.get('Content-Type') ?? '';
  return /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type) ? 'form' : 'json';
}

export async function readBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = request.headers.get('Content-Length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw new BodyTooLarge();
  const bytes = request.body ? await readAtMost(request.body, maxBytes) : new Uint8Array(0);
  if (!bytes) throw new BodyTooLarge();
  const type = request.headers.get('Content-Type') ?? '';
  if (/^\s*multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
    } catch {
      throw new FieldRefusal('body', 'The body is not valid multipart/form-data.');
    }
    return fieldsOf(form);
  }
  const text = new TextDecoder().decode(bytes);
  if (/^\s*application\/x-www-form-urlencoded\b/i.test(type)) return fieldsOf(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FieldRefusal('body', 'The body is not valid JSON.');
  }
}

/** The first value of each field; a file is refused (files are uploaded to storage first). */
function fieldsOf(form: FormData | URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form as Iterable<[string, FormDataEntryValue]>) {
    if (typeof value !== 'string') throw new FieldRefusal(name, `${name}: files are not sent with the form; they are uploaded first.`);
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
