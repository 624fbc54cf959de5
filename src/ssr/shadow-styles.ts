/**
 * The styles the server writes into a declarative shadow root: the smallest copy that paints the
 * same before any script runs.
 *
 * A declarative shadow root cannot share a style sheet (Firefox has no declarative way to adopt one,
 * and a `<link>` in a shadow root does not hold the first paint), so every card of a wall carries its
 * own `<style>`: written out in full, twelve cards were 132 KB of a 246 KB page. So each root gets its
 * element's style sheet minified, with only the rules that can match something in it: a rule is left
 * out when one of the classes, element names or attribute values its selector requires (outside
 * `:not()`, `:is()`, `:has()` and other functional pseudo-classes, which are never counted) is nowhere
 * in the root's markup, or when a `:host([…])` condition does not hold for the host. A state that
 * needs a script to arise (the skeleton, an error, an expanded text) or an attribute the host does not
 * carry (`theme="dark"`) has nothing to match before the script runs, and once it runs the element
 * adopts its whole style sheet and renders anew. What can change without a script (`:hover`,
 * `:focus-visible`, media queries) keeps its rules: they are kept whenever their elements are there.
 */
import { minifyCss } from './minify-css.js';

/** What a selector needs: attribute conditions on the host, and tokens in the root's markup. */
interface Requirement {
  readonly host: readonly string[];
  readonly markup: readonly string[];
}

interface StyleRule {
  readonly kind: 'style';
  /** The selector list, one entry per complex selector, with what each needs. */
  readonly selectors: readonly { readonly text: string; readonly needs: Requirement }[];
  readonly body: string;
}

interface GroupRule {
  readonly kind: 'group';
  /** `@media …`, `@container …`, `@supports …`: kept when one of its rules is. */
  readonly prelude: string;
  readonly rules: readonly Rule[];
}

interface OtherRule {
  readonly kind: 'other';
  readonly text: string;
  /** `@keyframes` name: kept when a kept rule names it. Other at-rules are always kept. */
  readonly keyframes?: string;
}

type Rule = StyleRule | GroupRule | OtherRule;

/** The tokens of a root: `tag`, `.class`, `[name]`, `[name=value]`. */
export type Tokens = ReadonlySet<string>;

/** Index of the `}` that closes the block opened at `open`, skipping quoted strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index++) {
    const character = css[index];
    if (character === '"' || character === "'") {
      index = css.indexOf(character, index + 1);
      if (index < 0) break;
    } else if (character === '{') depth++;
    else if (character === '}' && --depth === 0) return index;
  }
  throw new SyntaxError(`shadow-styles: unbalanced braces in ${css.slice(open, open + 60)}`);
}

/** The selector list split at its top-level commas (not those inside `:is(a, b)`). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const character = list[index];
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === ',' && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The tokens an attribute selector's inside (`name`, `name=value`, `name~=value`…) requires. */
function attributeToken(inside: string): string {
  const match = /^\s*([\w-]+)\s*(?:([~|^$*]?)=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]*)))?/.exec(inside);
  if (!match) return '';
  const [, name, operator, double, single, bare] = match;
  const value = double ?? single ?? bare;
  // Only an exact, case-sensitive value narrows it down; any other operator, or the `i` flag, needs the
  // attribute at least.
  return value !== undefined && operator === '' && !/\s[is]\s*$/i.test(inside) ? `[${name}=${value}]` : `[${name}]`;
}

