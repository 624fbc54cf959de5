/** Error answers of the sandbox: the shared `ApiErrorBody` JSON shape with a status and headers. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../client/types.js';

export function errorBody(status: number, code: string, message: string, field?: string): ApiErrorBody {
  return { error: field === undefined ? { status, code, message } : { status, code, message, field } };
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  options: { field?: string; headers?: Record<string, string> } = {},
): Response {
  return c.json(errorBody(status, code, message, options.field), status, options.headers);
}

/** An answer other than 400 that a handler gives up with; `onError` turns it into {@link errorBody} JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: 404 | 413,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
