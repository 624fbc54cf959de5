import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import { COPIED_MESSAGE, mountBuilder, SELECTED_MESSAGE, type Builder, type BuilderOptions } from '../../demo/builder-app.js';
import {
  CDN_SCRIPT_URL,
  FORM_PROXY_NOTE,
  initialChoices,
  problemsOf,
  WALL_FIELDS,
  wallAttributes,
  wallSnippet,
  type ChoiceField,
} from '../../demo/builder-snippet.js';
import type { TestimonialWall } from '../../src/index.js';

const SCRIPT = `<script type="module" src="${CDN_SCRIPT_URL}"></script>`;

/** The element of a snippet as a browser parses it (in an inert template: nothing runs). */
function parsedWall(snippet: string): Element {
  const template = document.createElement('template');
  template.innerHTML = snippet;
  const walls = template.content.querySelectorAll('testimonial-wall');
  expect(walls.length).to.equal(1);
  return walls[0]!;
}

describe('wall builder: the snippet', () => {
  it("offers the collection form below the wall, on the wall's proxy, with the proxy flag it needs", () => {
    const choices = { ...initialChoices(), form: 'below', 'form-fields': ' rating, text  name ' };
    expect(wallSnippet(choices)).to.equal(
      `${SCRIPT}\n<testimonial-wall endpoint="/api" layout="grid" limit="9"></testimonial-wall>\n${FORM_PROXY_NOTE}\n<testimonial-form endpoint="/api" fields="rating text name"></testimonial-form>`,
    );
    expect(FORM_PROXY_NOTE).to.contain('--collect');
    expect(wallSnippet(initialChoices())).not.to.contain('testimonial-form');
  });

  it('starts with the script tag and a grid wall of nine from /api', () => {
    expect(wallSnippet(initialChoices())).to.equal(
      `${SCRIPT}\n<testimonial-wall endpoint="/api" layout="grid" limit="9"></testimonial-wall>`,
    );
  });

  it('writes one attribute per line past three, flags bare, the call-to-action text as the value of cta', () => {
    const choices = {
      ...initialChoices(),
      endpoint: 'https://example.com/testimonials-proxy',
      layout: 'carousel',
      theme: 'dark',
      tags: ' featured, ,support ',
      'no-date': true,
      cta: true,
      'cta-text': 'Tell us how it went',
    };
    expect(wallSnippet(choices, { scriptSrc: '/cdn/testimonial-elements.js' })).to.equal(
      [
        '<script type="module" src="/cdn/testimonial-elements.js"></script>',
        '<testimonial-wall',
        '  endpoint="https://example.com/testimonials-proxy"',
        '  layout="carousel"',
        '  theme="dark"',
        '  tags="featured,support"',
        '  limit="9"',
        '  no-date',
        '  cta="Tell us how it went"',
        '></testimonial-wall>',
      ].join('\n'),
    );
  });

  it('escapes what a person types, so the pasted element has exactly those values and nothing more', () => {
    const hostile = `"><script>alert(1)</script><b a='x`;
    const choices = { ...initialChoices(), query: hostile, label: 'Ben & Jerry’s "fans"' };
    const wall = parsedWall(wallSnippet(choices));
    expect(wall.getAttribute('query')).to.equal(hostile);
    expect(wall.getAttribute('label')).to.equal('Ben & Jerry’s "fans"');
    expect(wall.children.length).to.equal(0);
    expect([...wall.attributes].map((attribute) => [attribute.name, attribute.value])).to.deep.equal(wallAttributes(choices));
  });

  it('leaves out an out-of-range limit and says why, naming the field', () => {
    for (const limit of ['0', '1001', '2.5', 'many']) {
      const choices = { ...initialChoices(), limit };
      expect(problemsOf(choices)).to.deep.equal([{ attribute: 'limit', message: 'Per page must be a whole number from 1 to 1000.' }]);
      expect(parsedWall(wallSnippet(choices)).hasAttribute('limit')).to.equal(false);
    }
    expect(problemsOf({ ...initialChoices(), endpoint: ' ' })[0]?.attribute).to.equal('endpoint');
  });
});

