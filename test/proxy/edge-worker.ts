/**
 * The Cloudflare Worker of README's recipe (src/proxy/README.md, "Cloudflare Workers"), bundled as
 * wrangler bundles it (esbuild, the workerd conditions) by edge-cache.node.test.ts and the bench. The
 * few settings a test turns are read from the Worker's variables, as an operator would.
 */
import type { ExecutionContext } from 'hono';
import { createProxy } from '../../src/proxy/index.js';

interface Env {
  TESTIMONIAL_API_URL: string;
  TESTIMONIAL_API_KEY: string;
  /** Seconds an answer is fresh. */
  TTL?: string;
  UPSTREAM_PER_SECOND?: string;
  /** `off`: no shared cache (each isolate its own memory only), to see what it saves. */
  SHARED_CACHE?: string;
}

let proxy: ReturnType<typeof createProxy> | undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    proxy ??= createProxy({
      upstream: env.TESTIMONIAL_API_URL,
      apiKey: env.TESTIMONIAL_API_KEY,
      basePath: '/api',
      log: () => {},
      ...(env.TTL === undefined ? {} : { cache: { ttlMs: Number(env.TTL) * 1000 } }),
      ...(env.UPSTREAM_PER_SECOND === undefined ? {} : { upstreamPerSecond: Number(env.UPSTREAM_PER_SECOND) }),
      ...(env.SHARED_CACHE === 'off' ? { sharedCache: false } : {}),
    });
    return proxy.fetch(request, env, ctx);
  },
};
