// A Node server with the proxy in front of the sandbox, typed from the package's server entries.
import { createProxy, type PublicTestimonial } from 'testimonial-elements/proxy';
import { createSandbox } from 'testimonial-elements/sandbox';
import { serveSandbox } from 'testimonial-elements/sandbox/node';

const sandbox = createSandbox();
const proxy = createProxy({ apiKey: 'sandbox-key', upstream: 'http://sandbox.test/v1', fetch: sandbox.fetch });
const response = await proxy.fetch(new Request('http://localhost/testimonials?limit=1'));
const body = (await response.json()) as { testimonials: PublicTestimonial[] };
console.log(body.testimonials.length);
const served = await serveSandbox({ port: 0 });
await served.close();
