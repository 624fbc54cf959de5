import { buildElements, buildHlsVideoElement } from './builds.js';
import { launchBrowser, startBenchServer } from './support.js';
import { testimonials } from './wall.js';
const elements = await buildElements();
const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
server.page('/d.html', `<!doctype html><script type="module" src="/cdn/testimonial-elements.js"></script><div id="stage"></div>`);
const browser = await launchBrowser();
try {
  const data = await testimonials(server, 1000);
  for (const rate of [1, 4]) {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/d.html`);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const n of [100, 1000]) {
      await page.evaluate((items) => void ((window as any).items = items), data as any);
      const out: any = await page.evaluate(`(async () => {
        const n = ${n};
        await customElements.whenDefined('testimonial-wall');
        const stage = document.getElementById('stage');
        stage.replaceChildren();
        const wall = document.createElement('testimonial-wall');
        wall.setAttribute('paging', 'none');
        stage.append(wall);
        await wall.updateComplete;
        const counts = [];
        let last = performance.now();
        let on = true;
        function tick() { const t = performance.now(); counts.push(wall.shadowRoot.querySelectorAll('.item').length + '@' + Math.round(t - last)); last = t; if (on) requestAnimationFrame(tick); }
        requestAnimationFrame(tick);
        const start = performance.now();
        wall.testimonials = window.items.slice(0, n);
        await wall.updateComplete;
        const ms = performance.now() - start;
        on = false;
        return { ms: Math.round(ms), frames: counts.length, counts: counts.join(' ') };
      })()`);
      console.log(`rate ${rate} n ${n}: ${out.ms} ms, ${out.frames} frames: ${out.counts.slice(0, 600)}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
