/**
 * The base of every element (`<testimonial-wall>`, `<testimonial-card>`, `<testimonial-summary>`,
 * `<video-testimonial>`): what they all do the same way, written once.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { isRightToLeft } from './locale.js';
import { lazyModule } from './lazy-module.js';
import { words, type Language, type Words } from './localize.js';

const focusRule = lazyModule(() => import('./focus-rule.js'));

/**
 * What every element does the same way.
 *
 * **Focus after an action.** Focus is never dropped to `<body>`. A control whose action takes time
 * stays where it is while it works, busy (`aria-disabled`, "Loading…": "Try again", "Load more"), so
 * focus keeps its place meanwhile. When the outcome removes or replaces the control that has focus,
 * focus goes, in this order, to:
 * 1. the control that takes its place (the same "Try again" after a retry that failed again; the
 *    "Try again" that replaces a "Load more" that failed);
 * 2. what the action brought (the first new testimonial, the card or summary that loaded, the end of
 *    the wall for "Skip testimonials", the toggle of a text that grew or shrank);
 * 3. the element itself, as a place in the page (dismissing the floating summary), so the next Tab
 *    goes on from where the control was;
 * and the element focused is brought into view (a long text expanded, a page loaded above it). Focus
 * the visitor moved elsewhere meanwhile is left alone. An element that is not a Tab stop is one while
 * it holds focus (Chromium would otherwise go on, from an element with `tabindex="-1"` in a shadow
 * tree, to the tree's first Tab stop), and stops being one when focus leaves it.
 *
 * **The error state.** A sentence for the reader and, where asking again can help, a "Try again"
 * button (`part="error"`, `part="retry"`). What went wrong in detail (HTTP status, URL) is the
 * developer's, on the console and in the element's event. The reader is told through the element's
 * one polite live region (a page or a summary that did not load is no emergency: never `role="alert"`),
 * and told again when a retry fails again.
 */
export class TestimonialElement extends LitElement {
  /** The element's words, in its language; it re-renders when they change. @internal */
  protected readonly w: Words = words(this);

  /** The language this render is in: each element sets it first thing in `render()`, from `language(this)`. @internal */
  protected locale!: Language;

  /** What the live region says; set through `announce()`. @internal */
  protected announcement = '';

  /** The language `announcement` was said in: once the element's changes, it is no longer said. @internal */
  private announcedIn: string | undefined;

  /** Whether "Try again" is at work: the error state stays, its button busy, until the answer. @internal */
  protected retrying = false;

  /**
   * Tells screen readers `text` politely; the same words again (a retry that failed again) are said
   * again: they differ by a no-break space, so the live region changes.
   * @internal
   */
  protected announce(text: string): void {
    this.announcement = text && text === this.announcement ? `${text}\u00a0` : text;
    this.announcedIn = this.locale.lang;
    this.requestUpdate();
  }

  /**
   * Runs `action`, started from a control of this element, then applies the focus rule (see the
   * class): when focus was in the element and is now in it or nowhere, `next()` (or the element
   * itself) gets it and is brought into view.
   * @internal
   */
  protected async keepFocus(action: unknown, next: () => Element | null | undefined): Promise<void> {
    const had = this.shadowRoot?.activeElement;
    // Loaded alongside the action; should it fail, focus stays where the action left it.
    const rule = focusRule.load().catch(() => undefined);
    await action;
    await this.updateComplete;
    if (had) (await rule)?.moveFocus(this, next());
  }

  /** "Try again": asks again with the error state kept (its button busy), then moves focus by the rule. @internal */
  protected async retry(ask: () => Promise<unknown>, brought: () => Element | null | undefined): Promise<void> {
    if (this.retrying) return;
    this.retrying = true;
    await this.keepFocus(
      ask().finally(() => {
        this.retrying = false;
        this.requestUpdate();
      }),
      () => this.renderRoot.querySelector('[part=retry]') ?? brought(),
    );
  }

  /**
   * The error state, in this render's language: the sentence, and "Try again" when `onRetry` is given,
   * busy while retrying. `classes` are added to its `message` class.
   * @internal
   */
  protected renderError(text: string, onRetry?: () => void, classes = ''): TemplateResult {
    const { w } = this;
    const { lang } = this.locale;
    return html`<div part="error" class="message ${classes}" lang=${lang} dir=${isRightToLeft(lang) ? 'rtl' : nothing}>
      <span>${text}</span>
      ${
        onRetry
          ? html`<button type="button" part="retry" aria-disabled=${this.retrying || nothing} @click=${() => this.retrying || onRetry()}>
              ${w(this.retrying ? 'Loading…' : 'Try again')}
            </button>`
          : nothing
      }
    </div>`;
  }

  /** The element's one polite live region. @internal */
  protected renderLiveRegion(): TemplateResult {
    // A language change leaves nothing behind in the old language (what was said was heard then).
    const { lang } = this.locale;
    return html`<div class="visually-hidden" role="status" lang=${lang}>${this.announcedIn === lang ? this.announcement : ''}</div>`;
  }
}
