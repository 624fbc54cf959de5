/**
 * The wall builder's page logic: a form generated from the builder's fields, a live `<testimonial-wall>`
 * that takes every change, and the snippet with a Copy button. `mountBuilder` renders it all into an
 * element, so a test can mount it in a fixture; demo/builder.ts mounts it on the page.
 */
import { html, nothing, render, type TemplateResult } from 'lit';
import {
  BUILDER_FIELDS,
  FIELD_GROUPS,
  initialChoices,
  problemsOf,
  summaryAttributes,
  WALL_FIELDS,
  wallAttributes,
  wallSnippet,
  type BuilderField,
  type FieldProblem,
  type WallChoices,
} from './builder-snippet.js';

/** What the Copy button writes with (the Clipboard API by default). */
export type ClipboardWriter = Pick<Clipboard, 'writeText'>;

export interface BuilderOptions {
  /** The clipboard; `null` when there is none (then the fallback copies). Default: `navigator.clipboard`. */
  clipboard?: ClipboardWriter | null;
  /** Copies the text of the selected snippet when the Clipboard API is missing or refuses; true when it did. */
  copySelection?: () => boolean;
  /** The endpoint the preview asks (the snippet shows the person's own). Default `/api`, this demo's proxy. */
  previewEndpoint?: string;
  /** The script URL written in the snippet; the published CDN file by default. */
  scriptSrc?: string;
}

export interface Builder {
  /** The current choices. */
  readonly choices: WallChoices;
  /** The snippet for the current choices, exactly as shown and copied. */
  readonly snippet: string;
  /** The live preview element. */
  readonly preview: HTMLElement;
  /** The live `<testimonial-summary>` (hidden while no summary is chosen). */
  readonly summaryPreview: HTMLElement;
  /** Copies the snippet and says how it went in the status line; resolves true when it was copied. */
  copy(): Promise<boolean>;
}

export const COPIED_MESSAGE = 'Copied the snippet to the clipboard.';
export const SELECTED_MESSAGE = 'Copying is blocked in this browser: the snippet is selected, press Ctrl+C (⌘C on a Mac) to copy it.';

/** The attributes the builder manages on the preview (all others are left as they are). */
const MANAGED = WALL_FIELDS.map((field) => field.attribute).filter((attribute) => attribute !== 'cta-text');

export function mountBuilder(host: HTMLElement, options: BuilderOptions = {}): Builder {
  const previewEndpoint = options.previewEndpoint ?? '/api';
  let choices = initialChoices();
  let status = '';

  const snippetOf = () => wallSnippet(choices, options.scriptSrc === undefined ? {} : { scriptSrc: options.scriptSrc });

  const readForm = (form: HTMLFormElement): WallChoices => {
    const read: WallChoices = {};
    for (const field of BUILDER_FIELDS) {
      const control = form.elements.namedItem(field.attribute) as HTMLInputElement | HTMLSelectElement;
      read[field.attribute] = field.kind === 'flag' ? (control as HTMLInputElement).checked : control.value;
    }
    return read;
  };

  const onChange = (event: Event) => {
    choices = readForm(event.currentTarget as HTMLFormElement);
    status = '';
    update();
  };

  const copy = async (): Promise<boolean> => {
    const text = snippetOf();
    let copied = false;
    const clipboard = options.clipboard === undefined ? navigator.clipboard : options.clipboard;
    try {
      if (clipboard) {
        await clipboard.writeText(text);
        copied = true;
      }
    } catch {
      // Refused (no permission, page not focused, not a secure context): select the text instead.
    }
    if (!copied) {
      selectSnippet(host);
      copied = (options.copySelection ?? copySelectionWithCommand)();
    }
    status = copied ? COPIED_MESSAGE : SELECTED_MESSAGE;
    update();
    return copied;
  };

  function update(): void {
    const problems = problemsOf(choices);
    render(
      page(choices, problems, snippetOf(), status, onChange, () => void copy()),
      host,
    );
    applyToPreview(preview(), choices, previewEndpoint);
    applySummaryToPreview(summaryPreview(), choices, previewEndpoint);
  }

  const preview = () => host.querySelector<HTMLElement>('testimonial-wall.builder-preview')!;
  const summaryPreview = () => host.querySelector<HTMLElement>('testimonial-summary.builder-preview-summary')!;

  // The builder takes the place of whatever fallback the page put there ("needs JavaScript").
  host.replaceChildren();
  update();
  return {
    get choices() {
      return { ...choices };
    },
    get snippet() {
      return snippetOf();
    },
    get preview() {
      return preview();
    },
    get summaryPreview() {
      return summaryPreview();
    },
    copy,
  };
}

/** Sets the chosen attributes on the live wall and removes the ones no longer chosen. */
function applyToPreview(wall: HTMLElement, choices: WallChoices, endpoint: string): void {
  const wanted = new Map(wallAttributes(choices));
  wanted.set('endpoint', endpoint);
  for (const attribute of MANAGED) {
    const value = wanted.get(attribute);
    if (value === undefined) wall.removeAttribute(attribute);
    else if (wall.getAttribute(attribute) !== value) wall.setAttribute(attribute, value);
  }
}

