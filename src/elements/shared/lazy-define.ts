/**
 * Elements defined on first use: a page that never shows a video never downloads the player.
 *
 * A define module registers how to load an element (`defineOnFirstUse`); whoever renders the tag in a
 * shadow root, where a document observer cannot see it, asks for it (`requestDefinition`). Tags in the
 * light DOM (a `<video-testimonial>` written in the page) are found by `loadWhenUsedInDocument`.
 */

import { lazyModule, type LazyModule } from './lazy-module.js';

/**
 * Registers `element` under `tag`, the guard of every define module: when another definition already
 * holds the tag (a second copy of this library, or another library that chose the name) that one stays,
 * and a warning (`TE-TAG-TAKEN`) says this one was not registered, instead of the platform's exception.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (customElements.get(tag)) console.warn(`[${tag}] TE-TAG-TAKEN: the tag is taken; this one is not registered.`);
  else customElements.define(tag, element);
}

const loaders = new Map<string, LazyModule<unknown>>();

/** Remembers how to load `tag`; nothing is loaded until the tag is asked for. */
export function defineOnFirstUse(tag: string, load: () => Promise<unknown>): void {
  if (loaders.has(tag)) return;
  // Reported once per failed attempt, however many elements were waiting for it.
  const reported = () =>
    load().catch((error: unknown) => {
      console.error(`<${tag}> could not be loaded:`, error);
      throw error;
    });
  loaders.set(tag, lazyModule(reported));
}

/**
 * Loads the element for `tag` once, if a loader was registered and it is not defined yet. Resolves when
 * it is defined (or at once when there is nothing to load); never rejects: a failed load is reported
 * on the console and the caller keeps its fallback content.
 */
export function requestDefinition(tag: string): Promise<void> {
  const loader = loaders.get(tag);
  if (!loader || customElements.get(tag)) return Promise.resolve();
  // A later use may try again after a failure (a flaky network, say).
  return loader.load().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Loads `tag`'s element as soon as one is in the document, now or later (a page that adds widgets
 * after load). The observer stops once one is there.
 */
export function loadWhenUsedInDocument(tag: string, root: Element | Document = document.documentElement): void {
  // A live list: the browser keeps its length as the tree changes, so a mutation costs no search of ours.
  const found = root.getElementsByTagName(tag);
  const look = (): void => {
    if (found.length === 0) return;
    observer.disconnect();
    void requestDefinition(tag);
  };
  const observer = new MutationObserver(look);
  observer.observe(root, { childList: true, subtree: true });
  look();
}
