/**
 * `testimonial-elements/ssr` (Node): the three elements rendered to HTML on the server, so the
 * testimonials are in the page before any script runs (search engines, readers without scripts, the
 * first paint), and taken over by the browser with no second request, no flash and no shift.
 *
 * ```ts
 * import { renderWall, renderCard, renderVideo } from 'testimonial-elements/ssr';
 * const html = await renderWall({ attributes: { endpoint: '/api', layout: 'grid', limit: 12 }, endpoint: 'https://example.com/api' });
 * ```
 *
 * - `renderWall(options)`: `<testimonial-wall>` with its first page of cards, as a client-rendered wall
 *   looks once page 1 has loaded ("Load more" included).
 * - `renderCard(testimonial, options)`: `<testimonial-card>`; `testimonial` is the data, or its id to
 *   fetch through `options.endpoint` / `options.upstream`.
 * - `renderVideo(testimonial, options)`: `<video-testimonial>` in its poster state (`null` with the
 *   `src` and `poster` attributes for a standalone video).
 *
 * Each resolves to one HTML string: the custom element tag with the attributes given, a declarative
 * shadow root (`<template shadowrootmode="open">`) rendered by Lit's own server renderer
 * (`@lit-labs/ssr`) from the elements' own templates and styles (the roots, a wall's and its cards',
 * written from the same templates straight to a string, by Lit's rules: template-string.ts), and, as its
 * light DOM, a data island (`<script type="application/json">`) with the data it was rendered from. In
 * the browser the element reads the island instead of asking the API, and renders the same thing over
 * the server's markup.
 *
 * Data comes from one of: the data given (`testimonials` / `testimonial`), a proxy (`endpoint`: an
 * absolute URL on the server; `attributes.endpoint` is what the browser uses for later pages, often
 * relative), or the service itself (`upstream: { url, apiKey }`, approved testimonials only). Whatever
 * the source, only the proxy's public fields (src/client/public-fields.ts) reach the HTML and the island,
 * text is sanitised by the browser's policy (DOMPurify over jsdom on Node: only bare `<mark>`
 * survives) and every URL passes the browser's safe-URL check: it is the elements' own code that runs.
 *
 * Needs `@lit-labs/ssr` and `jsdom` (optional peer dependencies: `npm i @lit-labs/ssr jsdom`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LitElementRenderer, render, type RenderInfo } from '@lit-labs/ssr';
import { collectResult, collectResultSync, type ThunkedRenderResult } from '@lit-labs/ssr/lib/render-result.js';
import { renderValue } from '@lit-labs/ssr/lib/render-value.js';
import { reflectedAttributeName } from '@lit-labs/ssr/lib/reflected-attributes.js';
import { html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { createReadClient, type TestimonialReadClient, type WidgetReadClient } from '../client/client.js';
import type { FetchFunction } from '../client/transport.js';
import type { ListTestimonialsParams, Testimonial, TestimonialList } from '../client/types.js';
import type { CardTestimonial } from '../elements/shared/card-testimonial.js';
import type { CardVariant, Theme } from '../elements/shared/card-display.js';
import { BUILT_IN_LANGUAGES } from '../elements/shared/i18n-runtime.js';
import { languageReady } from '../elements/shared/localize.js';
import { TestimonialCard } from '../elements/testimonial-card/testimonial-card.js';
import { listParamsFromAttributes, WALL_QUERY_KEYS, type WallLayout, type WallPaging } from '../elements/testimonial-wall/wall-options.js';
import { TestimonialWall, wallControls } from '../elements/testimonial-wall/testimonial-wall.js';
import { movingLayouts } from '../elements/testimonial-wall/layout-chunks.js';
import { pageLocation } from '../elements/testimonial-wall/controls/wall-controls.js';
import { choicesFromUrl, narrow, parseControls } from '../elements/testimonial-wall/controls/visitor-choices.js';
import { movingLayoutStyles } from '../elements/testimonial-wall/moving-layouts.styles.js';
import { VideoTestimonial } from '../elements/video-testimonial/video-testimonial.js';
import type { TestimonialElement } from '../elements/shared/testimonial-element.js';
import {
  isApproved,
  publicTestimonial,
  publicTestimonialList,
  type PublicTestimonial,
  type PublicTestimonialList,
} from '../client/public-fields.js';
import { cardJsonLdScript, checkJsonLdOptions, wallJsonLdScript, type JsonLdOptions } from './json-ld.js';
import { prepareServerSanitizer } from './sanitize-node.js';
import { scriptJson } from './script-json.js';
import { compactMarkup, stylePlaceholder, writtenPlaceholder, type WrittenShadow } from './compact-markup.js';
import { ShadowStyleSheet } from './shadow-styles.js';
import { refusedUrlFields } from './refused-urls.js';
import { LIT_RENDERER_ONLY, templateString, type WrittenHost } from './template-string.js';

export { scriptJson } from './script-json.js';
export { renderForm, type FormAttributes, type RenderFormOptions } from './form.js';
export { JsonLdOptionError, REVIEW_SNIPPET_TYPES, type ItemReviewed, type JsonLdOptions } from './json-ld.js';
export type { PublicTestimonial, PublicTestimonialList } from '../client/public-fields.js';

/** An attribute's value: a boolean attribute is written when `true` and left out when `false`. */
export type AttributeValue = string | number | boolean | null | undefined;

