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
import {
  FLAT_CARD_PARENT,
  FLAT_CARD_TAG,
  flatCardStart,
  flatCardStyles,
  flattenable,
  wallStylesBesideCards,
  withCardIds,
} from './flat-cards.js';

/**
 * One pass over Lit's HTML: a hydration marker, the end of a `<template>`, a start tag (name, then
 * attributes, quoted values skipped whole), a style placeholder (`<style>`, NUL, the sheet's name,
 * NUL, what the element sets through CSSOM, `</style>`: written by the renderer for a shadow root's
 * styles), or the end of a card (flattened in a wall: flat-cards.ts).
 */
const MARKUP = new RegExp(
  `<!--(?:lit-part[^>]*|\\/lit-part|lit-node \\d+|\\?[^>]*)-->|<\\?>|<\\/template>|<\\/${FLAT_CARD_TAG}\\s*>|<style>\\0([^\\0]+)\\0([^<]*)<\\/style>|<([a-zA-Z][\\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<\\x01(\\d+)>`,
  'g',
);

/** The placeholder the renderer writes at the start of a shadow root's `<style>` for `sheet`. */
export function stylePlaceholder(sheet: string): string {
  return `\0${sheet}\0`;
}

/**
 * A shadow root's content written already compact (template-string.ts), with its start tags' tokens:
 * compactMarkup does not read it again, it only counts the tokens for the root's styles and, in a
 * flattened card, gives its ids the card's prefix.
 */
export interface WrittenShadow {
  readonly html: string;
  readonly tokens: ReadonlySet<string>;
}

/**
 * The placeholder the renderer writes for the content of a shadow root that is `written[index]` (a
 * `<` that no data can write: Lit escapes it in text and attributes).
 */
