/**
 * A Lit template result written to an HTML string at once, for the templates of an element whose shadow
 * root holds no other element to render: the same text as Lit's server renderer writes for them once
 * compactMarkup has tidied it, at a fraction of the cost (a wall of 1,000 cards made 1,000 sets of part
 * objects, thunks and marker comments, then collected them as garbage, and compactMarkup then read all
 * of that text again to take the markers out, tidy each start tag and collect its tokens).
 *
 * It is the element's own `render()` and templates that are written: nothing here knows a card. Lit's
 * renderer followed by compactMarkup is what the text must equal (test/ssr/template-string.node.test.ts
 * compares the two over the sandbox's data, hostile texts, every layout and languages), so this follows
 * their rules:
 *
 * - static text is written as the template has it, its start tags tidied once per template (white space
 *   between attributes collapsed to one space, none before `>` or `/>`, as compactMarkup tidies them);
 *   a child value as Lit writes it: a string or number escaped, a template result in place, an iterable
 *   item by item, `nothing`, `noChange`, `null` and `undefined` as nothing;
 * - an attribute binding with one value (`name=${v}` or `name="${v}"`) is ` name="v"` escaped, left out
 *   with the white space before it for `nothing` (and `noChange`), `name=""` for `null` and `undefined`
 *   (Lit's server renderer does so);
 * - event bindings (`@click`) and element bindings (`${directive()}`) write nothing, as in Lit's;
 * - Lit's hydration markers are not written (compactMarkup takes them out of Lit's text).
 *
 * And it tells the tokens of every start tag it wrote (`tag`, `[name]`, `[name=value]`, `.class`, as
 * shadow-styles.ts' addAttributeTokens reads them), the static ones found once per template, so that
 * compactMarkup can cut the root's styles without reading the HTML again.
 *
 * Anything else (a custom element, which needs its own renderer and shadow root; a directive; an
 * attribute with text around its value; a property or boolean binding; a comment, `<slot>` or raw-text
 * element; a compiled template) makes the writer answer `undefined`, and the caller renders with Lit's
 * renderer instead.
 */
import { noChange, nothing } from 'lit';
import { escapeHtml } from '@lit-labs/ssr/lib/util/escape-html.js';
import { tidyAttributes, type WrittenShadow } from './compact-markup.js';
import { addAttributeToken, attributeTokens } from './shadow-styles.js';

/** What a binding writes. */
const enum Binding {
  Child,
  Attribute,
  /** An event or element binding: nothing on the server. */
  Silent,
}

/** A template's strings as the writer reads them: the text around each binding, and each binding. */
interface Compiled {
  /**
   * Text before binding `i` is `texts[i]`, its start tags tidied; `texts` has one more entry than
   * `bindings`. An attribute binding's name and the white space before it are not in it: the binding
   * writes ` name="value"`, or nothing.
   */
  readonly texts: readonly string[];
  readonly bindings: readonly Binding[];
  /** The attribute's name, for an attribute binding. */
  readonly names: readonly (string | undefined)[];
  /** The tokens of the template's static start tags and attributes (shadow-styles.ts). */
  readonly tokens: readonly string[];
}

/** Thrown inside the writer when a value or a template is one it leaves to Lit's renderer. */
const UNSUPPORTED = Symbol('unsupported');

/** Elements whose content or role Lit's renderer treats apart (raw text, template content, slots). */
const APART = new Set(['script', 'style', 'textarea', 'title', 'template', 'slot']);