/** The display attributes a wall hands to its cards, with the card's own names (CardDisplayElement). */
export interface CardDisplayAttributes {
  variant?: CardVariant | (string & {});
  theme?: Theme | (string & {});
  'heading-level'?: string | number;
  'text-limit'?: string | number;
  'no-date'?: boolean;
  'no-rating'?: boolean;
  'no-source'?: boolean;
  'no-avatar'?: boolean;
  'no-media'?: boolean;
  'show-tags'?: boolean;
}

/** The attributes of `<testimonial-wall>` (README, element reference), by their HTML names. */
export interface WallAttributes extends CardDisplayAttributes {
  endpoint?: string;
  sort?: 'date' | 'rating' | (string & {});
  order?: 'asc' | 'desc' | (string & {});
  rating?: string | number;
  type?: 'text' | 'video' | (string & {});
  integration?: string;
  /** Comma-separated tag names (or an array, joined with commas). */
  tags?: string | readonly string[];
  query?: string;
  lang?: string;
  limit?: string | number;
  page?: string | number;
  /** `masonry` (the default) is rendered as `grid`: its placement needs the cards' measured heights (README). */
  layout?: WallLayout | (string & {});
  paging?: WallPaging | (string & {});
  label?: string;
  autoplay?: boolean;
  'autoplay-interval'?: string | number;
  'marquee-rows'?: string | number;
  'max-items-sm'?: string | number;
  'max-items-md'?: string | number;
  'max-items-lg'?: string | number;
  /** The visitor's toolbar: any of `search rating tags sort type` (docs/wall-controls.md). */
  controls?: string;
  /** Keep the visitor's choices in the page URL; with `url`, the server renders them. */
  'controls-url'?: boolean;
  /** Any other attribute for the host (`id`, `class`, `style`, `data-*`, `aria-*`). */
  [name: string]: AttributeValue | readonly string[];
}

/** The attributes of `<testimonial-card>`, by their HTML names. */
export interface CardAttributes extends CardDisplayAttributes {
  endpoint?: string;
  'testimonial-id'?: string;
  lang?: string;
  expanded?: boolean;
  [name: string]: AttributeValue;
}

/** The attributes of `<video-testimonial>`, by their HTML names (its element reference lists them all). */
export interface VideoAttributes {
  src?: string;
  poster?: string;
  type?: string;
  label?: string;
  [name: string]: AttributeValue;
}

/** Where the server reads testimonials from when they are not given. */
export interface DataSource {
  /**
   * Your proxy's base URL as the server reaches it (absolute, e.g. `http://127.0.0.1:8788/api`). The
   * browser keeps using `attributes.endpoint` (default: this URL) for later pages.
   */
  endpoint?: string;
  /** The service itself: its base URL (ending in `/v1`) and the API key (stays on the server). */
  upstream?: { url: string; apiKey?: string };
  /** A `fetch` to use (tests: `createSandbox().fetch`). */
  fetch?: FetchFunction;
  /**
   * Told of each testimonial shown that has URLs the elements leave out, as they are not safe URLs
   * (`javascript:`, `//other.host`…): its id and the fields, for a build's log. The rest of the
   * testimonial is rendered. Default: nothing is told.
   */
  onRefusedUrls?: (id: string, fields: string[]) => void;
}

