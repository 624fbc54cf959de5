/**
 * PROTOTYPE: a slice of a wall's cards written as markup (the card's own templates through the string
 * writer), flat as the server writes them, for one parse per slice.
 */
import { noChange, nothing, render, html, type CSSResultGroup, type TemplateResult } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo } from 'lit/directive.js';
import { templateString, type WrittenHost } from '../../ssr/template-string.js';
import { FLAT_CARD_CLASS, flatCardStyles, withCardIds } from '../../ssr/flat-cards.js';
import { mapSelectors } from '../../ssr/shadow-styles.js';
import { minifyCss } from '../../ssr/minify-css.js';
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { highlightSegmentsSync, loadSanitizer } from '../shared/sanitize.js';
import { countStyle, overLimitClasses, type CardTemplate, type ItemLimits } from './wall-templates.js';

/** A card that has rendered: its `render()` writes the others, with its settings and language. */
interface SampleCard extends HTMLElement {
  readonly hasUpdated: boolean;
  render(): unknown;
}

function cssText(styles: CSSResultGroup | undefined): string {
  if (!styles) return '';
  if (Array.isArray(styles)) return styles.map((style) => cssText(style as CSSResultGroup)).join('');
  return (styles as { cssText: string }).cssText;
}

const sheets = new WeakMap<object, CSSStyleSheet>();

const CARD_TAG = /(^|[\s>+~(,])testimonial-card(?![\w-])/g;

/** One of the wall's selectors beside flat cards: `testimonial-card` is either, and a subject not the host stays out of the cards. */
function besideFlat(selector: string): string {
  const mapped = selector.replace(CARD_TAG, '$1:is(testimonial-card,div:where(.tc))');
  let depth = 0;
  let start = 0;
  for (let index = 0; index < mapped.length; index++) {
    const character = mapped[index]!;
    if (character === '(' || character === '[') depth++;
    else if (character === ')' || character === ']') depth--;
    else if (depth === 0 && /[\s>+~]/.test(character)) start = index + 1;
  }
  const subject = mapped.slice(start);
  if (subject.startsWith(':host') || subject.includes('.tc')) return mapped;
  const pseudo = /::[\w-]+(?:\([^)]*\))?$/.exec(subject)?.index ?? subject.length;
  return `${mapped.slice(0, start + pseudo)}:where(:not(.tc *))${subject.slice(pseudo)}`;
}

/** The wall's sheet, rewritten to stand beside flat cards, with the cards' flat styles: in place of the wall's own. */
function adoptFlatStyles(root: ShadowRoot, card: CustomElementConstructor, wall: CustomElementConstructor): void {
  const wallStyles = (wall as unknown as { styles?: CSSResultGroup }).styles as { styleSheet?: CSSStyleSheet } | undefined;
  let sheet = sheets.get(card);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    const wallCss = minifyCss(cssText(wallStyles as CSSResultGroup));
    const cardCss = minifyCss(cssText((card as unknown as { styles?: CSSResultGroup }).styles));
    sheet.replaceSync(mapSelectors(wallCss, besideFlat) + flatCardStyles(cardCss));
    sheets.set(card, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) {
    const own = new Set([wallStyles as CSSResultGroup].flat(9).map((style) => (style as { styleSheet?: CSSStyleSheet }).styleSheet));
    const adopted = root.adoptedStyleSheets;
    const at = adopted.findIndex((one) => own.has(one));
    root.adoptedStyleSheets = [...adopted.slice(0, at).filter((one) => !own.has(one)), sheet, ...adopted.slice(at).filter((one) => !own.has(one))];
    for (const type of ['pointerover', 'focusin', 'click']) root.addEventListener(type, onIntent, true);
  }
}

/** The host's attributes, written once per slice. */
function hostAttributes(card: HTMLElement): string {
  let text = '';
  for (const { name, value } of card.attributes) if (name !== 'class') text += ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  return text;
}

