// The Vue 3 example app. `isCustomElement` tells Vue's template compiler that these tags are custom
// elements, not Vue components it failed to resolve.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { exampleAppConfig } from '../example-config.js';

const TAGS = new Set(['testimonial-wall', 'testimonial-card', 'video-testimonial']);

export default defineConfig(
  exampleAppConfig(import.meta.dirname, {
    plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => TAGS.has(tag) } } })],
  }),
);
