// For tsc, which does not read .vue files (vue-tsc checks the SFC itself).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
