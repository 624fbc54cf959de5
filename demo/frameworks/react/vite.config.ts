// The React 19 example app. Vite 8 compiles JSX itself (Oxc): no React plugin is needed for a build.
import { defineConfig } from 'vite';
import { exampleAppConfig } from '../example-config.js';

export default defineConfig(exampleAppConfig(import.meta.dirname, { oxc: { jsx: { runtime: 'automatic', importSource: 'react' } } }));