/** Removes every `:name(…)` (and `::name(…)`), with balanced parentheses, from a selector. */
function withoutFunctionalPseudos(selector: string, keep: (name: string, inside: string) => void): string {
  let out = '';
  let index = 0;
  const functional = /::?([\w-]+)\(/g;
  for (let match = functional.exec(selector); match; match = functional.exec(selector)) {
    let depth = 1;
    let end = functional.lastIndex;
    while (end < selector.length && depth > 0) {
      if (selector[end] === '(') depth++;
      else if (selector[end] === ')') depth--;
      end++;
    }
    keep(match[1]!, selector.slice(functional.lastIndex, end - 1));
    out += `${selector.slice(index, match.index)} `;
    index = end;
    functional.lastIndex = end;
  }
  return out + selector.slice(index);
}

/** What one complex selector needs from the host and from the root's markup. */
export function requirementOf(selector: string): Requirement {
  const host: string[] = [];
  const markup: string[] = [];
  const rest = withoutFunctionalPseudos(selector, (name, inside) => {
    // `:host([theme=dark])`: a condition on the host's attributes. Every other function is not counted.
    if (name === 'host') for (const [, attribute] of inside.matchAll(/\[([^\]]*)\]/g)) host.push(attributeToken(attribute!));
  })
    .replace(/::?[\w-]+/g, ' ')
    .replace(/\[([^\]]*)\]/g, (_, inside: string) => {
      markup.push(attributeToken(inside));
      return ' ';
    });
  for (const [, name] of rest.matchAll(/\.([\w-]+)/g)) markup.push(`.${name}`);
  for (const [, tag] of rest.replace(/[.#][\w-]+/g, ' ').matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)) markup.push(tag!.toLowerCase());
  return { host: host.filter(Boolean), markup: markup.filter(Boolean) };
}

/** Parses (minified) CSS into rules; at-rules with a block of rules are groups. */
function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    const semicolon = css.indexOf(';', index);
    if (css[index] === '@' && semicolon >= 0 && (open < 0 || semicolon < open)) {
      // A statement at-rule (`@import`, `@layer a, b;`): kept as it is.
      rules.push({ kind: 'other', text: css.slice(index, semicolon + 1) });
      index = semicolon + 1;
      continue;
    }
    if (open < 0) break;
    const end = blockEnd(css, open);
    const prelude = css.slice(index, open).trim();
    const body = css.slice(open + 1, end);
    if (/^@(media|container|supports|layer)\b/.test(prelude)) {
      rules.push({ kind: 'group', prelude, rules: parseRules(body) });
    } else if (prelude.startsWith('@')) {
      const keyframes = /^@(?:-\w+-)?keyframes\s+([\w-]+)/.exec(prelude)?.[1];
      rules.push({ kind: 'other', text: css.slice(index, end + 1), ...(keyframes ? { keyframes } : {}) });
    } else {
      const selectors = splitSelectors(prelude).map((text) => ({ text, needs: requirementOf(text) }));
      rules.push({ kind: 'style', selectors, body });
    }
    index = end + 1;
  }
  return rules;
}

const met = (needs: Requirement, host: Tokens, markup: Tokens) =>
  needs.host.every((token) => host.has(token)) && needs.markup.every((token) => markup.has(token));

/** The rules whose kept selectors `keep` says, as CSS text (the selectors numbered in order). */
function keptCss(rules: readonly Rule[], keep: readonly boolean[], next = { selector: 0 }): string {
  let out = '';
  for (const rule of rules) {
    if (rule.kind === 'style') {
      const kept = rule.selectors.filter(() => keep[next.selector++]);
      if (kept.length) out += `${kept.map((selector) => selector.text).join(',')}{${rule.body}}`;
    } else if (rule.kind === 'group') {
      const inner = keptCss(rule.rules, keep, next);
      if (inner) out += `${rule.prelude}{${inner}}`;
    } else if (!rule.keyframes) {
      out += rule.text;
    }
  }
  return out;
}

/** A declaration of motion: an animation, a transition or smooth scrolling. */
const MOTION_DECLARATION = /(?:^|;)(?:animation|transition|scroll-behavior)[\w-]*:/;

/** Declarations that only change motion (`animation-duration:.01ms!important;…`), nothing else. */
const onlyMotion = (body: string) => body.split(';').every((declaration) => MOTION_DECLARATION.test(`;${declaration}`));

/** A style sheet ready to be cut down for each root, with the cuts it has made so far. */
export class ShadowStyleSheet {
  private readonly rules: readonly Rule[];
  /** Every selector of every style rule, in order. */
  private readonly selectors: readonly Requirement[] = [];
  /**
   * Per selector: whether its rule stops motion under `prefers-reduced-motion` and does nothing else
   * (tokens.styles.ts' `reducedMotion`), and whether its rule sets any motion itself.
   */
  private readonly stopsMotion: readonly boolean[];
  private readonly setsMotion: readonly boolean[];
  private readonly keyframes: readonly OtherRule[];
  private readonly cuts = new Map<string, string>();

