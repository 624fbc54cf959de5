import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Testimonial } from '../../client/types.js';
import { CardDisplayElement, type CardVariant } from '../shared/card-display.js';
import { clientForEndpoint } from '../shared/endpoint-client.js';
import { isAbortError } from '../shared/events.js';
import { FetchController } from '../shared/fetch-controller.js';
import { formatDate, MAX_RATING } from '../shared/format.js';
import { requestDefinition } from '../shared/lazy-define.js';
import { textDirection } from '../shared/locale.js';
import { OUTBOUND_REL } from '../shared/safe-url.js';
import { takeOver } from '../shared/take-over.js';
import { styleProperties } from '../shared/style-properties.js';
import { highlightSegmentsSync, loadSanitizer, markupFreeText, renderSegments, type TextSegment } from '../shared/sanitize.js';
import { clampSegments } from './text-clamp.js';
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { PLACEHOLDER_TESTIMONIAL } from '../shared/placeholder-testimonial.js';
import { styles } from './testimonial-card.styles.js';
import { toCardView, type CardView, type LocalizedText } from './view-model.js';

/** Characters shown before "Read more", per variant, when `text-limit` is not set. */
const DEFAULT_TEXT_LIMITS: Record<CardVariant, number> = { default: 400, compact: 200, quote: 300 };

const VIDEO_TAG = 'video-testimonial';

// The links of a text card (customer, source, permalink) carry OUTBOUND_REL written out: a static
// attribute is cloned with its template, a bound one is a setAttribute per link of every card of a wall.
// The video's links keep the constant: written out there too, the entry would grow (the card's tests
// check that every link's rel is OUTBOUND_REL).

/**
 * The customer's name as a heading of level 1 to 6, one template per level: six small templates cost
 * the entry less than Lit's static-html module, which a tag name chosen at run time would need.
 */
const NAME_HEADINGS = [
  (name: TemplateResult) => html`<h1 part="name" class="name" id="name">${name}</h1>`,
  (name: TemplateResult) => html`<h2 part="name" class="name" id="name">${name}</h2>`,
  (name: TemplateResult) => html`<h3 part="name" class="name" id="name">${name}</h3>`,
  (name: TemplateResult) => html`<h4 part="name" class="name" id="name">${name}</h4>`,
  (name: TemplateResult) => html`<h5 part="name" class="name" id="name">${name}</h5>`,
  (name: TemplateResult) => html`<h6 part="name" class="name" id="name">${name}</h6>`,
];

/**
 * The stars, one `<svg>` for all five: the empty shapes, and over them a path of the full stars and,
 * for a half rating, the left half of the next (`:dir(rtl)` mirrors the row). A star is 24 units wide
 * and starts 26.67 after the one before, the 0.125em gap between 1.125em stars. One path per rating,
 * made once, so a rating is one template and two attributes (the empty path bound too: written out, it
 * was 27 B more of the entry): an `<svg>` per star (a template each, its half star clipped) cost every
 * card of a wall five templates, five parts and 10–11 elements to clone, style and lay out, about 7% of
 * a 100-card wall's render (docs/performance.md).
 */
const STAR = 'l2.9 6.1 6.7.8-4.9 4.6 1.2 6.6-5.9-3.2-5.9 3.2 1.2-6.6-4.9-4.6 6.7-.8zm26.67 0';
const HALF_STAR = 'l-2.9 6.1-6.7.8 4.9 4.6-1.2 6.6 5.9-3.2z';
/** `FULL_STARS[rating * 2]`: the full path of a rating of 0 to 5 in half stars. */
const FULL_STARS = Array.from(
  { length: 2 * MAX_RATING + 1 },
  (_, halves) => `M12 2.6${STAR.repeat(halves >> 1)}${halves & 1 ? HALF_STAR : ''}`,
);

/** The language of a block, when it differs from the content's (a field the translation lacked). */
function blockLang(piece: LocalizedText, view: CardView): string | undefined {
  return piece.lang && piece.lang !== view.lang ? piece.lang : undefined;
}

/**
 * Whether a view is the unseen card a skeleton is sized with (`aria-hidden`, `inert`): nothing of it
 * is read, so nothing of it goes through `Intl` (its rating has no label, its data no date), and a
 * skeleton shown in a page's render-blocking task does not load the engine's locale data (see `numberFormat`).
 */
