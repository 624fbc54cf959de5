import { expect, html, oneEvent } from '@open-wc/testing';
import { mount } from './mount.js';
import { clientForEndpoint, resolveEndpoint } from '../../../src/elements/shared/endpoint-client.js';
import { errorMessage, isAbortError } from '../../../src/elements/shared/events.js';
import { TestimonialElement } from '../../../src/elements/shared/testimonial-element.js';

/** A bare element on the base, to reach its protected `dispatchTestimonialEvent`. */
class EmitProbe extends TestimonialElement {
  fire(...args: Parameters<TestimonialElement['dispatchTestimonialEvent']>): boolean {
    return this.dispatchTestimonialEvent(...args);
  }
}
customElements.define('emit-probe', EmitProbe);
import { nearestLang } from '../../../src/elements/shared/locale.js';

describe('endpoint-client', () => {
  it('resolves endpoints to one absolute form', () => {
    expect(resolveEndpoint('/api')).to.equal(`${location.origin}/api`);
    expect(resolveEndpoint(' /api/ ')).to.equal(`${location.origin}/api`);
    expect(resolveEndpoint(`${location.origin}/api#x`)).to.equal(`${location.origin}/api`);
  });

  it('gives one client per endpoint, whatever its spelling', () => {
    const client = clientForEndpoint('/api');
    expect(clientForEndpoint('/api/')).to.equal(client);
    expect(clientForEndpoint(`${location.origin}/api`)).to.equal(client);
    expect(clientForEndpoint('/other-api')).not.to.equal(client);
    expect(client.baseUrl).to.equal(`${location.origin}/api`);
  });

  it('refuses empty and non-http endpoints with a clear message', () => {
    expect(() => resolveEndpoint('')).to.throw(TypeError, /endpoint is empty/);
    expect(() => resolveEndpoint('javascript:alert(1)')).to.throw(TypeError, /http\(s\)/);
    expect(() => resolveEndpoint('data:text/plain,x')).to.throw(TypeError, /http\(s\)/);
  });

  it('shares one request between widgets asking the same question', async () => {
    const original = window.fetch;
    let calls = 0;
    window.fetch = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Response.json({ id: 'a', customer_name: 'Ada' });
    };
    try {
      const [a, b] = await Promise.all([
        clientForEndpoint('/shared-request-api').getTestimonial('a'),
        clientForEndpoint('/shared-request-api/').getTestimonial('a'),
      ]);
      expect(a.customer_name).to.equal('Ada');
      expect(b.customer_name).to.equal('Ada');
      expect(calls).to.equal(1);
    } finally {
      window.fetch = original;
    }
  });
});

describe('events', () => {
  it('emits a bubbling, composed CustomEvent with its detail', async () => {
    const host = await mount<HTMLDivElement>(html`<div><emit-probe></emit-probe></div>`);
    const heard = oneEvent(document.body, 'testimonial-card-error');
    host.querySelector<EmitProbe>('emit-probe')!.fire('testimonial-card-error', { error: new Error('boom'), message: 'boom' });
    const event = await heard;
    expect(event.detail.message).to.equal('boom');
    expect(event.bubbles && event.composed).to.equal(true);
  });

  it('reads messages and aborts from anything thrown', () => {
    expect(errorMessage(new Error('x'))).to.equal('x');
    expect(errorMessage('y')).to.equal('y');
    expect(errorMessage(null)).to.equal('Something went wrong.');
    expect(isAbortError(new DOMException('stop', 'AbortError'))).to.equal(true);
    expect(isAbortError({ kind: 'aborted' })).to.equal(true);
    expect(isAbortError(new Error('x'))).to.equal(false);
    expect(isAbortError(undefined)).to.equal(false);
  });
});

describe('nearestLang', () => {
  it("finds its own, an ancestor's, or a shadow host's lang", async () => {
    const outer = await mount<HTMLDivElement>(html`<div lang="ar"><span lang="de"><i></i></span><section></section></div>`);
    expect(nearestLang(outer.querySelector('i')!)).to.equal('de');
    expect(nearestLang(outer.querySelector('section')!)).to.equal('ar');
    const host = outer.querySelector('section')!;
    const inner = document.createElement('em');
    host.attachShadow({ mode: 'open' }).append(inner);
    expect(nearestLang(inner)).to.equal('ar');
    outer.setAttribute('lang', '');
    expect(nearestLang(inner)).to.equal(undefined);
  });
});
