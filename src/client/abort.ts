/**
 * AbortSignal helpers. The client never relies on a `fetch` or a `sleep` to honour a signal by itself:
 * every wait is raced against the signal, so an abort ends the caller's wait at once even with a stub
 * `fetch` that ignores signals.
 */

/** What an aborted call rejects with: the signal's reason, as `fetch` does (an `AbortError` by default). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Settles like `promise`, or rejects with the abort reason as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Waits `ms` milliseconds; the signal is for implementations that can cancel their timer. */
export type SleepFunction = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

/** The default sleep: a timer that is cleared when the signal aborts. */
export const timerSleep: SleepFunction = (ms, signal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', clear);
      resolve();
    }, ms);
    // The rejection comes from raceAbort; here the timer only has to stop holding the event loop.
    const clear = () => clearTimeout(timer);
    signal?.addEventListener('abort', clear, { once: true });
  });

/** Makes `target` abort when `source` aborts; returns the function that undoes the link. */
export function forwardAbort(source: AbortSignal | undefined, target: AbortController): () => void {
  if (!source) return () => {};
  if (source.aborted) {
    target.abort(abortReason(source));
    return () => {};
  }
  const onAbort = () => target.abort(abortReason(source));
  source.addEventListener('abort', onAbort, { once: true });
  return () => source.removeEventListener('abort', onAbort);
}
