// The carousel and the marquee are a chunk of their own (moving-layouts.ts): walls of the other layouts
// never fetch it, and a wall whose chunk cannot be fetched still shows every testimonial, as a list.
import { executeServerCommand } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { makeTestimonials } from './fake-api.js';
import { all, part, shownIds, until, wallOf, warningsDuring } from './wall-helpers.js';

const WALL_MODULE = '/src/elements/testimonial-wall/testimonial-wall.ts';
const CHUNK_MODULE = '/src/elements/testimonial-wall/moving-layouts.ts';

function chunkRequests(): PerformanceEntry[] {
  return performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(CHUNK_MODULE));
}

describe('<testimonial-wall> moving layouts chunk', () => {
  it('is never fetched by masonry, grid or list walls', async () => {
    for (const layout of ['masonry', 'grid', 'list']) {
      const wall = await wallOf(4, { layout });
      expect(all(wall, '[role="listitem"]')).to.have.length(4);
    }
    expect(chunkRequests()).to.have.length(0);
  });

  it('when it cannot be fetched, shows the testimonials as a list and says why on the console', async () => {
    // A browser remembers a module that failed (for later pages of the run too), so this test loads
    // the wall, and with it the chunk, from the server's other host name, which nothing else uses.
    const isolated = `http://127.0.0.1:${location.port}`;
    await executeServerCommand('fail-next-request', { url: `${isolated}${CHUNK_MODULE}` });
    const { TestimonialWall: IsolatedWall } = (await import(/* @vite-ignore */ `${isolated}${WALL_MODULE}`)) as {
      TestimonialWall: typeof TestimonialWall;
    };
    customElements.define('isolated-testimonial-wall', class extends IsolatedWall {});
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px"></div>`);
    const wall = document.createElement('isolated-testimonial-wall') as TestimonialWall;
    wall.setAttribute('layout', 'carousel');
    wall.testimonials = makeTestimonials(5);
    const warnings = await warningsDuring(async (messages) => {
      box.append(wall);
      await until(() => messages.length > 0, 'a warning about the layout');
      await wall.updateComplete;
    });
    expect(warnings.join('\n')).to.match(/layout=carousel could not be loaded .*showing a list instead/);
    expect(shownIds(wall)).to.have.length(5);
    expect(all(wall, '[role="listitem"]')).to.have.length(5);
    expect(wall.shadowRoot!.querySelector('[aria-busy="true"]'), 'no skeleton is left').to.equal(null);
    expect(part(wall, 'error')).to.equal(null);
  });
});
