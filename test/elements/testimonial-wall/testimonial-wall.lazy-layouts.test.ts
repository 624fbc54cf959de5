// The carousel and the marquee are a chunk of their own (moving-layouts.ts): walls of the other layouts
// never fetch it, and a wall whose chunk cannot be fetched still shows every testimonial, as a list.
// Its own file: a page caches a module once loaded, and these tests need it not loaded yet.
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { all, part, shownIds, until, wallOf, warningsDuring } from './wall-helpers.js';

const CHUNK = 'moving-layouts.ts';

function chunkRequests(): PerformanceEntry[] {
  return performance.getEntriesByType('resource').filter((entry) => entry.name.includes(CHUNK));
}

describe('<testimonial-wall> moving layouts chunk', () => {
  afterEach(async () => {
    document.cookie = 'wtr-fail-module=; max-age=0; path=/';
    await executeServerCommand('http-cache', { enabled: true });
  });

  it('is never fetched by masonry, grid or list walls', async () => {
    for (const layout of ['masonry', 'grid', 'list']) {
      const wall = await wallOf(4, { layout });
      expect(all(wall, '[role="listitem"]')).to.have.length(4);
    }
    expect(chunkRequests()).to.have.length(0);
  });

  it('when it cannot be fetched, shows the testimonials as a list and says why on the console', async () => {
    // An earlier test file's page may have loaded the chunk: the cache must not answer for the server.
    await executeServerCommand('http-cache', { enabled: false });
    document.cookie = `wtr-fail-module=${CHUNK}; path=/`;
    let wall: Awaited<ReturnType<typeof wallOf>> | undefined;
    const warnings = await warningsDuring(async (messages) => {
      wall = await wallOf(5, { layout: 'carousel' });
      await until(() => messages.length > 0, 'a warning about the layout');
      await wall.updateComplete;
    });
    expect(warnings.join('\n')).to.match(/layout=carousel could not be loaded .*showing a list instead/);
    expect(shownIds(wall!)).to.have.length(5);
    expect(all(wall!, '[role="listitem"]')).to.have.length(5);
    expect(wall!.shadowRoot!.querySelector('[aria-busy="true"]'), 'no skeleton is left').to.equal(null);
    expect(part(wall!, 'error')).to.equal(null);
    expect(chunkRequests().length).to.be.greaterThan(0);
  });
});
