/**
 * Taking over markup rendered on the server by `testimonial-elements/ssr`: the element's declarative
 * shadow root (`<template shadowrootmode="open">`) and, in its light DOM, a data island
 * (`<script type="application/json">`, the host's only child element: the elements show no light DOM)
 * holding what the server rendered from.
 *
 * Lit reuses a declarative shadow root and would render before the server's markup, so it is emptied
 * here, when the element makes its render root; the first render follows in a microtask, before the
 * browser paints again, and draws the same thing from the island's data: no flash, no shift, and no
 * request for what the server already had. Lit's hydration is not used: it costs bytes in every page,
 * and a plain render of the same data draws the same boxes (the tests in test/ssr measure it).
 */
export function takeOver<T>(host: HTMLElement, keep?: boolean): T | undefined {
  // Parsed before the root is emptied: an unreadable island throws (a SyntaxError naming the JSON) and
  // leaves the server's markup on screen. Without an island (a wall rendered with no endpoint to page
  // from, a card inside a server-rendered wall) the server's markup stays as it is.
  const text = host.querySelector(':scope>script')?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as T;
  // `keep`: the element empties the root itself, later (a wall whose layout's chunk has not arrived).
  if (!keep) host.shadowRoot?.replaceChildren();
  return data;
}
