/**
 * The one source of the framework typings (`./react.ts`, `./react-18.ts`, `./vue.ts`, `./svelte.ts`,
 * `./solid.ts`): what each element accepts, derived from the element classes themselves, so a property
 * added to a class appears in every framework's JSX or template types with no second list to update.
 *
 * - properties: the public, writable, non-method members a class adds to `LitElement`;
 * - attributes: those of them that take text, numbers or booleans, under their kebab-case names (the
 *   elements name every attribute that way: `noDate` ↔ `no-date`, `testimonialId` ↔ `testimonial-id`);
 * - events: each element's own custom events by their names' prefix (`testimonial-wall-…`), from the
 *   one list of events (`TestimonialEventDetails` in elements/shared/events.ts), plus the native ones
 *   an element dispatches, listed below (events are not visible in a class's type).
 */
import type { LitElement } from 'lit';
import type { TestimonialEventMap } from '../elements/shared/events.js';
import type { TestimonialCard } from '../elements/testimonial-card/testimonial-card.js';
import type { TestimonialForm } from '../elements/testimonial-form/testimonial-form.js';
import type { TestimonialSummary } from '../elements/testimonial-summary/testimonial-summary.js';
import type { TestimonialWall } from '../elements/testimonial-wall/testimonial-wall.js';
import type { VideoTestimonial, VideoTestimonialErrorEvent } from '../elements/video-testimonial/video-testimonial.js';

/** The elements by tag name (what `HTMLElementTagNameMap` holds once the define modules are imported). */
export interface TestimonialElementMap {
  'testimonial-wall': TestimonialWall;
  'testimonial-card': TestimonialCard;
  'video-testimonial': VideoTestimonial;
  'testimonial-summary': TestimonialSummary;
  'testimonial-form': TestimonialForm;
}

export type TestimonialTagName = keyof TestimonialElementMap;

/** The custom events an element dispatches itself: those whose name starts with its tag name. */
type OwnEvents<Tag extends TestimonialTagName> = {
  [K in keyof TestimonialEventMap as K extends `${Tag}-${string}` ? K : never]: TestimonialEventMap[K];
};

/**
 * The events each element dispatches, by name. A wall also passes on its cards' events (they bubble and
 * are composed), and a card its video's.
 */
export interface TestimonialElementEvents {
  'testimonial-wall': OwnEvents<'testimonial-wall'> & OwnEvents<'testimonial-card'>;
  'testimonial-card': OwnEvents<'testimonial-card'> & Pick<HTMLElementEventMap, 'toggle'>;
  'video-testimonial': Pick<HTMLElementEventMap, 'play' | 'playing' | 'pause' | 'ended' | 'timeupdate'> & {
    /** Every source failed. */
    error: VideoTestimonialErrorEvent;
  };
  'testimonial-summary': OwnEvents<'testimonial-summary'>;
  'testimonial-form': OwnEvents<'testimonial-form'>;
}

/** Writable accessors a class has that no attribute reflects (so they are properties only). */
interface PropertyOnlyKeys {
  'testimonial-wall': never;
  'testimonial-card': never;
  'video-testimonial': 'currentTime';
  'testimonial-summary': never;
  'testimonial-form': never;
}

/** `true` when X and Y are the same type (readonly-ness included), else `false`. */
type Same<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

type WritableKeys<T> = {
  [K in keyof T]-?: Same<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }> extends true ? K : never;
}[keyof T];

/** The public, writable, non-method members a class adds to `LitElement` (lifecycle and DOM members excluded). */
export type ElementProperties<E extends LitElement> = {
  [K in Exclude<WritableKeys<E>, keyof LitElement> as E[K] extends (...args: never[]) => unknown ? never : K]?: E[K];
};

/** `noDate` → `no-date`, `maxItemsSm` → `max-items-sm`. */
export type KebabCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Uppercase<Head> ? (Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`) : Head}${KebabCase<Tail>}`
  : S;

/** How markup writes a value: numbers also as their text (`heading-level="2"`), flags also bare (`''`). */
type AttributeForm<V> = V extends number ? V | `${V}` : V extends boolean ? V | '' : V;

/** The attribute form of a property's value: its text, number or boolean part (`never` for objects). */
export type AttributeValue<V> = AttributeForm<Extract<NonNullable<V>, string | number | boolean>>;

/** The attributes of an element: every property with a text, number or boolean value, kebab-cased. */
export type ElementAttributes<Tag extends TestimonialTagName> = {
  [
    K in Exclude<keyof ElementProperties<TestimonialElementMap[Tag]>, PropertyOnlyKeys[Tag]> & string as [
      AttributeValue<TestimonialElementMap[Tag][K & keyof TestimonialElementMap[Tag]]>,
    ] extends [never]
      ? never
      : KebabCase<K>
  ]?: AttributeValue<TestimonialElementMap[Tag][K & keyof TestimonialElementMap[Tag]]>;
};

/** Properties of an element by tag name (see {@link ElementProperties}). */
export type TagProperties<Tag extends TestimonialTagName> = ElementProperties<TestimonialElementMap[Tag]>;

/**
 * Everything markup may give an element, by name: its properties and its attributes (see
 * {@link ElementAttributes}). A property also takes its attribute form, since frameworks that set
 * properties pass attribute text on as it is (Vue turns `heading-level="2"` into `headingLevel = '2'`,
 * which the element reads as the attribute). A name that is both a property and an attribute (`tags`)
 * takes either type: a union, never an intersection (which would leave `string[] & string`).
 */
export type ElementInputs<Tag extends TestimonialTagName> = {
  [K in keyof TagProperties<Tag> | keyof ElementAttributes<Tag>]?:
    | (K extends keyof TagProperties<Tag> ? TagProperties<Tag>[K] | AttributeValue<TagProperties<Tag>[K]> : never)
    | (K extends keyof ElementAttributes<Tag> ? ElementAttributes<Tag>[K] : never);
};

/** Event listeners keyed `${prefix}${event name}`: `on` (React 19, Svelte 5), `on:` (Solid, Svelte 4). */
export type EventListeners<Tag extends TestimonialTagName, Prefix extends string> = {
  [K in keyof TestimonialElementEvents[Tag] & string as `${Prefix}${K}`]?: (event: TestimonialElementEvents[Tag][K]) => void;
};
