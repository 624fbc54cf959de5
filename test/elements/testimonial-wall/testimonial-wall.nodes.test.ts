/**
 * What the wall adds around each card, counted (issue 23, item 3): the slices' templates' indentation
 * was two whitespace-only text nodes per card in the wall's shadow root; and the DOM calls a card of a
 * wall costs to render (attribute writes from Lit's attribute parts, template clones), which a CPU
 * profile of a wall's render put among its largest costs. Timing nothing.
 */
import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../../../src/elements/testimonial-wall/define.js';
import { all, loaded, wallOf } from './wall-helpers.js';

/** The whitespace-only text nodes under `root` (not inside the cards' shadow roots), by parent. */
function blankTexts(root: Node): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (/^\s*$/.test(node.textContent!)) found.push((node.parentNode as Element).className);
  }
  return found;
}

describe('<testimonial-wall> nodes around its cards', () => {
  for (const layout of ['grid', 'list'] as const) {
    it(`${layout}: no whitespace-only text node in its slices`, async () => {
      const wall = await wallOf(30, { layout });
      await loaded(wall);
      expect(all(wall, 'testimonial-card').length).to.equal(30);
      const list = wall.shadowRoot!.querySelector('.items')!;
      expect(blankTexts(list), 'whitespace-only text nodes in the list').to.deep.equal([]);
    });
  }
});

interface DomWrites {
  /** `setAttribute`, `removeAttribute` and `toggleAttribute` calls: what Lit's attribute parts commit with. */
  attributeCalls: number;
  /** Templates cloned (`document.importNode`), one per template result rendered. */
  clones: number;
}

const ATTRIBUTE_WRITES = ['setAttribute', 'removeAttribute', 'toggleAttribute'] as const;

/** Counts the attribute writes and template clones made while `run` runs (each method wrapped, then put back). */
async function countWrites(run: () => Promise<void>): Promise<DomWrites> {
  const counts: DomWrites = { attributeCalls: 0, clones: 0 };
  const wrapped: [object, string, unknown][] = [];
  const count = (owner: object, name: string, key: keyof DomWrites): void => {
    const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name]!;
    wrapped.push([owner, name, original]);
    Object.defineProperty(owner, name, {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        counts[key]++;
        return original.apply(this, args);
      },
    });
  };
  for (const name of ATTRIBUTE_WRITES) count(Element.prototype, name, 'attributeCalls');
  count(Document.prototype, 'importNode', 'clones');
  try {
    await run();
  } finally {
    for (const [owner, name, original] of wrapped)
      Object.defineProperty(owner, name, { configurable: true, writable: true, value: original });
  }
  return counts;
}

/**
 * A grid wall's text card (makeTestimonials), counted over the whole render of 30 (the wall's own few
 * writes shared out): on main before issue 23 item 3's cut, 22.3 attribute writes and 29.3 clones a card
 * (six toggleAttribute calls for the wall's `no-*` flags even when off, a constant `rel` on three links,
 * the card's words' `lang` inside content of the same language, `expanded` reflected as removed, a
 * `cite` nobody sees); after, 10.3 and 29.3 (see docs/performance.md). With the five stars in one `<svg>`
 * (its two paths' `d` bound: 27 B of the entry less than the empty one written out), 12.3 and 24.3: five
 * clones and 10–11 elements a card traded for two attribute writes, a 100-card wall 5–9% faster
 * (docs/performance.md, "Five stars in one `<svg>`"). Under a write, and a clone, of room.
 */
const MAX_WRITES_PER_CARD = 13;
const MAX_CLONES_PER_CARD = 25;

describe('<testimonial-wall> DOM writes per card', () => {
  it('a grid wall of text cards writes few attributes and clones few templates per card', async () => {
    const cards = 30;
    const counts = await countWrites(async () => {
      const wall = await wallOf(cards, { layout: 'grid' });
      await loaded(wall);
      await Promise.all(all<LitElement>(wall, 'testimonial-card').map((card) => card.updateComplete));
    });
    const perCard = { attributeCalls: counts.attributeCalls / cards, clones: counts.clones / cards };
    console.log(`[wall writes] per card: ${JSON.stringify(perCard)}`);
    expect(perCard.attributeCalls, 'attribute writes per card').to.be.at.most(MAX_WRITES_PER_CARD);
    expect(perCard.clones, 'template clones per card').to.be.at.most(MAX_CLONES_PER_CARD);
  });
});
