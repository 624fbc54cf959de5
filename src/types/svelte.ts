/**
 * Template types for Svelte 4 and 5 (`import type {} from 'testimonial-elements/svelte'` in a `.d.ts`
 * of your app). Svelte sets a prop as a property when the custom element has it, so objects work:
 * `<testimonial-card testimonial={data}>`. Listeners: `ontestimonial-wall-load={…}` (Svelte 5) or
 * `on:testimonial-wall-load={…}` (Svelte 4). Needs nothing from Svelte to compile: `svelteHTML` is a global
 * namespace that Svelte's own types merge with.
 */
import type { ElementInputs, EventListeners, TestimonialTagName } from './elements.js';

/** The global attributes every element takes in Svelte markup. */
interface SvelteGlobalAttributes {
  class?: string | null;
  id?: string | null;
  style?: string | null;
  slot?: string | null;
  title?: string | null;
  lang?: string | null;
  dir?: 'ltr' | 'rtl' | 'auto' | null;
  hidden?: boolean | null;
  role?: string | null;
  tabindex?: number | string | null;
  part?: string | null;
  [ariaOrData: `aria-${string}` | `data-${string}`]: unknown;
}

export type SvelteElementProps<Tag extends TestimonialTagName> = Omit<SvelteGlobalAttributes, keyof ElementInputs<Tag>> &
  ElementInputs<Tag> &
  EventListeners<Tag, 'on'> &
  EventListeners<Tag, 'on:'> & { 'bind:this'?: unknown };

type SvelteElements = { [Tag in TestimonialTagName]: SvelteElementProps<Tag> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Svelte's template types live in this namespace.
  namespace svelteHTML {
    interface IntrinsicElements extends SvelteElements {}
  }
}
