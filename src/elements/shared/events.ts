/**
 * Typed custom events of the elements. Each event name maps to its `detail` type in
 * {@link TestimonialEventDetails}; the map is an interface so each element's module can add its events
 * by declaration merging (`declare module '../shared/events.js' { interface TestimonialEventDetails … }`).
 */
import type { Testimonial } from '../../client/types.js';

export interface TestimonialEventDetails {
  /** `<testimonial-card>` fetched its testimonial. */
  'testimonial-load': { testimonial: Testimonial };
  /** `<testimonial-card>` could not fetch its testimonial. */
  'testimonial-error': { error: unknown; message: string };
}

export type TestimonialEventName = keyof TestimonialEventDetails;

export type TestimonialEvent<K extends TestimonialEventName> = CustomEvent<TestimonialEventDetails[K]>;

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
    'testimonial-load': TestimonialEvent<'testimonial-load'>;
    'testimonial-error': TestimonialEvent<'testimonial-error'>;
  }
}
