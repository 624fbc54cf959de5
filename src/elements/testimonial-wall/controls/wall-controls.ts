/**
 * The visitor's toolbar of `<testimonial-wall controls="search rating tags sort type">`: a chunk of its
 * own, fetched only by a wall that has `controls` (see the wall's `wallControls`). The server renders
 * it with this code too (src/ssr), in its initial state.
 *
 * It holds the visitor's choices and narrows the owner's question with them (visitor-choices.ts); the
 * wall asks the narrowed question as it asks any other (one request at a time, the one before aborted
 * with its AbortSignal). It also:
 * - waits for a pause in typing (300 ms) before a search is asked, so a word typed is one request;
 * - reads the star distribution and the tags from the proxy's `GET /summary` for the rating and tag
 *   filters (with the owner's filters, so the counts are those of the owner's wall);
 * - holds the wall's height while a visitor's question is answered and while they type, so the page
 *   below moves only once their own action has changed the result, never under their fingers;
 * - tells screen readers the result politely, through the wall's one live region;
 * - keeps the choices in the page URL (`controls-url`: `?t-q=…&t-rating=…`), Back and Forward included.
 */
import type { ReactiveController } from 'lit';
import type { WidgetReadClient } from '../../../client/index.js';
import type { SummaryData } from '../../../client/summary.js';
import type { ListTestimonialsParams, TestimonialType } from '../../../client/types.js';
import { ENGLISH_ONE, type Language, type LocalizedHost, type Words } from '../../shared/localize.js';
import { fetchSummary, summaryUrl } from '../../testimonial-summary/summary-source.js';
import type { WarnFn } from '../../shared/warnings.js';
import {
  choicesFromUrl,
  choicesToUrl,
  hasChoices,
  narrow,
  ownerSort,
  parseControls,
  searchWords,
  type ControlName,
  type SortChoice,
  type VisitorChoices,
} from './visitor-choices.js';
import { toolbarTemplate, type ToolbarView } from './toolbar-template.js';

export { choicesFromUrl } from './visitor-choices.js';

Object.assign(ENGLISH_ONE, {
  '{0} testimonials': '{0} testimonial',
  'More than {0} testimonials': 'More than {0} testimonial',
  '{0} stars': '{0} star',
});

/** Milliseconds of no typing after which a search is asked. */
export const SEARCH_PAUSE_MS = 300;

/** What the toolbar needs of its wall. */
export interface ControlledWall {
  /** The `controls` attribute as it is now. */
  controls(): string | undefined;
  /** The client the wall asks (for the summary's base URL). */
  client(): WidgetReadClient | undefined;
  /** The owner's question, from the attributes. */
  owner(): ListTestimonialsParams;
  /** The visitor's question changed: the wall asks it (see `narrow`). */
  ask(): void;
  announce(text: string): void;
  words: Words;
  report: WarnFn;
}

/** The toolbar's state machine, a controller of its wall. */
export class WallControls implements ReactiveController {
  /** The visitor's choices. */
  choices: VisitorChoices = {};
  /** What the search field shows (typed, not yet asked). */
  private typed = '';
  private enabled: ControlName[] = [];
  private summary: SummaryData | null | undefined;
  private summaryKey: string | undefined;
  private summaryRequest: AbortController | undefined;
  private pause: ReturnType<typeof setTimeout> | undefined;
  /** A visitor's question is on its way: the wall keeps its cards (busy) instead of the skeleton. */
  refreshing = false;
  /** The wall's least height while a visitor's question is answered or they type, in px (0: none). */
  held = 0;
  /** The last change was a search typed, with the field focused: the next one replaces its history entry. */
  private typing = false;
  /** The toolbar item that is the toolbar's Tab stop (roving tabindex). */
  active = 0;

  constructor(
    private readonly host: LocalizedHost,
    private readonly wall: ControlledWall,
  ) {
    host.addController(this);
    if (this.followsUrl && typeof location !== 'undefined') this.setChoices(choicesFromUrl(new URLSearchParams(location.search)));
  }

  hostConnected(): void {
    if (typeof window !== 'undefined') window.addEventListener('popstate', this.onPopState);
  }

  hostDisconnected(): void {
    window.removeEventListener('popstate', this.onPopState);
    clearTimeout(this.pause);
    this.summaryRequest?.abort();
    this.summaryKey = undefined;
  }

  /** Before each render: the enabled controls, and the summary they need. */
  hostUpdate(): void {
    this.enabled = parseControls(this.wall.controls(), this.wall.report);
    if (typeof document !== 'undefined') this.requestSummary();
  }

  /** The owner's question narrowed by the visitor (the wall calls it on every update that may change it). */
  narrow(owner: ListTestimonialsParams): ListTestimonialsParams {
    // The owner's own object when the visitor chose nothing: the wall tells "no testimonials yet" from "none match".
    return hasChoices(this.choices)
      ? narrow(
          owner,
          this.choices,
          parseControls(this.wall.controls(), () => {}),
        )
      : owner;
  }

  /** The first page of the current question arrived (or failed: no count); says it, and lets the height go. */
  answered(count?: number, more = false): void {
    if (!this.refreshing) return;
    this.refreshing = false;
    if (!this.typing) this.held = 0;
    if (count === undefined) return;
    const { words: w } = this.wall;
    const query = searchWords(this.choices.query);
    this.wall.announce(
      count === 0
        ? query
          ? w('No testimonials match “{0}”.', query)
          : w('No testimonials match these choices.')
        : w(more ? 'More than {0} testimonials' : '{0} testimonials', count),
    );
  }

