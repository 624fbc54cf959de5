/**
 * The toolbar's markup and styles (a `<style>` of its own, in the template: the server writes it with
 * the toolbar, and it never competes with the moving layouts' adopted sheet).
 *
 * Patterns (WAI-ARIA APG): the search field is a `searchbox` in a `search` landmark, a Tab stop of its
 * own; the filters are one `toolbar` (one Tab stop, arrow keys between its items, Home and End, mirrored
 * right to left). In it, rating and tags are groups of toggle buttons (`aria-pressed`; one at a time,
 * a second press clears), sort and type radio groups (`aria-checked`; Space or Enter checks, as in the
 * APG's toolbar example), and "Reset" when anything is set. The toolbar is one row that scrolls
 * sideways when its items do not fit, so its height never changes when the summary's counts arrive.
 */
import type { nothing as litNothing, TemplateResult } from 'lit';
import type { Words } from '../../shared/localize.js';
import { hasChoices, SEARCH_MAX_LENGTH, SORT_CHOICES, type ControlName, type SortChoice, type VisitorChoices } from './visitor-choices.js';

/**
 * Lit's `html` and `nothing`, as Lit defines them (a template result is `{ _$litType$: 1, strings,
 * values }`, Lit's `TemplateResult` type; `nothing` is a symbol of the global registry). This chunk
 * imports nothing of Lit: a lazy chunk importing Lit made the bundler (Rolldown) split Lit, and other
 * modules the entry shares with lazy chunks, out of the entry (+1.3 KB gzip in four files), and
 * handing them over from the wall costs the entry bytes.
 */
const html = (strings: TemplateStringsArray, ...values: unknown[]): TemplateResult<1> => ({ ['_$litType$']: 1, strings, values });
const nothing = Symbol.for('lit-nothing') as typeof litNothing;

export interface ToolbarView {
  enabled: readonly ControlName[];
  w: Words;
  lang: string;
  /** The reader's tag, for numbers. */
  requested: string | undefined;
  typed: string;
  choices: VisitorChoices;
  sort: SortChoice;
  ratings: [number, number | undefined][];
  tags: [string, number | undefined][];
  showType: boolean;
  busy: boolean;
  active: number;
  onInput(event: Event): void;
  onSearchKey(event: KeyboardEvent): void;
  onSearchBlur(): void;
  onSubmit(event: Event): void;
  choose(change: Partial<VisitorChoices>): void;
  reset(): void;
  setActive(index: number): void;
}

const SORT_WORDS = { newest: 'Newest first', oldest: 'Oldest first', highest: 'Highest rated', lowest: 'Lowest rated' } as const;

/** Items of the toolbar, in order: what the roving tabindex walks. */
const ITEMS = '.tb-bar button';

const styles = html`<style>
  /* On the theme's surface, as the wall's messages are: the toolbar's words then read on any page, light or dark. */
  .tb {
    display: grid;
    gap: 0.5rem;
    margin-block-end: var(--_gap, 1rem);
    padding: 0.5rem;
    border-radius: var(--_t-radius);
    background: var(--_t-surface);
    color: var(--_t-text);
  }
  .tb-search {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
  }
  .tb input {
    font: inherit;
    color: var(--_t-text);
    background: var(--_t-background);
    border: 1px solid var(--_t-border);
    border-radius: var(--_t-radius);
    box-sizing: border-box;
    block-size: 2.75rem;
    inline-size: min(100%, 28rem);
    padding-inline: 0.75rem;
  }
  .tb-bar {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    block-size: 3.25rem;
    overflow-x: auto;
    overflow-y: hidden;
    scrollbar-width: thin;
    /* The focus ring of an item at either end stays inside the scrolling row. */
    padding-inline: 4px;
  }
  .tb-group {
    display: flex;
    flex: none;
    align-items: center;
    gap: 0.25rem;
    margin: 0;
  }
  .tb-label {
    flex: none;
    font-size: 0.875em;
    margin-inline-end: 0.25rem;
  }
  .tb-bar button {
    flex: none;
    white-space: nowrap;
    min-block-size: 2.5rem;
    padding-block: 0.25rem;
    padding-inline: 0.75rem;
  }
  .tb-bar [aria-pressed='true'],
  .tb-bar [aria-checked='true'] {
    background: var(--_t-text);
    color: var(--_t-background);
    border-color: var(--_t-text);
  }
  .tb-count {
    margin-inline-start: 0.375rem;
    opacity: 0.8;
    font-size: 0.875em;
  }
  .wall:has(.tb[data-busy]) :is(.items, .track, .marquee, .message) {
    opacity: 0.6;
    transition: opacity 0.2s 0.2s;
  }
  @media (forced-colors: active) {
    .tb-bar [aria-pressed='true'],
    .tb-bar [aria-checked='true'] {
      background: Highlight;
      color: HighlightText;
      forced-color-adjust: none;
    }
  }
</style>`;