/** Where the HTML goes. */
export interface PageOptions {
  /**
   * The language of the page where the HTML goes (its `<html lang>`, or the `lang` of the element's
   * nearest ancestor): the element's words are in it, as a browser would show them there (`de`: "Mehr
   * laden"). Nothing is written into the HTML for it; the browser reads the page's own `lang` again when
   * it takes over. An element's own `lang` attribute wins, as in the browser. Default: English.
   */
  lang?: string;
}

export interface RenderWallOptions extends DataSource, PageOptions {
  attributes?: WallAttributes;
  /**
   * The first page to show, instead of fetching it: testimonials, or a page as `GET /testimonials`
   * answers it. With `attributes.endpoint`, "Load more" fetches page 2 on from there.
   */
  testimonials?: readonly (Testimonial | PublicTestimonial)[] | TestimonialList | PublicTestimonialList;
  /** Review JSON-LD after the wall, for an explicit eligible `itemReviewed` (README: "JSON-LD"). Default: none. */
  jsonLd?: JsonLdOptions;
  /**
   * The URL of the page the wall goes in (the request's): with `controls` and `controls-url`, the
   * visitor's choices in its query (`?t-q=…&t-rating=…`) narrow the first page and set the toolbar,
   * as the browser would (docs/wall-controls.md).
   */
  url?: string | URL;
}

export interface RenderCardOptions extends DataSource, PageOptions {
  attributes?: CardAttributes;
  /** Review JSON-LD after the card, as for {@link RenderWallOptions.jsonLd}. Default: none. */
  jsonLd?: JsonLdOptions;
}

export interface RenderVideoOptions extends DataSource, PageOptions {
  attributes?: VideoAttributes;
}

/** A bad option or attribute: thrown before anything is fetched or rendered. */
export class RenderOptionsError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'RenderOptionsError';
  }
}

const ELEMENTS = {
  'testimonial-wall': TestimonialWall,
  'testimonial-card': TestimonialCard,
  'video-testimonial': VideoTestimonial,
} as const;

type Tag = keyof typeof ELEMENTS;

/**
 * Defines the three elements in Lit's server registry, installs the Node sanitiser and loads every
 * built-in language's words, once: the elements find their words at once when they render (a browser
 * fetches a language's chunk on first use; a server has them all before the first render).
 */
let ready: Promise<void> | undefined;

