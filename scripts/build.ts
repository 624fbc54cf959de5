/**
 * `npm run build` writes:
 * - `dist/**.js` + `.d.ts`: the npm build, one module per source module (lit and the other runtime
 *   dependencies stay imports, so an app bundles them once);
 * - `dist/sandbox/media/`: the sandbox's sample media, which the Node sandbox serves from disk;
 * - `dist/cdn/testimonial-elements.js`: the script-tag build, one minified ES module that defines the
 *   three elements with lit bundled, and the optional parts (hls.js light, DOMPurify) as lazy chunks
 *   beside it;
 * - `custom-elements.json`: the manifest, generated from the elements' JSDoc.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

function emitNpmBuild(): void {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(
    { ...config, include: ['src'] },
    ts.sys,
    root,
    { rootDir: join(root, 'src'), outDir: dist, declaration: true, sourceMap: true, noEmit: false, types: ['node'] },
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

function copySandboxMedia(): void {
  const media = join(root, 'src/sandbox/media');
  if (existsSync(media)) cpSync(media, join(dist, 'sandbox/media'), { recursive: true });
}

async function buildCdn(): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir: join(dist, 'cdn'),
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      // Not lib mode: Vite's lib mode leaves ES output unminified. A JS entry with exported names kept.
      rollupOptions: {
        input: join(root, 'src/define.ts'),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: 'testimonial-elements.js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    // Lit's production mode: no dev-mode warnings in the script-tag build.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

function generateManifest(): void {
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--litelement', '--globs', 'src/elements/**/*.ts', '--exclude', 'src/elements/**/define.ts', '--outdir', '.'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('custom-elements-manifest analyzer failed');
}

function sizeOf(dir: string): Array<[string, number]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => [file, statSync(join(dir, file)).size]);
}

rmSync(dist, { recursive: true, force: true });
emitNpmBuild();
copySandboxMedia();
await buildCdn();
generateManifest();
for (const [file, bytes] of sizeOf(join(dist, 'cdn'))) console.log(`dist/cdn/${file}  ${(bytes / 1024).toFixed(1)} KiB (minified)`);
console.log('build: dist/ and custom-elements.json written');
