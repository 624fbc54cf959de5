/**
 * The wall against the real thing: the sandbox in the page (through an injected client) and the proxy
 * the test server mounts at /api in front of the sandbox.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { createClient, type Testimonial } from '../../../src/client/index.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { WALL_LAYOUTS } from '../../../src/elements/testimonial-wall/wall-options.js';
import { createSandbox } from '../../../src/sandbox/index.js';
import { all, loaded } from './wall-helpers.js';

/** Every request the page sends to the API, counted before any client exists. */
const apiRequests: string[] = [];
const pageFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.includes('/api/')) apiRequests.push(new URL(url, location.href).pathname + new URL(url, location.href).search);
  return pageFetch(input, init);
};

function shown(wall: TestimonialWall): Testimonial[] {
  return all(wall, '[role="listitem"] testimonial-card, .slide testimonial-card').map(
    (card) => (card as HTMLElement & { testimonial: Testimonial }).testimonial,
  );
}

describe('<testimonial-wall> against the sandbox', () => {
  it('asks the in-page sandbox through an injected client, and its filters hold', async () => {
    const sandbox = createSandbox();
    const client = createClient({
      baseUrl: 'https://sandbox.test/v1',
      apiKey: 'sandbox-key',
      dangerouslyAllowBrowser: true,
      fetch: sandbox.fetch,
    });
    const wall = await fixture<TestimonialWall>(
      html`<testimonial-wall .client=${client} type="video" sort="rating" order="asc" limit="5"></testimonial-wall>`,
    );
    await loaded(wall);
    const testimonials = shown(wall);
    expect(testimonials).to.have.length(5);
    expect(testimonials.every((testimonial) => testimonial.type === 'video')).to.equal(true);
    const ratings = testimonials.map((testimonial) => testimonial.rating);
    expect(ratings).to.deep.equal([...ratings].sort((a, b) => a - b));
  });

  it('renders every layout through the proxy at endpoint="/api"', async () => {
    for (const layout of WALL_LAYOUTS) {
      const wall = await fixture<TestimonialWall>(html`<testimonial-wall endpoint="/api" layout=${layout} limit="4"></testimonial-wall>`);
      await loaded(wall);
      expect(shown(wall), layout).to.have.length(4);
      expect(
        shown(wall).every((testimonial) => testimonial.approved),
        'the proxy shows approved testimonials only',
      ).to.equal(true);
    }
  });

  it('walls with endpoint="/api" that ask the same question share one request', async () => {
    const before = apiRequests.length;
    const page = await fixture<HTMLDivElement>(html`<div>
      <testimonial-wall endpoint="/api" rating="5" limit="3"></testimonial-wall>
      <testimonial-wall endpoint="/api/" limit="3" rating="5" layout="list"></testimonial-wall>
      <testimonial-wall endpoint="/api" rating="5" limit="3" layout="carousel"></testimonial-wall>
    </div>`);
    const walls = [...page.querySelectorAll('testimonial-wall')];
    await Promise.all(walls.map(loaded));
    expect(apiRequests.slice(before)).to.deep.equal(['/api/testimonials?rating=5&limit=3']);
    expect(shown(walls[1]!).map((testimonial) => testimonial.id)).to.deep.equal(shown(walls[0]!).map((testimonial) => testimonial.id));
  });
});
