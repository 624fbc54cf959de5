/**
 * The proxy's {@link HtmlRenderer} on Node: `renderWall`/`renderCard` of this module's entry, for the
 * `/render/wall` and `/render/card/:id` routes. `serveProxy` imports it only when it starts with the
 * HTML routes on, so a proxy without them never loads Lit's server renderer or jsdom.
 */
import { InvalidRequestError } from '../client/validation.js';
import type { HtmlRenderer } from '../client/html-renderer.js';
import { CARD_ATTRIBUTES, WALL_ATTRIBUTES } from '../ssr/element-attributes.js';
import { renderCard, renderWall } from '../ssr/index.js';
import { checkJsonLdOptions, type JsonLdOptions } from '../ssr/json-ld.js';

export interface ProxyRendererOptions {
  /** Review JSON-LD after every wall and card (the site's one reviewed item); checked here, at start. */
  jsonLd?: JsonLdOptions;
}

export function createProxyRenderer(options: ProxyRendererOptions = {}): HtmlRenderer {
  const jsonLd = checkJsonLdOptions(options.jsonLd);
  return {
    wallAttributes: WALL_ATTRIBUTES,
    cardAttributes: CARD_ATTRIBUTES,
    wall: (list, attributes, endpoint) =>
      renderWall({ testimonials: list, attributes: { ...attributes, endpoint }, ...(jsonLd ? { jsonLd } : {}) }),
    card: (testimonial, attributes) => renderCard(testimonial, { attributes, ...(jsonLd ? { jsonLd } : {}) }),
    // Refused before the service is asked (renderWall would refuse it after, as a failed render).
    checkAttributes: (attributes) => {
      if (jsonLd && attributes['no-rating'] !== undefined) {
        throw new InvalidRequestError(
          'no-rating',
          'no-rating cannot be used here: this proxy adds review JSON-LD (item-reviewed), which may only describe ratings shown on the page.',
        );
      }
    },
  };
}
