/**
 * Review JSON-LD for the testimonials a server-rendered wall or card shows: opt-in and guarded by
 * Google's review-snippet rules, so that asking for it can earn stars and cannot earn a manual action.
 *
 * - Nothing unless asked: the `jsonLd` option of `renderWall`/`renderCard`.
 * - Asking needs an explicit `itemReviewed` whose `@type` Google lists as eligible for review snippets
 *   (Product, SoftwareApplication, Course, Book, Event, Recipe, … and some of their subtypes).
 *   Organization and LocalBusiness (and their usual subtypes) are refused: testimonials a business
 *   collects about itself are "self-serving reviews", which Google does not show as review snippets.
 * - Only testimonials collected first-hand (no `integration`), with a rating above 0, with a named
 *   author, and shown on the page (the very ones rendered, in the language they are shown in, with
 *   their stars visible) are marked up; the AggregateRating is computed from exactly those.
 *
 * The output is checked against `schema-dts` inside this module (`satisfies`); the exported types are
 * plain ones of its own, since `schema-dts` is a dev dependency that users of the package do not get.
 * `script-json.ts` escapes it for the `<script>` element, so a testimonial holding `</script>` or `<!--`
 * cannot end it.
 */
import type {
  AggregateRating,
  Book,
  CreativeWorkSeason,
  CreativeWorkSeries,
  Episode,
  Event,
  Game,
  HowTo,
  LocalBusiness,
  MediaObject,
  MusicPlaylist,
  Organization,
  Product,
  Review,
  SoftwareApplication,
  Thing,
} from 'schema-dts';
import { highlightSegmentsSync } from '../elements/shared/sanitize.js';
import { toCardView, type CardView } from '../elements/testimonial-card/view-model.js';
import { pickCount } from '../elements/shared/warnings.js';
import { scriptJson } from './script-json.js';

/** The `@type` names of a schema-dts union (its subtypes included). */
type TypeName<T> = Exclude<T, string> extends infer Node ? (Node extends { '@type': infer Name } ? Name & string : never) : never;

/**
 * The types of Google's review-snippet documentation ("Google also supports reviews for the following
 * schema.org types and their subtypes"), without the two refused below.
 */
export const REVIEW_SNIPPET_TYPES = [
  'Book',
  'Course',
  'CreativeWorkSeason',
  'CreativeWorkSeries',
  'Episode',
  'Event',
  'Game',
  'HowTo',
  'MediaObject',
  'Movie',
  'MusicPlaylist',
  'MusicRecording',
  'Product',
  'Recipe',
  'SoftwareApplication',
] as const satisfies readonly TypeName<Thing>[];

/** Subtypes of the eligible types that sites use for what they sell; each checked against its parent. */
const ELIGIBLE_SUBTYPES: readonly string[] = [
  ...(['Audiobook'] satisfies TypeName<Book>[]),
  ...(['PodcastSeason', 'TVSeason'] satisfies TypeName<CreativeWorkSeason>[]),
  ...(['BookSeries', 'Periodical', 'PodcastSeries', 'TVSeries'] satisfies TypeName<CreativeWorkSeries>[]),
  ...(['PodcastEpisode', 'TVEpisode'] satisfies TypeName<Episode>[]),
  ...([
    'BusinessEvent',
    'CourseInstance',
    'EducationEvent',
    'Festival',
    'MusicEvent',
    'SportsEvent',
    'TheaterEvent',
  ] satisfies TypeName<Event>[]),
  ...(['VideoGame'] satisfies TypeName<Game>[]),
  ...(['AudioObject', 'ImageObject', 'VideoObject'] satisfies TypeName<MediaObject>[]),
  ...(['MusicAlbum', 'MusicRelease'] satisfies TypeName<MusicPlaylist>[]),
  ...(['IndividualProduct', 'ProductGroup', 'ProductModel', 'SomeProducts', 'Vehicle'] satisfies TypeName<Product>[]),
  ...(['MobileApplication', 'WebApplication'] satisfies TypeName<SoftwareApplication>[]),
  ...(['Recipe'] satisfies TypeName<HowTo>[]),
];

/** Refused by name with the self-serving explanation (any other type is refused as not eligible). */
const SELF_SERVING_TYPES: readonly string[] = [
  ...([
    'Organization',
    'Corporation',
    'NGO',
    'OnlineBusiness',
    'OnlineStore',
    'EducationalOrganization',
    'MedicalOrganization',
  ] satisfies TypeName<Organization>[]),
  ...([
    'LocalBusiness',
    'Store',
    'Restaurant',
    'ProfessionalService',
    'FoodEstablishment',
    'LodgingBusiness',
    'HealthAndBeautyBusiness',
  ] satisfies TypeName<LocalBusiness>[]),
];

