/**
 * Typed custom events of the elements. Each event name maps to its `detail` type in
 * {@link TestimonialEventDetails}; the map is an interface so each element's module can add its events
 * by declaration merging (`declare module '../shared/events.js' { interface TestimonialEventDetails … }`).
 *
 * The naming scheme: an element's own event is its tag name, a dash and what happened
 * (`testimonial-card-load`, `testimonial-wall-error`, `testimonial-summary-dismiss`), so events of
 * different elements can never be confused and a listener on an ancestor knows who spoke. Where the
 * platform has a name for the same thing, the element keeps it (`toggle` on the card; `play`, `pause`,
 * `ended`, `error`… on the video player). Each event has an exported type (`TestimonialCardLoadEvent`)
 * and a typed `@fires` in its element's JSDoc, so the manifest and the framework typings carry it.
 */
import type { Testimonial } from '../../client/types.js';

export interface TestimonialEventDetails {
  /** `<testimonial-card>` fetched its testimonial. */
  'testimonial-card-load': { testimonial: Testimonial };
  /** `<testimonial-card>` could not fetch its testimonial. */
  'testimonial-card-error': { error: unknown; message: string };
}

export type TestimonialEventName = keyof TestimonialEventDetails;

export type TestimonialEvent<K extends TestimonialEventName> = CustomEvent<TestimonialEventDetails[K]>;

/** `testimonial-card-load`: the card fetched its testimonial and shows it. */
export type TestimonialCardLoadEvent = TestimonialEvent<'testimonial-card-load'>;
/** `testimonial-card-error`: the card could not fetch its testimonial. */
export type TestimonialCardErrorEvent = TestimonialEvent<'testimonial-card-error'>;

/**
 * Dispatches a `CustomEvent` that bubbles and crosses shadow roots (so a listener on a page that holds
 * a wall hears its cards). Returns `false` when a listener called `preventDefault()` on a cancelable event.
 */
export function emit<K extends TestimonialEventName>(
  host: EventTarget,
  name: K,
  detail: TestimonialEventDetails[K],
  init: Omit<CustomEventInit, 'detail'> = {},
): boolean {
  return host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, ...init, detail }));
}

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
  interface HTMLElementEventMap {
    'testimonial-card-load': TestimonialCardLoadEvent;
    'testimonial-card-error': TestimonialCardErrorEvent;
  }
}