const sizing = (view: CardView): boolean => view.testimonial === PLACEHOLDER_TESTIMONIAL;

function toggleEvent(oldState: 'open' | 'closed', newState: 'open' | 'closed'): Event {
  if (typeof ToggleEvent === 'function') return new ToggleEvent('toggle', { oldState, newState });
  return Object.assign(new Event('toggle'), { oldState, newState });
}

/**
 * One testimonial as a card: the customer (avatar or initials, name, tagline, company and logo,
 * username, a link to their site), the rating in stars, the title and the words with their `<mark>`
 * highlights, images and videos, the source ("via Trustpilot"), the date and a permalink.
 *
 * Give it data through the `testimonial` property, or let it fetch one with `endpoint` (your proxy's
 * base URL) and `testimonial-id`: it shows a skeleton of its size while loading, a clear error with a
 * retry button when that fails, and aborts the request when the id changes or it leaves the page.
 *
 * `lang` on the card (or the nearest ancestor with one) picks the matching translation of the text,
 * title and tagline, and sets `lang` and `dir` on the content. Every string from the API is rendered
 * as text; only bare `<mark>` survives in the text (DOMPurify, loaded only for text with markup); every
 * URL passes a safe-URL check. A video testimonial shows a `<video-testimonial>` player once that
 * element is defined, and a poster linking to its public page until then.
 *
 * @summary A safe, themable, accessible card for one testimonial.
 * @tagname testimonial-card
 *
 * @csspart card - The `<article>` around the whole card.
 * @csspart content - The `<figure>` holding the customer, rating, words and media; carries `lang`/`dir`.
 * @csspart header - The `<figcaption>` with the avatar and who the customer is.
 * @csspart avatar - The avatar's round box (an image, or the initials).
 * @csspart avatar-image - The avatar `<img>`.
 * @csspart initials - The initials shown when there is no avatar image or it failed to load.
 * @csspart identity - The column with the name, tagline, company and username.
 * @csspart name - The heading with the customer's name (`heading-level` sets its level).
 * @csspart customer-link - The link to the customer's website, around the name.
 * @csspart tagline - The customer's tagline.
 * @csspart company - The company name with its logo.
 * @csspart logo - The company logo `<img>`.
 * @csspart username - The customer's username.
 * @csspart rating - The stars (`role="img"` with a label such as "4 out of 5 stars").
 * @csspart stars - The `<svg>` of the five stars: the empty shapes (`.empty`) under the full ones (`.full`), filled up to the rating.
 * @csspart quote - The `<blockquote>` with the title and the text.
 * @csspart title - The testimonial's title.
 * @csspart text - The testimonial's words.
 * @csspart read-more - The "Read more" / "Show less" button of long texts.
 * @csspart video - The `<video-testimonial>` of a video testimonial.
 * @csspart poster - The poster shown until `<video-testimonial>` is defined.
 * @csspart media - The list of images and videos.
 * @csspart media-item - Each item of that list.
 * @csspart media-image - Each image of that list.
 * @csspart media-video - Each video of that list.
 * @csspart footer - The row with the source, date and tags.
 * @csspart source - "via Trustpilot", linked to the source when it is known.
 * @csspart date - The `<time>` of the testimonial.
 * @csspart permalink - The link to the testimonial's public page (around the date when shown).
 * @csspart tags - The list of tags (`show-tags`).
 * @csspart tag - Each tag.
 * @csspart skeleton - The placeholder shown while the testimonial loads.
 * @csspart error - The message shown when the testimonial could not be loaded.
 * @csspart retry - The "Try again" button of that message.
 *
 * @cssproperty [--testimonial-color-background=#ffffff] - Card background (dark: `#161b22`).
 * @cssproperty [--testimonial-color-surface=#f6f8fa] - Avatar, tag and placeholder background (dark: `#212830`).
 * @cssproperty [--testimonial-color-text=#1f2328] - Text colour (dark: `#e6edf3`).
 * @cssproperty [--testimonial-color-muted=#59636e] - Secondary text: tagline, company, date (dark: `#9ea8b3`).
 * @cssproperty [--testimonial-color-accent=#0a5fc2] - Links and buttons (dark: `#6cb2ff`).
 * @cssproperty [--testimonial-color-border=#d1d9e0] - Card and tag borders (dark: `#3d444d`).
 * @cssproperty [--testimonial-star-color=#9a6700] - Filled stars (dark: `#e3b341`).
 * @cssproperty [--testimonial-star-empty-color=#c8d1da] - Empty stars (dark: `#4a525c`).
 * @cssproperty [--testimonial-star-size=1.125em] - Size of each star.
 * @cssproperty [--testimonial-mark-background=#fff1a8] - Highlight background (dark: `#5c4b00`).
 * @cssproperty [--testimonial-mark-color=#1f2328] - Highlight text (dark: `#fff8dc`).
 * @cssproperty [--testimonial-font-family=system-ui, sans-serif] - Font.
 * @cssproperty [--testimonial-font-size=1rem] - Base font size.
 * @cssproperty [--testimonial-radius=0.75rem] - Corner radius of the card.
 * @cssproperty [--testimonial-spacing=1rem] - Padding and gaps (compact: `0.75rem`).
 * @cssproperty [--testimonial-shadow=0 1px 3px rgb(31 35 40 / 0.12)] - Card shadow.
 * @cssproperty [--testimonial-avatar-size=3rem] - Avatar diameter (compact: `2.25rem`).
 * @cssproperty [--testimonial-media-size=6rem] - Height of the media thumbnails: images square, videos 16:9 (compact: `4rem`).
 * @cssproperty [--testimonial-skeleton-color=#e6eaef] - Placeholder blocks while loading.
 * @cssproperty [--testimonial-skeleton-height=12rem] - Height of the loading placeholder.
 * @cssproperty [--testimonial-focus-color=var(--testimonial-color-accent)] - Focus ring.
 *
 * @fires {TestimonialCardLoadEvent} testimonial-card-load - The fetched testimonial is shown; `detail.testimonial` (bubbles, composed).
 * @fires {TestimonialCardErrorEvent} testimonial-card-error - The testimonial could not be fetched; `detail.error`, `detail.message` (bubbles, composed).
 * @fires {ToggleEvent} toggle - "Read more" / "Show less" was pressed; a `ToggleEvent` with `newState` `open` or `closed`.
 */
