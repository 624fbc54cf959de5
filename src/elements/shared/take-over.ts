/**
 * Taking over markup rendered on the server by `testimonial-elements/ssr`: the element's declarative
 * shadow root (`<template shadowrootmode="open">`) and, in its light DOM, a data island
 * (`<script type="application/json">`, the host's only child element: the elements show no light DOM)
 * holding what the server rendered from.
 *
 * Lit reuses a declarative shadow root and would render before the server's markup, so it is emptied
 * right before the element's first render, which draws the same thing from the island's data: no
 * flash, no shift, and no request for what the server already had. On an English page that is once
 * the browser has painted the server's markup (a frame after the element makes its render root); on a page in
 * another language, once the words are here (see `localize.ts`): the server's markup, in that language,
 * stays until then, so neither English nor a skeleton is ever shown in between (a carousel or a marquee
 * also waits for its layout's chunk). Lit's hydration is not used: it costs bytes in every page, and a
 * plain render of the same data draws the same boxes (the tests in test/ssr measure it).
 */
import type { LitElement } from 'lit';
import { nearestLang } from './locale.js';
import { languageReady } from './localize.js';
import { afterNextPaint } from './next-frame.js';

/**
 * Reads the island and defers the element's first render until the words of its language are here,
 * and `before` too (a carousel's or marquee's chunk: a wall of those keeps the server's markup rather
 * than showing a skeleton over it; a chunk that fails to load is the wall's to report).
 */
export function takeOver<T>(host: LitElement, before?: () => Promise<unknown>): T | undefined {
  // Parsed before the root is emptied: an unreadable island throws (a SyntaxError naming the JSON) and
  // leaves the server's markup on screen. Without an island (a wall rendered with no endpoint to page
  // from, a card inside a server-rendered wall) the server's markup stays as it is.
  const text = host.querySelector(':scope>script')?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as T;
  // Lit's way to defer an update, once: the first one waits for the words (should their chunks fail to
  // load, the server's markup stays) and for what the element asked for.
  const element = host as unknown as { scheduleUpdate?(): unknown };
  element.scheduleUpdate = async () => {
    delete element.scheduleUpdate;
    // The live styles, adopted when the element made its render root (a microtask ago: nothing was
    // drawn since), are written for the live markup, not the server's: the wall's `.footer` rule gave
    // each of the server's flat cards' footers a 16 px margin. The server's own <style> alone draws
    // its markup until the swap, whatever the wait.
    const root = host.renderRoot as ShadowRoot;
    const sheets = root.adoptedStyleSheets.splice(0);
    // After a paint, too (issue 24): a page that parses for longer than its script takes to arrive runs
    // the script as soon as the parser is done, before the first frame, and the take-over (its render,
    // then style and layout of what it drew) held that frame back, with the server's cards in it.
    await Promise.all([languageReady(nearestLang(host)), before?.().catch(() => undefined), afterNextPaint()]);
    root.replaceChildren();
    root.adoptedStyleSheets = sheets;
    // Lit meant to render before the server's first node, now gone: into the emptied root instead.
    host.renderOptions.renderBefore = null;
    return element.scheduleUpdate!();
  };
  return data;
}
