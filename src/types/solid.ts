/**
 * JSX types for Solid (`import type {} from 'testimonial-elements/solid'`). Solid sets props of a custom
 * element as properties, so `<testimonial-card testimonial={data()} />` passes the object; `prop:` and
 * `attr:` force one or the other, and `on:testimonial-wall-load={…}` listens to an event by its exact name.
 */
import type {
  ElementAttributes,
  ElementInputs,
  EventListeners,
  TagProperties,
  TestimonialElementMap,
  TestimonialTagName,
} from './elements.js';

type Prefixed<T, Prefix extends string> = { [K in keyof T & string as `${Prefix}${K}`]?: T[K] };

export type SolidElementProps<Tag extends TestimonialTagName, HTMLProps> = Omit<HTMLProps, keyof ElementInputs<Tag>> &
  ElementInputs<Tag> &
  Prefixed<TagProperties<Tag>, 'prop:'> &
  Prefixed<ElementAttributes<Tag>, 'attr:'> &
  EventListeners<Tag, 'on:'>;

// @ts-ignore -- solid-js is optional: this augments it where it is installed, and is ignored elsewhere.
declare module 'solid-js' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Solid's JSX types live in this namespace.
  namespace JSX {
    type TestimonialElements = {
      // @ts-ignore -- Solid's `JSX.HTMLAttributes`: unresolved only where solid-js is not installed.
      [Tag in TestimonialTagName]: SolidElementProps<Tag, HTMLAttributes<TestimonialElementMap[Tag]>>;
    };
    interface IntrinsicElements extends TestimonialElements {}
  }
}
