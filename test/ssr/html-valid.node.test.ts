/**
 * Server-rendered HTML is valid HTML, checked by a real validator (html-validate, its `standard` and
 * `document` presets: conformance to the HTML standard, for a whole document): the demo page, every
 * layout of the wall, and the hostile corpus.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HtmlValidate } from 'html-validate';
import { serverRenderedPage } from '../../scripts/server-rendered-page.js';
import type { Testimonial } from '../../src/client/types.js';
import { renderCard, renderVideo, renderWall } from '../../src/ssr/index.js';
import { ALL_PAYLOADS } from '../elements/shared/hostile.js';
import { videoTestimonial } from '../elements/testimonial-card/fixtures.js';
import { everyField } from '../elements/testimonial-card/hostile-fields.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

// require-sri is for scripts and styles from other origins; the demo's are its own.
const validator = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:document'], rules: { 'require-sri': 'off' } });

async function assertValid(html: string, what: string): Promise<void> {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((result) =>
    result.messages.map(
      (message) =>
        `${message.ruleId}: ${message.message} (line ${message.line}: ${html.split('\n')[message.line - 1]?.trim().slice(0, 120)})`,
    ),
  );
  assert.deepEqual(messages, [], `${what} is not valid HTML`);
}

function documentWith(body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Server rendering</title></head><body><main><h1>Server rendering</h1><h2>Testimonials</h2>${body}</main></body></html>\n`;
}

describe('server-rendered HTML', () => {
  let server: StaticServer;
  before(async () => {
    server = await startStaticServer();
  });
  after(async () => {
    await server?.close();
  });

  it('the demo page validates', async () => {
    await assertValid(await serverRenderedPage({ api: `${server.origin}/api`, script: '/server-rendered.ts' }), 'the demo page');
  });

  it('every layout of the wall validates', async () => {
    for (const layout of ['masonry', 'grid', 'list', 'carousel', 'marquee']) {
      const wall = await renderWall({ endpoint: `${server.origin}/api`, attributes: { endpoint: '/api', layout, limit: 8, cta: '' } });
      await assertValid(documentWith(wall), `layout=${layout}`);
    }
  });

  it('the hostile corpus validates (a card, a wall, a player)', async () => {
    const hostile = { ...(everyField(() => ALL_PAYLOADS) as Testimonial), id: 'hostile' };
    const html = [await renderCard(hostile), await renderWall({ testimonials: [hostile] }), await renderVideo(videoTestimonial())].join('');
    await assertValid(documentWith(html), 'the hostile corpus');
  });

  it('fails on HTML that is not valid (the validator is awake)', async () => {
    await assert.rejects(assertValid(documentWith('<p><div></p>'), 'broken'), /not valid HTML/);
    await assert.rejects(assertValid(documentWith('<div><?></div>'), 'Lit marker'), /not valid HTML/);
  });
});
