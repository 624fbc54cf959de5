import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { SummaryData as Summary } from '../../client/summary.js';
import type { Links } from '../../client/types.js';
import { errorMessage } from '../shared/events.js';
import { FetchController } from '../shared/fetch-controller.js';
import { initials } from '../shared/format.js';
import { OUTBOUND_REL, safeUrl } from '../shared/safe-url.js';
import { styleProperties } from '../shared/style-properties.js';
import { THEMES, type Theme } from '../shared/card-display.js';
import { TestimonialElement } from '../shared/testimonial-element.js';
import { pickCount, pickOption } from '../shared/warnings.js';
import { FloatingPlacement } from './floating-placement.js';
import { fetchSummary, summaryUrl, SUMMARY_FILTERS } from './summary-source.js';
import { SummaryWords } from './summary-text.js';
import { styles } from './testimonial-summary.styles.js';

export type { TestimonialSummaryDismissEvent, TestimonialSummaryErrorEvent, TestimonialSummaryLoadEvent } from '../shared/events.js';

export const SUMMARY_VARIANTS = ['badge', 'avatars', 'histogram'] as const;
export type SummaryVariant = (typeof SUMMARY_VARIANTS)[number];
export const SUMMARY_PLACEMENTS = ['bottom-start', 'bottom-end'] as const;
export type SummaryPlacement = (typeof SUMMARY_PLACEMENTS)[number];

const DEFAULT_AVATARS = 5;
const MAX_AVATARS = 12;
const STARS = [5, 4, 3, 2, 1] as const;

/** The first walls_of_love page with a safe http(s) URL. */
function wallOfLoveUrl(links: Partial<Links> | undefined): string | undefined {
  for (const item of links?.walls_of_love ?? []) {
    const href = safeUrl(item?.url, 'link');
    if (href) return href;
  }
  return undefined;
}

/**
 * @tagname testimonial-summary
 * @summary The rating badge ("★ 4.8 · 122 reviews"), the avatar strip ("Loved by 122 customers") or the
 * rating histogram of the approved testimonials, computed by the proxy's `GET /summary` (never in the
 * browser), inline or floating in a corner.
 *
 * Defined on first use: the script-tag build loads it in a chunk of its own when the tag first appears.
 * `variant`: `badge` (default), `avatars`, `histogram`. The filters `type`, `integration`, `tags`
 * (comma-separated), `lang` and `rating` narrow what is counted (the proxy checks them: a bad one is the
 * error state with its message). Numbers and plurals follow the element's language; every picture has
 * the same sentence for screen readers ("Rated 4.8 out of 5 from 122 reviews"). A skeleton of the final
 * size stands in while loading, so nothing moves when the numbers arrive.
 *
 * `href` makes the whole summary a link; `wall-link` links it to the first "wall of love" of GET /links.
 * `placement="bottom-start|bottom-end"` floats it in that corner of the viewport: at most 22rem wide
 * and a quarter of the viewport high, never over the focused element (it steps aside while that is
 * under it), with a close button (and Escape) that hides it for the rest of the visit (sessionStorage).
 *
 * @csspart summary - The box of the summary (the link's content when it is one).
 * @csspart link - The link around the summary, when `href` or `wall-link` is set.
 * @csspart stars - The five stars, filled to the average.
 * @csspart average - The average ("4.8").
 * @csspart count - The words with the count ("122 reviews", "Loved by 122 customers").
 * @csspart avatars - The list of recent customers' avatars.
 * @csspart avatar - One avatar (an image, or initials).
 * @csspart histogram - The list of the five bars.
 * @csspart bar - One bar's track; its fill is `bar-fill`.
 * @csspart bar-fill - The filled share of one bar.
 * @csspart skeleton - The placeholder while loading.
 * @csspart empty - The message shown when there is no review yet.
 * @csspart error - The message shown when loading failed.
 * @csspart retry - The button that asks again.
 * @csspart close - The floating summary's close button.
 *
 * @cssproperty --testimonial-summary-avatar-size - Diameter of the avatars. Default 2rem.
 * @cssproperty --testimonial-summary-bar-color - The histogram's filled bars. Default: the star colour.
 * @cssproperty --testimonial-summary-offset - Distance of the floating summary from the viewport's edges. Default 1rem.
 * @cssproperty --testimonial-summary-z-index - Stacking of the floating summary. Default 1000.
 *
 * @fires {TestimonialSummaryLoadEvent} testimonial-summary-load - The summary arrived: `detail.summary`.
 * @fires {TestimonialSummaryErrorEvent} testimonial-summary-error - Loading failed: `detail.error`, `detail.message`.
 * @fires {TestimonialSummaryDismissEvent} testimonial-summary-dismiss - The visitor closed the floating summary.
 */
export class TestimonialSummary extends TestimonialElement {
  static override styles = styles;
  static override properties = {
    endpoint: {},
    summary: { attribute: false },
    variant: { reflect: true },
    type: {},
    integration: {},
    tags: {},
    lang: { noAccessor: true },
    rating: {},
    avatars: {},
    theme: { reflect: true },
    href: {},
    wallLink: { type: Boolean, attribute: 'wall-link' },
    placement: { reflect: true },
  };

