// app/api/[...path]/route.ts: the key-holding proxy at /api, where the browser's wall asks for "Load more". Created on the first
// request, not when the module loads: `next build` loads it too, where the key need not be set.
import { createProxy } from 'testimonial-elements/proxy';

let proxy: ReturnType<typeof createProxy> | undefined;

export function GET(request: Request): Promise<Response> {
  proxy ??= createProxy({ upstream: process.env.TESTIMONIAL_API_URL!, basePath: '/api' });
  return proxy.fetch(request);
}
export const HEAD = GET;
export const OPTIONS = GET;
