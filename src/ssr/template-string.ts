/**
 * A Lit template result written to an HTML string at once: the same text as Lit's server renderer writes
 * once compactMarkup has tidied it, at a fraction of the cost (a wall of 1,000 cards made 1,000 sets of
 * part objects, thunks and marker comments, then collected them as garbage, and compactMarkup then read
 * all of that text again to take the markers out, tidy each start tag and collect its tokens).
 *
 * It is the element's own `render()` and templates that are written: nothing here knows a card. Lit's
 * renderer followed by compactMarkup is what the text must equal (test/ssr/template-string.node.test.ts
 * compares the two over the sandbox's data, hostile texts, every layout and languages), so this follows
 * their rules:
 *
 * - static text is written as the template has it, its start tags tidied once per template (white space
 *   between attributes collapsed to one space, none before `>` or `/>`, as compactMarkup tidies them);
 *   a child value as Lit writes it: a string or number escaped, a template result in place, an iterable
 *   item by item, a directive by its `render()` (as Lit's server renderer calls it), `nothing`,
 *   `noChange`, `null` and `undefined` as nothing;
 * - an attribute binding (`name=${v}`, `name="${v}"`, `class="a ${v} b"`) is ` name="…"` escaped, left
 *   out with the white space before it when a value is `nothing` (or its one value `noChange`), `null`
 *   and `undefined` written empty (Lit's server renderer does so); a boolean one (`?name=${v}`) is
 *   ` name` when `v` is true;
 * - event bindings (`@click`) and element bindings (`${directive()}`) write nothing, as in Lit's;
 * - a custom element is handed to the caller's {@link HostWriter}, which renders it as Lit's renderer
 *   does (an element renderer, its static attributes, then its attribute, boolean and property bindings
 *   in order, then its start tag and declarative shadow root); its end tag and light DOM are written
 *   here. A root with one is written as text for compactMarkup to read as it reads Lit's (its hosts'
 *   roots and styles are compactMarkup's to tidy, flatten and cut): a wall of cards is no longer Lit's;
 * - Lit's hydration markers are not written (compactMarkup takes them out of Lit's text).
 *
 * And it tells the tokens of every start tag it wrote (`tag`, `[name]`, `[name=value]`, `.class`, as
 * shadow-styles.ts' addAttributeTokens reads them), the static ones found once per template, so that
 * compactMarkup can cut the root's styles without reading the HTML again.
 *
 * Anything else (a directive in an attribute; a property binding on a plain element; text around a
 * boolean, property or event binding's value; a comment, `<slot>` or raw-text element; a compiled
 * template or raw HTML) makes the writer answer `undefined`, and the caller renders with Lit's renderer
 * instead.
 */
import { noChange, nothing } from 'lit';
import { PartType } from 'lit/directive.js';
import { escapeHtml } from '@lit-labs/ssr/lib/util/escape-html.js';
import { tidyAttributes, type WrittenShadow } from './compact-markup.js';
import { addAttributeToken, attributeTokens } from './shadow-styles.js';

/** What a step of a compiled template does. */
const enum Step {
  /** A child value, written in place. */
  Child,
  /** `name=${v}` (`name="${v}"`): written ` name="v"`, or set on the custom element whose start tag it is in. */
  Attribute,
  /** `?name=${v}`: ` name` when `v` is true, on a plain element or set on a custom element. */
  Boolean,
  /** `.name=${v}`: a custom element's property (on a plain element the writer leaves it to Lit). */
  Property,
  /** An event or element binding: nothing on the server. */
  Silent,
  /** A custom element's start tag begins: its renderer is made, its static attributes set. */
  HostOpen,
  /** A custom element's start tag ends: its attributes, `>` and its declarative shadow root are written. */
  HostShadow,
  /** A custom element's end tag. */
  HostClose,
}

/** A step of a compiled template: static text (its start tags tidied), or a {@link Step}. */
type Op =
  | string
  | { readonly step: Step.Child | Step.Silent }
  | {
      readonly step: Step.Attribute | Step.Boolean | Step.Property;
      readonly name: string;
      readonly host: boolean;
      /** The attribute's static text around its values (`class="a ${x} b"`: `a `, ` b`), one more than its values. */
      readonly strings: string[];
    }
  | { readonly step: Step.HostOpen; readonly tag: string; attributes: readonly (readonly [string, string])[] }
  | { readonly step: Step.HostShadow }
  | { readonly step: Step.HostClose; readonly tag: string };

