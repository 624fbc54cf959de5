/**
 * A module loaded on first need (a chunk of its own): the first `load()` imports it, every later one
 * shares that import, and a failed import is forgotten so that a later `load()` tries again (a flaky
 * network, or a deploy that replaced the chunk, may let the next attempt through).
 */
export interface LazyModule<T> {
  /** What the import gave, once it has; `undefined` before (and after a failure). */
  readonly loaded?: T;
  /** Imports the module once; rejects with the import's error when it could not be loaded. */
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  // `loaded` is written on success only: left out here, it reads `undefined` before (-3 B gzip).
  const lazy: { loaded?: T; load(): Promise<T> } = {
    load() {
      pending ??= importer().then(
        (value) => (lazy.loaded = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return lazy;
}