function prepare(): Promise<void> {
  ready ??= (async () => {
    for (const [tag, element] of Object.entries(ELEMENTS)) {
      if (!customElements.get(tag)) customElements.define(tag, element);
    }
    LitElementRenderer.renderOptions.push(serverLanguage);
    // The carousel and the marquee are rendered as the browser draws them once their chunk is here.
    // So is the visitor's toolbar (`controls`), in its initial state or the page URL's (`url`).
    await Promise.all([prepareServerSanitizer(), movingLayouts.load(), wallControls.load(), ...BUILT_IN_LANGUAGES.map(languageReady)]);
    pageLocation.search = () => pageSearch.getStore();
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** The query of the page URL of the render under way (`RenderWallOptions.url`), for the toolbar's `controls-url`. */
const pageSearch = new AsyncLocalStorage<string | undefined>();

/** The page language of the render under way (`PageOptions.lang`). */
const pageLang = new AsyncLocalStorage<string | undefined>();

type ServerElement = HTMLElement & { __host?: ServerElement };

/** The element whose `lang` holds for `element`: its own, its host's (and up), else the page's. */
function langHolder(element: ServerElement | undefined, page: string | undefined): Pick<Element, 'getAttribute'> {
  if (!element) return { getAttribute: () => page ?? null };
  return element.hasAttribute('lang') ? element : langHolder(element.__host, page);
}

/**
 * In a browser an element finds its language by walking up the tree (`closest('[lang]')` across
 * shadow roots, see `nearestLang`); Lit's server shim has no tree to walk. Lit's renderer calls this
 * for every element before the element's `willUpdate`, with `__host` set to the element whose shadow
 * root is being rendered: the element gets a `closest` that answers `[lang]` with the nearest of its
 * own, its hosts' and the page's. A card inside a wall is also given the wall's `lang` attribute, which
 * the card would have read (the testimonials' translation follows it too).
 */
function serverLanguage(element: ServerElement): undefined {
  const page = pageLang.getStore();
  element.closest = ((selector: string) => (selector === '[lang]' ? langHolder(element, page) : null)) as ServerElement['closest'];
  if (element.localName !== 'testimonial-card' || element.hasAttribute('lang')) return undefined;
  const lang = element.__host?.getAttribute('lang');
  if (lang) {
    element.setAttribute('lang', lang);
    (element as unknown as TestimonialCard).attributeChangedCallback('lang', null, lang);
  }
  return undefined;
}

/** Attributes any element takes besides its own (host styling and ids). */
const GLOBAL_ATTRIBUTES = ['id', 'class', 'style', 'title', 'hidden', 'dir'] as const;

/** Attributes an element reads from itself rather than declaring them (the wall's toolbar reads `controls-url`). */
const READ_ATTRIBUTES: Partial<Record<Tag, readonly string[]>> = { 'testimonial-wall': ['controls-url'] };

/**
 * The public properties the server sets on each element (from data, never from attributes); what is
 * not public (the wall's first page) goes to the element's own server hook (`takeServerData`, see
 * SERVER_DATA).
 */
const PROPERTIES: Record<Tag, readonly string[]> = {
  'testimonial-wall': ['layout', 'paging', 'cta', 'client'],
  'testimonial-card': ['testimonial'],
  'video-testimonial': ['testimonial'],
};

/**
 * The name of the property binding that carries an element's data to its `takeServerData`
 * (ServerElementRenderer.setProperty): no field of the element has it.
 */
const SERVER_DATA = 'serverData';

/** An element class, with its server hook (TestimonialElement's `serverShadow`; `takeServerData` is the element's). */
type ServerRenderable = typeof TestimonialElement;

interface ElementTemplate {
  readonly attributes: readonly string[];
  readonly strings: TemplateStringsArray;
}

/**
 * One Lit template per element, made once: every attribute the element observes is an attribute
 * binding (`nothing` leaves it out), every property a property binding, and the light DOM one child
 * binding for the data island. Made once, so a server rendering many different walls keeps a fixed
 * set of templates (a template per attribute combination would grow Lit's caches without bound).
 */
const templates = new Map<Tag, ElementTemplate>();

function templateOf(tag: Tag): ElementTemplate {
  let template = templates.get(tag);
  if (!template) {
    const observed = (ELEMENTS[tag] as unknown as { observedAttributes: string[] }).observedAttributes;
    const attributes = [...new Set([...observed, ...(READ_ATTRIBUTES[tag] ?? []), ...GLOBAL_ATTRIBUTES])];
    const parts = [
      `<${tag} ${attributes[0]}=`,
      ...attributes.slice(1).map((name) => ` ${name}=`),
      ...PROPERTIES[tag].map((name) => ` .${name}=`),
      ` .${SERVER_DATA}=`,
      '>',
      `</${tag}>`,
    ];
    const strings = Object.freeze(Object.assign([...parts], { raw: Object.freeze([...parts]) })) as TemplateStringsArray;
    template = { attributes, strings };
    templates.set(tag, template);
  }
  return template;
}

/** An attribute's text, or `nothing` (left out); every name is checked against the element's attributes. */
function attributeValues(tag: Tag, attributes: Record<string, unknown> = {}): unknown[] {
  const { attributes: known } = templateOf(tag);
  for (const name of Object.keys(attributes)) {
    if (!known.includes(name))
      throw new RenderOptionsError(`<${tag}> has no attribute "${name}" (see its reference in the docs: docs/${tag}.md).`);
  }
  return known.map((name) => {
    const raw = attributes[name];
    if (raw === undefined || raw === null || raw === false) return nothing;
    if (raw === true) return '';
    if (Array.isArray(raw)) return raw.join(',');
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw new RenderOptionsError(`<${tag}> attribute "${name}" must be a string, a number or a boolean.`);
    }
    return String(raw);
  });
}

/**
 * Lit's renderer, plus what the elements set through CSSOM or adopt later, written as more rules in
 * the shadow root, `<style>` elements like the others (README: Content-Security-Policy), gone once the
 * browser takes over:
 *
 * - `styleProperties` is an element binding, which Lit's server renderer skips, so the server's paint
 *   would lack it. Only the player's frame ratio matters there (a portrait video drawn 16:9 until the
 *   script runs would move everything below it; a wall's first page is one slice, whose `--_count`
 *   nothing reads, and the card's poster ratio is for a player not yet defined, which on the server it is).
 * - A carousel or marquee wall adopts the moving layouts' styles in the browser: the server writes them.
 *   And the browser makes the carousel's slides out of view inert, which takes them no height (unless it
 *   turns by itself): on the server, where nothing is measured, the slides past those in view at the
 *   start (`--_per-view` of them, from the wall's width) take none either, so the track is as tall.
 */
/** The carousel's slides after the first `--_per-view` (1 to 3) take no height, as inert ones do. */
const SLIDES_IN_VIEW = [2, 3]
  .map((n) => `[part=carousel]:not(.autoplay) .batch>.slide:nth-child(${n}){max-block-size:calc(max(0,var(--_per-view) - ${n - 1})*1e5px)}`)
  .concat('[part=carousel]:not(.autoplay) .batch>.slide:nth-child(n+4){max-block-size:0}')
  .join('');

/**
 * What a render hands down to its element renderers (Lit's renderer spreads it into the RenderInfo it
 * passes them): the shadow roots' contents written as strings so far, and whether none may be
 * ({@link LIT_RENDERER_ONLY}).
 */
interface ServerRenderInfo extends RenderInfo {
  readonly written: WrittenShadow[];
  readonly litRendererOnly: boolean;
}

class ServerElementRenderer extends LitElementRenderer {
  /** The element's class, which says how the element renders on the server. */
  private get elementClass(): ServerRenderable {
    return this.element.constructor as ServerRenderable;
  }

  override setProperty(name: string, value: unknown): void {
    if (name === SERVER_DATA) (this.element as TestimonialElement).takeServerData?.(value);
    else super.setProperty(name, value);
  }

  override renderShadow(renderInfo: RenderInfo): ThunkedRenderResult | undefined {
    const shadow = super.renderShadow(renderInfo);
    if (!shadow) return shadow;
    const { css = '', sheet: extra } = this.elementClass.serverShadow?.(this.element as TestimonialElement) ?? {};
    const sheet = extra === 'moving-layouts' ? MOVING_WALL_SHEET : this.tagName;
    for (const [name] of css.matchAll(DECLARED_PRIVATE_PROPERTY)) CSSOM_PROPERTIES.add(name);
    // The root is written at once (template-string.ts), its elements rendered by nestedHost: with no
    // element inside (a wall's card) it stands in Lit's text as a placeholder that compactMarkup does not
    // read again, with some (a wall) as text that compactMarkup reads. What the writer leaves is Lit's
    // renderer's, as its own `renderShadow` would have it (its last entry: a thunk rendering `render()`).
    // `render()` is protected in LitElement's type, as in Lit's own renderer (which reads it the same way).
    const result = (this.element as unknown as { render(): unknown }).render();
    const { written, litRendererOnly } = renderInfo as ServerRenderInfo;
    const string = litRendererOnly ? undefined : templateString(result, (tag) => this.nestedHost(tag, renderInfo));
    // A root with elements inside is read by compactMarkup as it reads Lit's text (their roots and styles).
    const content = !string
      ? () => renderValue(result, renderInfo)
      : string.hosts
        ? string.html
        : writtenPlaceholder(written.push(string) - 1);
    // Lit's `<style>`, its CSS and `</style>` come first (the content is the last entry): the element's
    // styles become a placeholder that compactMarkup cuts to what this root needs, and what the element
    // sets through CSSOM follows them, in the same `<style>` and before the content (a browser paints a
    // declarative shadow root as it arrives: content before its styles would be drawn unstyled).
    return ['<style>', stylePlaceholder(sheet), css, '</style>', content];
  }

  /**
   * A custom element in this element's root, for the string writer: rendered as Lit's renderer renders
   * it (an element renderer of its own, `__host` this element for the `lang` walk, static attributes,
   * then its bindings, `connectedCallback`, its attributes and its shadow root), but with no part
   * objects, thunks or markers. `undefined` (Lit's to render) for an element that is not a LitElement,
   * a property Lit would reflect to an attribute, or a root that is Lit's to render.
   */
  private nestedHost(tag: string, renderInfo: RenderInfo): WrittenHost | undefined {
    const element = customElements.get(tag);
    if (!element || !LitElementRenderer.matchesClass(element)) return undefined;
    const renderer = new ServerElementRenderer(tag);
    (renderer.element as ServerElement).__host = this.element as ServerElement;
    return {
      setAttribute: (name, value) => renderer.setAttribute(name, value),
      setProperty(name, value) {
        if (reflectedAttributeName(tag.toUpperCase(), name) !== undefined) return false;
        renderer.setProperty(name, value);
        return true;
      },
      start() {
        renderer.connectedCallback();
        const start = `<${tag}${(renderer.renderAttributes() as string[]).join('')}>`;
        // A root Lit renders (a player's) is collected at once, with this element as its host, as Lit's
        // renderer would have it: compactMarkup reads it with the rest.
        renderInfo.customElementHostStack.push(renderer);
        try {
          const shadow = renderer.renderShadow(renderInfo);
          if (!shadow) return start;
          const { mode = 'open', delegatesFocus } = renderer.shadowRootOptions;
          const template = `<template shadowroot="${mode}" shadowrootmode="${mode}"${delegatesFocus ? ' shadowrootdelegatesfocus' : ''}>`;
          return `${start}${template}${collectResultSync(shadow)}</template>`;
        } finally {
          renderInfo.customElementHostStack.pop();
        }
      },
    };
  }
}

/**
 * The private custom properties the elements set through CSSOM in the browser, as the server's roots
 * declare them (`serverShadow().css`): their names are kept whole (see compactMarkup).
 */
const CSSOM_PROPERTIES = new Set<string>();
const DECLARED_PRIVATE_PROPERTY = /--_[\w-]+(?=:)/g;

/** The sheet name of a carousel or marquee wall: its own styles and the moving layouts' (see above). */
const MOVING_WALL_SHEET = 'testimonial-wall+moving';

/** Each element's styles, parsed once for compactMarkup to cut from. */
const sheets = new Map<string, ShadowStyleSheet>();

function sheetNamed(name: string): ShadowStyleSheet {
  let sheet = sheets.get(name);
  if (!sheet) {
    const tag = name === MOVING_WALL_SHEET ? 'testimonial-wall' : (name as Tag);
    const styles = (ELEMENTS[tag] as unknown as { elementStyles: { cssText: string }[] }).elementStyles.map((style) => style.cssText);
    if (name === MOVING_WALL_SHEET) styles.push(movingLayoutStyles.cssText, SLIDES_IN_VIEW);
    sheet = new ShadowStyleSheet(styles.join(''));
    sheets.set(name, sheet);
  }
  return sheet;
}

/** A data island: JSON that no text in it can break out of (see script-json.ts). */
function island(value: unknown): string {
  return `<script type="application/json">${scriptJson(value)}</script>`;
}

/** Renders the element (attributes, properties, and the island as its light DOM) with Lit's server renderer. */
async function renderElement(
  tag: Tag,
  attributes: unknown[],
  properties: Record<string, unknown>,
  data: unknown,
  page: PageOptions,
  serverData?: unknown,
): Promise<string> {
  await prepare();
  const { strings } = templateOf(tag);
  const values = [
    ...attributes,
    ...PROPERTIES[tag].map((name) => properties[name]),
    serverData,
    data === undefined ? nothing : unsafeHTML(island(data)),
  ];
  const template: TemplateResult = html(strings, ...values);
  const renderInfo: Partial<ServerRenderInfo> = {
    elementRenderers: [ServerElementRenderer],
    written: [],
    litRendererOnly: (page as { [LIT_RENDERER_ONLY]?: boolean })[LIT_RENDERER_ONLY] === true,
  };
  const markup = await pageLang.run(page.lang, () => collectResult(render(template, renderInfo)));
  return compactMarkup(markup, sheetNamed, renderInfo.written, CSSOM_PROPERTIES);
}

/** The read client of a data source, or `undefined` when there is none. */
function sourceClient(source: DataSource, what: string): TestimonialReadClient | undefined {
  if (source.endpoint !== undefined && source.upstream !== undefined) {
    throw new RenderOptionsError(`${what}: give either endpoint or upstream, not both.`);
  }
  if (source.upstream !== undefined) {
    if (typeof source.upstream?.url !== 'string') throw new RenderOptionsError(`${what}: upstream.url must be the service's base URL.`);
    return createReadClient({ baseUrl: source.upstream.url, apiKey: source.upstream.apiKey, fetch: source.fetch });
  }
  if (source.endpoint !== undefined) {
    if (!/^https?:\/\//i.test(source.endpoint)) {
      throw new RenderOptionsError(`${what}: endpoint must be an absolute http(s) URL on the server (got "${source.endpoint}").`);
    }
    return createReadClient({ baseUrl: source.endpoint, fetch: source.fetch });
  }
  return undefined;
}

/** Given testimonials as one public page (private fields dropped, whatever the caller passed). */
function givenPage(given: NonNullable<RenderWallOptions['testimonials']>): PublicTestimonialList {
  const list = Array.isArray(given) ? given : (given as TestimonialList).testimonials;
  if (!Array.isArray(list)) throw new RenderOptionsError('renderWall: testimonials must be an array, or a page with a testimonials array.');
  const testimonials = list.map((testimonial: unknown) => publicTestimonial(testimonial));
  return { total: testimonials.length, testimonials };
}

/**
 * Renders `<testimonial-wall>` with its first page: the page given (`testimonials`), or fetched from
 * `endpoint` / `upstream` with the query the attributes describe (as the element would ask it).
 */
export async function renderWall(options: RenderWallOptions = {}): Promise<string> {
  const attributes = { ...options.attributes };
  // Masonry places each card under the column that ends highest, by the cards' measured heights, which
  // only a browser has: the server's cards would move when the browser placed them. A server-rendered
  // wall asked for masonry (the default) is a grid, in the HTML and after take-over.
  if ((attributes.layout ?? 'masonry') === 'masonry') attributes.layout = 'grid';
  const attributeList = attributeValues('testimonial-wall', attributes);
  const jsonLd = checkJsonLdOptions(options.jsonLd);
  const client = sourceClient(options, 'renderWall');
  let page: PublicTestimonialList;
  if (options.testimonials !== undefined) {
    page = givenPage(options.testimonials);
  } else if (client) {
    const queryAttributes = Object.fromEntries(WALL_QUERY_KEYS.map((key) => [key, attributes[key]]));
    const params: ListTestimonialsParams = listParamsFromAttributes(
      queryAttributes as Parameters<typeof listParamsFromAttributes>[0],
      // The same line a browser's wall writes, so the CLI's check of warnings sees it too.
      (code, message) => console.warn(`[testimonial-wall] ${code}: ${message}`),
    );
    const asked = visitorQuestion(params, attributes, options.url);
    const answer = await client.listTestimonials(options.upstream ? { ...asked, approved: true } : asked);
    page = publicTestimonialList(answer, isApproved);
  } else {
    throw new RenderOptionsError('renderWall: give testimonials, an endpoint or an upstream.');
  }
  tellRefusedUrls(page.testimonials, options);
  // The wall takes `page` as its page 1 (no request); `client` is there for the wall to have one (it
  // never asks it on the server). Without an endpoint the wall has nothing to page from in the browser:
  // no "Load more".
  const paging = attributes.endpoint ? (attributes.paging ?? 'button') : 'none';
  const layout = attributes.layout;
  // The call to action needs GET /links, which the server does not wait for: the wall is written
  // without it ("Load more" included) and the browser adds it beside "Load more" once it has the link.
  const properties: Record<string, unknown> = { layout, cta: undefined, paging, client: client ?? pageClient(page) };
  // The island travels only with a wall that can page on from its endpoint; one rendered from data
  // alone stays the server's HTML in the browser (nothing to fetch, nothing to take over). The wall
  // takes `page` either way (TestimonialWall.takeServerData).
  const islandPage = attributes.endpoint ? page : undefined;
  const markup = await pageSearch.run(controlsSearch(attributes, options.url), () =>
    renderElement('testimonial-wall', attributeList, properties, islandPage, options, page),
  );
  return jsonLd ? markup + wallJsonLdScript(jsonLd, page.testimonials, attributes) : markup;
}

/** The page URL's query when the wall follows it (`controls` and `controls-url`); else none. */
function controlsSearch(attributes: WallAttributes, url: string | URL | undefined): string | undefined {
  if (url === undefined || !attributes.controls || attributes['controls-url'] === undefined || attributes['controls-url'] === false)
    return undefined;
  try {
    return new URL(url, 'http://page.invalid/').search;
  } catch {
    throw new RenderOptionsError(`renderWall: url "${String(url)}" is not a URL.`);
  }
}

/** The owner's question narrowed by the visitor's choices in the page URL, as the wall's toolbar narrows it. */
function visitorQuestion(
  params: ListTestimonialsParams,
  attributes: WallAttributes,
  url: string | URL | undefined,
): ListTestimonialsParams {
  const search = controlsSearch(attributes, url);
  if (search === undefined) return params;
  return narrow(
    params,
    choicesFromUrl(new URLSearchParams(search)),
    parseControls(String(attributes.controls), () => {}),
  );
}

/** Tells `onRefusedUrls` of each testimonial with URLs its card leaves out. */
function tellRefusedUrls(testimonials: readonly PublicTestimonial[], { onRefusedUrls }: DataSource): void {
  if (!onRefusedUrls) return;
  for (const testimonial of testimonials) {
    const fields = refusedUrlFields(testimonial);
    if (fields.length) onRefusedUrls(String(testimonial.id), fields);
  }
}

/** A client that knows one page and nothing else: for a wall rendered from data given. */
function pageClient(page: PublicTestimonialList): WidgetReadClient {
  const unavailable = () => Promise.reject(new Error('renderWall was given its testimonials: there is nothing else to fetch.'));
  return {
    baseUrl: '',
    listTestimonials: () => Promise.resolve(page as TestimonialList),
    getTestimonial: unavailable,
    getLinks: unavailable,
  };
}

/** The testimonial to render: the one given, or the one with that id from the source. */
async function oneTestimonial(testimonial: unknown, source: DataSource, what: string): Promise<PublicTestimonial | null> {
  if (testimonial === null) return null;
  if (typeof testimonial === 'object') return publicTestimonial(testimonial);
  if (typeof testimonial !== 'string' || testimonial === '') {
    throw new RenderOptionsError(`${what}: give a testimonial object or its id.`);
  }
  const client = sourceClient(source, what);
  if (!client) throw new RenderOptionsError(`${what}: an id needs an endpoint or an upstream to fetch it from.`);
  const found = await client.getTestimonial(testimonial);
  if (source.upstream && !isApproved(found)) throw new RenderOptionsError(`${what}: testimonial ${testimonial} is not approved.`);
  return publicTestimonial(found);
}

/** Renders `<testimonial-card>` for a testimonial, or for the id of one fetched from the source. */
export async function renderCard(
  testimonial: Testimonial | PublicTestimonial | CardTestimonial | string,
  options: RenderCardOptions = {},
): Promise<string> {
  const attributes = attributeValues('testimonial-card', options.attributes);
  const jsonLd = checkJsonLdOptions(options.jsonLd);
  const data = await oneTestimonial(testimonial, options, 'renderCard');
  if (data) tellRefusedUrls([data], options);
  const markup = await renderElement('testimonial-card', attributes, { testimonial: data }, data, options);
  return jsonLd ? markup + cardJsonLdScript(jsonLd, data, options.attributes ?? {}) : markup;
}

/**
 * Renders `<video-testimonial>` in its poster state (nothing of the video is loaded before the viewer
 * asks): for a video testimonial (or its id), or for `null` with the `src` and `poster` attributes.
 */
export async function renderVideo(
  testimonial: Testimonial | PublicTestimonial | CardTestimonial | string | null,
  options: RenderVideoOptions = {},
): Promise<string> {
  const attributes = attributeValues('video-testimonial', options.attributes);
  const data = await oneTestimonial(testimonial, options, 'renderVideo');
  return renderElement('video-testimonial', attributes, data ? { testimonial: data } : {}, data ?? undefined, options);
}
