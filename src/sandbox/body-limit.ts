/**
 * Reads a request body up to a byte limit, refusing a bigger one while it arrives rather than after it
 * was buffered: a `Content-Length` over the limit is refused before any byte is read, and a body without
 * one (chunked, or a stream handed to `fetch`) is counted chunk by chunk and left unread past the limit.
 * Works on any Fetch `Request`, so in-process callers and the Node runner get the same bound.
 */
import { readAtMost } from '../client/read-at-most.js';
import { HttpError } from './errors.js';

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'body_too_large', `The body is larger than ${limit} bytes.`, 'body');
}

export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('Content-Length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  // Past the limit the rest is left unread; the runner discards what the client still sends (Node: after the answer).
  const bytes = await readAtMost(request.body, limit);
  if (!bytes) throw tooLarge(limit);
  return bytes;
}