  /** The whole sheet, minified. */
  readonly css: string;

  constructor(cssText: string) {
    this.css = minifyCss(cssText).trim();
    this.rules = parseRules(this.css);
    const selectors: Requirement[] = [];
    const stopsMotion: boolean[] = [];
    const setsMotion: boolean[] = [];
    const keyframes: OtherRule[] = [];
    const collect = (rules: readonly Rule[], reducedMotion: boolean) => {
      for (const rule of rules) {
        if (rule.kind === 'group') collect(rule.rules, reducedMotion || rule.prelude.includes('prefers-reduced-motion'));
        else if (rule.kind === 'style') {
          const stops = reducedMotion && onlyMotion(rule.body);
          const sets = MOTION_DECLARATION.test(rule.body);
          for (const selector of rule.selectors) {
            selectors.push(selector.needs);
            stopsMotion.push(stops);
            setsMotion.push(sets);
          }
        } else if (rule.keyframes) keyframes.push(rule);
      }
    };
    collect(this.rules, false);
    this.selectors = selectors;
    this.stopsMotion = stopsMotion;
    this.setsMotion = setsMotion;
    this.keyframes = keyframes;
  }

  /**
   * The rules that can match in a root with this host and markup (minified). A rule that only stops
   * motion for `prefers-reduced-motion` is left out of a root where no kept rule sets any motion (a
   * card's root: 200 B each): there is none to stop before the script runs, and once it runs the
   * element adopts its whole style sheet.
   */
  cut(host: Tokens, markup: Tokens): string {
    const keep = this.selectors.map((needs) => met(needs, host, markup));
    if (!keep.some((kept, index) => kept && this.setsMotion[index] && !this.stopsMotion[index])) {
      this.stopsMotion.forEach((stops, index) => stops && (keep[index] = false));
    }
    const key = keep.map(Number).join('');
    let cut = this.cuts.get(key);
    if (cut === undefined) {
      const css = keptCss(this.rules, keep);
      // Animations named by a kept rule, after the rules (a `@keyframes` applies wherever it is).
      cut =
        css +
        this.keyframes
          .filter((rule) => new RegExp(`[:\\s,]${rule.keyframes}\\b`).test(css))
          .map((rule) => rule.text)
          .join('');
      // A server renders a bounded set of shapes; bound the cache anyway.
      if (this.cuts.size < 256) this.cuts.set(key, cut);
    }
    return cut;
  }
}

const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The tokens of start tags' attributes, by their text: a wall repeats the same few tags many times. */
const attributeTokenCache = new Map<string, readonly string[]>();

/** Adds the tokens of one attribute (`[name]`, `[name=value]`, and `.class` for each class) to `tokens`. */
export function addAttributeToken(name: string, value: string | undefined, tokens: { add(token: string): unknown }): void {
  tokens.add(`[${name}]`);
  if (value === undefined) return;
  tokens.add(`[${name}=${value}]`);
  if (name === 'class') for (const className of value.split(/\s+/)) if (className) tokens.add(`.${className}`);
}

/** The tokens of one start tag's attributes (`[name]`, `[name=value]`, `.class`), in order. */
export function attributeTokens(attributes: string): readonly string[] {
  let found = attributeTokenCache.get(attributes);
  if (!found) {
    const list: string[] = [];
    const into = { add: (token: string) => list.push(token) };
    for (const [, name, double, single, bare] of attributes.matchAll(ATTRIBUTE))
      addAttributeToken(name!.toLowerCase(), double ?? single ?? bare, into);
    found = list;
    // Tags with data in them (a name, a link) are each new: remember only so many.
    if (attributeTokenCache.size < 4096) attributeTokenCache.set(attributes, found);
  }
  return found;
}

