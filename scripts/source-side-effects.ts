/**
 * The package's `sideEffects` names only published files (`./dist/…`), which is what an app's bundler
 * reads. Builds from the sources (the script-tag build, the demo, the framework example apps) read the
 * same list, so without this plugin they would treat the source define modules as free of side effects
 * and drop their `customElements.define` calls. It marks those modules as having side effects again.
 */
import type { Plugin } from 'vite';

/**
 * `src/define.ts`, `src/cdn.ts`, each element's `define.ts`, and the `lazy.ts` of an element defined on
 * first use: the modules that register elements.
 */
const DEFINE_MODULE = /\/src\/(?:define|cdn|elements\/[^/]+\/(?:define|lazy))\.ts$/;

export function sourceDefineModules(): Plugin {
  return {
    name: 'source-define-modules',
    transform(code, id) {
      return DEFINE_MODULE.test(id.split('?')[0]!) ? { code, map: null, moduleSideEffects: true } : null;
    },
  };
}
