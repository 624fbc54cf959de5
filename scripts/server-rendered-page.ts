/**
 * The server-rendered demo page (`npm start` serves it at /server-rendered.html): a wall, a card and a
 * video testimonial rendered on the server by `testimonial-elements/ssr` from the embedded sandbox
 * (through the proxy at `/api`, as a production page would), then taken over by the script.
 *
 * One function for the demo server and the tests, so the page the tests check is the page a reader
 * opens; only the script's URL differs (Vite's module in the demo, the script-tag build in the tests).
 */
import { renderCard, renderVideo, renderWall } from '../src/ssr/index.js';

export interface ServerRenderedPageOptions {
  /** The proxy's base URL as the server reaches it, e.g. `http://127.0.0.1:5173/api`. */
  api: string;
  /** The module that defines the elements; none renders the page as a reader without scripts sees it. */
  script?: string;
  /** The wall's `limit` (testimonials on page 1). */
  limit?: number;
  /** `fetch` for the server's requests (default: the global one). */
  fetch?: typeof fetch;
}

/** The first video testimonial and the first text one, for the card and the player. */
async function pickTestimonials(api: string, fetchWith: typeof fetch): Promise<{ text: string; video: string }> {
  const first = async (type: string) => {
    const answer = await fetchWith(`${api}/testimonials?type=${type}&limit=1&sort=rating`);
    if (!answer.ok) throw new Error(`${api}/testimonials answered ${answer.status}`);
    const { testimonials } = (await answer.json()) as { testimonials: { id: string }[] };
    if (!testimonials[0]) throw new Error(`the sandbox has no ${type} testimonial`);
    return testimonials[0].id;
  };
  return { text: await first('text'), video: await first('video') };
}

export async function serverRenderedPage({ api, script, limit = 6, fetch: fetchWith = fetch }: ServerRenderedPageOptions): Promise<string> {
  const ids = await pickTestimonials(api, fetchWith);
  const source = { endpoint: api, fetch: fetchWith };
  // The page's language, which the server cannot see: without it the server writes each testimonial in
  // its own language and the browser, which reads the page's, shows the English translations instead.
  // A page option, not a wall attribute: a wall's `lang` would also filter its testimonials.
  const lang = 'en';
  const [wall, card, video] = await Promise.all([
    renderWall({
      ...source,
      lang,
      attributes: { endpoint: '/api', layout: 'grid', limit, label: 'What our customers say', 'heading-level': 3 },
    }),
    renderCard(ids.text, { ...source, lang, attributes: { endpoint: '/api', 'testimonial-id': ids.text, 'heading-level': 3 } }),
    renderVideo(ids.video, { ...source, lang }),
  ]);
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Server rendering — testimonial-elements demo</title>
    <meta name="description" content="A wall, a card and a video testimonial rendered on the server: readable before any script runs, taken over without a second request." />
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/demo.css" />
  </head>
  <body>
    <header class="demo-header">
      <h1>Server rendering</h1>
      <p>
        Everything below was rendered on the server by <code>testimonial-elements/ssr</code>: it shows with scripts
        turned off. The script then takes the elements over without asking for page 1 again.
      </p>
      <nav aria-label="Demo pages">
        <ul>
          <li><a href="/index.html">Overview</a></li>
          <li><a href="/wall.html">Walls</a></li>
          <li><a href="/server-rendered.html" aria-current="page">Server rendering</a></li>
        </ul>
      </nav>
    </header>
    <main>
      <section aria-labelledby="wall-heading">
        <h2 id="wall-heading">A wall, page 1 in the HTML</h2>
        ${wall}
      </section>
      <section aria-labelledby="card-heading">
        <h2 id="card-heading">A card</h2>
        ${card}
      </section>
      <section aria-labelledby="video-heading">
        <h2 id="video-heading">A video testimonial, poster only</h2>
        ${video}
      </section>
      <p id="end">End of the server-rendered page.</p>
    </main>
    ${script ? `<script type="module" src="${script}"></script>` : ''}
  </body>
</html>
`;
}
