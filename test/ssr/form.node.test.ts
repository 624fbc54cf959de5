/**
 * Issue 27 item 3: `renderForm()` writes `<testimonial-form>` with a form that works without
 * JavaScript (a plain POST to `{endpoint}/collect` with the route's field names and a token fetched at
 * render time), in the page's language, and refuses a missing endpoint or an unreachable route clearly.
 * The route is the real one, as `npm start` and the browser tests serve it (scripts/dev-api.ts: the
 * proxy in front of the sandbox).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { renderForm } from '../../src/ssr/index.js';
import { createDevApi } from '../../scripts/dev-api.js';
import { SCRIPT_PAYLOADS } from '../elements/shared/hostile.js';

describe('renderForm()', () => {
  let server: Server;
  let origin: string;
  /** Form tokens asked for: the route keeps no count (its tokens are stateless). */
  let tokensIssued = 0;
  before(async () => {
    const api = createDevApi({ env: {} });
    server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/api/collect') tokensIssued++;
      void api.handle(req, res).then((handled) => handled || res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it("writes a form that posts the route's field names, the token and the consent without JavaScript", async () => {
    tokensIssued = 0;
    const html = await renderForm({ attributes: { endpoint: '/api', required: 'rating' }, endpoint: `${origin}/api` });
    const { document } = new JSDOM(html).window;
    const element = document.querySelector('testimonial-form')!;
    assert.equal(element.getAttribute('endpoint'), '/api');
    const form = element.querySelector('form')!;
    assert.equal(form.getAttribute('method'), 'post');
    assert.equal(form.getAttribute('action'), '/api/collect');
    const names = [...form.querySelectorAll('[name]')].map((control) => control.getAttribute('name'));
    for (const name of [
      'rating',
      'text',
      'customer_name',
      'customer_email',
      'customer_company',
      'customer_tagline',
      'customer_url',
      'consent',
      'website',
      'token',
    ])
      assert.ok(names.includes(name), `${name} is in the form`);
    assert.ok(!names.includes('customer_avatar') && !names.includes('video_url'), 'no upload without JavaScript');
    assert.equal(tokensIssued, 1);
    assert.match(form.querySelector<HTMLInputElement>('[name=token]')!.value, /^[\w.-]{20,}$/);
    assert.match(form.textContent!, /Fieldnote may publish/);
    assert.equal(form.querySelector('[name=customer_email]')!.getAttribute('autocomplete'), 'email');
    assert.ok(form.querySelector('[name=customer_name]')!.hasAttribute('required'));
    assert.ok(form.querySelector('[name=rating]')!.hasAttribute('required'));
    assert.ok(!form.querySelector('[name=text]')!.hasAttribute('required'));
    assert.equal(form.querySelector('label[for=testimonial-form-name]')!.textContent, 'Your name (required)');
  });

  it("writes its words in the page's language, right to left where it is", async () => {
    const html = await renderForm({ attributes: { endpoint: '/api', lang: 'ar', fields: 'name' }, endpoint: `${origin}/api` });
    const form = new JSDOM(html).window.document.querySelector('form')!;
    assert.equal(form.getAttribute('dir'), 'rtl');
    assert.match(form.textContent!, /اسمك/);
    const german = await renderForm({ attributes: { endpoint: '/api', lang: 'de', fields: 'name' }, endpoint: `${origin}/api` });
    assert.match(german, /Kundenstimme senden/);
  });

  it('escapes what it writes: a hostile consent sentence or attribute is text', async () => {
    for (const hostile of SCRIPT_PAYLOADS) {
      const html = await renderForm({
        attributes: { endpoint: '/api', consent: hostile, fields: `name ${hostile}` },
        endpoint: `${origin}/api`,
      });
      const { document } = new JSDOM(html).window;
      assert.equal(document.querySelectorAll('script, img, iframe, svg, [onerror], [onload]').length, 0, hostile);
      assert.equal(document.querySelector('label[for=testimonial-form-consent]')!.textContent, hostile);
    }
  });

  it('refuses a missing endpoint and a route that is not there, naming them', async () => {
    await assert.rejects(renderForm({ attributes: { endpoint: '' } }), /attributes\.endpoint is required/);
    await assert.rejects(renderForm({ attributes: { endpoint: '/api' }, endpoint: `${origin}/not-the-proxy` }), /404/);
  });
});
