/**
 * The base of every element (`<testimonial-wall>`, `<testimonial-card>`, `<testimonial-summary>`,
 * `<video-testimonial>`): what they all do the same way, written once.
 */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { WidgetReadClient } from '../../client/client.js';
import { clientForEndpoint } from './endpoint-client.js';
import { errorMessage, type TestimonialEventDetails, type TestimonialEventName } from './events.js';
import { dateFormat, isRightToLeft } from './locale.js';
import { lazyModule } from './lazy-module.js';
import { language, words, type Language, type Translation, type Words } from './localize.js';
import { warn, type WarnFn } from './warnings.js';

const focusRule = lazyModule(() => import('./focus-rule.js'));

/** The elements' error events: `detail.error` and `detail.message`, and what else each adds. */
type ErrorEventName = 'testimonial-card-error' | 'testimonial-wall-error' | 'testimonial-summary-error';

/**
 * An event that bubbles and crosses shadow roots. Made out here: the manifest analyzer would take a
 * `new CustomEvent(name…)` in the class for an event named `name` of every element.
 */
const composedEvent = (name: string, detail: unknown): CustomEvent => new CustomEvent(name, { bubbles: true, composed: true, detail });

/**
 * How an element renders on the server (`testimonial-elements/ssr`), in the spirit of Mux's
 * `getTemplateHTML`: what its shadow root needs beyond its own styles, which the browser would set
 * through CSSOM or adopt later.
 */