/** `name=` or `name="` (or `'`) ending a string inside a start tag: an attribute binding. */
const ATTRIBUTE_BINDING = /\s([^\s"'>/=]+)=(["']?)$/;

/** A start tag's name at the start of a string (`<p`, `<path`; not `</p`). */
const START_TAG = /^<([a-zA-Z][^\s/>]*)/;

/**
 * One of a template's strings (from `start`, `inStartTag` there) with its start tags tidied as
 * compactMarkup tidies Lit's, and their tokens added to `tokens`. A string that ends inside a start tag
 * ends before a binding, which writes its own white space: none is left at its end.
 */
function tidyText(text: string, inStartTag: boolean, tokens: string[]): string {
  let out = '';
  let attributes = '';
  let quote = '';
  const endTag = () => {
    out += tidyAttributes(attributes);
    tokens.push(...attributeTokens(attributes));
    attributes = '';
  };
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (!inStartTag) {
      const tag = character === '<' ? START_TAG.exec(text.slice(at, at + 64)) : null;
      if (tag) {
        out += tag[0];
        tokens.push(tag[1]!.toLowerCase());
        inStartTag = true;
        at += tag[0].length - 1;
      } else out += character;
    } else if (quote) {
      attributes += character;
      if (character === quote) quote = '';
    } else if (character === '>') {
      endTag();
      out += '>';
      inStartTag = false;
    } else {
      if (character === '"' || character === "'") quote = character;
      attributes += character;
    }
  }
  if (inStartTag) endTag();
  return out;
}

/** Each template's strings compiled once (`null`: one the writer leaves to Lit's renderer). */
const compiled = new WeakMap<TemplateStringsArray, Compiled | null>();

function compile(strings: TemplateStringsArray): Compiled | null {
  const texts: string[] = [];
  const bindings: Binding[] = [];
  const names: (string | undefined)[] = [];
  const tokens: string[] = [];
  let inTag = false;
  /** Whether the tag `inTag` is in is a start tag (an end tag is not tidied, as in compactMarkup). */
  let inStartTag = false;
  /** The quote an attribute value is open in (`''`: none), and where in the string it opened. */
  let quote = '';
  let quoteAt = -1;
  /** How the previous string ended: `"`/`'` before a quoted attribute binding, `=` before an unquoted one. */
  let after = '';
  for (let index = 0; index < strings.length; index++) {
    const text = strings[index]!;
    let start = 0;
    if (after === '=' && !/^[\s/>]/.test(text)) return null; // `name=${a}px`: text around the value
    if (after === '"' || after === "'") {
      if (text[0] !== after) return null; // `name="${a} b"`
      quote = '';
      start = 1;
    }
    const startsInStartTag = inStartTag;
    for (let at = start; at < text.length; at++) {
      const character = text[at]!;
      if (quote) {
        if (character === quote) quote = '';
      } else if (inTag) {
        if (character === '"' || character === "'") [quote, quoteAt] = [character, at];
        else if (character === '>') inTag = inStartTag = false;
      } else if (character === '<') {
        const tag = /^<\/?([a-zA-Z][^\s/>]*)/.exec(text.slice(at, at + 64));
        if (!tag) {
          // `<!--`, `<?`, `<!DOCTYPE`: not in an element's template.
          if (text[at + 1] === '!' || text[at + 1] === '?') return null;
          continue;
        }
        const name = tag[1]!.toLowerCase();
        if (name.includes('-') || APART.has(name)) return null;
        inTag = true;
        inStartTag = text[at + 1] !== '/';
        at += tag[0].length - 1;
      }
    }
    let end = text.length;
    after = '';
    if (index < strings.length - 1) {
      const attribute = inTag ? ATTRIBUTE_BINDING.exec(text) : null;
      // A quote still open is a quoted binding's, opened last: `name="${a}"`, not `title="a ${b}"`.
      if (quote && (!attribute?.[2] || quoteAt !== text.length - 1)) return null;
      if (attribute) {
        const [written, name, quoted] = attribute;
        if (name!.startsWith('.') || name!.startsWith('?')) return null;
        bindings.push(name!.startsWith('@') ? Binding.Silent : Binding.Attribute);
        names.push(name);
        // The binding writes its own white space before the name.
        end = text.length - written.length;
        after = quoted || '=';
      } else {
        // An element binding (`<div ${directive()}>`) follows white space in the tag.
        if (inTag && !/\s$/.test(text)) return null;
        bindings.push(inTag ? Binding.Silent : Binding.Child);
        names.push(undefined);
      }
    }
    texts.push(tidyText(text.slice(start, end), startsInStartTag, tokens));
  }
  return quote || inTag ? null : { texts, bindings, names, tokens: [...new Set(tokens)] };
}

interface TemplateLike {
  readonly _$litType$: unknown;
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

function isDirective(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_$litDirective$' in value;
}

/** What one root's writing collects: its tokens, and the templates whose static tokens are among them. */
interface Collected {
  readonly tokens: Set<string>;
  readonly templates: Set<Compiled>;
}

function templateText(result: TemplateLike, collected: Collected): string {
  // 1 html, 2 svg, 3 mathml: written as they are; a compiled template is Lit's to render.
  if (typeof result._$litType$ !== 'number') throw UNSUPPORTED;
  let template = compiled.get(result.strings);
  if (template === undefined) {
    template = compile(result.strings);
    compiled.set(result.strings, template);
  }
  if (!template) throw UNSUPPORTED;
  const { texts, bindings, names } = template;
  const { values } = result;
  let html = texts[0]!;
  for (let index = 0; index < bindings.length; index++) {
    const value = values[index];
    const binding = bindings[index];
    if (binding === Binding.Child) html += valueText(value, collected);
    else if (binding === Binding.Attribute) {
      if (isDirective(value)) throw UNSUPPORTED;
      if (value !== nothing && value !== noChange) {
        const name = names[index]!;
        const text = escapeHtml(typeof value === 'string' ? value : value == null ? '' : String(value));
        html += ` ${name}="${text}"`;
        addAttributeToken(name.toLowerCase(), text, collected.tokens);
      }
    }
    html += texts[index + 1]!;
  }
  // A card writes the same few templates many times (a star, a paragraph): their static tokens once.
  if (!collected.templates.has(template)) {
    collected.templates.add(template);
    for (const token of template.tokens) collected.tokens.add(token);
  }
  return html;
}

function valueText(value: unknown, collected: Collected): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value === nothing || value === noChange || value === null || value === undefined) return '';
  if (typeof value !== 'object') return escapeHtml(String(value));
  if ('_$litType$' in value) return templateText(value as TemplateLike, collected);
  if (isDirective(value)) throw UNSUPPORTED;
  if (Symbol.iterator in value) {
    let html = '';
    for (const item of value as Iterable<unknown>) html += valueText(item, collected);
    return html;
  }
  return escapeHtml(String(value));
}

/**
 * `value` (what an element's `render()` answers) as HTML with the tokens of its start tags, or
 * `undefined` when it is Lit's renderer's to write.
 */
export function templateString(value: unknown): WrittenShadow | undefined {
  const collected: Collected = { tokens: new Set(), templates: new Set() };
  try {
    return { html: valueText(value, collected), tokens: collected.tokens };
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
}

/**
 * The render option that writes every shadow root with Lit's renderer (then compactMarkup), not this
 * writer: the tests compare the two. A symbol, so no option of the public API can be it by chance.
 */
export const LIT_RENDERER_ONLY = Symbol('testimonial-elements/ssr: Lit renderer only');