/** A template's strings as the writer reads them. */
interface Compiled {
  readonly ops: readonly Op[];
  /** The tokens of the template's static start tags and attributes (shadow-styles.ts). */
  readonly tokens: readonly string[];
  /** Whether the template has a custom element (its root is then written for compactMarkup to read: see WrittenRoot). */
  readonly hosts: boolean;
}

/** Thrown inside the writer when a value or a template is one it leaves to Lit's renderer. */
const UNSUPPORTED = Symbol('unsupported');

/** Elements whose content or role Lit's renderer treats apart (raw text, template content, slots). */
const APART = new Set(['script', 'style', 'textarea', 'title', 'template', 'slot']);

/**
 * `name=`, or `name="` (or `'`) and the value's text so far, ending a string inside a start tag: an
 * attribute binding.
 */
const ATTRIBUTE_BINDING = /\s([^\s"'>/=]+)=(?:(["'])([^"']*))?$/;

/** A start tag's name at the start of a string (`<p`, `<path`; not `</p`). */
const START_TAG = /^<([a-zA-Z][^\s/>]*)/;

/** A custom element's static attributes, as Lit's renderer reads them from its start tag. */
const STATIC_ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

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

/** The step of a binding inside a start tag, by the name before it (`@` event, `.` property, `?` boolean). */
function attributeStep(name: string): Step {
  if (name.startsWith('@')) return Step.Silent;
  if (name.startsWith('.')) return Step.Property;
  if (name.startsWith('?')) return Step.Boolean;
  return Step.Attribute;
}

function compile(strings: TemplateStringsArray): Compiled | null {
  const ops: Op[] = [];
  const tokens: string[] = [];
  let hosts = false;
  let inTag = false;
  /** Whether the tag `inTag` is in is a start tag (an end tag is not tidied, as in compactMarkup). */
  let inStartTag = false;
  /** The custom element whose start tag `inTag` is in, and its static attributes' text so far. */
  let host: Extract<Op, { step: Step.HostOpen }> | undefined;
  let hostAttributes = '';
  /** The quote an attribute value is open in (`''`: none), and where in the string it opened. */
  let quote = '';
  let quoteAt = -1;
  /** How the previous string ended: `=` after an unquoted attribute binding. */
  let after = '';
  /** The quoted attribute whose value the previous string ended in, and its quote. */
  let open: { op: Extract<Op, { strings: string[] }> | undefined; quote: string } | undefined;
  for (let index = 0; index < strings.length; index++) {
    const text = strings[index]!;
    let start = 0;
    if (after === '=' && !/^[\s/>]/.test(text)) return null; // `name=${a}px`: text around the value
    if (open) {
      // The value goes on to its quote: `class="a ${x} b"`; no quote in this string, another value follows.
      const end = text.indexOf(open.quote);
      const { op } = open;
      // Only an attribute's value has text and values around its value (`?a="x${b}"`, `@a="x${b}"`: Lit's).
      if (op?.step !== Step.Attribute && end !== 0) return null;
      if (end < 0) {
        if (index === strings.length - 1 || /[<>]/.test(text)) return null;
        op!.strings.push(text);
        continue;
      }
      op?.strings.push(text.slice(0, end));
      open = undefined;
      quote = '';
      start = end + 1;
    }
    /** Where the static text not yet in `ops` starts in `text`, and whether it starts in a start tag. */
    let from = start;
    let fromInStartTag = inStartTag;
    const flush = (to: number) => {
      if (host) hostAttributes += text.slice(from, to);
      else if (to > from) ops.push(tidyText(text.slice(from, to), fromInStartTag, tokens));
    };
    for (let at = start; at < text.length; at++) {
      const character = text[at]!;
      if (quote) {
        if (character === quote) quote = '';
      } else if (inTag) {
        if (character === '"' || character === "'") [quote, quoteAt] = [character, at];
        else if (character === '>') {
          inTag = inStartTag = false;
          if (host) {
            flush(at);
            host.attributes = [...hostAttributes.matchAll(STATIC_ATTRIBUTE)].map(
              ([, name, double, single, bare]) => [name!.toLowerCase(), double ?? single ?? bare ?? ''] as const,
            );
            // Lit's renderer reads them parsed (`&amp;` is `&`): a character reference is Lit's to read.
            if (host.attributes.some(([, value]) => value.includes('&'))) return null;
            ops.push({ step: Step.HostShadow });
            host = undefined;
            [from, fromInStartTag] = [at + 1, false];
          }
        }
      } else if (character === '<') {
        const tag = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(text.slice(at, at + 64));
        if (!tag) {
          // `<!--`, `<?`, `<!DOCTYPE`: not in an element's template.
          if (text[at + 1] === '!' || text[at + 1] === '?') return null;
          continue;
        }
        const name = tag[2]!.toLowerCase();
        if (APART.has(name)) return null;
        inTag = true;
        inStartTag = !tag[1];
        if (name.includes('-')) {
          // A custom element: its tags are the writer's own (its renderer writes its start tag and root).
          hosts = true;
          flush(at);
          if (inStartTag) {
            ops.push((host = { step: Step.HostOpen, tag: name, attributes: [] }));
            hostAttributes = '';
          } else {
            const end = text.indexOf('>', at);
            if (end < 0) return null;
            ops.push({ step: Step.HostClose, tag: name });
            inTag = false;
            at = end;
            [from, fromInStartTag] = [end + 1, false];
            continue;
          }
          from = at + tag[0].length;
        }
        at += tag[0].length - 1;
      }
    }
    let end = text.length;
    after = '';
    let op: Op | undefined;
    if (index < strings.length - 1) {
      const attribute = inTag ? ATTRIBUTE_BINDING.exec(text) : null;
      const [written, name, quoted, before = ''] = attribute ?? [];
      // A quote still open is a quoted binding's, opened last: `name="a ${b}"`, not `title="a" ${b}`.
      if (quote && (!quoted || quoteAt !== text.length - 1 - before.length)) return null;
      if (attribute) {
        const step = attributeStep(name!);
        if (step === Step.Silent) {
          op = { step };
          if (quoted) open = { op: undefined, quote: quoted };
        } else {
          if (step === Step.Property && !host) return null; // a plain element's property: Lit's
          if (step !== Step.Attribute && before) return null;
          const named = { step: step as Step.Attribute, name: step === Step.Attribute ? name! : name!.slice(1), host: host !== undefined };
          op = { ...named, strings: [before] };
          if (quoted) open = { op, quote: quoted };
          else op.strings.push('');
        }
        // The binding writes its own white space before the name.
        end = text.length - written!.length;
        after = quoted ? '' : '=';
      } else {
        // An element binding (`<div ${directive()}>`) follows white space in the tag.
        if (inTag && !/\s$/.test(text)) return null;
        op = { step: inTag ? Step.Silent : Step.Child };
      }
    }
    if (end > from || host) flush(Math.max(end, from));
    if (op) ops.push(op);
  }
  return quote || inTag || open ? null : { ops, tokens: [...new Set(tokens)], hosts };
}

