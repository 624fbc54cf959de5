/**
 * Sharing of identical requests while they are in flight, so the widgets of a page that ask the same
 * question cause one request.
 *
 * - Callers with the same key while a request is pending join it instead of starting another.
 * - A caller's own signal detaches only that caller (its promise rejects with the signal's reason at
 *   once); the shared request is aborted only when every caller has gone.
 * - Nothing is kept after the request settles: the next caller starts a fresh request. Caching is the
 *   proxy's and the CDN's job, where `Cache-Control` rules it.
 * - Each caller gets its own copy of the value, so one widget that mutates its data cannot change
 *   another's.
 */
import { abortReason } from './abort.js';

interface SharedRequest<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  callers: number;
}

export class InflightRequests {
  private readonly sharedRequests = new Map<string, SharedRequest<unknown>>();

  /**
   * Joins the pending request under `key`, or starts one with `start`, which receives the signal that
   * aborts when every caller has gone.
   */
  run<T>(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const shared = (this.sharedRequests.get(key) as SharedRequest<T> | undefined) ?? this.startShared(key, start);
    shared.callers++;
    return new Promise<T>((resolve, reject) => {
      let detached = false;
      const onAbort = () => {
        detached = true;
        reject(abortReason(signal!));
        shared.callers--;
        if (shared.callers === 0) {
          this.forgetShared(key, shared);
          shared.controller.abort(abortReason(signal!));
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (value) => {
          if (detached) return;
          signal?.removeEventListener('abort', onAbort);
          try {
            resolve(structuredClone(value));
          } catch (error) {
            reject(error);
          }
        },
        (error: unknown) => {
          if (detached) return;
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private startShared<T>(key: string, start: (signal: AbortSignal) => Promise<T>): SharedRequest<T> {
    const controller = new AbortController();
    const shared: SharedRequest<T> = { promise: start(controller.signal), controller, callers: 0 };
    this.sharedRequests.set(key, shared);
    const settle = () => this.forgetShared(key, shared);
    shared.promise.then(settle, settle);
    return shared;
  }

  private forgetShared(key: string, shared: SharedRequest<unknown>): void {
    // A request aborted by its last caller is forgotten at once, so a later caller can be sharing a
    // newer request under the same key by the time the old one settles.
    if (this.sharedRequests.get(key) === shared) this.sharedRequests.delete(key);
  }
}