describe('wall builder: the summary', () => {
  it('adds a <testimonial-summary> counting what the wall shows, with its variant and placement', () => {
    const choices = { ...initialChoices(), type: 'text', rating: '5', summary: 'histogram', 'summary-placement': 'bottom-end' };
    expect(wallSnippet(choices)).to.equal(
      [
        SCRIPT,
        '<testimonial-summary',
        '  endpoint="/api"',
        '  type="text"',
        '  rating="5"',
        '  variant="histogram"',
        '  placement="bottom-end"',
        '></testimonial-summary>',
        '<testimonial-wall',
        '  endpoint="/api"',
        '  layout="grid"',
        '  type="text"',
        '  rating="5"',
        '  limit="9"',
        '></testimonial-wall>',
      ].join('\n'),
    );
    expect(wallSnippet({ ...initialChoices(), summary: 'badge' })).to.include(
      '\n<testimonial-summary endpoint="/api"></testimonial-summary>\n',
    );
    expect(wallSnippet(initialChoices())).not.to.include('testimonial-summary');
  });

  it('shows the chosen summary in the live preview, from this demo’s proxy', async () => {
    const host = await fixture<HTMLElement>(html`<main></main>`);
    const builder = mountBuilder(host);
    expect(builder.summaryPreview.hidden).to.equal(true);
    const select = host.querySelector<HTMLSelectElement>('[name="summary"]')!;
    select.value = 'avatars';
    const loaded = oneEvent(builder.summaryPreview, 'testimonial-summary-load');
    select.dispatchEvent(new Event('input', { bubbles: true }));
    expect(builder.summaryPreview.hidden).to.equal(false);
    expect(builder.summaryPreview.getAttribute('variant')).to.equal('avatars');
    expect(builder.summaryPreview.getAttribute('endpoint')).to.equal('/api');
    await loaded;
    await expect(host).to.be.accessible();
    select.value = '';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    expect(builder.summaryPreview.hidden).to.equal(true);
  });
});

