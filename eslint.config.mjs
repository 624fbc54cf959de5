// The linter `npm test -- lint` runs (with `prettier --check`): typescript-eslint's recommended rules,
// eslint-plugin-lit's (templates) and eslint-plugin-wc's (custom elements), over every TypeScript file
// of src, test, scripts, bench and demo, and the repository's own .mjs/.js scripts. Formatting is
// Prettier's business (.prettierrc.json), so no rule here is about layout.
import js from '@eslint/js';
import { configs as lit } from 'eslint-plugin-lit';
import { configs as wc } from 'eslint-plugin-wc';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'bench/.tmp/', '.wtr-profile*/', 'demo/media/', '**/*.vue'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  lit['flat/recommended'],
  wc['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        // Browser and Node globals; TypeScript itself checks every name in .ts files.
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        document: 'readonly',
        window: 'readonly',
        customElements: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      // Unused arguments are part of a signature (an override, a callback); a leading _ says so.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: {
      // TypeScript reports undefined names itself, and knows the DOM and Node types (typescript-eslint's advice).
      'no-undef': 'off',
      // The framework typings augment optional peers (solid-js, svelte): `@ts-ignore` with its reason is
      // the only comment that works both where the peer is installed and where it is not.
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }],
      // `interface IntrinsicElements extends TestimonialElements {}` is how a JSX namespace is augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Chai's property assertions (`expect(video.paused).to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
