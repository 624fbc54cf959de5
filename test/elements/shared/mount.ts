/**
 * `mount()` puts markup on the page without waiting for an animation frame, unlike @open-wc's
 * `fixture()`: with the test runner's concurrency above 1, a test page can be a hidden tab, where
 * `requestAnimationFrame` never fires and `fixture()` hangs (modernweb-dev/web#2588). Everything
 * mounted is removed after each test.
 */
import { render, type TemplateResult } from 'lit';

const mounted: HTMLElement[] = [];

afterEach(() => {
  for (const container of mounted.splice(0)) container.remove();
});

/** Renders `template` into a fresh container on the page and returns its first element child. */
export async function mount<T extends Element = HTMLElement>(template: TemplateResult): Promise<T> {
  const container = document.createElement('div');
  document.body.append(container);
  mounted.push(container);
  render(template, container);
  const element = container.firstElementChild as T;
  await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  return element;
}
