/**
 * `styleProperties({...})`: sets inline style properties through CSSOM (`style.setProperty`), which a
 * Content-Security-Policy without 'unsafe-inline' in `style-src` allows; a `style` attribute, or a
 * `.style` binding (it sets `cssText`), would be dropped there.
 *
 * An element binding, `<div ${styleProperties({ '--_count': '3' })}>`. Lit's `styleMap` does the same
 * and also removes properties that a later render leaves out; our templates always set the same
 * names, so this smaller directive, which only sets, is all they need.
 */
import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type DirectiveResult, type ElementPart, type PartInfo } from 'lit/directive.js';

type StyleProperties = Readonly<Record<string, string>>;

class StylePropertiesDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new TypeError('styleProperties() is an element binding: <div ${styleProperties({…})}>.');
  }

  render(_properties: StyleProperties): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [properties]: [StyleProperties]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return noChange;
  }
}

/** The directive's type written out: inferred, the published declarations would name `lit-html`, which only `lit` depends on. */
export type StylePropertiesFunction = (properties: Readonly<Record<string, string>>) => DirectiveResult<typeof StylePropertiesDirective>;

export const styleProperties: StylePropertiesFunction = directive(StylePropertiesDirective);
