/**
 * A wall's cards written flat on the server: each card's content in the wall's own shadow root,
 * inside a plain `<div class="tc">` that stands for the card's host, and the card's styles once, in
 * the wall's root, instead of a copy in each card's declarative shadow root (12 cards: 28 KB less).
 *
 * The elements do not hydrate: a wall takes over by rendering anew and replaces the server's cards
 * (src/elements/shared/take-over.ts), so nothing in the browser needs the cards to be custom elements
 * before then, and a plain element cannot upgrade into an empty card in between. What the shadow
 * boundary did, the rewritten styles do:
 *
 * - the card's rules go in an anonymous cascade layer: the wall's unlayered rules win over them for the
 *   card's host, as an outer context's rules win over `:host` rules, and a card's `!important` wins
 *   over the wall's, as an inner context's does;
 * - `:host` is `.tc`, `:host(X)` is `.tc:is(X)` (the host's attributes are on the div), and every other
 *   selector is scoped `:where(.tc) …`: the same specificity as in the card's root, so the same rule
 *   wins among the card's own;
 * - the wall's rules that could match inside a card (`button`, `.footer`…) get `:where(:not(.tc *))`
 *   on their subject, which keeps them out of the cards as the boundary did, and its `testimonial-card`
 *   rules name `div:where(.tc)`, with the same specificity;
 * - ids, and the attributes that refer to them, get a prefix per card (`c3-name`): twelve cards share one
 *   root now, and each card's `aria-labelledby` must name its own heading.
 *
 * Not flattened (each card keeps its shadow root): a card outside a wall; the cards of a carousel or a
 * marquee wall (their take-over test in Chromium and Firefox saw the browser's cards drawn 16 px
 * taller than the flat ones for a frame: likely the live `.footer` rule that liveRulesKeptOut() now
 * keeps out of flat cards, not tried again yet); and any card if the
 * card's styles use what a class cannot stand for (`:host-context()`, `::slotted()`). A page's
 * `testimonial-wall::part(x)` rules reach the server's cards' parts of that name until the take-over
 * (a wall exports none of its cards' parts, so only a name that the wall and the card share matters:
 * `footer`).
 */
import { mapSelectors, requirementOf, type Tokens } from './shadow-styles.js';

/** The class of the plain element that stands for a card's host. */
export const FLAT_CARD_CLASS = 'tc';

/** The card's tag, and the tag of the element whose shadow root its flattened cards go into. */
export const FLAT_CARD_TAG = 'testimonial-card';
export const FLAT_CARD_PARENT = 'testimonial-wall';

