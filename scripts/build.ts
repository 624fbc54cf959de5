/**
 * `npm run build` writes:
 * - `dist/**.js` + `.d.ts`: the npm build, one module per source module (lit and the other runtime
 *   dependencies stay imports, so an app bundles them once). No source maps: they would name
 *   `src/*.ts`, which is not published, and the output is tsc's readable JavaScript anyway;
 * - `dist/cli.js`: the `testimonial-elements` command, one file with Hono bundled in, so the command
 *   works after `npm install testimonial-elements` although `hono` is only an optional peer dependency;
 * - `dist/sandbox/media/`: the sandbox's sample media, which the Node sandbox serves from disk;
 * - `dist/cdn/testimonial-elements.js`: the script-tag build, one minified ES module that defines the
 *   three elements with lit bundled, and the optional parts (hls.js light, DOMPurify) as lazy chunks
 *   beside it;
 * - `custom-elements.json`: the manifest, generated from the elements' JSDoc, and from it the README's
 *   element reference.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import ts from 'typescript';
import { buildCdn, measureCdn } from './cdn-build.js';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

function emitNpmBuild(): void {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(
    { ...config, include: ['src'] },
    ts.sys,
    root,
    { rootDir: join(root, 'src'), outDir: dist, declaration: true, sourceMap: false, noEmit: false, types: ['node'] },
    configPath,
  );
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const result = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length) {
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    throw new Error(`TypeScript build failed:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
}

/** Replaces tsc's `dist/cli.js` by a bundle of the command with its dependencies (Hono) inside. */
async function bundleCli(): Promise<void> {
  await esbuild({
    entryPoints: [join(root, 'src/cli.ts')],
    outfile: join(dist, 'cli.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

function copySandboxMedia(): void {
  const media = join(root, 'src/sandbox/media');
  if (existsSync(media)) cpSync(media, join(dist, 'sandbox/media'), { recursive: true });
}

function generateManifest(): void {
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', 'scripts/custom-elements-manifest.config.mjs'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('custom-elements-manifest analyzer failed');
}

rmSync(dist, { recursive: true, force: true });
emitNpmBuild();
await bundleCli();
copySandboxMedia();
const cdnChunks = await buildCdn(join(dist, 'cdn'));
generateManifest();
spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/readme-elements.ts')], { cwd: root, stdio: 'inherit' });
const { entry, lazy } = measureCdn(cdnChunks);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(`dist/cdn/${entry.file} + static imports: ${kb(entry.minified)} min, ${kb(entry.gzip)} gzip, ${kb(entry.brotli)} brotli`);
for (const chunk of lazy) console.log(`  lazy dist/cdn/${chunk.file}: ${kb(chunk.minified)} min, ${kb(chunk.gzip)} gzip`);
console.log('build: dist/ and custom-elements.json written');
