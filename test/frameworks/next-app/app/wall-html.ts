// app/wall-html.ts
import type { WallAttributes } from 'testimonial-elements/ssr';

/**
 * The walls being rendered, by their attributes. React renders a suspended component again once its
 * promise has settled, and that render must find the same promise; then it is forgotten, so that each
 * page view reads the service anew (walls asked for within the same second share one render).
 */
const rendering = new Map<string, Promise<string>>();

/**
 * The wall's HTML, from the service (the key stays on the server), with its words in `lang`, the
 * language of the page it goes into. Called on the server only.
 */
export function wallHtml(attributes: WallAttributes, lang: string): Promise<string> {
  const key = JSON.stringify([attributes, lang]);
  let html = rendering.get(key);
  if (!html) {
    html = import('testimonial-elements/ssr').then(({ renderWall }) =>
      renderWall({ upstream: { url: process.env.TESTIMONIAL_API_URL!, apiKey: process.env.TESTIMONIAL_API_KEY }, attributes, lang }),
    );
    rendering.set(key, html);
    const forget = () => setTimeout(() => rendering.delete(key), 1000);
    html.then(forget, forget);
  }
  return html;
}
