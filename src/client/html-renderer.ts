/**
 * The contract between the proxy's HTML routes (`src/proxy/render-routes.ts`) and a server renderer
 * (`src/node/proxy-renderer.ts` wires `testimonial-elements/ssr` to it): types only, in the client's
 * room, so that the proxy and the renderer both depend on it and never on each other.
 */
import type { PublicTestimonial, PublicTestimonialList } from './public-fields.js';

/** How an element attribute is given in a query: `no-rating` (boolean) or `layout=grid` (string). */
export type AttributeKind = 'boolean' | 'string';

/** The server renderer the HTML routes use (Node's is `src/node/proxy-renderer.ts`). */
export interface HtmlRenderer {
  /** The wall's attributes a query may set (the list query's among them), and their kinds. */
  wallAttributes: ReadonlyMap<string, AttributeKind>;
  /** The card's attributes a query may set. */
  cardAttributes: ReadonlyMap<string, AttributeKind>;
  /** A `<testimonial-wall>` with `attributes` showing `list`, which the browser takes over through `endpoint`. */
  wall(list: PublicTestimonialList, attributes: Readonly<Record<string, string>>, endpoint: string): Promise<string>;
  /** A `<testimonial-card>` with `attributes` showing `testimonial`. */
  card(testimonial: PublicTestimonial, attributes: Readonly<Record<string, string>>): Promise<string>;
  /**
   * Refuses attributes this renderer cannot render together (`no-rating` with review JSON-LD) by
   * throwing an `InvalidRequestError` naming one: a 400 before anything is sent upstream.
   */
  checkAttributes?(attributes: Readonly<Record<string, string>>): void;
}