/** The summary's preview: its attributes for the choices on this demo's proxy, hidden when none is chosen. */
function applySummaryToPreview(summary: HTMLElement, choices: WallChoices, endpoint: string): void {
  const attributes = summaryAttributes(choices);
  const wanted = new Map(attributes ?? []);
  if (attributes) wanted.set('endpoint', endpoint);
  for (const { name } of [...summary.attributes]) {
    if (name !== 'class' && name !== 'hidden' && !wanted.has(name)) summary.removeAttribute(name);
  }
  for (const [name, value] of wanted) if (summary.getAttribute(name) !== value) summary.setAttribute(name, value);
  summary.hidden = attributes === undefined;
}

function selectSnippet(host: HTMLElement): void {
  const code = host.querySelector('#builder-snippet');
  const selection = getSelection();
  if (!code || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(code);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The pre-Clipboard-API way: copy the selection. Deprecated but the only one left where the API is missing. */
function copySelectionWithCommand(): boolean {
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

const controlId = (field: BuilderField) => `builder-${field.attribute}`;

function control(field: BuilderField, value: string | boolean, problem: FieldProblem | undefined): TemplateResult {
  const id = controlId(field);
  const described = [field.hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || nothing;
  const hint = field.hint ? html`<p class="hint" id="${id}-hint">${field.hint}</p>` : nothing;
  const error = problem ? html`<p class="problem" id="${id}-problem">${problem.message}</p>` : nothing;
  const invalid = problem ? 'true' : nothing;
  switch (field.kind) {
    case 'flag':
      return html`<div class="field flag">
        <input type="checkbox" id=${id} name=${field.attribute} .checked=${value === true} aria-describedby=${described} />
        <label for=${id}>${field.label}</label>${hint}
      </div>`;
    case 'choice':
      return html`<div class="field">
        <label for=${id}>${field.label}</label>
        <select id=${id} name=${field.attribute} aria-describedby=${described}>
          ${field.choices.map((choice) => html`<option value=${choice.value} ?selected=${choice.value === value}>${choice.label}</option>`)}
        </select>
        ${hint}
      </div>`;
    case 'number':
      return html`<div class="field">
        <label for=${id}>${field.label}</label>
        <input
          type="number"
          id=${id}
          name=${field.attribute}
          inputmode="numeric"
          min=${field.min}
          max=${field.max}
          step="1"
          .value=${String(value)}
          aria-invalid=${invalid}
          aria-describedby=${described}
        />
        ${hint}${error}
      </div>`;
    case 'text':
      return html`<div class="field">
        <label for=${id}>${field.label}</label>
        <input
          type=${field.attribute === 'query' ? 'search' : 'text'}
          id=${id}
          name=${field.attribute}
          placeholder=${field.placeholder ?? nothing}
          .value=${String(value)}
          aria-invalid=${invalid}
          aria-describedby=${described}
        />
        ${hint}${error}
      </div>`;
  }
}

function page(
  choices: WallChoices,
  problems: FieldProblem[],
  snippet: string,
  status: string,
  onChange: (event: Event) => void,
  onCopy: () => void,
): TemplateResult {
  const problemOf = (field: BuilderField) => problems.find((problem) => problem.attribute === field.attribute);
  return html`<div class="builder">
    <form class="builder-form" aria-labelledby="builder-form-heading" @input=${onChange} @change=${onChange} @submit=${(e: Event) => e.preventDefault()}>
      <h2 id="builder-form-heading">Attributes</h2>
      ${FIELD_GROUPS.map(
        (group) => html`<fieldset>
          <legend>${group}</legend>
          ${BUILDER_FIELDS.filter((field) => field.group === group).map((field) => control(field, choices[field.attribute] ?? '', problemOf(field)))}
        </fieldset>`,
      )}
    </form>
    <div class="builder-output">
      <section aria-labelledby="builder-snippet-heading">
        <h2 id="builder-snippet-heading">Your snippet</h2>
        <p>Paste it where the wall goes. The script tag can go once in the page’s <code>&lt;head&gt;</code>; the summary, when chosen, goes where it should show (a floating one anywhere).</p>
        <pre class="snippet" tabindex="0" role="group" aria-labelledby="builder-snippet-heading"><code id="builder-snippet">${snippet}</code></pre>
        <button type="button" class="copy" @click=${onCopy}>Copy snippet</button>
        <p class="copy-status" role="status">${status}</p>
      </section>
      <section aria-labelledby="builder-preview-heading">
        <h2 id="builder-preview-heading">Live preview</h2>
        <testimonial-summary class="builder-preview-summary" hidden></testimonial-summary>
        <testimonial-wall class="builder-preview" endpoint="/api"></testimonial-wall>
      </section>
    </div>
  </div>`;
}