interface TemplateLike {
  readonly _$litType$: unknown;
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

interface DirectiveLike {
  readonly _$litDirective$: new (part: { type: number }) => { render(...values: unknown[]): unknown };
  readonly values: unknown[];
}

function isDirective(value: unknown): value is DirectiveLike {
  return typeof value === 'object' && value !== null && '_$litDirective$' in value;
}

/**
 * A custom element in a template, rendered by the caller's own element renderer (src/ssr/index.ts), as
 * Lit's renderer renders it: its static attributes set, then its bindings in order, then its start tag
 * and declarative shadow root written (`undefined` when its root is Lit's to render).
 */
export interface WrittenHost {
  setAttribute(name: string, value: string): void;
  /** `false` when Lit's renderer would also write the property as an attribute: Lit's to render. */
  setProperty(name: string, value: unknown): boolean;
  /** `<tag attributes>` and the declarative shadow root, or `undefined`. */
  start(): string | undefined;
}

/** Makes the renderer of a custom element met in a template, or answers `undefined` (Lit's to render). */
export type HostWriter = (tag: string) => WrittenHost | undefined;

/** What one root's writing collects: its tokens, the templates whose static tokens are among them, its hosts. */
interface Collected {
  readonly tokens: Set<string>;
  readonly templates: Set<Compiled>;
  readonly hostWriter: HostWriter | undefined;
  hosts: boolean;
}

/**
 * An attribute's value as Lit's renderer commits it, from its static text and its values from `from`:
 * `undefined` (left out) when one is `nothing` or its one value is `noChange`; a single value as it is
 * (`null` and `undefined` empty); values among text joined with it, `null`, `undefined` and `noChange` empty.
 */
function attributeText(strings: readonly string[], values: readonly unknown[], from: number): string | undefined {
  if (strings.length === 2 && strings[0] === '' && strings[1] === '') {
    const value = values[from];
    if (isDirective(value)) throw UNSUPPORTED;
    if (value === nothing || value === noChange) return undefined;
    return typeof value === 'string' ? value : value == null ? '' : String(value);
  }
  let text = strings[0]!;
  for (let index = 1; index < strings.length; index++) {
    const value = values[from + index - 1];
    if (isDirective(value)) throw UNSUPPORTED;
    if (value === nothing) return undefined;
    text += `${value === noChange || value == null ? '' : (value as string)}${strings[index]}`;
  }
  return text;
}

function templateText(result: TemplateLike, collected: Collected): string {
  // 1 html, 2 svg, 3 mathml: written as they are; a compiled template is Lit's to render.
  if (typeof result._$litType$ !== 'number') throw UNSUPPORTED;
  let template = compiled.get(result.strings);
  if (template === undefined) {
    // A tagged template's strings are frozen, and the same object each time; others (`unsafeHTML`'s
    // raw HTML) are Lit's to render.
    template = Object.isFrozen(result.strings) ? compile(result.strings) : null;
    compiled.set(result.strings, template);
  }
  if (!template) throw UNSUPPORTED;
  const { values } = result;
  const hosts: WrittenHost[] = [];
  let html = '';
  let next = 0;
  for (const op of template.ops) {
    if (typeof op === 'string') {
      html += op;
      continue;
    }
    switch (op.step) {
      case Step.Child:
        html += valueText(values[next++], collected);
        break;
      case Step.Silent:
        next++;
        break;
      case Step.Attribute: {
        const value = attributeText(op.strings, values, next);
        next += op.strings.length - 1;
        if (value === undefined) break;
        if (op.host) hosts.at(-1)!.setAttribute(op.name, value);
        else {
          const text = escapeHtml(value);
          html += ` ${op.name}="${text}"`;
          addAttributeToken(op.name.toLowerCase(), text, collected.tokens);
        }
        break;
      }
      case Step.Boolean: {
        const value = values[next++];
        if (isDirective(value)) throw UNSUPPORTED;
        if (!value || value === nothing) break;
        if (op.host) hosts.at(-1)!.setAttribute(op.name, '');
        else {
          html += ` ${op.name}`;
          addAttributeToken(op.name.toLowerCase(), undefined, collected.tokens);
        }
        break;
      }
      case Step.Property: {
        const value = values[next++];
        if (isDirective(value)) throw UNSUPPORTED;
        if (value !== noChange && !hosts.at(-1)!.setProperty(op.name, value === nothing ? undefined : value)) throw UNSUPPORTED;
        break;
      }
      case Step.HostOpen: {
        const host = collected.hostWriter?.(op.tag);
        if (!host) throw UNSUPPORTED;
        for (const [name, value] of op.attributes) host.setAttribute(name, value);
        hosts.push(host);
        collected.hosts = true;
        break;
      }
      case Step.HostShadow: {
        const start = hosts.at(-1)!.start();
        if (start === undefined) throw UNSUPPORTED;
        html += start;
        break;
      }
      case Step.HostClose:
        hosts.pop();
        html += `</${op.tag}>`;
        break;
    }
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
  // A directive is rendered as Lit's server renderer renders it: its `render()` with its values.
  if (isDirective(value)) return valueText(new value._$litDirective$({ type: PartType.CHILD }).render(...value.values), collected);
  if (Symbol.iterator in value) {
    let html = '';
    for (const item of value as Iterable<unknown>) html += valueText(item, collected);
    return html;
  }
  return escapeHtml(String(value));
}

/**
 * A shadow root's content written by the writer: with its start tags' tokens (compactMarkup does not
 * read it again), or, when it holds custom elements (`hosts`), as text for compactMarkup to read as it
 * reads Lit's: their start tags, roots and styles are its to tidy, flatten and cut.
 */
export interface WrittenRoot extends WrittenShadow {
  readonly hosts: boolean;
}

/**
 * `value` (what an element's `render()` answers) as HTML with the tokens of its start tags, or
 * `undefined` when it is Lit's renderer's to write. `hostWriter` renders the custom elements in it;
 * without one, a custom element is Lit's to render.
 */
export function templateString(value: unknown, hostWriter?: HostWriter): WrittenRoot | undefined {
  const collected: Collected = { tokens: new Set(), templates: new Set(), hostWriter, hosts: false };
  try {
    const html = valueText(value, collected);
    return { html, tokens: collected.tokens, hosts: collected.hosts };
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
