/**
 * A Worker's script bundled as wrangler bundles it (esbuild, one ES module, the `workerd` export
 * conditions), for the tests that run the proxy in Miniflare's workerd.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export async function bundleWorker(entry: URL): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
