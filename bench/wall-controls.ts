/**
 * A wall's visitor search (issue 26): the time from the end of a typing pause to the updated cards,
 * through the proxy in front of the sandbox, warm (each word asked once before it is measured, so the
 * proxy answers from its cache). The wall's own pause (300 ms) is left out: what is timed is what a
 * visitor waits for once they stopped typing. The baseline, in the same page, fetches the same list
 * URL and parses it: the ratio says what the wall adds to the request itself (rendering the new cards,
 * telling screen readers).
 */
import type { Browser } from 'puppeteer-core';
import { figure, htmlPage, median, ratio, RUNS, type BenchServer, type Figure } from './support.js';

const WORDS = ['fast', 'support', 'team', 'easy', 'price', 'love'];

export const CONTROLS_PAGE = htmlPage({
  title: 'wall controls',
  head: `<script type="module" src="/cdn/testimonial-elements.js"></script>
<script>
  const PAUSE = 300;
  window.bench = {
    async ready() {
      await customElements.whenDefined('testimonial-wall');
      const wall = document.querySelector('testimonial-wall');
      for (;;) {
        if (wall.shadowRoot?.querySelector('[role=search] input') && wall.shadowRoot.querySelector('testimonial-card')) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Types a word (replacing the field's), waits for the wall to announce the result; ms after the pause. */
    async search(word) {
      const wall = document.querySelector('testimonial-wall');
      const input = wall.shadowRoot.querySelector('[role=search] input');
      const region = wall.shadowRoot.querySelector('[role=status]');
      const said = new Promise((resolve) => {
        const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
        observer.observe(region, { characterData: true, childList: true, subtree: true });
      });
      input.focus();
      input.value = word;
      const typed = performance.now();
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await said;
      // The announcement comes with the answer; the cards are in once the wall's slices are rendered.
      await wall.updateComplete;
      return performance.now() - typed - PAUSE;
    },
    async baseline(word) {
      const start = performance.now();
      const response = await fetch('/api/testimonials?limit=12&query=' + encodeURIComponent(word));
      await response.json();
      return performance.now() - start;
    },
  };
</script>`,
  body: '<testimonial-wall endpoint="/api" layout="grid" limit="12" controls="search"></testimonial-wall>',
});

type Bench = Record<'search' | 'baseline', (word: string) => Promise<number>> & { ready(): Promise<void> };

export async function measureWallControls(browser: Browser, server: BenchServer): Promise<Figure[]> {
  server.page('/bench/wall-controls.html', CONTROLS_PAGE);
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/bench/wall-controls.html`, { waitUntil: 'load' });
    await page.evaluate(() => (window as unknown as { bench: Bench }).bench.ready());
    const run = (which: 'search' | 'baseline', word: string) =>
      page.evaluate((w, x) => (window as unknown as { bench: Bench }).bench[w](x), which, word);
    // Warm: every word once (the proxy caches each question), then measured.
    for (const word of WORDS) {
      await run('search', word);
      await run('baseline', word);
    }
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      for (const word of WORDS) {
        ours.push(await run('search', word));
        baseline.push(await run('baseline', word));
      }
    }
    return [
      figure(
        'wall_controls.search_ms',
        median(ours),
        'ms',
        'wall search: end of the typing pause → cards updated and announced (proxy warm)',
      ),
      figure(
        'wall_controls.search_vs_fetch',
        ratio(median(ours), median(baseline)),
        'x',
        'wall search vs fetching and parsing the same list',
      ),
    ];
  } finally {
    await page.close();
  }
}