const ELIGIBLE = new Set<string>([...REVIEW_SNIPPET_TYPES, ...ELIGIBLE_SUBTYPES]);
const SELF_SERVING = new Set(SELF_SERVING_TYPES);

/** Properties computed here, from the testimonials shown: the caller may not set them. */
const COMPUTED = ['review', 'reviews', 'aggregateRating', '@context'];

/** Google flags author names longer than this. */
const MAX_AUTHOR_NAME = 100;
const BEST_RATING = 5;

/**
 * The one item the testimonials are about, as a schema.org node: `@type` and `name` are required, any
 * other property of that type (`url`, `image`, `brand`, `sku`, `offers`…) is passed on as given.
 */
export interface ItemReviewed {
  '@type': (typeof REVIEW_SNIPPET_TYPES)[number] | (string & {});
  name: string;
  [property: string]: unknown;
}

/** A schema.org node as JSON-LD writes it: its `@type` and its properties. */
export interface JsonLdNode {
  '@type': string;
  [property: string]: unknown;
}

/** What {@link reviewJsonLd} returns: the item reviewed, its reviews and their aggregate rating. */
export interface ReviewJsonLd extends ItemReviewed {
  '@context': 'https://schema.org';
  aggregateRating: JsonLdNode;
  review: JsonLdNode[];
}

/** The `jsonLd` option of the server renderers. */
export interface JsonLdOptions {
  itemReviewed: ItemReviewed;
}

/** A `jsonLd` option that would publish markup Google's rules forbid, or markup that is malformed. */
export class JsonLdOptionError extends TypeError {
  override name = 'JsonLdOptionError';
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

/**
 * The `jsonLd` option checked (an object with an eligible `itemReviewed`), or a {@link JsonLdOptionError}
 * that says what to change. `undefined` means "no JSON-LD".
 */
export function checkJsonLdOptions(value: unknown): JsonLdOptions | undefined {
  if (value === undefined || value === false) return undefined;
  const item = typeof value === 'object' && value !== null ? (value as { itemReviewed?: unknown }).itemReviewed : undefined;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new JsonLdOptionError(
      'jsonLd needs an explicit itemReviewed: the one product, app, course, book, event… the testimonials are about, e.g. { itemReviewed: { "@type": "SoftwareApplication", name: "Acme CRM" } }. Review markup about "this page" or "this site" is not eligible.',
    );
  }
  const { '@type': type, name } = item as Record<string, unknown>;
  if (typeof type !== 'string' || type.trim() === '') {
    throw new JsonLdOptionError(`jsonLd.itemReviewed["@type"] must be one schema.org type name, e.g. "Product"; got ${describe(type)}.`);
  }
  if (SELF_SERVING.has(type)) {
    throw new JsonLdOptionError(
      `jsonLd.itemReviewed["@type"] "${type}" is refused: Google shows no review snippets for reviews of an Organization or LocalBusiness (or their subtypes) that the business itself collects and publishes ("self-serving reviews"), and testimonials on your own site are exactly that. Mark up what the testimonials are about instead, when it is one of ${REVIEW_SNIPPET_TYPES.join(', ')}.`,
    );
  }
  if (!ELIGIBLE.has(type)) {
    throw new JsonLdOptionError(
      `jsonLd.itemReviewed["@type"] "${describe(type).slice(1, -1)}" is not a type Google shows review snippets for. Use one of ${REVIEW_SNIPPET_TYPES.join(', ')} (or a common subtype such as MobileApplication or VideoObject). Organization and LocalBusiness are not allowed: Google ignores self-serving reviews.`,
    );
  }
  if (typeof name !== 'string' || name.trim() === '') {
    throw new JsonLdOptionError(
      `jsonLd.itemReviewed.name is required: the name of the ${type} the testimonials are about; got ${describe(name)}.`,
    );
  }
  const computed = COMPUTED.find((key) => key in item);
  if (computed !== undefined) {
    throw new JsonLdOptionError(
      `jsonLd.itemReviewed.${computed} may not be given: the reviews and their aggregate rating are computed from the testimonials shown on the page.`,
    );
  }
  return { itemReviewed: item as ItemReviewed };
}

/** How the testimonials were shown: what decides which of them the markup may describe. */
export interface ShownTestimonials {
  /** Exactly the testimonials rendered into the page, in their order. */
  testimonials: readonly unknown[];
  /** The `lang` they were rendered in (the translation shown is the text marked up). */
  lang?: string | undefined;
  /** `no-rating` hides the stars: ratings not shown cannot be marked up. */
  noRating?: boolean;
  /**
   * The plain text a card shows for a testimonial text (sanitised; `<mark>` dropped, its words kept).
   * Default: the elements' own sanitiser, which the server renderer has loaded.
   */
  plainText?: (text: string) => string;
}

