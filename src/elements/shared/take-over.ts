/**
 * Taking over markup rendered on the server by `testimonial-elements/ssr`: the element's declarative
 * shadow root (`<template shadowrootmode="open">`) and, in its light DOM, a data island
 * (`<script type="application/json">`, the host's only child element: the elements show no light DOM)
 * holding what the server rendered from.
 *
 * Lit reuses a declarative shadow root and would render before the server's markup, so it is emptied
 * right before the element's first render, which draws the same thing from the island's data: no
 * flash, no shift, and no request for what the server already had. That is once the page has presented
 * the server's markup (see `swap.ts`: its paint is the page's first contentful and largest contentful
 * paint), and on a page in another language once the words are here too (see `localize.ts`): the
 * server's markup, in that language, stays until then, so neither English nor a skeleton is ever shown
 * in between (a carousel or a marquee also waits for its layout's chunk). Lit's hydration is not used: it costs bytes in every page, and a
 * plain render of the same data draws the same boxes (the tests in test/ssr measure it).
 */
import type { LitElement } from 'lit';
import { nearestLang } from './locale.js';
import { languageReady } from './localize.js';

/**
 * Reads the island and defers the element's first render until the words of its language are here,
 * and `before` too (a carousel's or marquee's chunk: a wall of those keeps the server's markup rather
 * than showing a skeleton over it; a chunk that fails to load is the wall's to report).
 */
export function takeOver<T>(host: LitElement, before?: () => Promise<unknown>): T | undefined {
  // Parsed before the root is emptied: an unreadable island throws (a SyntaxError naming the JSON) and
  // leaves the server's markup on screen. Server markup without an island (a player inside a server
  // card, a wall rendered with no endpoint to page from) goes to the swap too, which keeps it as it is.
  // Any script in the light DOM is the island: the elements show no light DOM, so none holds another.
  const text = host.querySelector('script')?.text;
  if (!text && !host.shadowRoot?.firstChild) return undefined;
  const data = text ? (JSON.parse(text) as T) : undefined;
  // Lit's way to defer an update, once: the first one waits for the words (should their chunks, or the
  // swap's, fail to load, the server's markup stays), for what the element asked for, and for the
  // server's markup to be presented (see `swap.ts`). The words are asked for at once.
  const element = host as unknown as { scheduleUpdate(): unknown };
  element.scheduleUpdate = async () => {
    delete (element as Partial<typeof element>).scheduleUpdate;
    const words = languageReady(nearestLang(host));
    // `.then(…)`, not `(await import(…)).default`: see the note on the dynamic import in client/errors.ts.
    return import('./swap.js').then((swap) => swap.default(host, words, before, data !== undefined));
  };
  return data;
}
