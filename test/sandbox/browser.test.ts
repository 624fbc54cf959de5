import { expect } from '@open-wc/testing';
import { createSandbox } from '../../src/sandbox/index.js';
import type { TestimonialList } from '../../src/client/types.js';

// The sandbox is a plain Fetch handler: a browser test can use it with no server and no Node modules.
describe('createSandbox in a browser', () => {
  it('answers the API in-process', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(
      new Request(`${location.origin}/v1/testimonials?lang=ar&limit=5`, { headers: { Authorization: 'Bearer sandbox-key' } }),
    );
    expect(response.status).to.equal(200);
    const body = (await response.json()) as TestimonialList;
    expect(body.total).to.equal(body.testimonials.length);
    expect(body.testimonials.length).to.be.greaterThan(0);
  });

  it('links media on the page origin, where the test server serves the files', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(
      new Request(`${location.origin}/v1/testimonials?type=video&limit=1`, { headers: { Authorization: 'sandbox-key' } }),
    );
    const [video] = ((await response.json()) as TestimonialList).testimonials;
    expect(video!.thumbnail_url!.startsWith(`${location.origin}/media/`)).to.equal(true);
    // Without a media reader in the browser, the in-process sandbox says so instead of failing.
    const media = await sandbox.fetch(new Request(video!.thumbnail_url!));
    expect(media.status).to.equal(404);
  });
});
