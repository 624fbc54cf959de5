/**
 * Issue 28, items 1 to 4, 7, 8 and 14: focus is never dropped to <body> after an action, whatever the
 * element (the rule of TestimonialElement), and a failure is told politely, again when a retry fails
 * again. Keyboard actions go through the browser (sendKeys), as a visitor's would.
 */
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/testimonial-card/define.js';
import '../../../src/elements/testimonial-summary/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import type { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { TestimonialSummary } from '../../../src/elements/testimonial-summary/testimonial-summary.js';
import type { TestimonialWall } from '../../../src/elements/testimonial-wall/testimonial-wall.js';
import { sampleTestimonial } from '../testimonial-card/fixtures.js';
import { FakeApi } from '../testimonial-wall/fake-api.js';
import { frames, loaded, until } from '../testimonial-wall/wall-helpers.js';
import { mount } from './mount.js';

type Element_ = HTMLElement & { updateComplete: Promise<unknown> };

function part<T extends Element = HTMLElement>(host: Element, name: string): T | null {
  return host.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

/** What the element's live region says. */
function told(host: Element): string {
  return host.shadowRoot!.querySelector('[role="status"]')?.textContent ?? '';
}

/** The element inside `host`'s shadow root that has focus (null: focus is not in it). */
function focusedIn(host: Element): Element | null {
  return host.shadowRoot!.activeElement;
}

/** An element in words (`button[part=retry]`), for assertions on focus: chai would print whole DOM trees. */
function named(element: Element | null | undefined): string {
  if (!element) return 'nothing';
  const part = element.getAttribute('part');
  return `${element.localName}${part ? `[part=${part}]` : ''}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight && box.height > 0;
}

/** Presses Enter on `control` (focused first), as a keyboard user would. */
async function enterOn(control: HTMLElement): Promise<void> {
  control.focus();
  await sendKeys({ press: 'Enter' });
}

/** Answers fetches of URLs under `prefix` in turn from `answers` (the last repeats); `hold()` holds them until `release()`. */
function answerFetch(prefix: string, answers: (() => Response)[]): { hold(): void; release(): void; restore(): void } {
  const original = window.fetch;
  let gate = Promise.resolve();
  let open = () => {};
  let count = 0;
  window.fetch = async (input, init) => {
    if (!new URL(new Request(input, init).url).pathname.startsWith(prefix)) return original(input, init);
    const answer = answers[Math.min(count++, answers.length - 1)]!;
    await gate;
    return answer();
  };
  const release = () => open();
  return {
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    release,
    restore: () => {
      release();
      window.fetch = original;
    },
  } as { hold(): void; release(): void; restore(): void };
}

// 404: a status the client does not retry, so each failure shows at once.
const failure = () => Response.json({ error: { status: 404, code: 'not_found', message: 'Failed on purpose.' } }, { status: 404 });

/**
 * "Try again" on an element whose request fails: focus stays on the button while it asks again, and
 * after it failed again; the reader is told the failure again. `release` lets held answers go.
 */
async function retryFailsAgain(host: Element_, sentence: string, hold: () => void, release: () => void): Promise<void> {
  await until(() => part(host, 'retry'), 'the error state');
  await host.updateComplete;
  expect(told(host)).to.contain(sentence);
  expect(host.shadowRoot!.querySelector('[role="alert"], [aria-live="assertive"]'), 'nothing assertive').to.equal(null);
  const before = told(host);
  hold();
  await enterOn(part(host, 'retry')!);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(part(host, 'retry'), '"Try again" while retrying').to.exist;
  expect(named(focusedIn(host)), 'focus while retrying').to.equal(named(part(host, 'retry')));
  expect(part(host, 'retry')!.getAttribute('aria-disabled')).to.equal('true');
  release();
  await until(() => part(host, 'retry')?.getAttribute('aria-disabled') !== 'true', 'the retry to fail again');
  await host.updateComplete;
  expect(named(document.activeElement), 'not <body>').to.equal(named(host));
  expect(named(focusedIn(host)), 'focus after failing again').to.equal(named(part(host, 'retry')));
  expect(told(host)).to.contain(sentence).and.not.equal(before);
}

describe('focus after an action, and failures told politely', function () {
  this.timeout(20000);
  afterEach(() => sessionStorage.clear());

  it('wall: "Try again" keeps focus while retrying and when it fails again; on success the first testimonial has it', async () => {
    const api = new FakeApi({ count: 3 });
    api.failNext = 2;
    const wall = await mount<TestimonialWall>(html`<testimonial-wall .client=${api.client()} layout="list"></testimonial-wall>`);
    await retryFailsAgain(
      wall,
      'Could not load testimonials.',
      () => api.hold(),
      () => api.release(),
    );
    await enterOn(part(wall, 'retry')!);
    await until(() => focusedIn(wall)?.matches('.item'), 'focus on the first testimonial');
    expect(focusedIn(wall) === wall.shadowRoot!.querySelector('.item'), 'the first testimonial').to.equal(true);
  });

  it('wall: a failed "Load more" hands focus to "Try again", whose success focuses the first new testimonial', async () => {
    const api = new FakeApi({ count: 8 });
    const wall = await mount<TestimonialWall>(html`<testimonial-wall .client=${api.client()} layout="list" limit="4"></testimonial-wall>`);
    await loaded(wall);
    api.failNext = 2;
    await enterOn(part(wall, 'load-more')!);
    await until(() => part(wall, 'retry'), 'the error');
    await wall.updateComplete;
    expect(named(document.activeElement)).to.equal(named(wall));
    expect(named(focusedIn(wall))).to.equal(named(part(wall, 'retry')));
    await retryFailsAgain(
      wall,
      'Could not load more testimonials.',
      () => api.hold(),
      () => api.release(),
    );
    await enterOn(part(wall, 'retry')!);
    await until(() => wall.shadowRoot!.querySelectorAll('.item').length === 8 && focusedIn(wall)?.matches('.item'), 'the new page');
    expect(focusedIn(wall) === wall.shadowRoot!.querySelectorAll('.item')[4], 'the first new testimonial').to.equal(true);
  });

  it('card fetched by a missing id: "Try again" keeps focus, and the card that loads takes it', async () => {
    const answers = answerFetch('/flaky-card/', [failure, failure, () => Response.json(sampleTestimonial())]);
    try {
      const card = await mount<TestimonialCard>(
        html`<testimonial-card endpoint="/flaky-card" testimonial-id="6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11"></testimonial-card>`,
      );
      await retryFailsAgain(card, 'This testimonial could not be loaded.', answers.hold, answers.release);
      await enterOn(part(card, 'retry')!);
      await until(() => part(card, 'card'), 'the card');
      await until(() => focusedIn(card) === part(card, 'card'), 'focus on the card');
    } finally {
      answers.restore();
    }
  });

  it('summary that fails: polite, never role="alert"; "Try again" keeps focus; the summary that loads takes it', async () => {
    const summary = { count: 3, rated: 3, average: 4, distribution: { 4: 3 }, integrations: {}, recent: [], partial: false };
    const answers = answerFetch('/flaky-summary/', [failure, failure, () => Response.json(summary)]);
    try {
      const el = await mount<TestimonialSummary>(html`<testimonial-summary endpoint="/flaky-summary"></testimonial-summary>`);
      await retryFailsAgain(el, 'Could not load the reviews summary.', answers.hold, answers.release);
      await enterOn(part(el, 'retry')!);
      await until(() => part(el, 'summary'), 'the summary');
      await until(() => focusedIn(el) === part(el, 'summary'), 'focus on the summary');
    } finally {
      answers.restore();
    }
  });

  for (const how of ['its close button', 'Escape on its link'] as const) {
    it(`dismissing the floating summary (${how}) keeps focus at its place: the next Tab goes on after it`, async () => {
      const box = await mount<HTMLDivElement>(html`<div>
        <button id="before">Before</button>
        <testimonial-summary
          placement="bottom-end"
          href="https://example.com/reviews"
          .summary=${{ count: 2, rated: 2, average: 5, distribution: { 5: 2 }, integrations: {}, recent: [], partial: false }}
        ></testimonial-summary>
        <button id="after">After</button>
      </div>`);
      const el = box.querySelector('testimonial-summary')!;
      await until(() => part(el, 'link'), 'the summary');
      if (how === 'its close button') await enterOn(part(el, 'close')!);
      else {
        part(el, 'link')!.focus();
        await sendKeys({ press: 'Escape' });
      }
      await until(() => !part(el, 'close'), 'the dismissal');
      await el.updateComplete;
      expect(named(document.activeElement), 'not <body>').to.equal(named(el));
      await sendKeys({ press: 'Tab' });
      expect(named(document.activeElement)).to.equal(named(box.querySelector('#after')));
    });
  }

  for (const limit of [8, 12]) {
    // Twelve make two slices: the second skips rendering out of view at an assumed height, and drawn at
    // its own as the end came into view, it pushed the end out of view again (it did on main).
    it(`scroll paging: "Skip testimonials" takes focus past a wall of ${limit}, and no page loads under it to push it away`, async () => {
      const api = new FakeApi({ count: 24 });
      const wall = await mount<TestimonialWall>(
        html`<testimonial-wall .client=${api.client()} layout="list" paging="scroll" limit=${limit} style="--testimonial-wall-item-size: 12rem"></testimonial-wall>`,
      );
      await loaded(wall);
      await frames(4);
      expect(api.queries, 'one page while the end is out of view').to.have.length(1);
      await enterOn(part(wall, 'skip')!);
      const end = wall.shadowRoot!.querySelector('span.skip')!;
      expect(named(focusedIn(wall))).to.equal(named(end));
      await new Promise((resolve) => setTimeout(resolve, 800));
      await wall.updateComplete;
      expect(named(focusedIn(wall)), 'focus stays at the end').to.equal(named(end));
      expect(inViewport(end), 'the end in view').to.equal(true);
      expect(api.queries, 'no page loaded under the focus').to.have.length(1);
    });
  }

  it('"Read more" on a very long text keeps "Show less" in view, and back', async () => {
    const card = await mount<TestimonialCard>(
      html`<testimonial-card .testimonial=${sampleTestimonial({ text: 'Long words, said at length. '.repeat(400) })}></testimonial-card>`,
    );
    await until(() => part(card, 'read-more'), 'the toggle');
    await enterOn(part(card, 'read-more')!);
    await until(() => card.expanded, 'the whole text');
    await card.updateComplete;
    await frames(2);
    expect(part(card, 'read-more')!.textContent!.trim()).to.equal('Show less');
    expect(named(focusedIn(card))).to.equal(named(part(card, 'read-more')));
    expect(inViewport(part(card, 'read-more')!), '"Show less" in view').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await until(() => !card.expanded, 'the short text');
    await card.updateComplete;
    await frames(2);
    expect(inViewport(part(card, 'read-more')!), '"Read more" in view').to.equal(true);
  });
});
