/**
 * What a style update costs as shadow roots with styles accumulate on a page, by how the roots get their
 * styles (issue 23 item 3; docs/performance.md, "Long walls"): `node --import tsx bench/trace-style-scopes.ts [roots-per-frame] [frames]`.
 *
 * In Chromium, every frame that adds shadow roots with styles re-collects the invalidation features of
 * the style sheets of every such root on the page (`CSSGlobalRuleSet::Update`), skipping a sheet whose
 * contents it has already seen only when those contents have more than one client (`HasOneClient()`).
 * One constructed sheet adopted by every root is one client, so its features are merged once per root:
 * the update grows with the roots already there. Identical `<style>` texts share their parsed contents
 * (one client per element), so they are merged once. Here, on the wall benchmark's page, each frame
 * adds `roots-per-frame` hosts whose shadow root holds one element and the card's styles (adopted, or a
 * `<style>`), then times the forced style update; it prints the mean of the first and the last ten
 * frames, as the machine runs and at 4× CPU.
 *
 * Then what sets the merge off: with those roots on the page (adopted, the card's sheet), one more host
 * is added, its root holding no sheet, an empty constructed sheet, or the card's sheet, and the forced
 * style update is timed (the median of ten, each host removed again after). A root with a sheet of any
 * content makes the update re-merge every root already there; one with no sheet does not. Not part of
 * `npm run bench`: a development tool.
 */
import { buildElements } from './builds.js';
import { launchBrowser, startBenchServer } from './support.js';
import { WALL_PAGE } from './wall.js';

const [perFrame = 10, frames = 100] = process.argv.slice(2, 4).map(Number);
if (!(perFrame! > 0 && frames! >= 20)) throw new Error('usage: trace-style-scopes.ts [roots-per-frame > 0] [frames ≥ 20]');

/** Runs in the page (a string, so that no bundler helper leaks into it). */
const IN_PAGE = `async (how, perFrame, frames) => {
  await customElements.whenDefined('testimonial-card');
  const cssText = customElements.get('testimonial-card').elementStyles.map((style) => style.cssText).join('');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  const stage = document.getElementById('stage');
  const times = [];
  for (let frame = 0; frame < frames; frame++) {
    await new Promise(requestAnimationFrame);
    let last;
    for (let index = 0; index < perFrame; index++) {
      const host = document.createElement('div');
      const root = host.attachShadow({ mode: 'open' });
      if (how === 'adopted') root.adoptedStyleSheets = [sheet];
      else root.append(Object.assign(document.createElement('style'), { textContent: cssText }));
      last = root.appendChild(Object.assign(document.createElement('article'), { className: 'card', textContent: 'A card' }));
      stage.append(host);
    }
    const start = performance.now();
    getComputedStyle(last).color;
    times.push(performance.now() - start);
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [mean(times.slice(0, 10)), mean(times.slice(-10))];
}`;

/** With the roots of the first part on the page: the style update that one more root, by its styles, makes. */
const ONE_MORE = `async (kind) => {
  const stage = document.getElementById('stage');
  const sheet = stage.lastElementChild.shadowRoot.adoptedStyleSheets[0];
  const times = [];
  for (let round = 0; round < 10; round++) {
    await new Promise(requestAnimationFrame);
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    if (kind === 'empty sheet') root.adoptedStyleSheets = [new CSSStyleSheet()];
    if (kind === "the card's sheet") root.adoptedStyleSheets = [sheet];
    const last = root.appendChild(Object.assign(document.createElement('article'), { className: 'card', textContent: 'A card' }));
    stage.append(host);
    const start = performance.now();
    getComputedStyle(last).color;
    times.push(performance.now() - start);
    host.remove();
    getComputedStyle(stage).color;
  }
  return times.sort((a, b) => a - b)[5];
}`;

const elements = await buildElements();
const server = await startBenchServer({ mounts: { '/cdn/': elements.outDir } });
server.page('/bench/wall.html', WALL_PAGE);
const browser = await launchBrowser();
try {
  for (const slowdown of [1, 4]) {
    for (const how of ['adopted', 'style', 'adopted', 'style']) {
      const page = await browser.newPage();
      await page.goto(`${server.origin}/bench/wall.html`, { waitUntil: 'load' });
      await (await page.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      const [first, last] = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(how)}, ${perFrame}, ${frames})`)) as [number, number];
      console.log(
        `CPU ${slowdown}×, ${how.padEnd(7)}: style update ${first.toFixed(2)} ms with the first roots, ${last.toFixed(2)} ms with ${perFrame! * frames!}`,
      );
      if (how === 'adopted') {
        const probes: string[] = [];
        for (const kind of ['no sheet', 'empty sheet', "the card's sheet"]) {
          probes.push(`${kind} ${((await page.evaluate(`(${ONE_MORE})(${JSON.stringify(kind)})`)) as number).toFixed(2)} ms`);
        }
        console.log(`  one root more, with ${perFrame! * frames!} adopted: ${probes.join(', ')}`);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