export interface ServerShadow {
  /** Rules written after the element's styles (values the browser sets through CSSOM). */
  css?: string;
  /** The name of a further sheet the server adds to the element's (the wall's moving layouts). */
  sheet?: 'moving-layouts';
}

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
  static override properties: PropertyDeclarations = {
    strings: { attribute: false },
  };

  /**
   * Words to use instead of the built-in ones of the element's language, for this element alone (a
   * wall hands them to its cards; see `registerTranslation` for a whole page): `{ 'Read more': 'Continue reading' }`.
   */
  strings: Partial<Translation> | undefined;

  /** The element's words, in its language; it re-renders when they change. @internal */
  protected readonly w: Words = words(this, () => this.currentLanguage);

  /** The language of this update's words and render, worked out before each update. @internal */
  protected currentLanguage!: Language;

  /** Reports a problem with this element on the console, once per code (`TE-…`). @internal */
  protected readonly reportProblem: WarnFn = (code, message) => warn(this, code, message);

  /** Why `endpoint` is unusable (see `endpointClient`); `undefined` while it is fine or not set. @internal */
  protected configError: unknown;

  /** What the live region says; set through `announce()`. @internal */
  protected announcement?: string;

  /** The language `announcement` was said in: once the element's changes, it is no longer said. @internal */
  private announcedIn: string | undefined;

  /** Whether "Try again" is at work: the error state stays, its button busy, until the answer. @internal */
  protected retrying = false;

  /**
   * The height of the skeleton the element showed while loading (the box that holds its `aria-busy`
   * part: the card's skeleton, the wall's), in px, as last laid out: the least height of what takes its
   * place, so what follows moves neither down nor up. @internal
   */
  protected skeletonHeight = 0;

  /** Tells `skeletonHeight` after each layout of the skeleton shown; made for the first one. */
  private skeletonWatcher: ResizeObserver | undefined;

  /**
   * Called by the server renderer (`testimonial-elements/ssr`) with the data it renders the element
   * from, as the browser reads it from the data island (see take-over.ts); nothing by default.
   * @internal
   */
  takeServerData?(data: unknown): void;

  /** What the server writes in the element's shadow root besides its styles (see ServerShadow). @internal */
  static serverShadow?(element: TestimonialElement): ServerShadow;

  // The language comes first: every update's words, templates and announcements are in it (on the
  // server too, where Lit's renderer calls willUpdate but not update).
  protected override willUpdate(_changed: PropertyValues): void {
    this.currentLanguage = language(this);
  }

  // The skeleton's height is watched, not read as it gives way: read in willUpdate (getBoundingClientRect),
  // each card and wall whose data came in the same task laid the page out anew after the one before had
  // changed it (on the demo's walls page at 4× CPU, 69 such layouts took 255 ms of the first second).
  // The box that gave way is let go, its height kept; one that leaves the page with its element (height 0
  // meanwhile) is measured again when they come back. Never on the server, where nothing is rendered.
  protected override update(changed: PropertyValues): void {
    super.update(changed);
    this.skeletonWatcher?.disconnect();
    const box = this.renderRoot.querySelector('[aria-busy]')?.parentElement;
    if (box)
      (this.skeletonWatcher ??= new ResizeObserver((entries) => {
        this.skeletonHeight = entries[0]!.contentRect.height;
        // The locale data that the cards' numbers and dates need loads in a task of its own after the
        // skeleton's frame, while the data is on its way: not before the first paint (a skeleton formats
        // nothing), nor in the first cards' render (see numberFormat).
        setTimeout(dateFormat, 0, this.currentLanguage.requested);
      })).observe(box);
  }

  /** `rtl` when the element's words are written right to left (the page's direction holds otherwise). @internal */
  protected get wordsDir(): 'rtl' | typeof nothing {
    return isRightToLeft(this.currentLanguage.lang) ? 'rtl' : nothing;
  }

  /**
   * Dispatches one of the elements' events, typed by its name (events.ts): it bubbles and crosses
   * shadow roots, so a listener on a page that holds a wall hears its cards.
   * @internal
   */
  protected dispatchTestimonialEvent<K extends TestimonialEventName>(name: K, detail: TestimonialEventDetails[K]): boolean {
    return this.dispatchEvent(composedEvent(name, detail));
  }

  /**
   * A failure, told to each in their way: the reader a sentence (`told`, politely), the developer the
   * detail on the console (`code`: `sentence`, ending in a space, and the error's message, in English whatever the
   * reader's language), and listeners the element's error event (`detail` beside `error` and `message`).
   * @internal
   */
  protected tellFailure<K extends ErrorEventName>(
    event: K,
    error: unknown,
    code: string,
    sentence: string,
    told: string | undefined,
    detail: Omit<TestimonialEventDetails[K], 'error' | 'message'>,
  ): void {
    const message = errorMessage(error);
    if (told) this.announce(told);
    this.reportProblem(code, sentence + message);
    this.dispatchTestimonialEvent(event, { error, message, ...detail } as TestimonialEventDetails[K]);
  }

  /**
   * The page-wide client of `endpoint`; `undefined` when none is set, or, once reported (console and
   * `event`, the first time), when it is unusable: `configError` says why.
   * @internal
   */
  protected endpointClient<K extends ErrorEventName>(
    endpoint: string | null | undefined,
    event: K,
    detail: Omit<TestimonialEventDetails[K], 'error' | 'message'>,
  ): WidgetReadClient | undefined {
    if (endpoint == null) return undefined;
    try {
      return clientForEndpoint(endpoint);
    } catch (error) {
      if (this.configError === undefined) this.tellFailure(event, error, 'TE-INVALID-ENDPOINT', '', undefined, detail);
      this.configError = error;
      return undefined;
    }
  }

  /**
   * Tells screen readers `text` politely; the same words again (a retry that failed again) are said
   * again: they differ by a no-break space, so the live region changes.
   * @internal
   */
  protected announce(text: string): void {
    this.announcement = text && text === this.announcement ? `${text}\u00a0` : text;
    this.announcedIn = this.currentLanguage.lang;
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
    return html`<div part="error" class="message ${classes}" lang=${this.currentLanguage.lang} dir=${this.wordsDir}>
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
    const { lang } = this.currentLanguage;
    return html`<div class="visually-hidden" role="status" lang=${lang}>${this.announcedIn === lang ? this.announcement : ''}</div>`;
  }
}