  /** The toolbar, for the wall's render. */
  render(locale: Language): unknown {
    if (!this.enabled.length) return undefined;
    const owner = this.wall.owner();
    const view: ToolbarView = {
      enabled: this.enabled,
      w: this.wall.words,
      lang: locale.lang,
      requested: locale.requested,
      typed: this.typed,
      choices: this.choices,
      sort: this.choices.sort ?? ownerSort(owner),
      ratings: this.ratingsOffered(owner),
      tags: this.tagsOffered(owner),
      showType: owner.type === undefined,
      busy: this.refreshing,
      active: this.active,
      onInput: this.onInput,
      onSearchKey: this.onSearchKey,
      onSearchBlur: this.onSearchBlur,
      onSubmit: this.onSubmit,
      choose: (change) => this.choose(change),
      reset: () => this.reset(),
      setActive: (index) => (this.active = index),
    };
    return toolbarTemplate(view);
  }

  /** The stars present (from the summary), highest first, with their counts; 5 to 1 without counts when it is unknown. */
  private ratingsOffered(owner: ListTestimonialsParams): [number, number | undefined][] {
    if (owner.rating !== undefined) return [];
    const { distribution } = this.summary ?? {};
    if (!distribution) return [5, 4, 3, 2, 1].map((star) => [star, undefined]);
    return (['5', '4', '3', '2', '1'] as const).filter((star) => distribution[star] > 0).map((star) => [Number(star), distribution[star]]);
  }

  /** The tags of the summary (most used first), among the owner's `tags` when set; the owner's alone when it is unknown. */
  private tagsOffered(owner: ListTestimonialsParams): [string, number | undefined][] {
    const counted = this.summary?.tags;
    const limit = owner.tags?.length ? owner.tags : undefined;
    if (!counted) return (limit ?? []).map((tag) => [tag, undefined]);
    return Object.entries(counted).filter(([tag]) => !limit || limit.includes(tag));
  }

  private get followsUrl(): boolean {
    return (this.host as HTMLElement).hasAttribute?.('controls-url') ?? false;
  }

  /** Fetches the summary once per owner question, when the rating or tag filters need it. */
  private requestSummary(): void {
    const client = this.wall.client();
    const wanted = client && (this.enabled.includes('rating') || this.enabled.includes('tags'));
    const key = wanted ? summaryUrl(client.baseUrl, this.wall.owner(), 0) : undefined;
    if (key === this.summaryKey) return;
    this.summaryKey = key;
    this.summaryRequest?.abort();
    this.summary = undefined;
    if (!key) return;
    const request = (this.summaryRequest = new AbortController());
    fetchSummary(key, request.signal).then(
      (summary) => this.summaryArrived(request, summary),
      () => this.summaryArrived(request, null),
    );
  }

  private summaryArrived(request: AbortController, summary: SummaryData | null): void {
    if (request.signal.aborted) return;
    this.summary = summary;
    this.host.requestUpdate();
  }

  private setChoices(choices: VisitorChoices): void {
    this.choices = choices;
    this.typed = choices.query ?? '';
  }

  /**
   * A visitor's choice (`null`: Reset): the wall's height is held, the question asked, and the URL
   * follows when asked to. A second activation of a pressed rating or tag clears it (the template
   * passes `undefined` then).
   */
  private choose(change: Partial<VisitorChoices> | null, typed = false): void {
    clearTimeout(this.pause);
    const next = change ? { ...this.choices, ...change } : {};
    if (!change) this.typed = '';
    else if (!typed && 'query' in change) this.typed = change.query ?? '';
    const before = this.wall.owner();
    if (JSON.stringify(narrow(before, next, this.enabled)) === JSON.stringify(narrow(before, this.choices, this.enabled))) {
      this.choices = next;
      this.host.requestUpdate();
      return;
    }
    this.choices = next;
    this.hold();
    this.writeUrl(typed && this.typing);
    this.typing = typed;
    this.refreshing = true;
    this.wall.ask();
  }

  /** "Reset" goes away once pressed: focus goes to the search field, else the toolbar's first item. */
  private reset(): void {
    this.active = 0;
    this.choose(null);
    void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLElement>('.tb input, .tb-bar button')?.focus());
  }

  /** Holds the wall at its height now (it may grow, not shrink, until the visitor's result is in). */
  private hold(): void {
    const wall = (this.host.shadowRoot ?? this.host).querySelector('.wall');
    this.held = Math.max(this.held, wall?.getBoundingClientRect().height ?? 0);
  }

  private writeUrl(replace: boolean): void {
    if (!this.followsUrl) return;
    const search = choicesToUrl(new URLSearchParams(location.search), this.choices).toString();
    const url = `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
    if (replace) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
  }

  private readonly onPopState = (): void => {
    if (!this.followsUrl) return;
    clearTimeout(this.pause);
    this.setChoices(choicesFromUrl(new URLSearchParams(location.search)));
    this.typing = false;
    this.hold();
    this.refreshing = true;
    this.wall.ask();
  };

  private readonly onInput = (event: Event): void => {
    this.typed = (event.target as HTMLInputElement).value;
    clearTimeout(this.pause);
    this.pause = setTimeout(() => this.choose({ query: this.typed }, true), SEARCH_PAUSE_MS);
  };

  /** Escape clears the search at once (when there is one: otherwise it is the page's). */
  private readonly onSearchKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.typed) return;
    event.preventDefault();
    (event.target as HTMLInputElement).value = '';
    this.choose({ query: '' }, true);
  };

  /** Enter asks at once, without waiting for the pause. */
  private readonly onSubmit = (event: Event): void => {
    event.preventDefault();
    this.choose({ query: this.typed }, true);
  };

  /** Typing is over: the wall may take the height its result needs. */
  private readonly onSearchBlur = (): void => {
    this.typing = false;
    if (this.refreshing || !this.held) return;
    this.held = 0;
    this.host.requestUpdate();
  };
}

export type { SortChoice, TestimonialType };
