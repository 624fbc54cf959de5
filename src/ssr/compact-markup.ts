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

const HYDRATION_MARKERS = /<!--(?:lit-part[^>]*|\/lit-part|lit-node \d+|\?[^>]*)-->|<\?>/g;
const LEGACY_SHADOW_ROOT = /<template shadowroot="open" shadowrootmode=/g;
const START_TAG = /<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const STYLE_PLACEHOLDER = /<style>\0([^\0]+)\0/g;

/** The placeholder the renderer writes at the start of a shadow root's `<style>` for `sheet`. */
export function stylePlaceholder(sheet: string): string {
  return `\0${sheet}\0`;
}

/** A start tag's attributes with their white space collapsed outside values, none before `>` or `/>`. */
function tidyAttributes(attributes: string): string {
  return attributes.replace(/("[^"]*"|'[^']*')|\s+/g, (_, quoted?: string) => quoted ?? ' ').replace(/\s+(\/?)$/, '$1');
}

/**
 * The tokens of each shadow root's markup, by the index of its style placeholder, in one pass: every
 * start tag counts for the innermost shadow root it is in (not for those around it: their styles do
 * not reach into it), and a host's attributes for its own root's `:host(…)` conditions.
 */
function shadowRootTokens(html: string): Map<number, { host: Set<string>; markup: Set<string> }> {
  const roots = new Map<number, { host: Set<string>; markup: Set<string> }>();
  const open: { markup: Set<string>; shadow: boolean }[] = [];
  let lastAttributes = '';
  const tags = /<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<\/template>/g;
  for (const match of html.matchAll(tags)) {
    const [all, tag, attributes] = match;
    if (all === '</template>') {
      open.pop();
      continue;
    }
    if (tag === 'template') {
      const shadow = /\sshadowrootmode=/.test(attributes!);
      const root = { markup: new Set<string>(), shadow };
      if (shadow) {
        const host = new Set<string>();
        addAttributeTokens(lastAttributes, host);
        roots.set(match.index + all.length, { host, markup: root.markup });
      } else {
        open.at(-1)?.markup.add('template');
      }
      open.push(shadow ? root : (open.at(-1) ?? root));
      continue;
    }
    lastAttributes = attributes!;
    const scope = open.at(-1);
    if (scope) {
      scope.markup.add(tag!.toLowerCase());
      addAttributeTokens(attributes!, scope.markup);
    }
  }
  return roots;
}

/** Lit's server HTML without hydration markers, tidied, with each shadow root's styles cut to fit. */
export function compactMarkup(html: string, sheets: (name: string) => ShadowStyleSheet): string {
  const tidy = html
    .replace(HYDRATION_MARKERS, '')
    .replace(LEGACY_SHADOW_ROOT, '<template shadowrootmode=')
    .replace(START_TAG, (all: string, tag: string, attributes: string) =>
      /\s\s|[\t\n\r]|\s\/?$/.test(attributes) ? `<${tag}${tidyAttributes(attributes)}>` : all,
    );
  const roots = shadowRootTokens(tidy);
  let out = '';
  let copied = 0;
  for (const match of tidy.matchAll(STYLE_PLACEHOLDER)) {
    const root = roots.get(match.index);
    if (!root) throw new Error('compactMarkup: a style placeholder outside a shadow root');
    out += `${tidy.slice(copied, match.index)}<style>${sheets(match[1]!).cut(root.host, root.markup)}`;
    copied = match.index + match[0].length;
  }
  return out + tidy.slice(copied);
}
