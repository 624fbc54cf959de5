/**
 * Issue 13, item 17: when loading fails, a reader gets a short sentence and a retry, told politely;
 * the transport's detail ("HTTP 404 … GET http://…") goes to the console and the event only.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/testimonial-card/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import '../../../src/elements/testimonial-summary/define.js';
import type { TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import { harness } from '../../support/harness/index.js';
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { FakeApi } from '../testimonial-wall/fake-api.js';
import { loaded, part, until, warningsDuring } from '../testimonial-wall/wall-helpers.js';

/** Whether `element` or an ancestor (across shadow roots) is an assertive live region. */
function assertive(element: Element): boolean {
  for (let current: Element | null = element; current;) {
    if (current.getAttribute('role') === 'alert' || current.getAttribute('aria-live') === 'assertive') return true;
    current = current.parentElement ?? (current.getRootNode() as ShadowRoot).host ?? null;
  }
  return false;
}

/** The polite live regions' words in a shadow root. */
function politeWords(root: ShadowRoot): string {
  return [...root.querySelectorAll('[role="status"], [aria-live="polite"]')].map((region) => region.textContent).join(' ');
}

const TRANSPORT = /HTTP|404|GET |http:\/\/|failed on purpose/;

describe('error states speak to readers, not developers', () => {
  it('a wall whose first page fails (HTTP 404): a sentence, a retry, polite; the detail on the console and in the event', async () => {
    let wall!: TestimonialWall;
    let detail!: { message: string };
    const warnings = await warningsDuring(async (messages) => {
      wall = document.createElement('testimonial-wall') as TestimonialWall;
      wall.setAttribute('endpoint', '/api/no-such-proxy');
      const failed = oneEvent(wall, 'testimonial-wall-error');
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(wall);
      detail = (await failed).detail;
      await until(() => messages.length > 0, 'a console warning');
      await wall.updateComplete;
    });
    const error = part(wall, 'error')!;
    expect(error.textContent!.trim()).to.match(/^Could not load testimonials\.\s+Try again$/);
    expect(error.textContent).not.to.match(TRANSPORT);
    expect(part(wall, 'retry')).to.exist;
    expect(assertive(error), 'assertive').to.equal(false);
    expect(politeWords(wall.shadowRoot!)).to.contain('Could not load testimonials.');
    expect(detail.message).to.match(/404/);
    expect(warnings.join('\n')).to.contain(detail.message);
    await expect(wall).to.be.accessible();
  });

  it('a wall whose further page fails says so the same way', async () => {
    const api = new FakeApi({ count: 8 });
    const wall = await fixture<TestimonialWall>(html`<testimonial-wall .client=${api.client()} limit="4"></testimonial-wall>`);
    await loaded(wall);
    api.failNext = 1;
    const warnings = await warningsDuring(async () => {
      const failed = oneEvent(wall, 'testimonial-wall-error');
      part<HTMLButtonElement>(wall, 'load-more')!.click();
      await failed;
      await wall.updateComplete;
    });
    const error = part(wall, 'error')!;
    expect(error.textContent).to.contain('Could not load more testimonials.').and.not.match(TRANSPORT);
    expect(assertive(error)).to.equal(false);
    expect(politeWords(wall.shadowRoot!)).to.contain('Could not load more testimonials.');
    expect(warnings.join('\n')).to.contain('failed on purpose');
  });

  it('a card whose testimonial is not found (HTTP 404): a sentence, a retry, polite; the detail on the console and in the event', async () => {
    let card!: TestimonialCard;
    let detail!: { message: string };
    const warnings = await warningsDuring(async () => {
      card = await fixture<TestimonialCard>(
        html`<testimonial-card endpoint="/api" testimonial-id="00000000-0000-4000-8000-0000000000e4"></testimonial-card>`,
      );
      detail = (await oneEvent(card, 'testimonial-card-error')).detail;
      await card.updateComplete;
    });
    const error = card.shadowRoot!.querySelector('[part="error"]')!;
    expect(error.textContent!.replace(/\s+/g, ' ').trim()).to.equal('This testimonial could not be loaded. Try again');
    expect(assertive(error)).to.equal(false);
    expect(politeWords(card.shadowRoot!)).to.contain('This testimonial could not be loaded.');
    expect(detail.message).to.match(/404/);
    expect(warnings.join('\n')).to.contain(detail.message);
    await expect(card).to.be.accessible();
  });

  it('a summary that cannot load says so the same way: a sentence and a retry, polite; the detail on the console and in the event', async () => {
    let summary!: TestimonialSummary;
    let detail!: { message: string };
    const warnings = await warningsDuring(async (messages) => {
      summary = document.createElement('testimonial-summary');
      summary.setAttribute('endpoint', '/api/no-such-proxy');
      const failed = oneEvent(summary, 'testimonial-summary-error');
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(summary);
      detail = (await failed).detail;
      await until(() => messages.length > 0, 'a console warning');
      await summary.updateComplete;
    });
    const view = harness(summary);
    expect(view.errorText()).to.equal('Could not load the reviews summary. Try again');
    expect(assertive(view.part('error')!)).to.equal(false);
    expect(view.announcement()).to.contain('Could not load the reviews summary.');
    expect(detail.message).to.match(/No route/);
    expect(warnings.join('\n')).to.contain('[testimonial-summary] TE-LOAD-FAILED').and.contain(detail.message);
  });
});
