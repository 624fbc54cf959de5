/**
 * The HTML that Lit's server renderer writes, made as small as what the browser needs from it before
 * any script runs (the elements take it over by rendering anew, not by hydrating: see
 * src/elements/shared/take-over.ts):
 *
 * - Lit's hydration markers (`<!--lit-part …-->`, `<!--/lit-part-->`, `<!--lit-node n-->`, `<?>`)
 *   go: only Lit's hydration reads them, which the elements do not use (28 KB of a 12-card wall).
 * - `shadowroot="open"`, the attribute of Chromium before 111, goes: `shadowrootmode` is the standard;
 *   so does `defer-hydration` on nested elements, which only Lit's hydration reads.
 * - The white space of the templates inside start tags goes (between attributes, before `>`), and
 *   white space alone between two tags, when it has a line break, keeps only its line breaks: the same
 *   rendering under every `white-space` the elements use (`normal`, `nowrap`, `pre-line` all drop the
 *   spaces around a line break), 3.3 KB of a 12-card wall's indentation.
 * - Each declarative shadow root's styles, written by the renderer as a placeholder (`<style>` then
 *   NUL, the sheet's name, NUL), become the minified rules that can match in that root
 *   (shadow-styles.ts), with the elements' private custom properties given short names.
 *
 * Safe on what Lit writes: data never holds a `<` there (Lit escapes it in text and attributes, the
 * data islands write it as `\u003c`), so every `<` starts markup the templates wrote, and every `"`
 * inside a start tag delimits a value (Lit writes values in double quotes and escapes `"` in them).
 * Text is never touched otherwise: only white space that is all there is between two tags is shortened,
 * and it keeps its line breaks (a testimonial's line breaks are data).
 */
import { addAttributeTokens, hoistHostRules, type ShadowStyleSheet } from './shadow-styles.js';

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

/** White space alone between two tags, with a line break in it. */
const TEMPLATE_INDENT = />([ \t\r\n\f]*\n[ \t\r\n\f]*)(?=<)/g;

/**
 * The markup with its indentation shortened: white space alone between two tags keeps only its line
 * breaks, each of them (two breaks in a `pre-line` testimonial are a blank line). Every `>` and `<` in
 * the markup is a tag's (see above; styles are minified, islands have no raw line break), so no text
 * with letters in it is touched.
 */
function withoutIndent(markup: string): string {
  return markup.replace(TEMPLATE_INDENT, lineBreaksOf);
}

/** The templates repeat a few indentations thousands of times in a large wall: each shortened once. */
const lineBreaks = new Map<string, string>();

function lineBreaksOf(_: string, space: string): string {
  let breaks = lineBreaks.get(space);
  if (breaks === undefined) {
    breaks = `>${space.replace(/[^\n]+/g, '')}`;
    if (lineBreaks.size < 1024) lineBreaks.set(space, breaks);
  }
  return breaks;
}

/** A start tag's attributes with their white space collapsed outside values, none before `>` or `/>`. */
function tidyAttributes(attributes: string): string {
  if (!/\s\s|[\t\n\r]|\s\/?$/.test(attributes)) return attributes;
  return attributes.replace(/("[^"]*"|'[^']*')|\s+/g, (_, quoted?: string) => quoted ?? ' ').replace(/\s+(\/?)$/, '$1');
}

/** Start tags written tidy, by their text: a wall repeats the same few tags many times. */
const startTags = new Map<string, string>();

function tidyStartTag(tag: string, attributes: string): string {
  const key = `${tag}${attributes}`;
  let start = startTags.get(key);
  if (start === undefined) {
    // `defer-hydration`, which Lit's renderer gives every nested custom element, is read by Lit's
    // hydration only, which the elements do not use (they take over by rendering anew).
    const own = tag.includes('-') ? attributes.replace(/\sdefer-hydration(?=[\s/]|$)/, '') : attributes;
    start = `<${tag}${tidyAttributes(own)}>`;
    // Tags with data in them (a name, a link) are each new: remember only so many.
    if (startTags.size < 4096) startTags.set(key, start);
  }
  return start;
}

/** A shadow root being read: its host's attribute tokens and its own markup's tokens. */
interface Root {
  /** The host's tag name, and the root around the host (none for the element rendered). */
  readonly tag: string;
  readonly parent: Root | undefined;
  readonly host: Set<string>;
  readonly markup: Set<string>;
  /** How many elements of each custom tag (a name with `-`) this root's markup has. */
  readonly customTags: Map<string, number>;
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
  let lastTag = '';
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
        const shadow: Root = { tag: lastTag.toLowerCase(), parent: root, host, markup: new Set(), customTags: new Map() };
        roots.push(shadow);
        open.push(shadow);
        root = shadow;
        // `shadowroot="open"`, Chromium's attribute before 111, goes: `shadowrootmode` is the standard.
        out.push(`<template${tidyAttributes(attributes!.replace(/\sshadowroot="open"/, ''))}>`);
        continue;
      }
      if (tag === 'template') open.push(undefined);
      lastAttributes = attributes!;
      lastTag = tag;
      root?.markup.add(tag.toLowerCase());
      if (root && tag.includes('-')) root.customTags.set(tag.toLowerCase(), (root.customTags.get(tag.toLowerCase()) ?? 0) + 1);
      if (root) addAttributeTokens(attributes!, root.markup);
      out.push(tidyStartTag(tag, attributes!));
    }
    // Anything else is a hydration marker: left out.
  }
  out.push(html.slice(copied));
  const cuts = new Map<Root, string>();
  for (const root of roots) if (root.style) cuts.set(root, sheets(root.style.sheet).cut(root.host, root.markup));
  for (const [parent, outer] of hoistHostStyles(roots, cuts)) cuts.set(parent, sharingFirstRule(outer, cuts.get(parent)!));
  for (const [root, css] of cuts) out[root.style!.at] = css;
  return withShortPrivateNames(withoutIndent(out.join('')));
}