/** The text of the sanitised segments: what the card shows, without its highlights. */
function shownText(text: string): string {
  const segments = highlightSegmentsSync(text);
  if (!segments) throw new Error('reviewJsonLd: the sanitiser is not loaded; render the element first (renderWall/renderCard load it).');
  return segments.map((segment) => segment.text).join('');
}

/** A card view whose testimonial may be marked up as a first-hand, rated, visible review. */
function isEligible(view: CardView): boolean {
  const { integration, customer_name: name } = view.testimonial;
  const hasAuthor = typeof name === 'string' && name.trim() !== '' && (view.name ?? '').length <= MAX_AUTHOR_NAME;
  return (integration === null || integration === undefined) && view.rating > 0 && hasAuthor;
}

function toReview(view: CardView, plainText: (text: string) => string): JsonLdNode {
  const body = plainText(view.text.text).trim();
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: view.name },
    reviewRating: { '@type': 'Rating', ratingValue: view.rating, bestRating: BEST_RATING, worstRating: Math.min(1, view.rating) },
    ...(view.date ? { datePublished: view.date.toISOString().slice(0, 10) } : {}),
    ...(view.title ? { name: view.title.text } : {}),
    ...(body ? { reviewBody: body } : {}),
    ...(view.text.lang ? { inLanguage: view.text.lang } : {}),
  } satisfies Review;
}

/**
 * The JSON-LD node for `options.itemReviewed` with a `review` for every eligible testimonial shown and
 * their `aggregateRating`; `undefined` when none is eligible (no markup beats empty or invented markup).
 * Throws a {@link JsonLdOptionError} for an option that Google's rules forbid, and when the stars are
 * hidden (`no-rating`): asking for review markup while showing no ratings is a mistake to report.
 */
export function reviewJsonLd(options: JsonLdOptions, shown: ShownTestimonials): ReviewJsonLd | undefined {
  const { itemReviewed } = checkJsonLdOptions(options)!;
  if (shown.noRating) {
    throw new JsonLdOptionError('jsonLd cannot be used with no-rating: review markup may only describe ratings shown on the page.');
  }
  const views = shown.testimonials.map((testimonial) => toCardView(testimonial, shown.lang)).filter(isEligible);
  if (views.length === 0) return undefined;
  const ratings = views.map((view) => view.rating);
  const aggregateRating = {
    '@type': 'AggregateRating',
    ratingValue: Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100,
    bestRating: BEST_RATING,
    worstRating: Math.min(1, ...ratings),
    ratingCount: views.length,
    reviewCount: views.length,
  } satisfies AggregateRating;
  const review = views.map((view) => toReview(view, shown.plainText ?? shownText));
  return { '@context': 'https://schema.org', ...itemReviewed, aggregateRating, review };
}

/** The element's attributes, as far as they decide what is shown. */
type ShownAttributes = Readonly<Record<string, unknown>>;

const flag = (value: unknown) => value !== undefined && value !== null && value !== false;

/** `<script type="application/ld+json">` with the markup, or `''` when no testimonial shown is eligible. */
function scriptOf(data: ReviewJsonLd | undefined): string {
  return data ? `<script type="application/ld+json">${scriptJson(data)}</script>` : '';
}

/**
 * The JSON-LD script for a server-rendered wall: `testimonials` is the page it rendered; `max-items-*`
 * hide the cards past the smallest limit at some widths, so those are left out.
 */
export function wallJsonLdScript(options: JsonLdOptions, testimonials: readonly unknown[], attributes: ShownAttributes): string {
  const quiet = () => {};
  const limits = ['max-items-sm', 'max-items-md', 'max-items-lg'].map(
    (name) => pickCount(quiet, name, attributes[name], 0) ?? Number.POSITIVE_INFINITY,
  );
  const lang = typeof attributes.lang === 'string' ? attributes.lang : undefined;
  return scriptOf(
    reviewJsonLd(options, { testimonials: testimonials.slice(0, Math.min(...limits)), lang, noRating: flag(attributes['no-rating']) }),
  );
}

/** The JSON-LD script for a server-rendered card. */
export function cardJsonLdScript(options: JsonLdOptions, testimonial: unknown, attributes: ShownAttributes): string {
  const lang = typeof attributes.lang === 'string' ? attributes.lang : undefined;
  return scriptOf(reviewJsonLd(options, { testimonials: testimonial ? [testimonial] : [], lang, noRating: flag(attributes['no-rating']) }));
}
