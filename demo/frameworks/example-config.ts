/**
 * The Vite configuration the framework example apps share: the app's folder as root, the demo API
 * (the proxy at `/api` in front of the sandbox, from scripts/dev-api.ts) on the dev server, and access
 * to the package sources the apps import. `npx vite --config demo/frameworks/react/vite.config.ts`
 * serves an app; the tests in test/frameworks build it with the same file.
 */
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { devApiPlugin } from '../../scripts/dev-api-plugin.js';
import { sourceDefineModules } from '../../scripts/source-side-effects.js';

const repoRoot = resolve(import.meta.dirname, '../..');

export function exampleAppConfig(appDir: string, config: Pick<UserConfig, 'plugins' | 'oxc'>): UserConfig {
  return {
    root: appDir,
    publicDir: false,
    ...config,
    plugins: [...(config.plugins ?? []), devApiPlugin(), sourceDefineModules()],
    // Pre-bundled at start-up (as in the demo's vite.config.ts): found only on the first play or the first
    // highlighted text, they would make the dev server reload the page.
    optimizeDeps: { include: ['hls.js/light', 'dompurify'] },
    server: { fs: { allow: [repoRoot] } },
    build: { outDir: resolve(repoRoot, 'dist/examples', resolve(appDir).split('/').pop()!), emptyOutDir: true, target: 'es2022' },
  };
}
