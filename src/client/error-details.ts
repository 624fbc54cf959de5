/**
 * The server's own words in an error answer: what `httpError` (./errors.ts) puts in its message, `code`
 * and `field`. A module of its own so that the script-tag build loads it on the first error answer only.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- imported for the {@link ApiErrorBody} of the docs below
import type { ApiErrorBody } from './types.js';
import { isRecord } from './is-record.js';

export interface BodyDetails {
  message?: string;
  code?: string;
  field?: string;
}

const MAX_TEXT_IN_MESSAGE = 200;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_TEXT_IN_MESSAGE ? `${oneLine.slice(0, MAX_TEXT_IN_MESSAGE)}…` : oneLine;
}

/**
 * Reads a message out of whatever an error answer holds: our {@link ApiErrorBody}, `{ message }`,
 * `{ error: "..." }`, RFC 9457 problem details (`{ title, detail }`), plain text or an HTML page (its
 * `<title>`, never the markup).
 */
export function describeErrorBody(body: unknown): BodyDetails {
  if (isRecord(body)) {
    const error = body.error;
    if (isRecord(error)) {
      return {
        message: nonEmptyString(error.message),
        code: nonEmptyString(error.code),
        field: nonEmptyString(error.field),
      };
    }
    return {
      message: nonEmptyString(body.message) ?? nonEmptyString(error) ?? nonEmptyString(body.detail) ?? nonEmptyString(body.title),
      code: nonEmptyString(body.code),
      field: nonEmptyString(body.field),
    };
  }
  if (typeof body === 'string') {
    if (/^\s*</.test(body)) {
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1];
      return { message: title === undefined ? undefined : nonEmptyString(shorten(title)) };
    }
    return { message: nonEmptyString(shorten(body)) };
  }
  return {};
}
