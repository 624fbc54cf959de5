/**
 * A `collect.verify` hook for Cloudflare Turnstile: the visitor's browser solves the challenge, the
 * widget puts its answer in the form's `cf-turnstile-response` field, and this asks Cloudflare's
 * siteverify whether that answer is good (once: an answer cannot be checked twice).
 * https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
import type { FetchFunction } from '../../client/index.js';
import type { CollectVerify } from './options.js';

export interface TurnstileOptions {
  /** The widget's secret key (from the Cloudflare dashboard; keep it on the server). */
  secret: string;
  /** Default Cloudflare's; tests point it at a local fake. */
  siteverifyUrl?: string;
  fetch?: FetchFunction;
  /** Time allowed for Cloudflare's answer, in ms (default 5000); past it the submission is refused. */
  timeoutMs?: number;
}

export const TURNSTILE_SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function turnstileVerify({
  secret,
  siteverifyUrl = TURNSTILE_SITEVERIFY,
  fetch: send,
  timeoutMs = 5_000,
}: TurnstileOptions): CollectVerify {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('turnstileVerify: secret must be the widget secret key.');
  const post = send ?? ((request: Request) => fetch(request));
  return async (request, token) => {
    if (!token) return false;
    const form = new URLSearchParams({ secret, response: token });
    const ip = request.headers.get('CF-Connecting-IP');
    if (ip) form.set('remoteip', ip);
    try {
      const answer = await post(new Request(siteverifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) }));
      if (!answer.ok) return false;
      const result = (await answer.json()) as { success?: unknown };
      return result.success === true;
    } catch {
      // Cloudflare unreachable: refused, not waved through.
      return false;
    }
  };
}
