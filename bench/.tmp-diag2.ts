import { buildElements } from './builds.js';
import { launchBrowser, startBenchServer } from './support.js';
import { testimonials, WALL_PAGE } from './wall.js';
const elements = await buildElements();
const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
server.page('/w.html', WALL_PAGE);
const browser = await launchBrowser();
try {
  const data = await testimonials(server, 1000);
  for (const rate of [1, 4]) {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/w.html`);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.evaluate((items) => void ((window as any).bench.data = items), data as any);
    for (const n of [100, 100, 1000]) {
      const out: any = await page.evaluate(`(async () => {
        const n = ${n};
        const stage = document.getElementById('stage');
        const one = async (single) => {
          stage.replaceChildren();
          const wall = document.createElement('testimonial-wall');
          wall.setAttribute('paging', 'none');
          stage.append(wall);
          await wall.updateComplete;
          if (single) { wall.chunks.chunkSize = 100000; wall.chunks.options.budgetMs = 0; }
          const start = performance.now();
          wall.testimonials = window.bench.data.slice(0, n);
          await wall.updateComplete;
          const cards = [...wall.shadowRoot.querySelectorAll('testimonial-card')];
          await Promise.all(cards.map((c) => c.updateComplete));
          void document.body.offsetHeight;
          return Math.round(performance.now() - start);
        };
        const base = await window.bench.baseline(n);
        const sliced = await one(false);
        const single = await one(true);
        const base2 = await window.bench.baseline(n);
        return { base: Math.round(base.ms), base2: Math.round(base2.ms), sliced, single };
      })()`);
      console.log(`rate ${rate} n ${n}:`, JSON.stringify(out));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
