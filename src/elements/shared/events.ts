/**
 * Typed custom events of the elements: every custom event's name is written once, here, in
 * {@link TestimonialEventDetails} with its `detail` type. From that one list come the events' exported
 * types, the global event maps (`GlobalEventHandlersEventMap`, so a listener on an element, on
 * `document` or on `window` is typed: the events bubble and are composed), the checks of the base
 * element's `dispatchTestimonialEvent` (shared/testimonial-element.ts), and the
 * framework typings' events (src/types/elements.ts).
 *
 * The naming scheme: an element's own event is its tag name, a dash and what happened
 * (`testimonial-card-load`, `testimonial-wall-error`, `testimonial-summary-dismiss`), so events of
 * different elements can never be confused and a listener on an ancestor knows who spoke. Where the
 * platform has a name for the same thing, the element keeps it (`toggle` on the card; `play`, `pause`,
 * `ended`, `error`… on the video player). Each event has an exported type (`TestimonialCardLoadEvent`)
 * and a typed `@fires` in its element's JSDoc, so the manifest and the framework typings carry it.
 */
import type { SummaryData } from '../../client/summary.js';
import type { Testimonial } from '../../client/types.js';
import type { CollectSubmission } from '../../client/collect.js';

export interface TestimonialEventDetails {
  /** `<testimonial-card>` fetched its testimonial. */
  'testimonial-card-load': { testimonial: Testimonial };
  /** `<testimonial-card>` could not fetch its testimonial. */
  'testimonial-card-error': { error: unknown; message: string };
  /** `<testimonial-wall>` received a page; `testimonials` are the ones it added. */
  'testimonial-wall-load': { testimonials: Testimonial[]; page: number };
  /** `<testimonial-wall>` could not load a page (or has an unusable endpoint). */
  'testimonial-wall-error': { error: unknown; message: string; page: number };
  /** `<testimonial-summary>` received its summary. */
  'testimonial-summary-load': { summary: SummaryData };
  /** `<testimonial-summary>` could not load its summary (or has an unusable endpoint). */
  'testimonial-summary-error': { error: unknown; message: string };
  /** The visitor closed the floating `<testimonial-summary>` (remembered for the visit). */
  'testimonial-summary-dismiss': Record<string, never>;
  /**
   * `<testimonial-form>` is about to send what the visitor wrote (the token aside); cancelable: a
   * listener that calls `preventDefault()` stops it, with everything kept.
   */
  'testimonial-form-submit': { submission: Omit<CollectSubmission, 'token'> };
  /** `<testimonial-form>` sent it: `id` of the testimonial created (pending until the operator approves it). */
  'testimonial-form-success': { id: string; status: string };
  /** `<testimonial-form>` could not send it, or an upload failed; `code` and `field` are the route's, when it said. */
  'testimonial-form-error': { error: unknown; message: string; code?: string | undefined; field?: string | undefined };
}

export type TestimonialEventName = keyof TestimonialEventDetails;

export type TestimonialEvent<K extends TestimonialEventName> = CustomEvent<TestimonialEventDetails[K]>;

/** Every custom event of the elements, by name: what the global event maps get. */
export type TestimonialEventMap = { [K in TestimonialEventName]: TestimonialEvent<K> };

/** `testimonial-card-load`: the card fetched its testimonial and shows it. */
export type TestimonialCardLoadEvent = TestimonialEvent<'testimonial-card-load'>;
/** `testimonial-card-error`: the card could not fetch its testimonial. */
export type TestimonialCardErrorEvent = TestimonialEvent<'testimonial-card-error'>;
/** `testimonial-wall-load`: a page arrived. */
export type TestimonialWallLoadEvent = TestimonialEvent<'testimonial-wall-load'>;
/** `testimonial-wall-error`: a page could not be loaded (or the endpoint is unusable). */
export type TestimonialWallErrorEvent = TestimonialEvent<'testimonial-wall-error'>;
/** `testimonial-summary-load`: the summary arrived. */
export type TestimonialSummaryLoadEvent = TestimonialEvent<'testimonial-summary-load'>;
/** `testimonial-summary-error`: the summary could not be loaded (or the endpoint is unusable). */
export type TestimonialSummaryErrorEvent = TestimonialEvent<'testimonial-summary-error'>;
/** `testimonial-summary-dismiss`: the visitor closed the floating summary. */
export type TestimonialSummaryDismissEvent = TestimonialEvent<'testimonial-summary-dismiss'>;

/** `testimonial-form-submit`: the form is about to send (cancelable). */
export type TestimonialFormSubmitEvent = TestimonialEvent<'testimonial-form-submit'>;
/** `testimonial-form-success`: the testimonial was created (pending). */
export type TestimonialFormSuccessEvent = TestimonialEvent<'testimonial-form-success'>;
/** `testimonial-form-error`: sending or an upload failed (everything typed is kept). */
export type TestimonialFormErrorEvent = TestimonialEvent<'testimonial-form-error'>;

/** A readable message from whatever was thrown: an `Error`'s message, or a generic sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return 'Something went wrong.';
}

/** Whether an error only says a request was cancelled (by an `AbortSignal`), which is not a failure. */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, kind } = error as { name?: unknown; kind?: unknown };
  return name === 'AbortError' || kind === 'aborted';
}

declare global {
  // Heard on the elements, on `document` and on `window` alike (`HTMLElementEventMap`,
  // `DocumentEventMap` and `WindowEventMap` all extend this map).
  interface GlobalEventHandlersEventMap extends TestimonialEventMap {}
}