/** Whether the card's styles (minified) can be written for a class instead of a shadow host. */
export function flattenable(cardCss: string): boolean {
  return !/:host-context\(|::slotted\(/.test(cardCss);
}

/** The start tag of the div that stands for the card's host, with the host's attributes (tidied). */
export function flatCardStart(hostAttributes: string): string {
  if (/\sclass=/.test(hostAttributes)) throw new Error('flat-cards: a card in a wall with a class of its own');
  return `<div class="${FLAT_CARD_CLASS}"${hostAttributes}>`;
}

const ID_ATTRIBUTES = /(\s(?:id|for|aria-labelledby|aria-describedby|aria-controls|aria-owns)=")([^"]*)"/g;

/** A start tag's attributes with its ids and id references prefixed for the card numbered `card`. */
export function withCardIds(attributes: string, card: number): string {
  if (!attributes.includes('=')) return attributes;
  return attributes.replace(
    ID_ATTRIBUTES,
    (_, name: string, ids: string) =>
      `${name}${ids
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => `c${card}-${id}`)
        .join(' ')}"`,
  );
}

/** Where the leading `:host` or `:host(…)` of a selector ends (0: it does not start with one). */
function hostEnd(selector: string): number {
  if (!selector.startsWith(':host') || /^:host-/.test(selector)) return 0;
  if (selector[5] !== '(') return 5;
  let depth = 0;
  for (let index = 5; index < selector.length; index++) {
    if (selector[index] === '(') depth++;
    else if (selector[index] === ')' && --depth === 0) return index + 1;
  }
  return selector.length;
}

/** One of the card's selectors, for the div that stands for its host (see above). */
function cardSelector(selector: string): string {
  const end = hostEnd(selector);
  if (!end) return `:where(.${FLAT_CARD_CLASS}) ${selector}`;
  const condition = end > 5 ? `:is(${selector.slice(6, end - 1)})` : '';
  return `.${FLAT_CARD_CLASS}${condition}${selector.slice(end)}`;
}

/** The card's cut styles, for the wall's root: in a layer of their own, scoped to the cards. */
export function flatCardStyles(cardCss: string): string {
  return cardCss ? `@layer{${mapSelectors(cardCss, cardSelector)}}` : '';
}

/** The last compound selector of a complex selector (after its last top-level combinator). */
function subjectStart(selector: string): number {
  let depth = 0;
  let start = 0;
  for (let index = 0; index < selector.length; index++) {
    const character = selector[index]!;
    if (character === '(' || character === '[') depth++;
    else if (character === ')' || character === ']') depth--;
    else if (depth === 0 && /[\s>+~]/.test(character)) start = index + 1;
  }
  return start;
}

/** The tokens a subject's markup needs, by its text: a wall's few selectors, read once each. */
const subjectNeeds = new Map<string, readonly string[]>();

function subjectTokens(subject: string): readonly string[] {
  let needs = subjectNeeds.get(subject);
  if (!needs) {
    needs = requirementOf(subject).markup;
    if (subjectNeeds.size < 1024) subjectNeeds.set(subject, needs);
  }
  return needs;
}

/** A selector's trailing pseudo-element (`::before`, `::part(x)`). */
const PSEUDO_ELEMENT = /::[\w-]+(?:\([^)]*\))?$/;

const CARD_TAG = new RegExp(`(^|[\\s>+~(,])${FLAT_CARD_TAG}(?![\\w-])`, 'g');

/**
 * The wall's cut styles beside flattened cards: `testimonial-card` is the div that stands for it, and a
 * rule whose subject could match inside a card (its classes, tags and attributes are all in some
 * card's markup, `cardTokens`) is kept out of the cards.
 */
export function wallStylesBesideCards(wallCss: string, cardTokens: Tokens): string {
  /** The wall's selectors (as its live sheet has them) that could match inside a card, by their pseudo-element. */
  const reaching = new Map<string, Set<string>>();
  const css = mapSelectors(wallCss, (original) => {
    const selector = original.replace(CARD_TAG, `$1div:where(.${FLAT_CARD_CLASS})`);
    const start = subjectStart(selector);
    const subject = selector.slice(start);
    if (subject.startsWith(':host') || subject.includes(`.${FLAT_CARD_CLASS}`)) return selector;
    if (!subjectTokens(subject).every((token) => cardTokens.has(token))) return selector;
    const pseudoElement = PSEUDO_ELEMENT.exec(subject)?.index ?? subject.length;
    const pseudo = PSEUDO_ELEMENT.exec(original)?.[0] ?? '';
    reaching.set(pseudo, (reaching.get(pseudo) ?? new Set()).add(original.slice(0, original.length - pseudo.length)));
    return `${selector.slice(0, start + pseudoElement)}:where(:not(.${FLAT_CARD_CLASS} *))${subject.slice(pseudoElement)}`;
  });
  return css + liveRulesKeptOut(reaching);
}

/**
 * The wall's live style sheet is adopted when the element makes its render root, and the server's
 * cards stay until the take-over swaps them (a frame or more on a page whose words or layout chunk are
 * on their way): its rules that could match inside a card (the `.footer` rule gave each server card's
 * footer a 16 px margin; `button` would restyle "Read more") are reverted there to the card's own
 * layer. `:is(…):is(.tc *)` is more specific than each of them, so it wins over the live sheet, which
 * comes later in the root; it is dropped with the server's markup at the swap.
 */
function liveRulesKeptOut(reaching: ReadonlyMap<string, ReadonlySet<string>>): string {
  const selectors = [...reaching].map(([pseudo, bases]) => `:is(${[...bases].join(',')}):is(.${FLAT_CARD_CLASS} *)${pseudo}`);
  return selectors.length ? `${selectors.join(',')}{all:revert-layer}` : '';
}
