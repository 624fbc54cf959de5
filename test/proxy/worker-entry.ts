/**
 * The proxy test harness as a workerd module (bundled by workerd.node.test.ts with esbuild). Requests
 * under `/__harness/` drive the harness (setup, state, upstream mode, clock); every other request goes
 * to the proxy, exactly as a Cloudflare Worker would receive it.
 */
import type { ExecutionContext } from 'hono';
import { createSandbox } from '../../src/sandbox/index.js';
import { HarnessCore, type HarnessConfig } from './harness.js';
import { TEST_KEY, type UpstreamMode } from './stub-upstream.js';

const core = new HarnessCore(() => createSandbox({ key: TEST_KEY }).fetch);

async function control(name: string, request: Request): Promise<Response> {
  const payload = (await request.json()) as Record<string, unknown> | null;
  switch (name) {
    case 'setup':
      core.setup((payload ?? {}) as HarnessConfig);
      return Response.json({ ok: true });
    case 'state':
      return Response.json(core.state());
    case 'upstream':
      core.upstream(payload!.mode as UpstreamMode, payload!.holdUntilArrivals as number | undefined);
      return Response.json({ ok: true });
    case 'advance':
      core.advance(payload!.ms as number);
      return Response.json({ ok: true });
    case 'direct':
      return Response.json(await core.direct(payload!.path as string));
    default:
      return new Response(`unknown harness call ${name}`, { status: 404 });
  }
}

export default {
  async fetch(request: Request, env: unknown, context: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/__harness/')) return core.fetch(request, env, context);
    try {
      return await control(pathname.slice('/__harness/'.length), request);
    } catch (error) {
      return new Response(error instanceof Error ? (error.stack ?? error.message) : String(error), { status: 500 });
    }
  },
};
