/**
 * What one card costs in nodes, counted (issue 23, item 3): a wall of a thousand cards clones, inserts
 * and styles every node of each. The templates' indentation became whitespace-only text nodes (a third
 * of a card's nodes) and every child binding and mapped item Lit's comment markers (two fifths): these
 * tests pin both causes without timing anything.
 */
import { expect } from '@open-wc/testing';
import { sampleTestimonial } from './fixtures.js';
import { cardFor } from './helpers.js';
import { makeTestimonials } from '../testimonial-wall/fake-api.js';

interface NodeCounts {
  nodes: number;
  elements: number;
  markers: number;
  blankTexts: string[];
}

/** The nodes under `root`, and of them the elements, the comments (Lit's markers) and the whitespace-only texts. */
function countNodes(root: Node): NodeCounts {
  const counts: NodeCounts = { nodes: 0, elements: 0, markers: 0, blankTexts: [] };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    counts.nodes++;
    if (node.nodeType === Node.ELEMENT_NODE) counts.elements++;
    else if (node.nodeType === Node.COMMENT_NODE) counts.markers++;
    else if (node.nodeType === Node.TEXT_NODE && /^\s*$/.test(node.textContent!)) {
      const parent = (node.parentNode as Element | null)?.localName ?? '#root';
      counts.blankTexts.push(`${parent}:${JSON.stringify(node.textContent)}`);
    }
  }
  return counts;
}

/**
 * A wall's text card (makeTestimonials: no avatar image, no logo, no media), counted on main before
 * issue 23's cut: 129 nodes, 54 of them markers and 33 whitespace-only texts; after: 90 and 48 (see
 * docs/performance.md). Two of room each, so a new field fits, and a template's indentation does not.
 */
const MAX_TEXT_CARD_MARKERS = 50;
const MAX_TEXT_CARD_NODES = 92;

describe('<testimonial-card> nodes', () => {
  it('a text card of a wall holds no whitespace-only text node and few markers', async () => {
    const [testimonial] = makeTestimonials(1);
    const el = await cardFor(testimonial);
    const counts = countNodes(el.shadowRoot!);
    console.log(`[card nodes] wall text card: ${JSON.stringify({ ...counts, blankTexts: counts.blankTexts.length })}`);
    expect(counts.blankTexts, 'whitespace-only text nodes').to.deep.equal([]);
    expect(counts.markers, "Lit's comment markers").to.be.at.most(MAX_TEXT_CARD_MARKERS);
    expect(counts.nodes, 'nodes in all').to.be.at.most(MAX_TEXT_CARD_NODES);
  });

  it('a card with every field holds no whitespace-only text node between its blocks', async () => {
    const el = await cardFor(sampleTestimonial(), { 'show-tags': true });
    const counts = countNodes(el.shadowRoot!);
    console.log(`[card nodes] full card: ${JSON.stringify({ ...counts, blankTexts: counts.blankTexts.length })}`);
    expect(counts.blankTexts, 'whitespace-only text nodes').to.deep.equal([]);
  });
});
