/** Waiting for an element's words in the tests: most languages are a chunk loaded on first use. */
import { nearestLang } from '../../../src/elements/shared/locale.js';
import { languageReady } from '../../../src/elements/shared/localize.js';

/** Waits until `el` shows the words of its language (a lazily loaded chunk, for most), rendered. */
export async function wordsArrived(el: HTMLElement & { updateComplete: Promise<unknown> }): Promise<void> {
  await languageReady(nearestLang(el) ?? '');
  await el.updateComplete;
}
