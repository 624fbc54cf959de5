import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import { mount } from '../shared/mount.js';
import { sampleTestimonial } from './fixtures.js';
import { part, textOf, TestimonialCard } from './helpers.js';

interface HeldRequest {
  request: Request;
  respond(response: Response): void;
}

/** Replaces `fetch` for requests under `/held-api/`: each waits until the test answers it. */
function holdRequests(): { held: HeldRequest[]; restore(): void } {
  const original = window.fetch;
  const held: HeldRequest[] = [];
  window.fetch = (input, init) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.startsWith('/held-api/')) return original(input, init);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
      held.push({ request, respond: resolve });
    });
  };
  return { held, restore: () => (window.fetch = original) };
}

async function card(attrs: string): Promise<TestimonialCard> {
  const wrapper = await mount<HTMLDivElement>(html`<div></div>`);
  wrapper.innerHTML = `<testimonial-card ${attrs}></testimonial-card>`;
  const el = wrapper.querySelector('testimonial-card')!;
  await el.updateComplete;
  return el;
}

let ids = 0;
/** A fresh id per test, so no request is shared with an earlier test's. */
const freshId = () => `card-test-${Date.now()}-${++ids}`;

describe('<testimonial-card> fetching', () => {
  let stub: ReturnType<typeof holdRequests>;
  beforeEach(() => {
    stub = holdRequests();
  });
  afterEach(() => stub.restore());

  it('fetches a testimonial through /api (proxy in front of the sandbox) and fires testimonial-card-load', async () => {
    const list = await (await fetch('/api/testimonials?limit=1&type=text')).json();
    const id: string = list.testimonials[0].id;
    const wrapper = await mount<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement('testimonial-card');
    el.setAttribute('endpoint', '/api');
    el.setAttribute('testimonial-id', id);
    const loaded = oneEvent(el, 'testimonial-card-load');
    wrapper.append(el);
    const event = await loaded;
    expect(event.detail.testimonial.id).to.equal(id);
    expect(textOf(part(el, 'name'))).to.equal(list.testimonials[0].customer_name);
    expect(part(el, 'skeleton')).to.equal(null);
  });

  it('shows a skeleton while loading, then the card', async () => {
    const id = freshId();
    const el = await card(`endpoint="/held-api" testimonial-id="${id}"`);
    const skeleton = part(el, 'skeleton')!;
    // The live region is the element's own, there from the request on (issue 28: the base element's).
    expect(el.shadowRoot!.querySelector('[role="status"]')).to.exist;
    expect(skeleton.getAttribute('aria-busy')).to.equal('true');
    expect(skeleton.getBoundingClientRect().height).to.be.greaterThan(100);
    await waitUntil(() => stub.held.length === 1);
    expect(stub.held[0]!.request.url).to.equal(`${location.origin}/held-api/testimonials/${id}`);
    stub.held[0]!.respond(Response.json(sampleTestimonial({ id })));
    await oneEvent(el, 'testimonial-card-load');
    expect(part(el, 'skeleton')).to.equal(null);
    expect(textOf(part(el, 'name'))).to.equal('Ada Lovelace');
  });

  it('shows a clear error, fires testimonial-card-error, and retries on request', async () => {
    const el = await card(`endpoint="/held-api" testimonial-id="${freshId()}"`);
    await waitUntil(() => stub.held.length === 1);
    const failed = oneEvent(el, 'testimonial-card-error');
    const body = { error: { status: 404, code: 'not_found', message: 'No testimonial with this id.' } };
    stub.held[0]!.respond(Response.json(body, { status: 404 }));
    const event = await failed;
    expect(event.detail.message).to.be.a('string').and.not.equal('');
    await el.updateComplete;
    const error = part(el, 'error')!;
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.include('This testimonial could not be loaded.');
    expect(textOf(error)).to.include('This testimonial could not be loaded.');
    part<HTMLButtonElement>(el, 'retry')!.click();
    await waitUntil(() => stub.held.length === 2);
    stub.held[1]!.respond(Response.json(sampleTestimonial()));
    await oneEvent(el, 'testimonial-card-load');
    expect(part(el, 'error')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('shows an accessible error for an unknown id on the real endpoint', async () => {
    const el = await card(`endpoint="/api" testimonial-id="00000000-0000-4000-8000-000000000000"`);
    await oneEvent(el, 'testimonial-card-error');
    await el.updateComplete;
    expect(part(el, 'error')).not.to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('refuses an endpoint that is not http(s) with a message naming it on the console', async () => {
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    let el!: TestimonialCard;
    try {
      el = await card(`endpoint="javascript:alert(1)" testimonial-id="${freshId()}"`);
      await waitUntil(() => part(el, 'error'));
    } finally {
      console.warn = warn;
    }
    expect(textOf(part(el, 'error'))).to.include('This testimonial could not be loaded.');
    expect(warnings.join()).to.include('must be an http(s) URL');
  });

  it('aborts the stale request when the id changes', async () => {
    const el = await card(`endpoint="/held-api" testimonial-id="${freshId()}"`);
    await waitUntil(() => stub.held.length === 1);
    el.testimonialId = freshId();
    await waitUntil(() => stub.held.length === 2);
    expect(stub.held[0]!.request.signal.aborted).to.equal(true);
    expect(stub.held[1]!.request.signal.aborted).to.equal(false);
    stub.held[1]!.respond(Response.json(sampleTestimonial({ customer_name: 'Second' })));
    await oneEvent(el, 'testimonial-card-load');
    expect(textOf(part(el, 'name'))).to.equal('Second');
  });

  it('aborts the request when given a testimonial instead', async () => {
    const el = await card(`endpoint="/held-api" testimonial-id="${freshId()}"`);
    await waitUntil(() => stub.held.length === 1);
    el.testimonial = sampleTestimonial({ customer_name: 'Given' });
    await el.updateComplete;
    expect(stub.held[0]!.request.signal.aborted).to.equal(true);
    expect(textOf(part(el, 'name'))).to.equal('Given');
  });

  it('aborts the request on disconnect, fires no error, and fetches again on reconnect', async () => {
    const el = await card(`endpoint="/held-api" testimonial-id="${freshId()}"`);
    await waitUntil(() => stub.held.length === 1);
    let errors = 0;
    el.addEventListener('testimonial-card-error', () => errors++);
    const parent = el.parentElement!;
    el.remove();
    expect(stub.held[0]!.request.signal.aborted).to.equal(true);
    await el.updateComplete;
    parent.append(el);
    await waitUntil(() => stub.held.length === 2, 'fetches again when back on the page');
    stub.held[1]!.respond(Response.json(sampleTestimonial()));
    await oneEvent(el, 'testimonial-card-load');
    expect(errors).to.equal(0);
    expect(textOf(part(el, 'name'))).to.equal('Ada Lovelace');
  });

  it('shares one request between cards showing the same testimonial', async () => {
    const id = freshId();
    const wrapper = await mount<HTMLDivElement>(html`<div></div>`);
    wrapper.innerHTML = `<testimonial-card endpoint="/held-api" testimonial-id="${id}"></testimonial-card>
      <testimonial-card endpoint="${location.origin}/held-api/" testimonial-id="${id}"></testimonial-card>`;
    const [a, b] = [...wrapper.querySelectorAll('testimonial-card')];
    await waitUntil(() => stub.held.length === 1);
    stub.held[0]!.respond(Response.json(sampleTestimonial({ id })));
    await Promise.all([oneEvent(a!, 'testimonial-card-load'), oneEvent(b!, 'testimonial-card-load')]);
    expect(stub.held.length).to.equal(1);
  });
});
