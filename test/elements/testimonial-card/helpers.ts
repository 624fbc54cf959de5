/** Shared helpers of the card's browser tests. */
import { mount } from '../shared/mount.js';
import { html } from 'lit';
import { TestimonialCard } from '../../../src/elements/testimonial-card/testimonial-card.js';
import type { Testimonial } from '../../../src/client/types.js';
import { wordsArrived } from '../shared/words.js';
import { CardHarness } from '../../support/harness/card-harness.js';

// The class alone: <video-testimonial> stays undefined unless a test file defines it.
if (!customElements.get('testimonial-card')) customElements.define('testimonial-card', TestimonialCard);

declare global {
  interface HTMLElementTagNameMap {
    'testimonial-card': TestimonialCard;
  }
}

export { TestimonialCard, wordsArrived };

/** The card's shadow root, typed. */
export function shadow(el: TestimonialCard): ShadowRoot {
  return el.shadowRoot!;
}

/** The first part `name` of the card (through CardHarness, which the card's tests read with). */
export function part<T extends Element = HTMLElement>(el: TestimonialCard, name: string): T | null {
  return new CardHarness(el).part<T>(name);
}

export function parts(el: TestimonialCard, name: string): Element[] {
  return new CardHarness(el).parts(name);
}

/** A card showing `testimonial`, rendered, with `attrs` applied first. */
export async function cardFor(testimonial: unknown, attrs: Record<string, string | boolean> = {}): Promise<TestimonialCard> {
  const el = document.createElement('testimonial-card');
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (value !== false) el.setAttribute(name, value);
  }
  el.testimonial = testimonial as Testimonial;
  const wrapper = await mount<HTMLDivElement>(html`<div></div>`);
  wrapper.append(el);
  await wordsArrived(el);
  return el;
}

/** Visible text of a node, whitespace collapsed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
