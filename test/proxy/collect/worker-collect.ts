/**
 * A Worker with the collect route on, in front of the in-memory sandbox, its uploads in the S3 bucket
 * named by the `S3_ENDPOINT` binding (s3rver on 127.0.0.1): bundled and run in workerd by
 * workerd.node.test.ts. `/__writes` lists the bodies that reached the service.
 */
import { createProxy, type TestimonialProxy } from '../../../src/proxy/index.js';
import { createSandbox } from '../../../src/sandbox/index.js';

let proxy: TestimonialProxy | undefined;
const writes: unknown[] = [];

function collectingProxy(s3Endpoint: string): TestimonialProxy {
  const sandbox = createSandbox();
  return createProxy({
    upstream: 'http://sandbox.test/v1',
    apiKey: 'sandbox-key',
    fetch: async (request) => {
      if (request.method === 'POST') writes.push(await request.clone().json());
      return sandbox.fetch(request);
    },
    collect: {
      secret: 'a-worker-secret-that-is-long-enough-0123456789',
      minFillMs: 0,
      uploads: { endpoint: s3Endpoint, bucket: 'testimonials', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
  });
}

export default {
  async fetch(request: Request, env: { S3_ENDPOINT: string }): Promise<Response> {
    if (new URL(request.url).pathname === '/__writes') return Response.json(writes);
    proxy ??= collectingProxy(env.S3_ENDPOINT);
    return proxy.fetch(request);
  },
};
