// Types for the custom-elements-manifest analyzer's programmatic entry points that its own typings
// leave out (used by test/manifest.node.test.ts, which runs the analyzer as `npm run build` does).
declare module '@custom-elements-manifest/analyzer/index.js' {
  import type typescript from 'typescript';
  /** The analyzer's own TypeScript: its syntax kinds must match the source files given to `create`. */
  export const ts: typeof typescript;
  export function create(options: { modules: typescript.SourceFile[]; plugins?: unknown[] }): unknown;
}

declare module '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js' {
  export function litPlugin(): unknown[];
}

declare module '*/custom-elements-manifest.config.mjs' {
  const config: { plugins: unknown[] };
  export default config;
}
