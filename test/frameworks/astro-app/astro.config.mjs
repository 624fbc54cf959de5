// @ts-check
import { defineConfig } from 'astro/config';

// A static build (Astro's default): the wall is rendered once, at build time, into dist/index.html.
export default defineConfig({});
