/**
 * JSX types for React 18 (`import type {} from 'testimonial-elements/react-18'`). React 18 turns every
 * prop of a custom element into an attribute and never listens to its custom events, so only the
 * attributes are typed; give objects (`testimonial`, `testimonials`) and listen to events through a ref:
 *
 * ```tsx
 * const ref = useRef<TestimonialCard>(null);
 * useEffect(() => { ref.current!.testimonial = data; }, [data]);
 * ```
 *
 * React 18's types read intrinsic elements from the global `JSX` namespace (which `React.JSX` extends);
 * React 19's types no longer have it, so this file has no effect there (use `./react.ts`).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ElementAttributes, TestimonialElementMap, TestimonialTagName } from './elements.js';

/** What one element accepts in React 18 JSX: React's HTML props and our attributes. */
export type React18ElementProps<Tag extends TestimonialTagName> = Omit<
  DetailedHTMLProps<HTMLAttributes<TestimonialElementMap[Tag]>, TestimonialElementMap[Tag]>,
  keyof ElementAttributes<Tag>
> &
  ElementAttributes<Tag>;

type React18Elements = { [Tag in TestimonialTagName]: React18ElementProps<Tag> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 18 reads intrinsic elements here.
  namespace JSX {
    interface IntrinsicElements extends React18Elements {}
  }
}
