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
 *
 * What the wall keeps to itself comes through `ControlledWall`; the rest through the wall's public
 * surface (its `controls`, its events, `requestUpdate`), so the wall's side of it stays a few lines.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetReadClient } from '../../../client/index.js';
import type { SummaryData } from '../../../client/summary.js';
import { LIMIT_DEFAULT, type ListTestimonialsParams } from '../../../client/types.js';
import type { TestimonialWallLoadEvent } from '../../shared/events.js';
import { ENGLISH_ONE, type Language, type Words } from '../../shared/localize.js';
import { warn } from '../../shared/warnings.js';
import { fetchSummary, summaryUrl } from '../../testimonial-summary/summary-source.js';
import {
  choicesFromUrl,
  choicesToUrl,
  hasChoices,
  narrow,
  ownerSort,
  parseControls,
  searchWords,
  type ControlName,
  type VisitorChoices,
} from './visitor-choices.js';
import { toolbarTemplate, type ToolbarView } from './toolbar-template.js';

Object.assign(ENGLISH_ONE, {
  '{0} testimonials': '{0} testimonial',
  'More than {0} testimonials': 'More than {0} testimonial',
  '{0} stars': '{0} star',
});

/** Milliseconds of no typing after which a search is asked. */
export const SEARCH_PAUSE_MS = 300;

/**
 * The page URL's query the toolbar reads its choices from (`controls-url`): the document's; on the
 * server, the server renderer points it at the request's (src/ssr).
 */
export const pageLocation: { search(): string | undefined } = {
  search: () => (typeof location === 'undefined' ? undefined : location.search),
};

/**
 * The wall, as the toolbar sees it: its public surface, and two members of the base element the
 * carousel uses too (their names are never shortened in the build: see scripts/private-names.ts).
 */
export type WallHost = ReactiveControllerHost &
  HTMLElement & {
    controls?: string;
    testimonials?: unknown;
    requestUpdate(name?: PropertyKey, oldValue?: unknown): void;
  };

/** What the base element keeps protected, read by the toolbar. */
interface Protected {
  /** Tells screen readers, through the wall's one live region. */
  announce(text: string): void;
  /** The wall's words (its language, its `strings`). */
  w: Words;
}

/** What the toolbar needs of its wall that the wall keeps to itself. */
export interface ControlledWall extends Protected {
  /** The client the wall asks (for the summary's base URL). */
  client(): WidgetReadClient | undefined;
  /** The owner's question, from the attributes. */
  owner(): ListTestimonialsParams;
}

/**
 * The toolbar of `host` (the wall calls it once, when the chunk is here), given the owner's question
 * and the wall's client (the wall's own). Positional, and the rest read from the wall itself: each
 * byte the wall spends on its toolbar is one in the script-tag entry.
 */
export function wallControls(
  host: WallHost,
  owner: () => ListTestimonialsParams,
  client: () => WidgetReadClient | undefined,
): WallControls {
  const inside = host as unknown as Protected;
  return new WallControls(host, {
    owner,
    client,
    announce: (text) => inside.announce(text),
    get w() {
      return inside.w;
    },
  });
}

/** The toolbar's state, a controller of its wall. */
export class WallControls implements ReactiveController {
  /** The visitor's choices. */
  choices: VisitorChoices = {};
  /** A visitor's question is on its way: the wall keeps its cards (busy) instead of the skeleton. */
  refreshing = false;
  /** What the search field shows (typed, not yet asked). */
  private typed = '';
  private enabled: ControlName[] = [];
  private summary: SummaryData | null | undefined;
  private summaryKey: string | undefined;
  private summaryRequest: AbortController | undefined;
  private pause: ReturnType<typeof setTimeout> | undefined;
  /** The wall's least height while a visitor's question is answered or they type, in px (0: none). */
  private held = 0;
  /** The last change was a search typed, with the field focused: the next one replaces its history entry. */
  private typing = false;
  /** The toolbar item that is the toolbar's Tab stop (roving tabindex). */
  private active = 0;

  constructor(
    private readonly host: WallHost,
    private readonly wall: ControlledWall,
  ) {
    host.addController(this);
    const search = pageLocation.search();
    if (this.followsUrl && search !== undefined) this.setChoices(choicesFromUrl(new URLSearchParams(search)));
    // The wall was connected before its chunk came: hostConnected is not called for it.
    if (typeof window !== 'undefined' && host.isConnected) this.hostConnected();
  }

  hostConnected(): void {
    window.addEventListener('popstate', this.onPopState);
    this.host.addEventListener('testimonial-wall-load', this.onLoad);
    this.host.addEventListener('testimonial-wall-error', this.onFailure);
  }

  hostDisconnected(): void {
    window.removeEventListener('popstate', this.onPopState);
    this.host.removeEventListener('testimonial-wall-load', this.onLoad);
    this.host.removeEventListener('testimonial-wall-error', this.onFailure);
    clearTimeout(this.pause);
    this.summaryRequest?.abort();
    this.summaryKey = undefined;
  }

