/**
 * What the wall adds around each card, counted (issue 23, item 3): the slices' templates' indentation
 * was two whitespace-only text nodes per card in the wall's shadow root. Timing nothing.
 */
import { expect } from '@open-wc/testing';
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
