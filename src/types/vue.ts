/**
 * Template types for Vue 3 (`import type {} from 'testimonial-elements/vue'`): with Volar / vue-tsc,
 * `<testimonial-wall layout="grid" @testimonial-wall-load="…">` and `:testimonial.prop="data"` are checked.
 * Tell Vue's compiler the tags are custom elements (`compilerOptions.isCustomElement`), and pass objects
 * as DOM properties (`.prop` or `:testimonial.prop`), which Vue also does by itself when the element is
 * defined before it renders.
 */
import type { EmitFn, HTMLAttributes } from 'vue';
import type { ElementInputs, TestimonialElementEvents, TestimonialElementMap, TestimonialTagName } from './elements.js';

type VueEmit<Events> = EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;

/**
 * A custom element as Vue's template type checker sees a component: `$props` (what the template may
 * bind) and `$emit` (the events `@testimonial-wall-load="…"` may listen to).
 * The pattern is the one Vue's documentation gives for custom elements.
 */
export type VueCustomElement<Tag extends TestimonialTagName> = new () => TestimonialElementMap[Tag] & {
  /** @deprecated For template type checking only: do not read `$props` on an element. */
  $props: Omit<HTMLAttributes, keyof ElementInputs<Tag>> & ElementInputs<Tag>;
  /** @deprecated For template type checking only: elements dispatch DOM events, they have no `$emit`. */
  $emit: VueEmit<TestimonialElementEvents[Tag]>;
};

type VueElements = { [Tag in TestimonialTagName]: VueCustomElement<Tag> };

declare module 'vue' {
  interface GlobalComponents extends VueElements {}
}
