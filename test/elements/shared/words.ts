/**
 * The elements' words in the tests: waiting for them (most languages are a chunk loaded on first use),
 * and finding every string an element shows or says, and English ones among them.
 */
import { nearestLang } from '../../../src/elements/shared/locale.js';
import { ENGLISH_ONE, languageReady, type PluralForms } from '../../../src/elements/shared/localize.js';
import { KEYS, PLURAL_KEYS } from '../../../src/elements/shared/translations/keys.js';
// The summary's English `one` forms come with its chunk.
import '../../../src/elements/testimonial-summary/summary-text.js';
// The wall toolbar's, with its chunk.
import '../../../src/elements/testimonial-wall/controls/wall-controls.js';

/** Whether `node` is an element (of any frame's realm, which `instanceof Element` would miss). */
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE;

/** Every English message, by key (its English `other` form): the key itself, or its plural forms. */
export const ENGLISH: Record<string, string | PluralForms> = Object.fromEntries(
  KEYS.map((key) => {
    const one = ENGLISH_ONE[key];
    return [key, (PLURAL_KEYS as readonly string[]).includes(key) ? { ...(one && { one }), other: key } : key];
  }),
);

/** Waits until `el` shows the words of its language (a lazily loaded chunk, for most), rendered. */
export async function wordsArrived(el: HTMLElement & { updateComplete: Promise<unknown> }): Promise<void> {
  await languageReady(nearestLang(el) ?? '');
  await el.updateComplete;
}

/** Every string the elements show or say: text, accessible names, alt texts, titles, track labels. */
export function spokenStrings(root: Node): string[] {
  const out: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent!.trim();
      if (text) out.push(text);
      return;
    }
    if (isElement(node)) {
      for (const name of ['aria-label', 'alt', 'title', 'label', 'aria-roledescription']) {
        const value = node.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
      if (node.shadowRoot) visit(node.shadowRoot);
      // Styles are not words.
      if (node.localName === 'style') return;
    }
    node.childNodes.forEach(visit);
  };
  visit(root);
  return out;
}

/** Every element of the trees below `root`, shadow roots included. */
export function allElements(root: Node): Element[] {
  const out: Element[] = [];
  const visit = (node: Node): void => {
    if (isElement(node)) {
      out.push(node);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    node.childNodes.forEach(visit);
  };
  visit(root);
  return out;
}

/** An English message as a pattern (placeholders match anything), or `undefined` when it has too few letters to tell. */
export function englishPattern(message: string): RegExp | undefined {
  const literal = message.split(/\{\d\}/);
  if (literal.join('').replace(/[^A-Za-z]/g, '').length < 4) return undefined;
  const escaped = literal.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+')}$`);
}

export function forms(message: string | PluralForms): string[] {
  return typeof message === 'string' ? [message] : Object.values(message).filter((form): form is string => !!form);
}

/**
 * The strings that are English messages the language of `table` words otherwise (placeholders match
 * anything; messages with fewer than four letters of their own are too short to tell).
 */
export function englishIn(strings: readonly string[], table: Record<string, string | PluralForms>): string[] {
  const found: string[] = [];
  for (const [key, english] of Object.entries(ENGLISH)) {
    const own = forms(table[key]!);
    for (const form of forms(english)) {
      const pattern = englishPattern(form);
      if (!pattern || own.includes(form)) continue;
      found.push(...strings.filter((text) => pattern.test(text)).map((text) => `${key}: ${text}`));
    }
  }
  return found;
}
