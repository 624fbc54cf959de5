// @test-browsers: chromium (request building and the in-process sandbox: standard Fetch objects, nothing an engine decides)
// The client in a real browser: keys refused on a page, relative base URLs, and a list call answered by
// the in-process sandbox (no server).
import { expect } from '@open-wc/testing';
import { TestimonialApiError, createClient, type FetchFunction } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const KEY = 'sandbox-key';

/** The sandbox behind a stand-in for the proxy: the key is added on the "server" side, never by the page. */
function sandboxBehindProxy(): { fetch: FetchFunction; requests: Request[] } {
  const sandbox = createSandbox({ key: KEY });
  const requests: Request[] = [];
  const fetch: FetchFunction = (request) => {
    requests.push(request);
    const upstream = new Request(request);
    upstream.headers.set('Authorization', `Bearer ${KEY}`);
    return sandbox.fetch(upstream);
  };
  return { fetch, requests };
}

describe('client in a browser', () => {
  it('refuses an apiKey on a page, without repeating it', () => {
    let error: unknown;
    try {
      createClient({ baseUrl: '/api', apiKey: 'sk_live_browser_secret' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/apiKey was given in a browser/);
    expect((error as Error).message).not.to.include('sk_live_browser_secret');
  });

  it('allows an apiKey with dangerouslyAllowBrowser and sends it as a Bearer token', async () => {
    const sandbox = createSandbox({ key: KEY });
    const requests: Request[] = [];
    const client = createClient({
      baseUrl: `${location.origin}/v1`,
      apiKey: KEY,
      dangerouslyAllowBrowser: true,
      fetch: (request) => {
        requests.push(request);
        return sandbox.fetch(request);
      },
    });
    const links = await client.getLinks();
    expect(links.forms).to.be.an('array');
    expect(requests[0]!.headers.get('authorization')).to.equal(`Bearer ${KEY}`);
  });

  it('resolves a relative baseUrl against the page', () => {
    expect(createClient({ baseUrl: '/api/' }).baseUrl).to.equal(`${location.origin}/api`);
  });

  it('lists testimonials through the sandbox, sending no key from the page', async () => {
    const { fetch, requests } = sandboxBehindProxy();
    const client = createClient({ baseUrl: '/v1', fetch });
    const list = await client.listTestimonials({ limit: 5, type: 'text', approved: true });
    expect(list.total).to.equal(5);
    expect(list.testimonials).to.have.length(5);
    for (const testimonial of list.testimonials) {
      expect(testimonial.type).to.equal('text');
      expect(testimonial.approved).to.equal(true);
    }
    expect(requests[0]!.url).to.equal(`${location.origin}/v1/testimonials?approved=true&type=text&limit=5`);
    expect(requests[0]!.headers.get('authorization')).to.equal(null);
  });

  it('turns a sandbox 404 into a TestimonialApiError', async () => {
    const client = createClient({ baseUrl: '/v1', fetch: sandboxBehindProxy().fetch });
    let error: unknown;
    try {
      await client.getTestimonial('no-such-testimonial');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(TestimonialApiError);
    expect((error as TestimonialApiError).status).to.equal(404);
    expect((error as TestimonialApiError).kind).to.equal('http');
  });
});

describe('client in a browser against the test server’s /api (the proxy in front of the sandbox)', () => {
  it('works with the page’s own fetch, passed in detached or left out', async () => {
    const detached = window.fetch;
    for (const client of [createClient({ baseUrl: '/api', fetch: detached }), createClient({ baseUrl: '/api' })]) {
      const list = await client.listTestimonials({ limit: 2 });
      expect(list.total).to.equal(2);
      expect(list.testimonials.every((t) => t.approved)).to.equal(true);
    }
  });
});
