import { build } from '/work/wt/wall/node_modules/vite/dist/node/index.js';
import { cdnBuildConfig } from '/work/wt/wall/scripts/cdn-build.js';
const cfg: any = cdnBuildConfig({ outDir: '/tmp/wallsize/mods-out', input: '/work/wt/wall/src/cdn.ts', entryFileName: 'testimonial-elements.js' } as any);
const r: any = await build(cfg);
const outs = Array.isArray(r) ? r : [r];
for (const o of outs) for (const c of o.output) if (c.type === 'chunk' && c.isEntry) {
  const mods = Object.entries(c.modules as Record<string, any>).map(([id, m]) => [m.renderedLength, id.replace('/work/wt/wall/', '')] as const).sort((a, b) => b[0] - a[0]);
  for (const [n, id] of mods.slice(0, 45)) console.log(n, id);
}