export class TestimonialCard extends CardDisplayElement {
  static override styles = styles;
  static override properties = {
    testimonial: { attribute: false },
    endpoint: {},
    testimonialId: { attribute: 'testimonial-id' },
    expanded: { type: Boolean, reflect: true, useDefault: true },
    langAttribute: { attribute: 'lang' },
    failedImages: { state: true },
  };

  /** The testimonial to show (spec 2.1). When set, nothing is fetched. */
  testimonial: CardTestimonial | null | undefined;

  /** Your proxy's base URL (for example `/api`); with `testimonial-id`, the card fetches its testimonial. */
  endpoint: string | undefined;

  /** The id of the testimonial to fetch from `endpoint`. */
  testimonialId: string | undefined;

  /** Whether a long text is shown whole. "Read more" / "Show less" toggle it. */
  expanded = false;

  /**
   * Mirrors the `lang` attribute so a change re-renders the card in that language (read `lang`, the
   * standard property, to get it).
   * @internal
   */
  protected langAttribute: string | undefined;

  /**
   * Whether the images wait, without their `src`, until this is cleared and the card updated. Masonry
   * (the wall's chunk) sets it on the cards of its later slices before their first render, and clears
   * it as the browser starts rendering each (masonry-layout.ts, `nearing`). Not a reactive property: the
   * setter Lit would add is bytes of the entry, where masonry asks for the update itself.
   * @internal
   */
  deferredImages?: boolean;

  /** Image URLs that failed to load: avatars fall back to initials, other images are hidden. */
  private failedImages: ReadonlySet<string> = new Set();

  /** The testimonial fetched by `testimonial-id` + `endpoint` (when no `testimonial` is given). */
  private readonly fetched = new FetchController<Testimonial>(this);

