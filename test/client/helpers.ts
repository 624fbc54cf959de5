// Stub fetches and sleeps for the client tests: they count, record and fail on purpose, and never wait
// for a wall clock.
import type { FetchFunction, SleepFunction } from '../../src/client/index.js';

export const BASE = 'http://api.test/v1';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function text(body: string, status: number, contentType = 'text/plain', headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': contentType, ...headers } });
}

export function page(total: number, ids: string[] = Array.from({ length: total }, (_, i) => `t${i}`)) {
  return { total, testimonials: ids.map((id) => ({ id, customer_name: `Customer ${id}`, tags: [] as string[] })) };
}

/** A fetch that answers from a script, one entry per request (the last repeats), and records requests. */
export function scriptedFetch(...script: Array<Response | Error | ((request: Request) => Response | Promise<Response>)>) {
  const requests: Request[] = [];
  const fetch: FetchFunction = async (request) => {
    requests.push(request);
    const step = script[Math.min(requests.length - 1, script.length - 1)]!;
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(request);
    return step.clone();
  };
  return { fetch, requests };
}

/** A fetch that never answers by itself; it rejects like the real one when the request's signal aborts. */
export function hangingFetch() {
  const requests: Request[] = [];
  const fetch: FetchFunction = (request) => {
    requests.push(request);
    return new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
  };
  return { fetch, requests };
}

/** A fetch answered by hand: `respond(i, response)` settles the i-th request. */
export function manualFetch() {
  const requests: Request[] = [];
  const pending: Array<(response: Response) => void> = [];
  const fetch: FetchFunction = (request) => {
    requests.push(request);
    return new Promise<Response>((resolve) => pending.push(resolve));
  };
  return { fetch, requests, respond: (index: number, response: Response) => pending[index]!(response) };
}

/** A sleep that records the delays asked and resolves at once. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep: SleepFunction = async (ms) => {
    delays.push(ms);
  };
  return { sleep, delays };
}

/** A sleep that never ends by itself (it ignores the signal, so the client must not rely on it). */
export function endlessSleep() {
  const delays: number[] = [];
  const sleep: SleepFunction = (ms) => {
    delays.push(ms);
    return new Promise<void>(() => {});
  };
  return { sleep, delays };
}

/**
 * Resolves once `condition` holds, checking after each turn of the event loop, for up to `ms`: a
 * bound in time, not in turns, as an error answer first loads a lazy module (`error-details.ts`),
 * which takes more turns on a loaded machine.
 */
export async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition never held');
}
