/**
 * JSX types for React 19 (`import type {} from 'testimonial-elements/react'`, or list it in
 * `compilerOptions.types`). React 19 sets a custom element's props as properties when the element has
 * them (so `testimonial={data}` and `testimonials={list}` pass objects, not text), and adds listeners for
 * `on` + the exact event name: `ontestimonial-wall-load={(event) => …}`. React's own `onClick` and friends
 * keep working. React 18 does neither: use `./react-18.ts` there.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ElementInputs, EventListeners, TestimonialElementMap, TestimonialTagName } from './elements.js';

/** What one element accepts in React 19 JSX: React's HTML props, our properties and attributes, our events. */
export type React19ElementProps<Tag extends TestimonialTagName> = Omit<
  DetailedHTMLProps<HTMLAttributes<TestimonialElementMap[Tag]>, TestimonialElementMap[Tag]>,
  keyof ElementInputs<Tag>
> &
  ElementInputs<Tag> &
  EventListeners<Tag, 'on'>;

type React19Elements = { [Tag in TestimonialTagName]: React19ElementProps<Tag> };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements extends React19Elements {}
  }
}