  /** The fetch result or error an event was last fired for, so each is announced once. */
  private announced: unknown;

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    // Rendered on the server (testimonial-elements/ssr): the testimonial comes in the data island.
    this.testimonial ??= takeOver(this);
    return super.createRenderRoot();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('testimonial')) this.failedImages = new Set();
    const { endpoint, testimonialId: id } = this;
    const wanted = this.testimonial == null && endpoint && id;
    // One key per question, so the same endpoint and id never fetch twice.
    this.fetched.request(wanted ? `${endpoint} ${id}` : undefined, (signal) =>
      clientForEndpoint(endpoint!).getTestimonial(id!, { signal }),
    );
  }

  protected override updated(): void {
    // The player is loaded on first need (when a define module registered how): a wall of text
    // testimonials never downloads it. Until it is defined, a video shows a poster: the cards that show
    // one, and only they, render again once it is (a wall's text cards have nothing to upgrade).
    if (!customElements.get(VIDEO_TAG) && this.renderRoot.querySelector(VIDEO_TAG)) {
      void requestDefinition(VIDEO_TAG);
      void customElements.whenDefined(VIDEO_TAG).then(() => this.requestUpdate());
    }
    const { status, value, error } = this.fetched;
    if (status === 'complete' && value && value !== this.announced) {
      this.announced = value;
      this.dispatchTestimonialEvent('testimonial-card-load', { testimonial: value });
    } else if (status === 'error' && error !== this.announced && !isAbortError(error)) {
      this.announced = error;
      // The reader gets a sentence and a retry; what went wrong is for the developer.
      this.tellFailure('testimonial-card-error', error, 'TE-LOAD-FAILED', 'This testimonial could not be loaded. ', this.failure, {});
    }
  }

  private readonly onImageError = (event: Event): void => {
    const src = (event.currentTarget as HTMLImageElement).getAttribute('src');
    if (src && !this.failedImages.has(src)) this.failedImages = new Set([...this.failedImages, src]);
  };

  private readonly onToggleClick = (): void => {
    const oldState = this.expanded ? 'open' : 'closed';
    this.expanded = !this.expanded;
    // The toggle stays, but a text of any length grew or shrank around it: it is brought back into view.
    void this.keepFocus(0, () => this.renderRoot.querySelector('.read-more'));
    this.dispatchEvent(toggleEvent(oldState, this.expanded ? 'open' : 'closed'));
  };

  private readonly onRetryClick = (): void => {
    void this.retry(
      () => this.fetched.retry(),
      () => this.renderRoot.querySelector('[part=card]'),
    );
  };

  /** The text as segments; with markup, the markup-free text until DOMPurify has loaded. */
  private segmentsOf(text: string): readonly TextSegment[] {
    const ready = highlightSegmentsSync(text);
    if (ready) return ready;
    loadSanitizer().then(
      () => this.requestUpdate(),
      () => {
        // DOMPurify did not load: the markup-free text stays, nothing is lost.
      },
    );
    return [{ text: markupFreeText(text), marked: false }];
  }

  private get shownTestimonial(): unknown {
    if (this.testimonial != null) return this.testimonial;
    return this.fetched.status === 'complete' ? this.fetched.value : undefined;
  }

  private get failure(): string {
    return this.w('This testimonial could not be loaded.');
  }

  override render(): unknown {
    const data = this.shownTestimonial;
    const { lang } = this.currentLanguage;
    // A wall's skeleton: a card of the placeholder is a skeleton of its size (see renderSkeleton).
    if (data === PLACEHOLDER_TESTIMONIAL) return this.renderSkeleton();
    const { status, error } = this.fetched;
    const shown = typeof data === 'object' && data !== null;
    // The skeleton stays until the words of the card's language have arrived; a retry keeps the error.
    const body =
      shown && lang
        ? this.renderCardView(toCardView(data, this.currentLanguage.requested))
        : (status === 'error' && !isAbortError(error)) || this.retrying
          ? this.renderError(this.failure, this.onRetryClick, 'error')
          : shown || status !== 'idle'
            ? this.renderSkeleton()
            : nothing;
    return html`${body}${status === 'idle' ? nothing : this.renderLiveRegion()}`;
  }

  /**
   * The card's own words (Read more, the rating's label, "via") are in the language it found words
   * for, marked so on the `<article>`; the content says its own language (`""`, unknown, when the data does not), and its
   * direction, which the footer shares: a right-to-left card is right to left even on a page that
   * sets no `dir`.
   */
  private renderCardView(view: CardView): TemplateResult {
    const quoteFirst = this.cardDisplay.variant === 'quote';
    const dir = view.lang && textDirection(view.lang);
    const held = this.skeletonHeight ? styleProperties({ 'min-block-size': `${this.skeletonHeight}px` }) : nothing;
    // No white space between tags in the card's templates: each run of it was a text node of every card.
    const figure = quoteFirst
      ? html`<figure part="content" lang=${view.lang ?? ''} dir=${ifDefined(dir)}
          >${this.renderRating(view)}${this.renderQuote(view)}${this.renderPlayer(view)}${this.renderMedia(view)}${this.renderHeader(view)}</figure>`
      : html`<figure part="content" lang=${view.lang ?? ''} dir=${ifDefined(dir)}
          >${this.renderHeader(view)}${this.renderRating(view)}${this.renderQuote(view)}${this.renderPlayer(view)}${this.renderMedia(view)}</figure>`;
    return html`<article part="card" class="card" aria-labelledby="name" lang=${this.currentLanguage.lang} ${held}
      >${figure}${this.renderFooter(view, dir)}</article>`;
  }

  /**
   * `lang` for the card's own words inside the content: none when the content is in the card's language,
   * which they then inherit (an attribute not written is a DOM call saved on every card of a wall).
   */
  private wordsLang(view: CardView): string | typeof nothing {
    return view.lang === this.currentLanguage.lang ? nothing : this.currentLanguage.lang;
  }

  /** The customer's name, or "Anonymous" in the card's language. */
  private nameOf(view: CardView): string {
    return view.name ?? this.w('Anonymous');
  }

  private renderHeader(view: CardView): TemplateResult {
    // Names from the API are isolated (<bdi>) from the direction around them: "Saffron Kitchen Co."
    // in an Arabic card keeps its full stop at its end.
    // "Anonymous" is the card's word, not the content's: it says its own language.
    const name = html`<bdi lang=${view.name ? nothing : this.currentLanguage.lang}>${this.nameOf(view)}</bdi>`;
    const linked = view.customerUrl
      ? html`<a part="customer-link" href=${view.customerUrl} rel="noopener noreferrer nofollow ugc">${name}</a>`
      : name;
    const heading = NAME_HEADINGS[(this.cardDisplay.headingLevel ?? 3) - 1]!(linked);
    const tagline = view.tagline;
    return html`<figcaption part="header" class="header"
      >${this.renderAvatar(view)}<div part="identity" class="identity"
        >${heading}${
          tagline
            ? html`<span part="tagline" class="tagline" lang=${ifDefined(blockLang(tagline, view))}
              >${tagline.text}</span>`
            : nothing
        }${this.renderCompany(view)}${
          view.username ? html`<span part="username" class="username" dir="ltr">${view.username}</span>` : nothing
        }</div></figcaption>`;
  }

  private renderAvatar(view: CardView): TemplateResult | typeof nothing {
    if (this.noAvatar) return nothing;
    const image = view.avatar && !this.failedImages.has(view.avatar) ? view.avatar : undefined;
    if (!image && !view.initials) return nothing;
    return html`<span part="avatar" class="avatar"
      >${
        image
          ? this.renderLazyImage({ part: 'avatar-image', src: image, alt: '', width: 48, height: 48 })
          : html`<span part="initials" aria-hidden="true">${view.initials}</span>`
      }</span>`;
  }

  private renderCompany(view: CardView): TemplateResult | typeof nothing {
    const logo = view.companyLogo && !this.failedImages.has(view.companyLogo) ? view.companyLogo : undefined;
    if (!view.company && !logo) return nothing;
    return html`<span part="company" class="company"
      >${logo ? this.renderLazyImage({ part: 'logo', src: logo, alt: view.company ? '' : this.w('Company logo'), width: 20, height: 20 }) : nothing}${
        view.company ? html`<bdi>${view.company}</bdi>` : nothing
      }</span>`;
  }

  private renderRating(view: CardView): TemplateResult | typeof nothing {
    if (this.noRating || view.rating <= 0) return nothing;
    return html`<div part="rating" class="rating" role="img" aria-label=${sizing(view) ? nothing : this.w('{0} out of {1} stars', view.rating, MAX_RATING)} lang=${this.wordsLang(view)}
      ><svg part="stars" class="stars" viewBox="0 0 130.67 24" aria-hidden="true"><path class="empty" d="${FULL_STARS[2 * MAX_RATING]}"/><path class="full" d="${FULL_STARS[view.rating * 2]}"/></svg></div>`;
  }

  private renderQuote(view: CardView): TemplateResult | typeof nothing {
    const { title, text } = view;
    if (!title && text.text === '') return nothing;
    const limit = this.cardDisplay.textLimit ?? DEFAULT_TEXT_LIMITS[this.cardDisplay.variant ?? 'default'];
    const full = this.segmentsOf(text.text);
    const clamped = clampSegments(full, limit);
    const lang = blockLang(text, view);
    return html`<blockquote part="quote" class="quote"
        >${title ? html`<p part="title" class="title" lang=${ifDefined(blockLang(title, view))}>${title.text}</p>` : nothing}${
          text.text === ''
            ? nothing
            : // No whitespace inside: the text keeps its own line breaks (white-space: pre-line).
              html`<p part="text" class="text" id="text" lang=${ifDefined(lang)} dir=${ifDefined(lang && textDirection(lang))}
              >${renderSegments(this.expanded ? full : clamped.segments)}</p>`
        }</blockquote>${
          clamped.clamped
            ? html`<button
            part="read-more"
            class="read-more"
            type="button"
            aria-expanded=${this.expanded}
            aria-controls="text"
            aria-describedby="name"
            lang=${this.wordsLang(view)}
            @click=${this.onToggleClick}
          >${this.w(this.expanded ? 'Show less' : 'Read more')}</button>`
            : nothing
        }`;
  }

  private renderPlayer(view: CardView): TemplateResult | typeof nothing {
    const video = view.video;
    if (!video) return nothing;
    const name = this.nameOf(view);
    // Reserves the poster's space until the player (which reserves its own) is defined.
    const aspect = styleProperties({ 'aspect-ratio': video.aspectRatio });
    const poster =
      video.poster && !this.failedImages.has(video.poster)
        ? this.renderLazyImage({ src: video.poster, alt: '', width: video.width, height: video.height })
        : nothing;
    const fallback = video.href
      ? html`<a part="poster" class="poster" href=${video.href} rel=${OUTBOUND_REL} ${aspect}
          >${poster}<span class="poster-label" lang=${this.wordsLang(view)}>${this.w('Watch the video testimonial from {0}', name)}</span></a>`
      : html`<div part="poster" class="poster" ${aspect}>${poster}<span class="poster-label" lang=${this.wordsLang(view)}>${this.w('Video testimonial from {0}', name)}</span></div>`;
    // The tag is always rendered so the player upgrades in place once defined; until then its light
    // DOM children (the poster) are what shows.
    return html`<video-testimonial
      part="video"
      class="video"
      lang=${this.currentLanguage.lang}
      .testimonial=${view.testimonial}
      >${customElements.get(VIDEO_TAG) ? nothing : fallback}</video-testimonial>`;
  }

  private renderMedia(view: CardView): TemplateResult | typeof nothing {
    if (this.noMedia) return nothing;
    const items = view.media.filter((item) => item.kind !== 'image' || !this.failedImages.has(item.src));
    if (items.length === 0) return nothing;
    const name = this.nameOf(view);
    // The list is named in the card's words, so it says the card's language (see wordsLang); a description the
    // data gave (an image's `alt`, a video's label) is the content's and says so on its own element.
    const { dataLang } = view;
    return html`<ul part="media" class="media" aria-label=${this.w('Media')} lang=${this.wordsLang(view)}
      >${items.map(
        (item) =>
          html`<li part="media-item"
            >${
              item.kind === 'image'
                ? this.renderLazyImage({
                    part: 'media-image',
                    src: item.src,
                    alt: item.alt ?? this.w('Image {0} from {1}', item.index, name),
                    lang: item.alt && dataLang,
                    width: 96,
                    height: 96,
                  })
                : this.renderMediaVideo(item.src, item.label ?? this.w('Video from {0}', name), item.label && dataLang)
            }</li>`,
      )}</ul>`;
  }

  /** A video of the media list; `labelLang` is the language of a label the data gave. */
  private renderMediaVideo(src: string, label: string, labelLang: string | undefined): TemplateResult {
    return html`<video-testimonial part="media-video" lang=${this.currentLanguage.lang} src=${src} label=${label} label-lang=${ifDefined(labelLang)}
      >${customElements.get(VIDEO_TAG) ? nothing : html`<a href=${src} rel=${OUTBOUND_REL} lang=${ifDefined(labelLang)}>${label}</a>`}</video-testimonial>`;
  }

  /** "via Trustpilot", the source linked when it is known, in the card's words ("{0} 経由"). */
  private renderSource(source: NonNullable<CardView['source']>): TemplateResult {
    const [before, after] = this.w('via {0}', '\0').split('\0');
    return html`<span part="source" class="source"
      >${before}${source.href ? html`<a href=${source.href} rel="noopener noreferrer nofollow ugc">${source.label}</a>` : source.label}${after}</span>`;
  }

  /** Every image: lazy, without a referrer, its box reserved; a failure is remembered and re-rendered. */
  private renderLazyImage(image: {
    part?: string;
    src: string;
    alt: string;
    lang?: string;
    width: number;
    height: number;
  }): TemplateResult {
    return html`<img
      src=${this.deferredImages ? nothing : image.src}
      part=${ifDefined(image.part)}
      alt=${image.alt}
      lang=${ifDefined(image.lang)}
      width=${image.width}
      height=${image.height}
      loading="lazy"
      decoding="async"
      referrerpolicy="no-referrer"
      @error=${this.onImageError}
    />`;
  }

  private renderFooter(view: CardView, dir: string | undefined): TemplateResult | typeof nothing {
    // The sizer has no date (formatted, it would need `Intl`): its source holds the footer's line, `no-source` or not.
    const source = this.noSource && !sizing(view) ? undefined : view.source;
    const locale = this.currentLanguage.requested;
    const dateText = this.noDate ? undefined : formatDate(view.date, locale);
    const date = dateText
      ? // dir="auto": a date formatted for a right-to-left locale carries RLM marks; isolated from the
        // footer's direction it reads in its own ("04/10/2026" instead of "042026/10/").
        html`<time part="date" dir="auto" lang=${ifDefined(locale)} datetime=${view.date!.toISOString()}>${dateText}</time>`
      : undefined;
    const showTags = this.showTags && view.tags.length > 0;
    if (!source && !date && !view.permalink && !showTags) return nothing;
    return html`<footer part="footer" class="footer" dir=${ifDefined(dir)}
      >${source ? this.renderSource(source) : nothing}${
        view.permalink
          ? html`<a part="permalink" href=${view.permalink} rel="noopener noreferrer nofollow ugc">${date ?? this.w('Permalink')}</a>`
          : (date ?? nothing)
      }${
        showTags
          ? html`<ul part="tags" class="tags" aria-label=${this.w('Tags')}
            >${view.tags.map((tag) => html`<li part="tag" class="tag" dir="auto" lang=${view.dataLang}>${tag}</li>`)}</ul>`
          : nothing
      }</footer>`;
  }

  /**
   * The skeleton while loading (the error state and the live region are the base element's): it lies
   * over an unseen card of the placeholder testimonial, so it is as tall as the tallest text card (see
   * PLACEHOLDER_TESTIMONIAL); the card then keeps that height (`skeletonHeight`), so what follows moves
   * neither down nor up when the testimonial comes.
   */
  private renderSkeleton(): TemplateResult {
    return html`<div class="state"
      ><div class="sizer" inert>${this.renderCardView(toCardView(PLACEHOLDER_TESTIMONIAL, this.currentLanguage.requested))}</div><div part="skeleton" class="skeleton" aria-busy="true" lang=${this.currentLanguage.lang}
        ><span class="visually-hidden">${this.w('Loading testimonial…')}</span></div></div>`;
  }
}
