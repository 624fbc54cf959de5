// @ts-check
/** @type {import('next').NextConfig} */
const config = {
  // Loaded by Node at run time, not bundled: the renderer's dependencies (@lit-labs/ssr, jsdom) read
  // files of their own next to their code.
  serverExternalPackages: ['testimonial-elements', '@lit-labs/ssr', 'jsdom'],
  // The test installs this app in a throwaway folder whose node_modules is a link to the repository's:
  // Turbopack compiles only what is under its root, so the test sets one that holds both.
  ...(process.env.TURBOPACK_ROOT && { turbopack: { root: process.env.TURBOPACK_ROOT } }),
  // The test's build (test/frameworks/server-rendered-apps.ts): no minifier and no source maps, which
  // nothing it checks reads and which cost CPU on every CI run.
  ...(process.env.UNMINIFIED_TEST_BUILD && { experimental: { turbopackMinify: false, turbopackSourceMaps: false } }),
  // The test's build: `next build` checks no types; the test checks the app with TypeScript 7 once the
  // build has written its route types, the same diagnostics in a fraction of the CPU.
  ...(process.env.TYPES_CHECKED_BY_TEST && { typescript: { ignoreBuildErrors: true } }),
};

export default config;
