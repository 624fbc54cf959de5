/**
 * Builds the script-tag file (`testimonial-elements.js` + lazy chunks) into a folder of the test's
 * choosing, with the same Vite settings as `npm run build` (scripts/build.ts, `buildCdn`). Kept in step
 * with that script by hand until it exports its CDN build as a function both can call.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '../..');

export const CDN_ENTRY = 'testimonial-elements.js';

export async function buildCdnInto(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      rollupOptions: {
        input: resolve(root, 'src/define.ts'),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: CDN_ENTRY, chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}