  /** Before each render: the summary the filters need. */
  hostUpdate(): void {
    if (typeof document !== 'undefined') this.requestSummary();
  }

  /** The owner's question narrowed by the visitor (the owner's own object when they chose nothing). */
  narrow(owner: ListTestimonialsParams): ListTestimonialsParams {
    return hasChoices(this.choices) ? narrow(owner, this.choices, this.enabledNow) : owner;
  }

  /** The wall's words for its empty state when the visitor's choices leave nothing ('' when they chose nothing). */
  empty(): string {
    return hasChoices(this.choices) ? this.wall.w('No testimonials match these choices.') : '';
  }

  /** The toolbar, for the wall's render. */
  render(locale: Language): unknown {
    this.enabled = this.enabledNow;
    if (!this.enabled.length) return undefined;
    // Given testimonials are shown as they are: there is no question to narrow, so no toolbar.
    if (this.host.testimonials !== undefined) {
      warn(this.host, 'TE-CONTROLS-GIVEN-DATA', 'controls: the wall shows given testimonials (no request to narrow); no toolbar is shown.');
      return undefined;
    }
    const owner = this.wall.owner();
    const view: ToolbarView = {
      enabled: this.enabled,
      w: this.wall.w,
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

  /** The enabled controls; an unknown name is reported once (`TE-INVALID-CONTROLS`). */
  private get enabledNow(): ControlName[] {
    return parseControls(this.host.controls, (code, message) => warn(this.host, code, message));
  }

  private get followsUrl(): boolean {
    return this.host.hasAttribute('controls-url');
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

  /** Fetches the summary once per owner question, when the rating or tag filters need it. */
  private requestSummary(): void {
    const client = this.wall.client();
    const enabled = this.enabledNow;
    const wanted = client && (enabled.includes('rating') || enabled.includes('tags'));
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
   * follows when asked to. A second press of a pressed rating or tag clears it (the template passes
   * `undefined` then).
   */
  private choose(change: Partial<VisitorChoices> | null, typed = false): void {
    clearTimeout(this.pause);
    const next = change ? { ...this.choices, ...change } : {};
    if (!change) this.typed = '';
    const owner = this.wall.owner();
    const same = JSON.stringify(narrow(owner, next, this.enabled)) === JSON.stringify(narrow(owner, this.choices, this.enabled));
    this.choices = next;
    if (same) {
      this.host.requestUpdate();
      return;
    }
    this.hold();
    this.writeUrl(typed && this.typing);
    this.typing = typed;
    this.ask();
  }

  /** The visitor's question changed: the wall asks it, as a change of `controls` (its QUESTION_PROPERTIES). */
  private ask(): void {
    this.refreshing = true;
    this.host.requestUpdate('controls', null);
  }

  /** "Reset" goes away once pressed: focus goes to the search field, else the toolbar's first item. */
  private reset(): void {
    this.active = 0;
    this.choose(null);
    void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLElement>('.tb input, .tb-bar button')?.focus());
  }

  /**
   * Holds the wall at its height now (it may grow, not shrink, until the visitor's result is in and
   * they stopped typing): a least height on the element itself, taken away after.
   */
  private hold(): void {
    this.held = Math.max(this.held, this.host.getBoundingClientRect().height);
    this.host.style.minBlockSize = `${this.held}px`;
  }

  private release(): void {
    if (!this.held) return;
    this.held = 0;
    this.host.style.removeProperty('min-block-size');
  }

  private settled(): void {
    this.refreshing = false;
    if (!this.typing) this.release();
  }

  private writeUrl(replace: boolean): void {
    if (!this.followsUrl) return;
    const search = choicesToUrl(new URLSearchParams(location.search), this.choices).toString();
    const url = `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
    if (replace) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
  }

  /** The first page of a visitor's question arrived: says how many, and lets the height go. */
  private readonly onLoad = (event: TestimonialWallLoadEvent): void => {
    if (!this.refreshing) return;
    this.settled();
    const count = event.detail.testimonials.length;
    // A full page: there are more (the list's `total` counts one page).
    const more = count >= (this.wall.owner().limit ?? LIMIT_DEFAULT);
    const query = searchWords(this.choices.query);
    const { w } = this.wall;
    this.wall.announce(
      count === 0
        ? query
          ? w('No testimonials match “{0}”.', query)
          : w('No testimonials match these choices.')
        : w(more ? 'More than {0} testimonials' : '{0} testimonials', count),
    );
  };

  /** A visitor's question failed: the wall says so; the height goes. */
  private readonly onFailure = (): void => {
    if (this.refreshing) this.settled();
  };

  private readonly onPopState = (): void => {
    if (!this.followsUrl) return;
    clearTimeout(this.pause);
    this.setChoices(choicesFromUrl(new URLSearchParams(location.search)));
    this.typing = false;
    this.hold();
    this.ask();
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
    this.typed = (event.target as HTMLInputElement).value = '';
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
    if (!this.refreshing) this.release();
  };
}