/** A player in a card's media row: its tag and attributes (its light DOM is the writer's). */
function playerWriter(tag: string): WrittenHost | undefined {
  let attributes = '';
  return {
    setAttribute: (name, value) => void (attributes += ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`),
    setProperty: () => false,
    start: () => `<${tag}${attributes}>`,
  };
}

interface FlatItem {
  readonly testimonial: CardTestimonial;
  readonly card: CardTemplate;
}

/** The flat items (and those written live in a flat slice), by their `.item` element. */
const flatItems = new WeakMap<Element, FlatItem>();

let written = 0;

class FlatSlice {
  constructor(
    readonly markup: string,
    /** Items the writer leaves to Lit (their index in the slice), rendered live in their place. */
    private readonly live: readonly number[],
    private readonly items: readonly CardTestimonial[],
    private readonly card: CardTemplate,
  ) {}

  put(batch: Element): void {
    batch.innerHTML = this.markup;
    const elements = batch.children;
    this.items.forEach((testimonial, index) => flatItems.set(elements[index]!, { testimonial, card: this.card }));
    for (const index of this.live) {
      flatItems.delete(elements[index]!);
      render(this.card(this.items[index]!), elements[index] as HTMLElement);
    }
  }
}

class FlatContent extends Directive {
  private markup: string | undefined;
  constructor(part: PartInfo) {
    super(part);
  }
  render(_slice: FlatSlice): unknown {
    return nothing;
  }
  override update(part: ElementPart, [slice]: [FlatSlice]): unknown {
    if (slice.markup !== this.markup) {
      this.markup = slice.markup;
      slice.put(part.element);
    }
    return noChange;
  }
}

const flatContent = directive(FlatContent);

/**
 * The items of a slice as markup, or `undefined` when one of them cannot be written flat yet (a text
 * whose markup waits for DOMPurify).
 */
export function flatBatch(
  root: ShadowRoot,
  items: readonly CardTestimonial[],
  first: number,
  limits: ItemLimits,
  card: CardTemplate,
): TemplateResult | undefined {
  const sample = root.querySelector<SampleCard & HTMLElement>('testimonial-card');
  if (!sample?.hasUpdated) return undefined;
  const attributes = hostAttributes(sample);
  let markup = '';
  const live: number[] = [];
  items.forEach((testimonial, index) => {
    const classes = `item ${overLimitClasses(first + index, limits)}`;
    const text = testimonial.text;
    const view = Object.create(sample, { testimonial: { value: testimonial }, expanded: { value: false }, requestUpdate: { value: () => undefined } }) as SampleCard;
    const written_ = (typeof text !== 'string' || highlightSegmentsSync(text)) && templateString(view.render(), playerWriter);
    if (!written_) {
      if (typeof text === 'string' && !highlightSegmentsSync(text)) void loadSanitizer().catch(() => undefined);
      live.push(index);
      markup += `<div class="${classes}" part="item" role="listitem" tabindex="-1"></div>`;
    } else {
      markup += `<div class="${classes}" part="item" role="listitem" tabindex="-1"><div class="${FLAT_CARD_CLASS}"${attributes}>${withCardIds(written_.html, written++)}</div></div>`;
    }
  });
  adoptFlatStyles(root, sample.constructor as CustomElementConstructor, (root.host as HTMLElement).constructor as CustomElementConstructor);
  return html`<div class="batch deferred" ${countStyle(items.length)} ${flatContent(new FlatSlice(markup, live, items, card))}></div>`;
}

/** Replaces a flat card by a live one when the visitor reaches for it. */
function onIntent(event: Event): void {
  const target = event.composedPath()[0] as Element;
  const item = target.closest?.('.item');
  const flat = item && flatItems.get(item);
  if (!flat) return;
  flatItems.delete(item);
  const old = item.firstElementChild;
  render(flat.card(flat.testimonial), item as HTMLElement);
  const live = item.querySelector('testimonial-card') as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
  void live?.updateComplete.then(() => old?.remove());
}
