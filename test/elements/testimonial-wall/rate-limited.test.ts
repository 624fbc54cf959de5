/**
 * Issue 26, item 2: a proxy's 429 (a visitor's too many new searches, or the cap on upstream calls) is a
 * polite, retryable state, never an alarm or the transport's detail; the wait is the event's.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/testimonial-wall/define.js';
import { createClient } from '../../../src/client/index.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from './fake-api.js';
import { loaded, part, warningsDuring } from './wall-helpers.js';

describe('a wall answered 429 by its proxy', () => {
  it('is the polite error state with "Try again", which loads the wall; the event carries the wait', async () => {
    const api = new FakeApi({ count: 3 });
    let refusals = 1;
    const fetch = async (request: Request): Promise<Response> => {
      if (refusals-- <= 0) return api.fetch(request);
      const error = { status: 429, code: 'rate_limited', message: 'Too many new questions from you in a short time; try again in 7 s.' };
      return new Response(JSON.stringify({ error }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '7' } });
    };
    const client = createClient({ baseUrl: 'https://wall.test/api', fetch, retries: 0 });
    let wall!: TestimonialWall;
    let detail!: { error: { retryAfterMs?: number } };
    await warningsDuring(async () => {
      wall = document.createElement('testimonial-wall') as TestimonialWall;
      wall.client = client;
      const failed = oneEvent(wall, 'testimonial-wall-error');
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(wall);
      detail = (await failed).detail;
      await wall.updateComplete;
    });
    expect(detail.error.retryAfterMs).to.equal(7000);
    const error = part(wall, 'error')!;
    expect(error.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Could not load testimonials. Try again');
    expect(wall.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Could not load testimonials.');
    expect(error.closest('[role="alert"], [aria-live="assertive"]')).to.equal(null);
    part<HTMLButtonElement>(wall, 'retry')!.click();
    await loaded(wall);
    expect(part(wall, 'error')).to.equal(null);
  });
});