  /** The proxy's base URL; the summary comes from `${endpoint}/summary`. */
  endpoint?: string;
  /** A summary to show as it is, with no request (the shape of `GET /summary`). */
  summary?: Summary;
  /** `badge` (default), `avatars` or `histogram`. */
  variant?: SummaryVariant;
  /** Count only `text` or `video` testimonials. */
  type?: string;
  /** Count only testimonials imported from this integration (spec 2.5). */
  integration?: string;
  /** Count only testimonials with any of these tags (comma-separated in the attribute). */
  tags?: string | string[];
  /** Count only testimonials written in or translated into this language; also the language of the words. */
  override lang!: string;
  /** Count only testimonials with this rating. */
  rating?: string | number;
  /** How many recent customers the `avatars` variant shows, 0 to 12 (default 5). */
  avatars?: string | number;
  /** `light` (default), `dark` or `auto` (follows `prefers-color-scheme`). */
  theme?: Theme;
  /** Makes the whole summary a link to this http(s) URL. */
  href?: string;
  /** Makes the whole summary a link to the project's first "wall of love" (GET /links). */
  wallLink = false;
  /** `bottom-start` or `bottom-end`: floats the summary in that corner of the viewport. */
  placement?: SummaryPlacement;
  private variantValue: SummaryVariant = 'badge';
  private placementValue: SummaryPlacement | undefined;
  private avatarsValue = DEFAULT_AVATARS;
  private readonly fetched = new FetchController<Summary>(this, ({ status, value, error }) => {
    if (status === 'complete') this.dispatchTestimonialEvent('testimonial-summary-load', { summary: value! });
    else
      this.tellFailure('testimonial-summary-error', error, 'TE-LOAD-FAILED', 'The reviews summary could not be loaded. ', this.failure, {});
  });
  private readonly links = new FetchController<Links>(this);
  private readonly floating = new FloatingPlacement(this);

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    // `lang` keeps its native accessor (as in the wall): it is both a filter and the words' language.
    if (name === 'lang') {
      this.requestUpdate('lang', old ?? '');
      return;
    }
    super.attributeChangedCallback(name, old, value);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const first = !this.hasUpdated;
    const report = this.reportProblem;
    if (first || changed.has('variant')) this.variantValue = pickOption(report, 'variant', this.variant, SUMMARY_VARIANTS, 'badge');
    if (first || changed.has('theme')) pickOption(report, 'theme', this.theme, THEMES, undefined);
    if (first || changed.has('placement')) {
      this.placementValue = pickOption(report, 'placement', this.placement, SUMMARY_PLACEMENTS, undefined);
      this.floating.enabled = this.placementValue !== undefined;
    }
    if (first || changed.has('avatars')) this.avatarsValue = pickCount(report, 'avatars', this.avatars, 0, MAX_AVATARS) ?? DEFAULT_AVATARS;
    const asked = ['endpoint', 'summary', 'avatars', ...SUMMARY_FILTERS].some((key) => changed.has(key));
    if (first || asked) this.askSummary();
    if (first || changed.has('wallLink') || changed.has('endpoint')) this.askLinks();
  }

  private askSummary(): void {
    this.configError = undefined;
    const base = this.summary === undefined ? this.endpointClient(this.endpoint, 'testimonial-summary-error', {})?.baseUrl : undefined;
    const url = base && summaryUrl(base, this, this.avatarsValue);
    void this.fetched.request(url, url ? (signal) => fetchSummary(url, signal) : undefined);
  }

  private askLinks(): void {
    const client = this.wallLink && !this.configError ? this.endpointClient(this.endpoint, 'testimonial-summary-error', {}) : undefined;
    void this.links.request(client, client && ((signal) => client.getLinks({ signal })));
  }

  private get linkUrl(): string | undefined {
    if (this.href) return safeUrl(this.href, 'link');
    return this.links.status === 'complete' ? wallOfLoveUrl(this.links.value) : undefined;
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.placementValue && !this.floating.dismissed) {
      event.stopPropagation();
      this.dismiss();
    }
  };

  /** Closes the floating summary; focus, had it any, stays at its place in the page (the base's rule). */
  private dismiss(): void {
    this.floating.dismiss();
    void this.keepFocus(undefined, () => undefined);
    this.dispatchTestimonialEvent('testimonial-summary-dismiss', {});
  }

  private get failure(): string {
    return this.w('Could not load the reviews summary.');
  }

  private readonly onRetry = (): void => {
    void this.retry(
      () => this.fetched.retry(),
      () => this.renderRoot.querySelector('[part=link], [part=summary], [part=empty]'),
    );
  };

  /** Five stars filled to the average (to a tenth), drawn with text and a gradient: no images to load. */
  private renderStars(average: number): TemplateResult {
    return html`<span part="stars" class="stars" ${styleProperties({ '--_fill': `${(average / 5) * 100}%` })}>★★★★★</span>`;
  }

  private renderBadge(summary: Summary, words: SummaryWords): TemplateResult {
    const { average } = summary;
    return html`<span class="picture" aria-hidden="true">
        ${average === null ? nothing : html`${this.renderStars(average)}<span part="average" class="average">${words.average(average)}</span>`}
        <span part="count" class="count">${words.reviews(average === null ? summary.count : summary.rated, summary.partial)}</span>
      </span>
      <span class="visually-hidden">${words.rating(summary)}</span>`;
  }

  private renderAvatars(summary: Summary, words: SummaryWords): TemplateResult {
    const shown = summary.recent.slice(0, this.avatarsValue);
    const lovedBy = words.lovedBy(summary.count, summary.partial);
    const sentence = words.lovedByAmong(
      summary,
      shown.map((customer) => customer.name),
    );
    return html`<span class="picture" aria-hidden="true">
        ${
          shown.length
            ? html`<span part="avatars" class="faces">
              ${shown.map((customer) => {
                const src = safeUrl(customer.avatar, 'image');
                return html`<span part="avatar" class="avatar" title=${customer.name}>
                  ${src ? html`<img src=${src} alt="" width="32" height="32" loading="lazy" decoding="async" />` : initials(customer.name)}
                </span>`;
              })}
            </span>`
            : nothing
        }
        <span part="count" class="count">${lovedBy}</span>
      </span>
      <span class="visually-hidden">${sentence}</span>`;
  }

  private renderHistogram(summary: Summary, words: SummaryWords): TemplateResult {
    const largest = Math.max(1, ...STARS.map((stars) => summary.distribution[stars] ?? 0));
    return html`${this.renderBadge(summary, words)}
      <ol part="histogram" class="bars">
        ${STARS.map((stars) => {
          const value = summary.distribution[stars] ?? 0;
          return html`<li class="row">
            <span class="label" aria-hidden="true">${words.number(stars)} ★</span>
            <span part="bar" class="bar" aria-hidden="true">
              <span part="bar-fill" class="fill" ${styleProperties({ '--_share': `${(value / largest) * 100}%` })}></span>
            </span>
            <span class="value" aria-hidden="true">${words.number(value)}</span>
            <span class="visually-hidden">${words.bar(stars, value)}</span>
          </li>`;
        })}
      </ol>`;
  }

  private renderContent(summary: Summary): TemplateResult {
    const words = new SummaryWords(this.w, this.currentLanguage);
    if (summary.count === 0)
      return html`<div part="empty" class="message ${this.variantValue}" lang=${this.currentLanguage.lang} dir=${this.wordsDir}>${this.w('No reviews yet.')}</div>`;
    const body =
      this.variantValue === 'avatars'
        ? this.renderAvatars(summary, words)
        : this.variantValue === 'histogram'
          ? this.renderHistogram(summary, words)
          : this.renderBadge(summary, words);
    const box = html`<span part="summary" class="summary ${this.variantValue}" lang=${this.currentLanguage.lang} dir=${this.wordsDir}>${body}</span>`;
    const href = this.linkUrl;
    return href ? html`<a part="link" class="link" href=${href} rel=${OUTBOUND_REL}>${box}</a>` : box;
  }

  private renderState(): TemplateResult | typeof nothing {
    if (this.configError !== undefined) return this.renderError(errorMessage(this.configError), undefined, this.variantValue);
    const { status, value } = this.fetched;
    const loading = this.loading;
    if (this.summary !== undefined && !loading) return this.renderContent(this.summary);
    if (status === 'complete' && !loading) return this.renderContent(value!);
    // What went wrong is on the console and in the event, for the developer.
    if (status === 'error' || this.retrying) return this.renderError(this.failure, this.onRetry, this.variantValue);
    if (loading) return html`<div part="skeleton" class="skeleton ${this.variantValue}" aria-hidden="true"></div>`;
    return nothing;
  }

  /** The skeleton stays until the numbers and the words of the summary's language have arrived. */
  private get loading(): boolean {
    return this.fetched.status === 'pending' || !this.currentLanguage.lang;
  }

  protected override render(): TemplateResult | typeof nothing {
    // The live region is there from the request on, so that its words changing is what is announced.
    const region = this.fetched.status === 'idle' ? nothing : this.renderLiveRegion();
    if (!this.placementValue) return html`${this.renderState()}${region}`;
    // Floating, the panel comes in with its words: a skeleton growing in a fixed corner would move (a
    // layout shift), and no content below it needs its room kept.
    if (this.floating.dismissed) return nothing;
    if (this.loading && this.configError === undefined) return region;
    return html`<div class="floating ${this.floating.yielding ? 'yielding' : ''}" lang=${this.currentLanguage.lang} dir=${this.wordsDir} @keydown=${this.onKeydown}>
      ${this.renderState()}
      <button type="button" part="close" class="close" aria-label=${this.w('Dismiss the reviews summary')} @click=${() => this.dismiss()}>×</button>
    </div>${region}`;
  }
}
