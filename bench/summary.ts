/**
 * Summary: the `<testimonial-summary>` chunk's bytes, and the proxy's time to compute `GET /summary`
 * (cold cache, so every upstream page is walked) over 1,000 and 10,000 generated sandbox testimonials,
 * in this process with the in-memory sandbox as the upstream. The baseline, in the same run, is the
 * client's `listAllTestimonials` over the same pages (what a naive summary would do, holding every
 * testimonial): the ratio says what the aggregation costs beyond fetching the pages.
 */
import { createReadClient, LIMIT_MAX } from '../src/client/index.js';
import { createProxy } from '../src/proxy/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { type Bundle } from './builds.js';
import { compressedSizes, figure, log, median, pairedRatio, RUNS, type Figure } from './support.js';

const SIZES = [1_000, 10_000] as const;
const UPSTREAM = 'http://sandbox.bench/v1';
const KEY = 'sandbox-key';

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function computeTimes(count: number): Promise<{ summary: number; listAll: number; ratio: number }> {
  const sandbox = createSandbox({ key: KEY, testimonials: count });
  const summaries: number[] = [];
  const listings: number[] = [];
  // One warm-up of each, then alternate so a change in the machine's load favours neither.
  for (let run = -1; run < RUNS; run++) {
    // A new proxy each time: an empty cache, so the whole walk is measured.
    const proxy = createProxy({ upstream: UPSTREAM, apiKey: KEY, fetch: sandbox.fetch, log: () => {} });
    const client = createReadClient({ baseUrl: UPSTREAM, apiKey: KEY, fetch: sandbox.fetch });
    const summary = await timed(async () => {
      const response = await proxy.fetch(new Request('http://proxy.bench/summary'));
      if (response.status !== 200) throw new Error(`GET /summary answered ${response.status}`);
      await response.text();
    });
    const listAll = await timed(() => client.listAllTestimonials({ approved: true, sort: 'date', limit: LIMIT_MAX }));
    if (run < 0) continue;
    summaries.push(summary);
    listings.push(listAll);
  }
  return { summary: median(summaries), listAll: median(listings), ratio: pairedRatio(summaries, listings) };
}

export async function measureSummary(elements: Bundle): Promise<Figure[]> {
  const chunk = [...elements.chunks.values()].find((candidate) => candidate.fileName.includes('testimonial-summary'));
  if (!chunk) throw new Error('the script-tag build has no testimonial-summary chunk');
  const size = compressedSizes(chunk.code);
  const figures: Figure[] = [
    figure('summary.chunk.gzip', size.gzip, 'B', '<testimonial-summary> lazy chunk, min+gzip'),
    figure('summary.chunk.brotli', size.brotli, 'B', '<testimonial-summary> lazy chunk, min+brotli'),
  ];
  for (const count of SIZES) {
    const { summary, listAll, ratio } = await computeTimes(count);
    log(`summary over ${count}: ${summary.toFixed(1)} ms, listAllTestimonials ${listAll.toFixed(1)} ms`);
    figures.push(
      figure(
        `summary.compute_${count}_ms`,
        summary,
        'ms',
        `proxy GET /summary over ${count.toLocaleString('en')} sandbox testimonials, cold cache (this machine)`,
      ),
      figure(`summary.compute_${count}_ratio`, ratio, '×', `that ÷ listAllTestimonials of the same pages (fetch only)`),
    );
  }
  return figures;
}
