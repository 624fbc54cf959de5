// Lets `tsc` (which does not read .vue files) type the SFC imports; vue-tsc checks the SFCs themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
