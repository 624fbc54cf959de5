/**
 * Test harnesses, as Material Web has them (`@material/web/.../harness.js`): a test drives an element
 * the way a visitor does (click, keyboard) and reads its state through one object, instead of reaching
 * into its shadow root by selector. What the shadow root looks like inside is written here, once per
 * element: a change of markup is one edit here, not one in every test.
 */
import { sendKeys } from '@web/test-runner-commands';

/** Text as a reader meets it: whitespace collapsed, trimmed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** What every element's harness does: parts, clicks, keys, the error state and the live region. */
export class ElementHarness<E extends HTMLElement & { updateComplete: Promise<unknown> }> {
  constructor(readonly element: E) {}

  /** The element's shadow root (it always has one once rendered). */
  get root(): ShadowRoot {
    return this.element.shadowRoot!;
  }

  /** The first element with `part~=name`, or `null`. */
  part<T extends Element = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[part~="${name}"]`);
  }

  /** Every element with `part~=name`. */
  parts<T extends Element = HTMLElement>(name: string): T[] {
    return [...this.root.querySelectorAll<T>(`[part~="${name}"]`)];
  }

  /** The text of the part `name`, as a reader meets it (`''` when it is not shown). */
  textOf(name: string): string {
    return textOf(this.part(name));
  }

  /** Every element of the shadow root that `selector` matches (for what has no part: links, images). */
  all<T extends Element = HTMLElement>(selector: string): T[] {
    return [...this.root.querySelectorAll<T>(selector)];
  }

  /** Clicks the part `name` (it must be there), then waits for the element's update. */
  async click(name: string): Promise<void> {
    const target = this.part(name);
    if (!target) throw new Error(`<${this.element.localName}> shows no part "${name}" to click.`);
    target.click();
    await this.element.updateComplete;
  }

  /** Focuses the part `name`, presses `key` (a real key press, through the test runner), then waits for the update. */
  async press(name: string, key: string): Promise<void> {
    const target = this.part(name);
    if (!target) throw new Error(`<${this.element.localName}> shows no part "${name}" to focus.`);
    target.focus();
    await sendKeys({ press: key });
    await this.element.updateComplete;
  }

  /** The element in its shadow root that has focus, or `null`. */
  get focused(): Element | null {
    return this.root.activeElement;
  }

  /** The error state's text ("Could not load testimonials. Try again"), or `null` when there is none. */
  errorText(): string | null {
    const error = this.part('error');
    return error ? textOf(error) : null;
  }

  /** "Try again" of the error state. */
  retry(): Promise<void> {
    return this.click('retry');
  }

  /** What the polite live region says now. */
  announcement(): string {
    return textOf(this.root.querySelector('[role="status"]'));
  }
}
