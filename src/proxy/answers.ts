/**
 * How the proxy writes its answers: JSON error bodies in the {@link ApiErrorBody} shape, strong ETags
 * through Web Crypto (so the same code runs in Node, workerd, Deno and edge functions), and
 * `If-None-Match` matching.
 */
import type { ApiErrorBody } from '../client/types.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The body and validator of one cached answer. */
export interface CachedAnswer {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
  /**
   * Set when the answer came from the shared cache (shared-cache.ts): when it was fetched, by whichever
   * isolate, so its freshness is counted from then; and whether it was still fresh.
   */
  shared?: { storedAt: number; state: 'HIT' | 'STALE' };
}

/** An error answer; never cached, since it says nothing about the resource for long. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  { field, headers }: { field?: string; headers?: Record<string, string> } = {},
): Response {
  const body: ApiErrorBody = { error: { status, code, message, ...(field === undefined ? {} : { field }) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A strong validator: the SHA-256 of the exact bytes sent, so equal bodies get equal tags everywhere. */
export async function strongEtag(body: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', typeof body === 'string' ? new TextEncoder().encode(body) : body);
  return `"${base64Url(digest)}"`;
}

/**
 * RFC 9110 13.1.2: `If-None-Match` compares weakly (a `W/` prefix is ignored) and `*` matches any
 * current representation.
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
