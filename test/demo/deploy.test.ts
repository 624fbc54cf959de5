import { expect, fixture, html } from '@open-wc/testing';

/** The deploy page's main content, as served (the test server serves the repository). */
async function deployPage(): Promise<HTMLElement> {
  const response = await fetch('/demo/deploy.html');
  expect(response.status).to.equal(200);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const host = await fixture<HTMLElement>(html`<div></div>`);
  host.append(...[...page.head.querySelectorAll('style'), page.querySelector('main')!].map((node) => document.importNode(node, true)));
  return host;
}

describe('deploy page', () => {
  it('has a recipe for every platform, each reading the key from a secret, none holding one', async () => {
    const page = await deployPage();
    for (const id of ['node', 'workers', 'vercel', 'netlify', 'deno']) {
      const section = page.querySelector(`section[aria-labelledby="${id}"]`);
      expect(section, id).to.exist;
      expect(page.querySelector(`.deploy-toc a[href="#${id}"]`), `table of contents: ${id}`).to.exist;
      expect(section!.textContent, id).to.include('TESTIMONIAL_API_KEY');
      expect(section!.textContent, id).to.match(/from '(npm:)?testimonial-elements\/proxy'/);
    }
    const code = [...page.querySelectorAll('pre')].map((pre) => pre.textContent).join('\n');
    expect(code).not.to.match(/--key\b/);
    expect(code).not.to.match(/apiKey:\s*['"]/);
  });

  it('keeps each number of the contents list inside its own item (issue 13 item 19)', async () => {
    const page = await deployPage();
    const items = [...page.querySelectorAll<HTMLLIElement>('.deploy-toc li')];
    expect(items.length).to.be.greaterThan(2);
    // An outside marker hangs in the gap before its item, against the previous item's words.
    for (const item of items) expect(getComputedStyle(item).listStylePosition, item.textContent!).to.equal('inside');
  });

  it('is accessible', async () => {
    await expect(await deployPage()).to.be.accessible();
  });
});