/** A shadow root's `<style>` element (its CSS has no `</style>`: our own, minified). */
const STYLE_ELEMENT = /<style>[\s\S]*?<\/style>/g;

/** The elements' private custom properties (`--_t-background`), never set by a page. */
const PRIVATE_PROPERTY = /--_[\w-]+/g;

/**
 * The markup with the elements' private custom properties renamed in its styles, the same name the
 * same short name throughout (`--_t-background` is `--_0` in every root of the fragment), in order of
 * first use: 3 KB of a 12-card wall. Only the server's `<style>` elements name them before any script
 * runs (the markup has no `style` attribute; what the elements set through CSSOM the server writes in
 * those `<style>`s), and they go with the server's markup when the browser takes over, whose adopted
 * styles use the full names.
 */
function withShortPrivateNames(markup: string): string {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const [style] of markup.matchAll(STYLE_ELEMENT)) for (const [name] of style.matchAll(PRIVATE_PROPERTY)) taken.add(name);
  let next = 0;
  const shortName = (name: string) => {
    let short = names.get(name);
    if (short === undefined) {
      do short = `--_${(next++).toString(36)}`;
      while (taken.has(short));
      names.set(name, short);
    }
    return short;
  };
  return markup.replace(STYLE_ELEMENT, (style) => style.replace(PRIVATE_PROPERTY, shortName));
}

/**
 * The hosts' moved rules before the enclosing root's own, with one rule written once when the first
 * moved rule and the root's first rule, `:host{…}`, have the same declarations (a wall's and its cards'
 * colour tokens, 1.2 KB): `:where(card),:host{…}`. The `:host` rule stays first among the root's own
 * rules, and the rules between are for the cards, not the wall's host: the same cascade.
 */
function sharingFirstRule(outer: string, own: string): string {
  const first = /^(:where\([\w-]+\))(\{[^{}]*\})/.exec(outer);
  if (!first || !own.startsWith(`:host${first[2]}`)) return outer + own;
  return `${first[1]},:host${first[2]}${outer.slice(first[0].length)}${own.slice(5 + first[2]!.length)}`;
}

/**
 * Moves the hosts' own rules out of nested roots into the root around them, once per tag, where all
 * the hosts of that tag there are shadow hosts with the same rules (see hoistHostRules): `cuts` is
 * updated for the nested roots; the answer is what each enclosing root writes first.
 */
function hoistHostStyles(roots: readonly Root[], cuts: Map<Root, string>): Map<Root, string> {
  const groups = new Map<Root, Map<string, Root[]>>();
  for (const root of roots) {
    if (!root.parent?.style || !cuts.has(root)) continue;
    const byTag = groups.get(root.parent) ?? new Map<string, Root[]>();
    groups.set(root.parent, byTag);
    byTag.set(root.tag, [...(byTag.get(root.tag) ?? []), root]);
  }
  const outer = new Map<Root, string>();
  for (const [parent, byTag] of groups) {
    for (const [tag, hosts] of byTag) {
      if (parent.customTags.get(tag) !== hosts.length) continue;
      const splits = hosts.map((host) => hoistHostRules(cuts.get(host)!, tag));
      const first = splits[0];
      if (!first || splits.some((split) => split?.outer !== first.outer)) continue;
      hosts.forEach((host, index) => cuts.set(host, splits[index]!.inner));
      outer.set(parent, (outer.get(parent) ?? '') + first.outer);
    }
  }
  return outer;
}