export function writtenPlaceholder(index: number): string {
  return `<\x01${index}>`;
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
export function tidyAttributes(attributes: string): string {
  if (!/\s\s|[\t\n\r]|\s\/?$/.test(attributes)) return attributes;
  return attributes.replace(/("[^"]*"|'[^']*')|\s+/g, (_, quoted?: string) => quoted ?? ' ').replace(/\s+(\/?)$/, '$1');
}

/** `defer-hydration`, which Lit's renderer gives every nested custom element, read by Lit's hydration only. */
function withoutDeferHydration(attributes: string): string {
  return attributes.replace(/\sdefer-hydration(?=[\s/]|$)/, '');
}

/** Start tags written tidy, by their text: a wall repeats the same few tags many times. */
const startTags = new Map<string, string>();

function tidyStartTag(tag: string, attributes: string): string {
  const key = `${tag}${attributes}`;
  let start = startTags.get(key);
  if (start === undefined) {
    // `defer-hydration`, which Lit's renderer gives every nested custom element, is read by Lit's
    // hydration only, which the elements do not use (they take over by rendering anew).
    const own = tag.includes('-') ? withoutDeferHydration(attributes) : attributes;
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
  /** The sheet its placeholder names, and where the cut styles go in the output (-1: nowhere, a flat card). */
  style?: { sheet: string; at: number };
  /** A card written flat into the wall's root (flat-cards.ts): its number in the fragment. */
  readonly flat?: number;
}

/**
 * Lit's server HTML without hydration markers, tidied, with each shadow root's styles cut to fit: every
 * start tag counts for the innermost shadow root it is in (not for those around it: their styles do not
 * reach into it), and a host's attributes for its own root's `:host(…)` conditions.
 */
export function compactMarkup(
  html: string,
  sheets: (name: string) => ShadowStyleSheet,
  written: readonly WrittenShadow[] = [],
  fullNames: ReadonlySet<string> = new Set(),
): string {
  const out: string[] = [];
  const roots: Root[] = [];
  /** Open `<template>`s: the root of a shadow root's, `undefined` for another template. */
  const open: (Root | undefined)[] = [];
  /** The innermost open shadow root. */
  let root: Root | undefined;
  let lastAttributes = '';
  let lastTag = '';
  /** Where the last start tag is in `out` (a flattened card's host becomes a div there). */
  let lastTagAt = -1;
  /** Cards flattened so far, and whether the card being closed was one. */
  let flatCards = 0;
  let closingFlat = false;
  const flat = flattenable(sheets(FLAT_CARD_TAG).css);
  let copied = 0;
  for (const match of html.matchAll(MARKUP)) {
    const [all, sheet, css, tag, attributes, content] = match;
    out.push(html.slice(copied, match.index));
    copied = match.index + all.length;
    if (content !== undefined) {
      const shadow = written[Number(content)];
      if (!root || !shadow) throw new Error('compactMarkup: written content outside a shadow root');
      for (const token of shadow.tokens) root.markup.add(token);
      out.push(root.flat === undefined ? shadow.html : withCardIds(shadow.html, root.flat));
    } else if (sheet !== undefined) {
      if (!root || root.style) throw new Error('compactMarkup: a style placeholder outside a shadow root');
      if (root.flat !== undefined && css) throw new Error('compactMarkup: a flattened card with styles of its own');
      root.style = { sheet, at: root.flat === undefined ? out.push('<style>', '', css!, '</style>') - 3 : -1 };
    } else if (all === '</template>') {
      const closed = open.pop();
      if (closed) root = open.findLast((entry) => entry !== undefined);
      closingFlat = closed?.flat !== undefined;
      if (!closingFlat) out.push(all);
    } else if (all.startsWith('</')) {
      // The end of a card: the div's, when the card was flattened.
      out.push(closingFlat ? '</div>' : all);
      closingFlat = false;
    } else if (tag !== undefined) {
      if (tag === 'template' && /\sshadowrootmode=/.test(attributes!)) {
        const host = new Set<string>();
        addAttributeTokens(lastAttributes, host);
        const hostTag = lastTag.toLowerCase();
        // Only in a wall drawn by its own sheet: a carousel's or a marquee's cards keep their roots (see flat-cards.ts).
        const flattened = flat && hostTag === FLAT_CARD_TAG && root?.style?.sheet === FLAT_CARD_PARENT;
        const shadow: Root = {
          tag: hostTag,
          parent: root,
          host,
          markup: new Set(),
          customTags: new Map(),
          ...(flattened ? { flat: flatCards++ } : {}),
        };
        roots.push(shadow);
        open.push(shadow);
        root = shadow;
        if (flattened) out[lastTagAt] = flatCardStart(tidyAttributes(withoutDeferHydration(lastAttributes)));
        // `shadowroot="open"`, Chromium's attribute before 111, goes: `shadowrootmode` is the standard.
        else out.push(`<template${tidyAttributes(attributes!.replace(/\sshadowroot="open"/, ''))}>`);
        continue;
      }
      if (tag === 'template') open.push(undefined);
      lastAttributes = attributes!;
      lastTag = tag;
      root?.markup.add(tag.toLowerCase());
      if (root && tag.includes('-')) root.customTags.set(tag.toLowerCase(), (root.customTags.get(tag.toLowerCase()) ?? 0) + 1);
      if (root) addAttributeTokens(attributes!, root.markup);
      lastTagAt = out.push(tidyStartTag(tag, root?.flat === undefined ? attributes! : withCardIds(attributes!, root.flat))) - 1;
    }
    // Anything else is a hydration marker: left out.
  }
  out.push(html.slice(copied));
  const cuts = new Map<Root, string>();
  for (const root of roots) if (root.style && root.flat === undefined) cuts.set(root, sheets(root.style.sheet).cut(root.host, root.markup));
  for (const [parent, outer] of hoistHostStyles(roots, cuts)) cuts.set(parent, sharingFirstRule(outer, cuts.get(parent)!));
  for (const [parent, css] of flatCardCss(roots, sheets(FLAT_CARD_TAG))) cuts.set(parent, css(cuts.get(parent)!));
  for (const [root, css] of cuts) out[root.style!.at] = css;
  return withShortPrivateNames(withoutIndent(out.join('')), fullNames);
}

/**
 * For each root with flattened cards, how its styles become: its own beside the cards, then the card's
 * styles cut to what any of its cards can match (a card's `:host([…])` rules hold for the div with the
 * same attributes), once (flat-cards.ts).
 */
function flatCardCss(roots: readonly Root[], cardSheet: ShadowStyleSheet): Map<Root, (own: string) => string> {
  const tokens = new Map<Root, { host: Set<string>; markup: Set<string> }>();
  for (const root of roots) {
    if (root.flat === undefined || !root.parent) continue;
    const union = tokens.get(root.parent) ?? { host: new Set<string>(), markup: new Set<string>() };
    tokens.set(root.parent, union);
    for (const token of root.host) union.host.add(token);
    for (const token of root.markup) union.markup.add(token);
  }
  const css = new Map<Root, (own: string) => string>();
  for (const [parent, { host, markup }] of tokens) {
    css.set(parent, (own) => wallStylesBesideCards(own, markup) + flatCardStyles(cardSheet.cut(host, markup)));
  }
  return css;
}

/**
 * The text of each `<style>` element in the markup, and where it starts (its CSS has no `</style>`: our
 * own, minified), found with `indexOf`: the markup of a large wall is hundreds of kilobytes, its styles
 * a few.
 */
function styleElements(markup: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let start = markup.indexOf('<style>'); start >= 0; start = markup.indexOf('<style>', start)) {
    const end = markup.indexOf('</style>', start);
    if (end < 0) break;
    found.push({ start: start + 7, end });
    start = end;
  }
  return found;
}

/** The elements' private custom properties (`--_t-background`), never set by a page. */
const PRIVATE_PROPERTY = /--_[\w-]+/g;

/**
 * The markup with the elements' private custom properties renamed in its styles, the same name the
 * same short name throughout (`--_t-background` is `--_0` in every root of the fragment), in order of
 * first use: 3 KB of a 12-card wall. Only the server's `<style>` elements name them before any script
 * runs (the markup has no `style` attribute; what the elements set through CSSOM the server writes in
 * those `<style>`s), and they go with the server's markup when the browser takes over, whose adopted
 * styles use the full names. Except `fullNames`, the values an element sets through CSSOM in the
 * browser (a video's `--_v-ratio`): an element adopts its live styles when it upgrades, a frame or more
 * before it takes the server's markup over (see `swap.ts`), and the live rules that read such a value
 * must find it in the server's markup meanwhile (a portrait video was drawn 16:9 for those frames).
 */
function withShortPrivateNames(markup: string, fullNames: ReadonlySet<string>): string {
  const styles = styleElements(markup);
  if (!styles.length) return markup;
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const { start, end } of styles) for (const [name] of markup.slice(start, end).matchAll(PRIVATE_PROPERTY)) taken.add(name);
  let next = 0;
  const shortName = (name: string) => {
    if (fullNames.has(name)) return name;
    let short = names.get(name);
    if (short === undefined) {
      do short = `--_${(next++).toString(36)}`;
      while (taken.has(short));
      names.set(name, short);
    }
    return short;
  };
  let out = '';
  let copied = 0;
  for (const { start, end } of styles) {
    out += markup.slice(copied, start) + markup.slice(start, end).replace(PRIVATE_PROPERTY, shortName);
    copied = end;
  }
  return out + markup.slice(copied);
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
    // A player in a flattened card keeps its host rules: the card has no root of its own to hold them.
    if (!root.parent?.style || root.parent.flat !== undefined || !cuts.has(root)) continue;
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
