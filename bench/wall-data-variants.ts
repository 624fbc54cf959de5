/**
 * What each kind of content costs a wall's render (docs/performance.md, "What a 100-card wall's time is
 * made of"): `node --import tsx bench/wall-data-variants.ts [cards] [rounds] [layout]`, `layout` one of
 * the wall's (masonry when left out).
 *
 * The wall section's page (bench/wall.ts) and its data, once as it is and once per variant of the data
 * with one kind of content taken out: the customers' avatars and logos, the media lists, the `<mark>`
 * highlights, the dates; `bare` takes out the first three. One page per variant in one browser, each
 * brought to the front for its renders (bench/wall.ts' `renderOnce`: a page behind another renders as
 * no visitor's does). In each round every page renders the wall once, in turn, each round starting one
 * variant later, after one unmeasured round; the first page renders the `innerHTML` baseline too. Prints the
 * median of each variant, in milliseconds and against that baseline. Not part of `npm run bench`: a
 * development tool; run it on an idle machine and compare variants of one run only.
 */
import type { Page } from 'puppeteer-core';
import type { Testimonial } from '../src/client/types.js';
import { buildElements } from './builds.js';
import { launchBrowser, median, startBenchServer } from './support.js';
import { renderOnce, WALL_PAGE, testimonials } from './wall.js';

const withoutMarks = (text: string) => text.replace(/<\/?mark>/g, '');

/** Each variant: the same testimonials with one kind of content taken out. */
const VARIANTS: Record<string, (testimonial: Testimonial) => Testimonial> = {
  'as-is': (testimonial) => testimonial,
  'no-images': (testimonial) => ({ ...testimonial, customer_avatar: null, customer_company_logo: null }),
  'no-media': (testimonial) => ({ ...testimonial, media: [] }),
  'no-marks': (testimonial) => ({ ...testimonial, text: withoutMarks(testimonial.text) }),
  // A date the card cannot read: it shows none, and formats none.
  'no-dates': (testimonial) => ({ ...testimonial, date: '' }),
  bare: (testimonial) => ({
    ...testimonial,
    customer_avatar: null,
    customer_company_logo: null,
    media: [],
    text: withoutMarks(testimonial.text),
  }),
};

const [cards = 100, rounds = 9] = process.argv.slice(2, 4).map(Number);
const layout = process.argv[4];
if (!(cards! > 0 && rounds! > 0)) throw new Error('usage: wall-data-variants.ts [cards > 0] [rounds > 0] [layout]');

const elements = await buildElements();
const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
server.page('/bench/wall.html', WALL_PAGE);
const data = await testimonials(server, cards!);
const browser = await launchBrowser();
try {
  const pages = new Map<string, Page>();
  for (const [name, vary] of Object.entries(VARIANTS)) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/bench/wall.html`, { waitUntil: 'load' });
    await page.evaluate(
      (items) => void ((window as unknown as { bench: { data: unknown } }).bench.data = items),
      data.map(vary) as unknown[],
    );
    pages.set(name, page);
  }
  const times = new Map<string, number[]>([...pages.keys()].map((name) => [name, []]));
  const baseline: number[] = [];
  const [first] = pages.values();
  const order = [...pages];
  for (let round = 0; round <= rounds!; round++) {
    const { ms: base } = await renderOnce(first!, 'baseline', cards!, layout);
    if (round) baseline.push(base);
    // Each round starts one variant later, so drift in the machine's load favours none of them.
    for (let index = 0; index < order.length; index++) {
      const [name, page] = order[(index + round) % order.length]!;
      const { ms } = await renderOnce(page, 'ours', cards!, layout);
      if (round) times.get(name)!.push(ms);
    }
  }
  const baselineMs = median(baseline);
  console.log(`${cards} cards, ${layout ?? 'masonry'}, ${rounds} rounds; innerHTML baseline ${baselineMs.toFixed(1)} ms`);
  for (const [name, list] of times) {
    const ms = median(list);
    console.log(`${name.padEnd(10)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / baselineMs).toFixed(2)}×`);
  }
} finally {
  await browser.close();
  await server.close();
}