/** Arrow keys, Home and End move between the toolbar's items (mirrored right to left). */
function onToolbarKey(view: ToolbarView, event: KeyboardEvent): void {
  const bar = event.currentTarget as HTMLElement;
  const items = [...bar.querySelectorAll<HTMLElement>(ITEMS)];
  const index = items.indexOf(event.target as HTMLElement);
  if (index < 0) return;
  const rtl = getComputedStyle(bar).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : step ? (index + step + items.length) % items.length : -1;
  if (next < 0) return;
  event.preventDefault();
  items.forEach((item, at) => (item.tabIndex = at === next ? 0 : -1));
  view.setActive(next);
  items[next]!.focus();
}

/** Focus entering the toolbar makes the focused item its Tab stop. */
function onToolbarFocus(view: ToolbarView, event: FocusEvent): void {
  const items = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(ITEMS)];
  const index = items.indexOf(event.target as HTMLElement);
  if (index >= 0) view.setActive(index);
}

export function toolbarTemplate(view: ToolbarView): TemplateResult {
  const { enabled, w, lang, choices } = view;
  const number = (value: number) => value.toLocaleString(view.requested);
  const showReset = hasChoices(choices);
  const filters =
    (enabled.includes('rating') ? view.ratings.length : 0) +
    (enabled.includes('tags') ? view.tags.length : 0) +
    (enabled.includes('type') && view.showType ? 3 : 0) +
    (enabled.includes('sort') ? SORT_CHOICES.length : 0);
  // Reset is the toolbar's last item; with no toolbar (search alone), it stands beside the search field.
  const toolbar = filters > 0;
  // The Tab stop stays on an item that is there (Reset, say, went away).
  const active = Math.min(view.active, filters + (showReset ? 1 : 0) - 1);
  let index = 0;
  /** A toolbar item: only the active one is a Tab stop. */
  const stop = () => (index++ === active ? 0 : -1);
  // Named by what it shows ("5 stars 40"): an aria-label of other words ("5 stars: 40") fails Label in
  // Name (2.5.3) for those who speak what they see.
  const toggle = (label: string, count: number | undefined, pressed: boolean, change: Partial<VisitorChoices>) =>
    html`<button
      type="button"
      tabindex=${stop()}
      aria-pressed=${pressed ? 'true' : 'false'}
      @click=${() => view.choose(change)}
    >
      ${label}
      ${count === undefined ? nothing : html`<span class="tb-count">${number(count)}</span>`}
    </button>`;
  const radio = (label: string, checked: boolean, change: Partial<VisitorChoices>) =>
    html`<button type="button" role="radio" tabindex=${stop()} aria-checked=${checked ? 'true' : 'false'} @click=${() => view.choose(change)}>
      ${label}
    </button>`;
  const group = (role: string, label: string, items: TemplateResult[]) =>
    items.length
      ? html`<div class="tb-group" role=${role} aria-label=${label}><span class="tb-label" aria-hidden="true">${label}</span>${items}</div>`
      : nothing;

  const items = [
    enabled.includes('rating')
      ? group(
          'group',
          w('Rating'),
          view.ratings.map(([star, count]) =>
            toggle(w('{0} stars', star), count, choices.rating === star, { rating: choices.rating === star ? undefined : star }),
          ),
        )
      : nothing,
    enabled.includes('tags')
      ? group(
          'group',
          w('Tags'),
          view.tags.map(([tag, count]) => toggle(tag, count, choices.tag === tag, { tag: choices.tag === tag ? undefined : tag })),
        )
      : nothing,
    enabled.includes('type') && view.showType
      ? group('radiogroup', w('Type'), [
          radio(w('All'), !choices.type, { type: undefined }),
          radio(w('Text'), choices.type === 'text', { type: 'text' }),
          radio(w('Video'), choices.type === 'video', { type: 'video' }),
        ])
      : nothing,
    enabled.includes('sort')
      ? group(
          'radiogroup',
          w('Sort'),
          SORT_CHOICES.map((sort) => radio(w(SORT_WORDS[sort]), view.sort === sort, { sort })),
        )
      : nothing,
  ];
  const reset = showReset
    ? html`<button type="button" part="controls-reset" tabindex=${toolbar ? stop() : 0} @click=${view.reset}>${w('Reset')}</button>`
    : nothing;
  const search = enabled.includes('search')
    ? html`<form class="tb-search" role="search" part="controls-search" @submit=${view.onSubmit}>
        <input
          type="search"
          part="search"
          aria-label=${w('Search testimonials')}
          placeholder=${w('Search testimonials')}
          maxlength=${SEARCH_MAX_LENGTH}
          autocomplete="off"
          enterkeyhint="search"
          value=${view.typed}
          .value=${view.typed}
          @input=${view.onInput}
          @keydown=${view.onSearchKey}
          @blur=${view.onSearchBlur}
        />
        ${toolbar ? nothing : reset}
      </form>`
    : nothing;
  const bar = toolbar
    ? html`<div
        class="tb-bar"
        role="toolbar"
        part="controls-toolbar"
        aria-label=${w('Filter and sort testimonials')}
        @keydown=${(event: KeyboardEvent) => onToolbarKey(view, event)}
        @focusin=${(event: FocusEvent) => onToolbarFocus(view, event)}
      >
        ${items}${reset}
      </div>`
    : nothing;
  return html`${styles}
    <div class="tb" part="controls" lang=${lang} ?data-busy=${view.busy}>${search}${bar}</div>`;
}