/** Adds the tokens of one start tag's attributes to `tokens`. */
export function addAttributeTokens(attributes: string, tokens: Set<string>): void {
  for (const token of attributeTokens(attributes)) tokens.add(token);
}

/** A selector that is the host alone, with attribute conditions at most: `:host`, `:host([theme=dark])`. */
const PLAIN_HOST = /^:host(?:\((\[[^\]()]*\])+\))?$/;

/** Cut styles split into the host's rules, as the enclosing root writes them, and the rest. */
export interface HoistedStyles {
  /** The host's rules for the enclosing root: `:host(…)` written `:where(tag…)`. */
  readonly outer: string;
  /** What stays in the host's own root. */
  readonly inner: string;
}

const hoisted = new Map<string, HoistedStyles | null>();

/**
 * A shadow root's cut styles with its host's rules taken out, for the root around the host to write
 * once for all its hosts of that tag (a wall's twelve cards: 1.3 KB of tokens each), or `null` when
 * that would not paint the same. The root around is an outer tree context: its rules win over the
 * host's own whatever their specificity, as the enclosing root's rules for the host already did over
 * the `:host` rules. So the host's rules move as they are, in order, with no specificity
 * (`:where(card)`) and before the enclosing root's own: those still win as before, and the moved rules
 * keep their order among themselves. Only when every rule that names `:host` is a plain style rule on
 * the host (`:host`, `:host([…])`, no media query around it, no `!important`, which an outer context
 * would turn around); anything else keeps them all where they are.
 */
export function hoistHostRules(css: string, tag: string): HoistedStyles | null {
  const key = `${tag}\0${css}`;
  let split = hoisted.get(key);
  if (split !== undefined) return split;
  split = null;
  if (css.includes(':host')) {
    let outer = '';
    let inner = '';
    let movable = true;
    for (const rule of parseRules(css)) {
      const text = rule.kind === 'style' ? `${rule.selectors.map((selector) => selector.text).join(',')}{${rule.body}}` : '';
      if (
        rule.kind === 'style' &&
        rule.selectors.every((selector) => PLAIN_HOST.test(selector.text)) &&
        !rule.body.includes('!important')
      ) {
        const selectors = rule.selectors.map(
          (selector) => `:where(${tag}${PLAIN_HOST.exec(selector.text)![1] ? selector.text.slice(6, -1) : ''})`,
        );
        outer += `${selectors.join(',')}{${rule.body}}`;
      } else {
        const whole =
          rule.kind === 'style' ? text : rule.kind === 'group' ? keptCss([rule], Array(countSelectors([rule])).fill(true)) : rule.text;
        if (whole.includes(':host')) movable = false;
        inner += whole;
      }
    }
    if (movable && outer) split = { outer, inner };
  }
  if (hoisted.size < 256) hoisted.set(key, split);
  return split;
}

/** How many selectors the style rules in `rules` have, groups included. */
function countSelectors(rules: readonly Rule[]): number {
  let count = 0;
  for (const rule of rules) {
    if (rule.kind === 'style') count += rule.selectors.length;
    else if (rule.kind === 'group') count += countSelectors(rule.rules);
  }
  return count;
}

/**
 * The (minified) CSS with every complex selector of its style rules replaced by `map`'s answer, in
 * media and other group rules too; `@keyframes` and other at-rules as they are.
 */
export function mapSelectors(css: string, map: (selector: string) => string): string {
  const write = (rules: readonly Rule[]): string =>
    rules
      .map((rule) =>
        rule.kind === 'style'
          ? `${rule.selectors.map((selector) => map(selector.text)).join(',')}{${rule.body}}`
          : rule.kind === 'group'
            ? `${rule.prelude}{${write(rule.rules)}}`
            : rule.text,
      )
      .join('');
  let rules = parsedSheets.get(css);
  if (!rules) {
    rules = parseRules(css);
    // A server renders a bounded set of shapes (a wall's cut styles): parsed once each; bound it anyway.
    if (parsedSheets.size < 256) parsedSheets.set(css, rules);
  }
  return write(rules);
}

/** The style sheets {@link mapSelectors} has parsed, by their text. */
const parsedSheets = new Map<string, readonly Rule[]>();
