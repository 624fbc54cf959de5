/**
 * The attributes a caller outside the code may set on a server-rendered element (a proxy query, a
 * command-line flag), read from the element's own Lit property declarations: one list, so a new
 * attribute of the element is offered by the proxy and the CLI with no second list to update.
 */
import type { PropertyDeclaration } from 'lit';
import type { AttributeKind } from '../client/html-renderer.js';
import { TestimonialCard } from '../elements/testimonial-card/testimonial-card.js';
import { TestimonialWall } from '../elements/testimonial-wall/testimonial-wall.js';

interface LitClass {
  readonly observedAttributes: string[];
  readonly elementProperties: ReadonlyMap<PropertyKey, PropertyDeclaration>;
}

/** Where the element fetches from: set by whoever renders (the proxy, `--endpoint`), never by a query. */
const SOURCE_ATTRIBUTES = new Set(['endpoint', 'testimonial-id']);

function attributeKinds(element: LitClass): ReadonlyMap<string, AttributeKind> {
  // Reading observedAttributes finalizes the class, which fills elementProperties.
  void element.observedAttributes;
  const kinds = new Map<string, AttributeKind>();
  for (const [key, declaration] of element.elementProperties) {
    if (declaration.attribute === false || declaration.state) continue;
    const name = typeof declaration.attribute === 'string' ? declaration.attribute : String(key).toLowerCase();
    if (!SOURCE_ATTRIBUTES.has(name)) kinds.set(name, declaration.type === Boolean ? 'boolean' : 'string');
  }
  return kinds;
}

export const WALL_ATTRIBUTES = attributeKinds(TestimonialWall as unknown as LitClass);
export const CARD_ATTRIBUTES = attributeKinds(TestimonialCard as unknown as LitClass);
