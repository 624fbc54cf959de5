/**
 * The live examples of the element pages of the docs, as `npm start` serves them (scripts/docs-plugin.ts,
 * mounted on the test server too): under the docs' strict Content-Security-Policy (Trusted Types
 * required, no inline script), each example's elements are defined, get their data from the sandbox
 * through `/api`, and show it. What the policy says is checked by test/docs.node.test.ts.
 */
import { expect } from '@open-wc/testing';

const TAGS = ['testimonial-wall', 'testimonial-card', 'video-testimonial', 'testimonial-summary'] as const;

async function until(predicate: () => boolean, what: string, timeout = 30000): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text a shadow root shows, its nested shadow roots included. */
function shownText(root: ShadowRoot | Element): string {
  return [...root.querySelectorAll('*')]
    .map((element) => (element.shadowRoot ? shownText(element.shadowRoot) : element.children.length ? '' : (element.textContent ?? '')))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('docs: the element pages’ live examples', function () {
  // The first page compiles the elements' modules on the test server: slow on a busy machine.
  this.timeout(90000);
  for (const tag of TAGS) {
    it(`<${tag}> works in its page, on the demo's sandbox`, async () => {
      const frame = document.createElement('iframe');
      frame.style.width = '1000px';
      frame.style.height = '800px';
      frame.src = `/docs/${tag}.html`;
      document.body.append(frame);
      try {
        await until(() => frame.contentDocument?.readyState === 'complete' && frame.contentDocument.URL.endsWith('.html'), 'the page');
        const doc = frame.contentDocument!;
        const live = [...doc.querySelectorAll(`.live-example ${tag}`)] as HTMLElement[];
        expect(live.length, 'live elements').to.be.greaterThan(0);
        await until(() => !!frame.contentWindow!.customElements.get(tag), `<${tag}> defined`);
        await until(
          () => live.every((element) => element.shadowRoot && !element.shadowRoot.querySelector('[part~="skeleton"], [aria-busy="true"]')),
          `<${tag}> to show its data`,
        );
        const first = live[0]!;
        expect(first.shadowRoot!.querySelector('[part~="error"]'), 'no error in the first example').to.equal(null);
        expect(shownText(first.shadowRoot!).length, 'text shown').to.be.greaterThan(5);
      } finally {
        frame.remove();
      }
    });
  }
});