describe('wall builder: the page', () => {
  let host: HTMLElement;
  let builder: Builder;

  async function mount(options: BuilderOptions = {}): Promise<void> {
    host = await fixture(html`<main></main>`);
    builder = mountBuilder(host, options);
  }

  function control<T extends HTMLInputElement | HTMLSelectElement>(attribute: string): T {
    return host.querySelector<T>(`[name="${attribute}"]`)!;
  }

  /** Changes a control as a person would (the form listens to `input`). */
  function pick(attribute: string, value: string | boolean): void {
    const element = control<HTMLInputElement>(attribute);
    if (typeof value === 'boolean') element.checked = value;
    else element.value = value;
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }

  const shownSnippet = () => host.querySelector('#builder-snippet')!.textContent;

  it('shows the live wall from the proxy, and the page is accessible', async () => {
    await mount();
    const preview = builder.preview as TestimonialWall;
    const loaded = oneEvent(preview, 'testimonial-wall-load');
    // The preview may sit over a screen below the runner's window (under the form): awaiting it asks wherever it is.
    await preview.updateComplete;
    await loaded;
    await preview.updateComplete;
    expect(preview.getAttribute('layout')).to.equal('grid');
    expect(preview.shadowRoot!.querySelectorAll('testimonial-card').length).to.equal(9);
    expect(shownSnippet()).to.equal(builder.snippet);
    await expect(host).to.be.accessible();
  });

  it('takes the place of the page’s "needs JavaScript" fallback once it runs', async () => {
    const response = await fetch('/demo/builder.html');
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    host = await fixture(html`<div></div>`);
    host.append(document.importNode(page.querySelector('#builder')!, true));
    const main = host.querySelector<HTMLElement>('#builder')!;
    expect(main.textContent).to.contain('needs JavaScript');
    builder = mountBuilder(main);
    expect(main.innerText).not.to.contain('needs JavaScript');
    expect(main.querySelector('form')).to.exist;
  });

  it('gives every control a label, and every hint to assistive technology', async () => {
    await mount();
    for (const field of WALL_FIELDS) {
      const element = control(field.attribute);
      expect(element.labels?.length, field.attribute).to.equal(1);
      if (field.hint) expect(element.getAttribute('aria-describedby'), field.attribute).to.include(`builder-${field.attribute}-hint`);
    }
  });

  it('applies each change to the preview and the snippet at once, and removes what is unset', async () => {
    await mount();
    pick('layout', 'carousel');
    pick('no-avatar', true);
    pick('tags', 'featured, support');
    expect(builder.preview.getAttribute('layout')).to.equal('carousel');
    expect(builder.preview.hasAttribute('no-avatar')).to.equal(true);
    expect(builder.preview.getAttribute('tags')).to.equal('featured,support');
    expect(shownSnippet()).to.include('layout="carousel"').and.include('no-avatar').and.include('tags="featured,support"');

    pick('no-avatar', false);
    pick('layout', '');
    expect(builder.preview.hasAttribute('no-avatar')).to.equal(false);
    expect(builder.preview.hasAttribute('layout')).to.equal(false);
    expect(shownSnippet()).not.to.include('layout=').and.not.to.include('no-avatar');
    expect(shownSnippet()).to.equal(builder.snippet);
  });

  it('keeps the preview on this demo’s proxy while the snippet carries the person’s own', async () => {
    await mount();
    pick('endpoint', 'https://example.com/api');
    expect(builder.preview.getAttribute('endpoint')).to.equal('/api');
    expect(parsedWall(shownSnippet()!).getAttribute('endpoint')).to.equal('https://example.com/api');
  });

  it('offers only values the wall accepts (the wall warns about any other)', async () => {
    await mount();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      // Every value but '' (which removes the attribute: the element's own default).
      for (const field of WALL_FIELDS.filter((f): f is ChoiceField => f.kind === 'choice')) {
        for (const choice of field.choices.filter(({ value }) => value !== '')) {
          pick(field.attribute, choice.value);
          expect(builder.preview.getAttribute(field.attribute)).to.equal(choice.value);
          await (builder.preview as TestimonialWall).updateComplete;
        }
      }
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal([]);
  });

  it('marks an invalid number, tells why next to it, and leaves it out', async () => {
    await mount();
    pick('limit', '5000');
    const limit = control('limit');
    expect(limit.getAttribute('aria-invalid')).to.equal('true');
    const problem = host.querySelector('#builder-limit-problem')!;
    expect(problem.textContent).to.equal('Per page must be a whole number from 1 to 1000.');
    expect(limit.getAttribute('aria-describedby')).to.include('builder-limit-problem');
    expect(builder.preview.hasAttribute('limit')).to.equal(false);
    expect(shownSnippet()).not.to.include('limit=');
    await expect(host.querySelector('form')!).to.be.accessible();
  });

  it('shows the call to action with its text', async () => {
    await mount();
    pick('cta', true);
    pick('cta-text', 'Write one');
    expect(builder.preview.getAttribute('cta')).to.equal('Write one');
    expect(parsedWall(shownSnippet()!).getAttribute('cta')).to.equal('Write one');
  });

  it('copies the exact snippet with the Clipboard API and says so', async () => {
    const written: string[] = [];
    await mount({ clipboard: { writeText: async (text) => void written.push(text) } });
    pick('theme', 'dark');
    host.querySelector<HTMLButtonElement>('button.copy')!.click();
    await waitUntil(() => host.querySelector('.copy-status')!.textContent === COPIED_MESSAGE, 'the copied status');
    expect(written).to.deep.equal([builder.snippet]);
    expect(written[0]).to.include('theme="dark"');
    expect(host.querySelector('.copy-status')!.getAttribute('role')).to.equal('status');
  });

  it('falls back to copying the selected snippet when the Clipboard API refuses', async () => {
    let fallbackSelection = '';
    await mount({
      clipboard: { writeText: () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')) },
      copySelection: () => {
        fallbackSelection = getSelection()!.toString();
        return true;
      },
    });
    expect(await builder.copy()).to.equal(true);
    expect(fallbackSelection).to.equal(builder.snippet);
    expect(host.querySelector('.copy-status')!.textContent).to.equal(COPIED_MESSAGE);
  });

  it('leaves the snippet selected and says how to copy it when no way of copying works', async () => {
    await mount({ clipboard: null, copySelection: () => false });
    expect(await builder.copy()).to.equal(false);
    expect(host.querySelector('.copy-status')!.textContent).to.equal(SELECTED_MESSAGE);
    expect(getSelection()!.toString()).to.equal(builder.snippet);
    // A later change clears the old status, so it never describes a snippet that is no longer shown.
    pick('variant', 'quote');
    await aTimeout(0);
    expect(host.querySelector('.copy-status')!.textContent).to.equal('');
  });
});
