// @ts-check
import { defineConfig } from 'astro/config';

// A static build (Astro's default): the wall is rendered once, at build time, into dist/index.html.
// The test's build (test/frameworks/server-rendered-apps.ts) skips the minifier, which nothing it checks needs.
export default defineConfig(process.env.UNMINIFIED_TEST_BUILD ? { vite: { build: { minify: false } } } : {});
