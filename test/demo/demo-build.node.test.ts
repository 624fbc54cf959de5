/**
 * The demo's production build (vite.config.ts; what the bench's Lighthouse and layout-shift runs load,
 * and what a deployed demo serves) keeps every page's own script. The pages import their script after
 * their first paint (demo/after-first-paint.ts) and use nothing it exports; the package's
 * `sideEffects` names only `./dist/…`, so the build took every demo script for free of side effects and
 * kept only its imports: the cards, overview, form, languages, summary, video and wall pages were built
 * without the code that fills them (`npm start`'s dev server does not tree-shake, so it did not show).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { it } from 'node:test';
import { build, type Rolldown } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');
const DEMO = join(ROOT, 'demo');

/** Each page's script imported after its first paint: `afterFirstPaint(() => import('./x.ts'))`. */
const pageScripts = readdirSync(DEMO)
  .filter((file) => file.endsWith('.html'))
  .flatMap((file) => [...readFileSync(join(DEMO, file), 'utf8').matchAll(/afterFirstPaint\(\(\) => import\('\.\/([\w-]+\.ts)'\)\)/g)])
  .map((match) => join(DEMO, match[1]!));

it("builds every demo page with its script's code, not only its imports", async () => {
  assert.ok(pageScripts.length >= 7, `pages that run their script after the first paint: ${pageScripts.length}`);
  const output = (await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, minify: false },
  })) as Rolldown.RolldownOutput;
  const rendered = new Map<string, number>();
  for (const chunk of output.output)
    if (chunk.type === 'chunk') for (const [id, module] of Object.entries(chunk.modules)) rendered.set(id, module.renderedLength);
  for (const script of pageScripts) {
    // Types and comments stripped, a script keeps well over a third of its source; its imports alone are a few lines.
    const built = rendered.get(script) ?? 0;
    const source = readFileSync(script, 'utf8').length;
    console.log(`# ${script.slice(ROOT.length + 1)}: ${built} of ${source} characters`);
    assert.ok(built > source / 3, `${script.slice(ROOT.length + 1)}: ${built} characters built of its ${source}`);
  }
});
