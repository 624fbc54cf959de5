/**
 * The HTML that Lit's server renderer writes, made as small as what the browser needs from it before
 * any script runs (the elements take it over by rendering anew, not by hydrating: see
 * src/elements/shared/take-over.ts):
 *
 * - Lit's hydration markers (`<!--lit-part …-->`, `<!--/lit-part-->`, `<!--lit-node n-->`, `<?>`)
 *   go: only Lit's hydration reads them, which the elements do not use (28 KB of a 12-card wall).
 * - `shadowroot="open"`, the attribute of Chromium before 111, goes: `shadowrootmode` is the standard.
 * - The white space of the templates inside start tags goes (between attributes, before `>`).
 * - Each declarative shadow root's styles, written by the renderer as a placeholder (`<style>` then
 *   NUL, the sheet's name, NUL), become the minified rules that can match in that root
 *   (shadow-styles.ts).
 *
 * Safe on what Lit writes: data never holds a `<` there (Lit escapes it in text and attributes, the
 * data islands write it as `\u003c`), so every `<` starts markup the templates wrote, and every `"`
 * inside a start tag delimits a value (Lit writes values in double quotes and escapes `"` in them).
 * Text is never touched: white space between tags may be data (a testimonial's line breaks).
 */
import { addAttributeTokens, type ShadowStyleSheet } from './shadow-styles.js';

/**
 * One pass over Lit's HTML: a hydration marker, the end of a `<template>`, a start tag (name, then
 * attributes, quoted values skipped whole), or a style placeholder (`<style>`, NUL, the sheet's name,
 * NUL: written by the renderer for a shadow root's styles).
 */
const MARKUP =
  /<!--(?:lit-part[^>]*|\/lit-part|lit-node \d+|\?[^>]*)-->|<\?>|<\/template>|<style>\0([^\0]+)\0|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** The placeholder the renderer writes at the start of a shadow root's `<style>` for `sheet`. */
export function stylePlaceholder(sheet: string): string {
  return `\0${sheet}\0`;
}

/** A start tag's attributes with their white space collapsed outside values, none before `>` or `/>`. */
function tidyAttributes(attributes: string): string {
  if (!/\s\s|[\t\n\r]|\s\/?$/.test(attributes)) return attributes;
  return attributes.replace(/("[^"]*"|'[^']*')|\s+/g, (_, quoted?: string) => quoted ?? ' ').replace(/\s+(\/?)$/, '$1');
}

/** A shadow root being read: its host's attribute tokens and its own markup's tokens. */
interface Root {
  readonly host: Set<string>;
  readonly markup: Set<string>;
  /** The sheet its placeholder names, and where the cut styles go in the output. */
  style?: { sheet: string; at: number };
}

/**
 * Lit's server HTML without hydration markers, tidied, with each shadow root's styles cut to fit: every
 * start tag counts for the innermost shadow root it is in (not for those around it: their styles do not
 * reach into it), and a host's attributes for its own root's `:host(…)` conditions.
 */
export function compactMarkup(html: string, sheets: (name: string) => ShadowStyleSheet): string {
  const out: string[] = [];
  const roots: Root[] = [];
  /** Open `<template>`s: the root of a shadow root's, `undefined` for another template. */
  const open: (Root | undefined)[] = [];
  /** The innermost open shadow root. */
  let root: Root | undefined;
  let lastAttributes = '';
  let copied = 0;
  for (const match of html.matchAll(MARKUP)) {
    const [all, sheet, tag, attributes] = match;
    out.push(html.slice(copied, match.index));
    copied = match.index + all.length;
    if (sheet !== undefined) {
      if (!root || root.style) throw new Error('compactMarkup: a style placeholder outside a shadow root');
      root.style = { sheet, at: out.push('<style>', '') - 1 };
    } else if (all === '</template>') {
      if (open.pop()) root = open.findLast((entry) => entry !== undefined);
      out.push(all);
    } else if (tag !== undefined) {
      if (tag === 'template' && /\sshadowrootmode=/.test(attributes!)) {
        const host = new Set<string>();
        addAttributeTokens(lastAttributes, host);
        const shadow: Root = { host, markup: new Set() };
        roots.push(shadow);
        open.push(shadow);
        root = shadow;
        // `shadowroot="open"`, Chromium's attribute before 111, goes: `shadowrootmode` is the standard.
        out.push(`<template${tidyAttributes(attributes!.replace(/\sshadowroot="open"/, ''))}>`);
        continue;
      }
      if (tag === 'template') open.push(undefined);
      lastAttributes = attributes!;
      root?.markup.add(tag.toLowerCase());
      if (root) addAttributeTokens(attributes!, root.markup);
      out.push(`<${tag}${tidyAttributes(attributes!)}>`);
    }
    // Anything else is a hydration marker: left out.
  }
  out.push(html.slice(copied));
  for (const root of roots) if (root.style) out[root.style.at] = sheets(root.style.sheet).cut(root.host, root.markup);
  return out.join('');
}
