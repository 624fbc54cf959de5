/**
 * A Lit template result written to an HTML string at once, for the templates of an element whose shadow
 * root holds no other element to render: the same text, after compactMarkup, as Lit's server renderer
 * writes for them, at a fraction of the cost (a wall of 1,000 cards made 1,000 sets of part objects,
 * thunks and marker comments, then collected them as garbage).
 *
 * It is the element's own `render()` and templates that are written: nothing here knows a card. Lit's
 * renderer is what the text must equal (test/ssr/template-string.node.test.ts compares the two over
 * the sandbox's data, hostile texts, every layout and languages), so this follows its rules:
 *
 * - static text is written as the template has it; a child value as Lit writes it: a string or number
 *   escaped, a template result in place, an iterable item by item, `nothing`, `noChange`, `null` and
 *   `undefined` as nothing;
 * - an attribute binding with one value (`name=${v}` or `name="${v}"`) is `name="v"` escaped, left out
 *   for `nothing` (and `noChange`), `name=""` for `null` and `undefined` (Lit's server renderer does so);
 * - event bindings (`@click`) and element bindings (`${directive()}`) write nothing, as in Lit's.
 *
 * Lit's hydration markers are not written: compactMarkup takes them out of Lit's text anyway.
 *
 * Anything else (a custom element, which needs its own renderer and shadow root; a directive; an
 * attribute with text around its value; a property or boolean binding; a comment, `<slot>` or raw-text
 * element; a compiled template) makes `templateString` answer `undefined`, and the caller renders with
 * Lit's renderer instead.
 */
import { noChange, nothing } from 'lit';
import { escapeHtml } from '@lit-labs/ssr/lib/util/escape-html.js';

/** What a binding writes. */
const enum Binding {
  Child,
  Attribute,
  /** An event or element binding: nothing on the server. */
  Silent,
}

/** A template's strings as the writer reads them: the text around each binding, and each binding. */
interface Compiled {
  /** Text before binding `i` is `texts[i]`; `texts` has one more entry than `bindings`. */
  readonly texts: readonly string[];
  readonly bindings: readonly Binding[];
  /** The attribute's name, for an attribute binding. */
  readonly names: readonly (string | undefined)[];
}

/** Thrown inside the writer when a value or a template is one it leaves to Lit's renderer. */
const UNSUPPORTED = Symbol('unsupported');

/** Elements whose content or role Lit's renderer treats apart (raw text, template content, slots). */
const APART = new Set(['script', 'style', 'textarea', 'title', 'template', 'slot']);

/** `name=` or `name="` (or `'`) ending a string inside a start tag: an attribute binding. */
const ATTRIBUTE_BINDING = /\s([^\s"'>/=]+)=(["']?)$/;

/** Each template's strings compiled once (`null`: one the writer leaves to Lit's renderer). */
const compiled = new WeakMap<TemplateStringsArray, Compiled | null>();

function compile(strings: TemplateStringsArray): Compiled | null {
  const texts: string[] = [];
  const bindings: Binding[] = [];
  const names: (string | undefined)[] = [];
  let inTag = false;
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
    for (let at = start; at < text.length; at++) {
      const character = text[at]!;
      if (quote) {
        if (character === quote) quote = '';
      } else if (inTag) {
        if (character === '"' || character === "'") [quote, quoteAt] = [character, at];
        else if (character === '>') inTag = false;
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
        // The text keeps the white space before the name, as Lit's renderer does.
        end = text.length - written.length + 1;
        after = quoted || '=';
      } else {
        // An element binding (`<div ${directive()}>`) follows white space in the tag.
        if (inTag && !/\s$/.test(text)) return null;
        bindings.push(inTag ? Binding.Silent : Binding.Child);
        names.push(undefined);
      }
    }
    texts.push(text.slice(start, end));
  }
  return quote || inTag ? null : { texts, bindings, names };
}

interface TemplateLike {
  readonly _$litType$: unknown;
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

function isDirective(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_$litDirective$' in value;
}

function templateText(result: TemplateLike): string {
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
    if (binding === Binding.Child) html += valueText(value);
    else if (binding === Binding.Attribute) {
      if (isDirective(value)) throw UNSUPPORTED;
      if (value !== nothing && value !== noChange) {
        html += `${names[index]!}="${escapeHtml(typeof value === 'string' ? value : value == null ? '' : String(value))}"`;
      }
    }
    html += texts[index + 1]!;
  }
  return html;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value === nothing || value === noChange || value === null || value === undefined) return '';
  if (typeof value !== 'object') return escapeHtml(String(value));
  if ('_$litType$' in value) return templateText(value as TemplateLike);
  if (isDirective(value)) throw UNSUPPORTED;
  if (Symbol.iterator in value) {
    let html = '';
    for (const item of value as Iterable<unknown>) html += valueText(item);
    return html;
  }
  return escapeHtml(String(value));
}

/** `value` (what an element's `render()` answers) as HTML, or `undefined` when it is Lit's renderer's to write. */
export function templateString(value: unknown): string | undefined {
  try {
    return valueText(value);
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
}

/** Whether elements' shadow roots are written by `templateString` (tests compare it with Lit's renderer). */
export const templateStrings = { enabled: true };
