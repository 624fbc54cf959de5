/**
 * The two failures of the collect route (issue 27) that the real route, in front of the sandbox
 * (scripts/dev-api.ts), cannot be made to give on request, put in front of it by the browser-test
 * server (web-test-runner.config.mjs). Everything else the form's tests see is the real route.
 *
 * - `{ failNext: { status, code, field?, page? } }`: the next submission (`POST /api/collect`) is answered
 *   so, without reaching the route: a service that is down (503) at the moment a visitor sends. With
 *   `page`, only a submission whose `x-test-page` header says that page: another file's form, sending in
 *   the same moment, does not take the fault meant for this one.
 * - `{ holdUploads: true }`: upload PUTs (`/api/uploads/…`) are never answered, as a stalled connection:
 *   the progress bar stays and the visitor cancels. `false` lets them through again.
 *
 * `{ reset: true }` ends held uploads and starts again. The state is the server's, shared by every test
 * file running at the time: what a test counts of its own requests, it counts in its page.
 * Tests send these with `executeServerCommand('collect-faults', { … })`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Faults {
  failNext: { status: number; code: string; field?: string; page?: string } | undefined;
  holdUploads: boolean;
  held: ServerResponse[];
}

const fresh = (): Faults => ({ failNext: undefined, holdUploads: false, held: [] });
let faults = fresh();

/** The `collect-faults` server command. */
export function collectFaultsCommand(payload: Partial<Pick<Faults, 'failNext' | 'holdUploads'>> & { reset?: boolean }): unknown {
  if (payload.reset) {
    faults.held.forEach((res) => res.destroy());
    faults = fresh();
  }
  if (payload.failNext !== undefined) faults.failNext = payload.failNext;
  if (payload.holdUploads !== undefined) faults.holdUploads = payload.holdUploads;
  return true;
}

/** Answers the request with a fault and returns true, or returns false to let the real route answer it. */
export function collectFault(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? '/').split('?')[0]!;
  const fault = faults.failNext;
  if (path === '/api/collect' && req.method === 'POST' && fault && (!fault.page || req.headers['x-test-page'] === fault.page)) {
    const { status, code, field } = fault;
    faults.failNext = undefined;
    req.resume();
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: { status, code, message: `Refused by the test (${code}).`, ...(field && { field }) } }));
    return true;
  }
  if (path.startsWith('/api/uploads/') && req.method === 'PUT' && faults.holdUploads) {
    // Never answered: the browser's cancel (or the next reset) ends it.
    faults.held.push(res);
    req.resume();
    return true;
  }
  return false;
}
