import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { MAX_MEDIA, submitCollect, type CollectSubmission, type CollectUploadLimits, type UploadLimit } from '../../client/collect.js';
import { TestimonialApiError } from '../../client/errors.js';
import { THEMES, type Theme } from '../shared/card-display.js';
import { resolveEndpoint } from '../shared/endpoint-client.js';
import { errorMessage } from '../shared/events.js';
import type { TranslationKey } from '../shared/localize.js';
import { TestimonialElement } from '../shared/testimonial-element.js';
import { pickOption } from '../shared/warnings.js';
import { CollectSession, isTokenRefusal } from './collect-session.js';
import {
  DEFAULT_FIELDS,
  FIELD_NAMES,
  FORM_FIELDS,
  fieldOfName,
  isFileField,
  parseFieldList,
  RATINGS,
  TEXT_FIELDS,
  type FileField,
  type FormField,
} from './form-fields.js';
import { FormUploads, type Upload, type UploadPart, type UploadSlot } from './form-uploads.js';
import { ObjectUrls } from './object-urls.js';
import { styles } from './testimonial-form.styles.js';
import { videoDuration } from './video-duration.js';
import { VideoRecorder } from './video-recorder.js';

export type { TestimonialFormErrorEvent, TestimonialFormSubmitEvent, TestimonialFormSuccessEvent } from '../shared/events.js';

/** A message beside a field (or the consent box), by the field's token. */
type FieldErrors = Partial<Record<FormField | 'consent', TranslationKey>>;

/** The video limit when the route has not said yet (its default). */
const DEFAULT_MAX_SECONDS = 120;

/**
 * @tagname testimonial-form
 * @summary A form that collects a testimonial on the site itself (text, rating, photo, a video recorded in
 * the browser) and sends it to the proxy's opt-in collect route (`POST {endpoint}/collect`), which
 * creates it unapproved: nothing appears on a wall until the operator approves it.
 *
 * Defined on first use (a chunk of its own). A real `<form>` with native controls, labels and
 * `autocomplete` tokens; the rating is a radio group (arrow keys); a field in error says why beside it
 * (`aria-describedby`) and gets focus. Nothing typed is lost when sending fails: the visitor corrects
 * or simply sends again. The route's form token is fetched on the first interaction, not on load.
 * Server-rendered with `renderForm()` (testimonial-elements/ssr), the form works without JavaScript and
 * is taken over, with what was typed, when the script runs.
 *
 * @slot consent - The consent sentence beside the checkbox (default: the `consent` attribute, else the route's).
 * @slot success - What is shown once the testimonial was sent (default: a thank-you sentence).
 *
 * @csspart form - The `<form>`.
 * @csspart field - The box of one field (label, control, hint, error).
 * @csspart label - A field's label.
 * @csspart control - A text control (`<input>`, `<textarea>`).
 * @csspart rating - The rating's radio group.
 * @csspart error - A field's message, and the form's.
 * @csspart upload - A file's upload: its name, progress bar and buttons.
 * @csspart media - The list of the chosen images (`fields` with `media`).
 * @csspart preview - A chosen image's preview.
 * @csspart progress - An upload's progress bar.
 * @csspart recorder - The video recorder (preview, countdown, buttons).
 * @csspart button - Every button but the submit button.
 * @csspart submit - The submit button.
 * @csspart success - The thank-you state.
 *
 * @cssproperty --testimonial-form-max-width - The form's greatest width. Default 40rem.
 * @cssproperty --testimonial-color-error - The colour of error messages and of a field in error. Default #b3261e (light), #ff8a80 (dark).
 *
 * @fires {TestimonialFormSubmitEvent} testimonial-form-submit - About to send (cancelable): `detail.submission`.
 * @fires {TestimonialFormSuccessEvent} testimonial-form-success - Sent: `detail.id` of the pending testimonial.
 * @fires {TestimonialFormErrorEvent} testimonial-form-error - Sending or an upload failed: `detail.error`, `detail.message`, `detail.code`, `detail.field`.
 */
export class TestimonialForm extends TestimonialElement {
  static override styles = styles;
  static override properties = {
    endpoint: {},
    fields: {},
    required: {},
    consent: {},
    theme: { reflect: true },
  };

  /** The proxy's base URL; the form talks to `${endpoint}/collect`. */
  endpoint?: string;
  /** What to ask, space-separated: `rating text name email company tagline url photo media video` (default: all but `media`, the attached images). The name is always asked. */
  fields?: string;
  /** Which of them must be filled, space-separated (the name always; the route may add `email`). */
  required?: string;
  /** The consent sentence (default: the route's, which the proxy records with the testimonial). */
  consent?: string;
  /** `light` (default), `dark` or `auto` (follows `prefers-color-scheme`). */
  theme?: Theme;
  /** What the visitor typed and chose, by the route's field names (`rating` as its digit, `consent` as `on`). */
  private values: Record<string, string> = {};
  private errors: FieldErrors = {};
  /** The form's own message (a refusal or a network failure), tied to the submit button. */
  private formError: TranslationKey | undefined;
  private phase: 'editing' | 'sending' | 'sent' = 'editing';
  /** Why an upload could not even start (too large, wrong type), by its slot. */
  private fileErrors: Partial<Record<FileField, TranslationKey>> = {};
  /** The images' slots, in the order they were chosen, and their files (for the previews). */
  private media: { slot: UploadSlot; file: File }[] = [];
  private mediaChosen = 0;
  private readonly previews = new ObjectUrls(this);
  private readonly session = new CollectSession(
    () => resolveEndpoint(this.endpoint ?? ''),
    () => this.requestUpdate(),
  );
  private readonly uploads = new FormUploads(
    this,
    this.session,
    () => resolveEndpoint(this.endpoint ?? ''),
    (_, upload) => this.uploadSettled(upload),
  );
  private readonly recorder = new VideoRecorder(
    this,
    () => this.renderRoot.querySelector<HTMLVideoElement>('video.preview'),
    () => this.session.form?.uploads?.video.maxSeconds ?? DEFAULT_MAX_SECONDS,
    ({ video, poster }) => {
      const parts: UploadPart[] = [{ kind: 'video', file: video }];
      if (poster) parts.push({ kind: 'thumbnail', file: poster });
      void this.uploads.start('video', '', parts);
    },
  );

  override connectedCallback(): void {
    super.connectedCallback();
    this.takeOverServerForm();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('fields')) {
      const { unknown } = parseFieldList(this.fields);
      if (unknown.length)
        this.reportProblem(
          'TE-INVALID-FIELDS',
          `fields="${this.fields}" holds ${unknown.join(', ')}, not fields of the form; those are left out.`,
        );
    }
    if (changed.has('theme')) pickOption(this.reportProblem, 'theme', this.theme, THEMES, undefined);
  }

  /** The fields asked, in the form's order: the page's choice, the name always, files only where the route stores them. */
  private get shown(): FormField[] {
    const chosen = this.fields === undefined ? [...DEFAULT_FIELDS] : parseFieldList(this.fields).fields;
    const uploads = this.session.form ? this.session.form.uploads : {};
    return [...new Set<FormField>([...chosen, 'name'])]
      .filter((field) => !isFileField(field) || uploads)
      .sort((a, b) => FORM_FIELDS.indexOf(a) - FORM_FIELDS.indexOf(b));
  }

  private isRequired(field: FormField): boolean {
    const route = (this.session.form?.required ?? []).map(fieldOfName);
    return field === 'name' || parseFieldList(this.required).fields.includes(field) || route.includes(field);
  }

  /**
   * Reads what a reader typed into the server's form (renderForm()) before the script ran, and keeps the
   * caret in the same field: the element's own form replaces that one, with everything in it.
   */
  private takeOverServerForm(): void {
    const form = this.querySelector<HTMLFormElement>(':scope > form');
    if (!form) return;
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') this.values[name] = value;
    const focused = form.contains(document.activeElement) ? (document.activeElement as HTMLInputElement).name : undefined;
    form.hidden = true;
    if (focused) void this.updateComplete.then(() => this.control(focused)?.focus());
  }

  private control(name: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`[name="${name}"]`);
  }

  /** The visitor's first touch: the route's token and settings are fetched now (a failure is said at sending). */
  private onFirstInteraction = (): void => {
    this.session.ready().catch(() => undefined);
  };

  private onInput(event: Event): void {
    const control = event.target as HTMLInputElement;
    // File inputs have no name: their uploads are the files' state.
    if (!control.name) return;
    const value = control.type === 'checkbox' ? (control.checked ? 'on' : '') : control.value;
    this.values = { ...this.values, [control.name]: value };
    const field = control.name === 'consent' ? 'consent' : fieldOfName(control.name);
    // A message goes as soon as the visitor changes the field it was about.
    if (field && this.errors[field]) this.errors = { ...this.errors, [field]: undefined };
  }

  private async onFileChosen(slot: 'photo' | 'video', event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const form = await this.session.ready().catch(() => undefined);
    const limit: UploadLimit | undefined = slot === 'video' ? form?.uploads?.video : form?.uploads?.image;
    // A video's length is read here, before any upload: the route cannot decode one to check it.
    const duration = slot === 'video' && !this.fileProblem(limit, file) ? await videoDuration(file) : undefined;
    const problem = this.fileProblem(limit, file, duration);
    this.fileErrors = { ...this.fileErrors, [slot]: problem };
    this.errors = { ...this.errors, [slot]: undefined };
    if (problem) return this.requestUpdate();
    if (slot === 'video') this.recorder.close();
    await this.uploads.start(slot, file.name, [{ kind: slot === 'video' ? 'video' : 'photo', file, duration }]);
  }

  /** Images chosen for `media`: each an upload of its own, up to the route's MAX_MEDIA; the rest is refused beside the field. */
  private async onMediaChosen(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (!files.length) return;
    const limit = (await this.session.ready().catch(() => undefined))?.uploads?.image;
    let problem: TranslationKey | undefined;
    for (const file of files) {
      problem ??= this.media.length >= MAX_MEDIA ? 'At most {0} images.' : this.fileProblem(limit, file);
      if (this.media.length >= MAX_MEDIA || this.fileProblem(limit, file)) continue;
      const slot: UploadSlot = `media-${this.mediaChosen++}`;
      this.media = [...this.media, { slot, file }];
      void this.uploads.start(slot, file.name, [{ kind: 'media', file }]);
    }
    this.fileErrors = { ...this.fileErrors, media: problem };
    this.errors = { ...this.errors, media: undefined };
    this.requestUpdate();
  }

  private removeMedia(slot: UploadSlot): void {
    this.media = this.media.filter((item) => item.slot !== slot);
    this.uploads.remove(slot);
  }

  /** Why the route would refuse `file` (its type, its size, a video's length in seconds when known). */
  private fileProblem(limit: UploadLimit | undefined, file: File, duration?: number): TranslationKey | undefined {
    if (!limit) return undefined;
    if (!limit.types.includes(file.type)) return 'This type of file is not accepted.';
    if (file.size > limit.maxBytes) return 'This file is too large (at most {0} MB).';
    const maxSeconds = (limit as Partial<CollectUploadLimits['video']>).maxSeconds;
    return duration !== undefined && maxSeconds !== undefined && duration > maxSeconds
      ? 'This video is too long (at most {0} seconds).'
      : undefined;
  }

  private uploadSettled(upload: Upload): void {
    if (upload.status !== 'failed') return;
    const error = upload.error;
    this.dispatchTestimonialEvent('testimonial-form-error', {
      error,
      message: errorMessage(error),
      code: error instanceof TestimonialApiError ? error.code : undefined,
      field: error instanceof TestimonialApiError ? error.field : undefined,
    });
    this.announce(this.w('The upload did not finish.'));
  }

  private get mediaUploads(): Upload[] {
    return this.media.flatMap(({ slot }) => this.uploads.get(slot) ?? []);
  }

  /** The messages of the fields as they are now (empty when all is well). */
  private validate(): FieldErrors {
    const errors: FieldErrors = {};
    for (const field of this.shown) {
      const name = FIELD_NAMES[field];
      const control = this.control(field === 'rating' ? 'rating' : name) as HTMLInputElement | null;
      const upload =
        field === 'photo' || field === 'video'
          ? this.uploads.get(field)
          : field === 'media'
            ? this.mediaUploads.find((item) => item.status !== 'done')
            : undefined;
      if (upload?.status === 'uploading') errors[field] = 'Wait until the upload is finished.';
      else if (upload && upload.status !== 'done') errors[field] = 'The upload did not finish.';
      else if (this.isRequired(field) && !(this.values[name] ?? '').trim() && !upload)
        errors[field] = field === 'rating' ? 'Choose a rating.' : 'This field is required.';
      else if (control?.validity?.typeMismatch)
        errors[field] = field === 'email' ? 'Enter a valid email address.' : 'Enter a valid web address, starting with https://.';
    }
    if (this.values.consent !== 'on') errors.consent = 'Please agree to continue.';
    return errors;
  }

  /** What the route receives (the token and the honeypot are added when sending). */
  private submission(): Omit<CollectSubmission, 'token'> {
    const submission: Omit<CollectSubmission, 'token'> = { consent: true, customer_name: (this.values.customer_name ?? '').trim() };
    for (const field of this.shown) {
      const name = FIELD_NAMES[field];
      const value = (this.values[name] ?? '').trim();
      if (field === 'rating') {
        if (value) submission.rating = Number(value);
      } else if (field in TEXT_FIELDS) {
        if (value) (submission as Record<string, unknown>)[name] = value;
      }
    }
    const [photo] = this.uploads.get('photo')?.urls ?? [];
    if (photo && this.shown.includes('photo')) submission.customer_avatar = photo;
    const images = this.mediaUploads.flatMap((upload) => (upload.status === 'done' ? upload.urls : []));
    if (images.length && this.shown.includes('media')) submission.media = images.map((url) => ({ url, type: 'image' }));
    const [video, thumbnail] = this.uploads.get('video')?.urls ?? [];
    if (video && this.shown.includes('video')) {
      submission.video_url = video;
      if (thumbnail) submission.thumbnail_url = thumbnail;
    }
    return submission;
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.phase === 'sending') return;
    this.formError = undefined;
    this.errors = this.validate();
    const first = this.shown.find((field) => this.errors[field]) ?? (this.errors.consent ? 'consent' : undefined);
    if (first) {
      this.requestUpdate();
      await this.updateComplete;
      this.focusField(first);
      return;
    }
    const submission = this.submission();
    // Cancelable, unlike the elements' other events (the base's `dispatchTestimonialEvent`): a listener may stop the send.
    const submit = new CustomEvent('testimonial-form-submit', { bubbles: true, composed: true, cancelable: true, detail: { submission } });
    if (!this.dispatchEvent(submit)) return;
    this.phase = 'sending';
    this.requestUpdate();
    await this.keepFocus(this.send(submission), () => this.renderRoot.querySelector<HTMLElement>('[part=success]'));
  }

  private async send(submission: Omit<CollectSubmission, 'token'>): Promise<void> {
    try {
      const form = await this.session.ready();
      const receipt = await submitCollect(
        resolveEndpoint(this.endpoint ?? ''),
        { ...submission, token: form.token },
        {
          name: form.honeypot,
          value: this.values[form.honeypot] ?? '',
        },
      );
      this.phase = 'sent';
      this.recorder.close();
      this.dispatchTestimonialEvent('testimonial-form-success', { id: receipt.id, status: receipt.status });
      await this.updateComplete;
      const slotted = this.renderRoot.querySelector<HTMLSlotElement>('slot[name=success]')?.assignedNodes({ flatten: true });
      const said = slotted?.length
        ? slotted
            .map((node) => node.textContent)
            .join(' ')
            .trim()
        : '';
      this.announce(said || this.w('Thank you! Your testimonial was sent. It will appear once it is approved.'));
    } catch (error) {
      this.phase = 'editing';
      this.refused(error);
    }
  }

  /** A refusal or a failure: the message where it belongs, every field kept, a new token where the old one was refused. */
  private refused(error: unknown): void {
    const apiError = error instanceof TestimonialApiError ? error : undefined;
    const field = fieldOfName(apiError?.field);
    if (isTokenRefusal(error)) {
      this.formError = 'Please send your testimonial again.';
      this.session.renew().catch(() => undefined);
    } else if (apiError?.code === 'consent_required') this.errors = { consent: 'Please agree to continue.' };
    else if (apiError?.status === 400 && field && field !== 'consent' && this.shown.includes(field)) {
      this.errors = { [field]: 'Please check this field.' };
    } else if (apiError?.status === 429) this.formError = 'Too many testimonials were sent just now. Please try again later.';
    else this.formError = 'Your testimonial could not be sent. Nothing you typed is lost: please try again.';
    this.dispatchTestimonialEvent('testimonial-form-error', {
      error,
      message: errorMessage(error),
      code: apiError?.code,
      field: apiError?.field,
    });
    const inError = Object.keys(this.errors).find((key) => this.errors[key as FormField]) as FormField | 'consent' | undefined;
    if (inError) void this.updateComplete.then(() => this.focusField(inError));
    else this.announce(this.w(this.formError!));
    this.requestUpdate();
  }

  private focusField(field: FormField | 'consent'): void {
    const name = field === 'consent' ? 'consent' : FIELD_NAMES[field];
    const target =
      field === 'rating'
        ? (this.renderRoot.querySelector<HTMLElement>('input[name=rating]:checked') ?? this.control('rating'))
        : field === 'photo' || field === 'video'
          ? this.renderRoot.querySelector<HTMLElement>(`[data-field=${field}] :is(input,button)`)
          : this.control(name);
    target?.focus();
    target?.scrollIntoView?.({ block: 'nearest' });
  }

  /** `aria-describedby` of a control: its hint and its message, when they are there. */
  private describedBy(field: FormField | 'consent', hint = false): string | typeof nothing {
    const ids = [hint ? `hint-${field}` : '', this.errors[field] || this.fileErrors[field as FileField] ? `error-${field}` : ''].filter(
      Boolean,
    );
    return ids.length ? ids.join(' ') : nothing;
  }

  private renderFieldError(field: FormField | 'consent'): TemplateResult | typeof nothing {
    const key = this.errors[field] ?? this.fileErrors[field as FileField];
    if (!key) return nothing;
    const uploads = this.session.form?.uploads;
    const limit =
      key === 'This video is too long (at most {0} seconds).'
        ? (uploads?.video.maxSeconds ?? 0)
        : key === 'At most {0} images.'
          ? MAX_MEDIA
          : Math.floor((uploads?.[field === 'video' ? 'video' : 'image'].maxBytes ?? 0) / 1048576);
    return html`<p part="error" class="error" id="error-${field}">${this.w(key, limit)}</p>`;
  }

  private renderLabel(field: FormField, key: TranslationKey, id: string): TemplateResult {
    return html`<label part="label" for=${id}
      >${this.w(key)}${this.isRequired(field) ? html` <span class="required">(${this.w('required')})</span>` : nothing}</label
    >`;
  }

  private renderTextField(field: keyof typeof TEXT_FIELDS): TemplateResult {
    const { name, label, hint, type, autocomplete, maxLength } = TEXT_FIELDS[field];
    const id = `field-${field}`;
    const common = {
      invalid: this.errors[field] ? 'true' : nothing,
      describedBy: this.describedBy(field, Boolean(hint)),
    };
    const value = this.values[name] ?? '';
    const control =
      type === 'textarea'
        ? html`<textarea part="control" id=${id} name=${name} rows="5" maxlength=${maxLength} ?required=${this.isRequired(field)}
            aria-invalid=${common.invalid} aria-describedby=${common.describedBy} .value=${value}></textarea>`
        : html`<input part="control" id=${id} name=${name} type=${type} maxlength=${maxLength} autocomplete=${autocomplete}
            ?required=${this.isRequired(field)} aria-invalid=${common.invalid} aria-describedby=${common.describedBy} .value=${value} />`;
    return html`<div part="field" class="field" data-field=${field}>
      ${this.renderLabel(field, label, id)} ${hint ? html`<p class="hint" id="hint-${field}">${this.w(hint)}</p>` : nothing} ${control}
      ${this.renderFieldError(field)}
    </div>`;
  }

  private renderRating(): TemplateResult {
    const required = this.isRequired('rating');
    return html`<fieldset part="field rating" class="field rating" data-field="rating" aria-describedby=${this.describedBy('rating')}>
      <legend part="label">${this.w('Your rating')}${required ? html` <span class="required">(${this.w('required')})</span>` : nothing}</legend>
      <div class="stars">
        ${RATINGS.map(
          (stars) =>
            html`<label class="star"
              ><input type="radio" name="rating" value=${stars} ?required=${required} .checked=${this.values.rating === String(stars)} /><span
                aria-hidden="true"
                >${'★'.repeat(stars)}</span
              ><span class="visually-hidden">${this.w('{0} out of {1} stars', stars, 5)}</span></label
            >`,
        )}
      </div>
      ${this.renderFieldError('rating')}
    </fieldset>`;
  }

  /** An upload's state: its progress and "Cancel upload", or what went wrong and "Try again", or "Remove". */
  private renderUpload(slot: UploadSlot): TemplateResult | typeof nothing {
    const upload = this.uploads.get(slot);
    if (!upload) return nothing;
    const field = slot.startsWith('media') ? 'media' : slot;
    const button = (label: TranslationKey, action: () => unknown) =>
      html`<button type="button" part="button" @click=${() => void this.keepFocus(action(), () => this.renderRoot.querySelector(`[data-field=${field}] :is(button,input)`))}>
        ${this.w(label)}
      </button>`;
    return html`<div part="upload" class="upload">
      ${upload.name ? html`<span class="file-name">${upload.name}</span>` : nothing}
      ${
        upload.status === 'uploading'
          ? html`<progress part="progress" max="100" value=${Math.round(upload.progress * 100)} aria-label=${this.w('Upload progress')}></progress>
            ${button('Cancel upload', () => this.uploads.cancel(slot))}`
          : nothing
      }
      ${
        upload.status === 'failed' || upload.status === 'cancelled'
          ? html`<span part="error" class="error">${this.w('The upload did not finish.')}</span> ${button('Try again', () => this.uploads.retry(slot))}`
          : nothing
      }
      ${
        upload.status === 'uploading'
          ? nothing
          : button('Remove', () =>
              field === 'media' ? this.removeMedia(slot) : (this.uploads.remove(slot), slot === 'video' && this.recorder.close()),
            )
      }
    </div>`;
  }

  private renderFileInput(field: FileField, label: TranslationKey): TemplateResult {
    const limit = field === 'video' ? this.session.form?.uploads?.video : this.session.form?.uploads?.image;
    const accept = limit?.types.join(',') ?? (field === 'video' ? 'video/*' : 'image/*');
    const chosen = (event: Event) => (field === 'media' ? this.onMediaChosen(event) : this.onFileChosen(field, event));
    return html`<label part="label" class="file" for="file-${field}">${this.w(label)}</label>
      <input
        id="file-${field}"
        type="file"
        accept=${accept}
        ?multiple=${field === 'media'}
        aria-describedby=${this.describedBy(field)}
        @change=${chosen}
      />`;
  }

  /** The images: a preview, the upload's state and "Remove" each; the input while fewer than MAX_MEDIA are chosen. */
  private renderMedia(): TemplateResult {
    return html`<div part="field" class="field" data-field="media">
      ${this.media.length < MAX_MEDIA ? this.renderFileInput('media', 'Images') : html`<p part="label">${this.w('Images')}</p>`}
      <ul class="media" part="media">
        ${this.media.map(({ slot, file }) => html`<li><img part="preview" src=${this.previews.of(file)} alt="" />${this.renderUpload(slot)}</li>`)}
      </ul>
      ${this.renderFieldError('media')}
    </div>`;
  }

  private renderPhoto(): TemplateResult {
    return html`<div part="field" class="field" data-field="photo">
      ${this.uploads.get('photo') ? html`<p part="label">${this.w('Your photo')}</p>` : this.renderFileInput('photo', 'Your photo')}
      ${this.renderUpload('photo')} ${this.renderFieldError('photo')}
    </div>`;
  }

  private renderVideo(): TemplateResult {
    const { recorder } = this;
    const { state } = recorder;
    const live = state === 'preview' || state === 'countdown' || state === 'recording';
    const button = (label: TranslationKey, action: () => unknown) =>
      html`<button type="button" part="button" @click=${() => void this.keepFocus(action(), () => this.renderRoot.querySelector('[data-field=video] button'))}>
        ${this.w(label)}
      </button>`;
    const upload = this.uploads.get('video');
    return html`<fieldset part="field" class="field" data-field="video" aria-describedby=${this.describedBy('video')}>
      <legend part="label">${this.w('Your video')}${this.isRequired('video') ? html` <span class="required">(${this.w('required')})</span>` : nothing}</legend>
      <div part="recorder" class="recorder">
        ${live ? html`<video class="preview" muted playsinline autoplay aria-label=${this.w('Your video')} .srcObject=${recorder.stream ?? null}></video>` : nothing}
        ${
          state === 'recorded' && recorder.recording
            ? html`<video class="recording" controls playsinline aria-label=${this.w('Your video')} src=${this.previews.of(recorder.recording.video)}></video>`
            : nothing
        }
        <p class="status">
          ${state === 'countdown' ? this.w('Recording starts in {0}…', recorder.seconds) : nothing}
          ${state === 'recording' ? this.w('Recording: {0} s left', recorder.seconds) : nothing}
        </p>
        ${state === 'failed' ? html`<p part="error" class="error">${this.w('The camera or microphone could not be used.')}</p>` : nothing}
        <div class="actions">
          ${state === 'idle' || state === 'failed' ? (upload ? nothing : button('Record a video', () => recorder.open())) : nothing}
          ${state === 'preview' ? html`${button('Start recording', () => recorder.record())} ${button('Cancel', () => recorder.close())}` : nothing}
          ${state === 'countdown' || state === 'recording' ? button('Stop recording', () => recorder.stop()) : nothing}
          ${state === 'recorded' ? button('Retake', () => (this.uploads.remove('video'), recorder.retake())) : nothing}
        </div>
      </div>
      ${upload || live || state === 'asking' ? nothing : this.renderFileInput('video', 'Upload a video file')} ${this.renderUpload('video')}
      ${this.renderFieldError('video')}
    </fieldset>`;
  }

  private renderConsent(): TemplateResult {
    const text = this.consent || this.session.form?.consent.text || this.w('I agree that my testimonial may be published.');
    return html`<div part="field" class="field consent" data-field="consent">
      <input id="field-consent" type="checkbox" name="consent" required aria-invalid=${this.errors.consent ? 'true' : nothing}
        aria-describedby=${this.describedBy('consent')} .checked=${this.values.consent === 'on'} />
      <label part="label" for="field-consent"><slot name="consent">${text}</slot></label>
      ${this.renderFieldError('consent')}
    </div>`;
  }

  private renderField(field: FormField): TemplateResult {
    if (field === 'rating') return this.renderRating();
    if (field === 'photo') return this.renderPhoto();
    if (field === 'media') return this.renderMedia();
    if (field === 'video') return this.renderVideo();
    return this.renderTextField(field);
  }

  protected override render(): TemplateResult {
    const { lang } = this.currentLanguage;
    const dir = this.wordsDir;
    const honeypot = this.session.form?.honeypot ?? 'website';
    const content =
      this.phase === 'sent'
        ? html`<div part="success" class="success" tabindex="-1">
            <slot name="success">${this.w('Thank you! Your testimonial was sent. It will appear once it is approved.')}</slot>
          </div>`
        : lang
          ? html`<form part="form" novalidate @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput} @focusin=${this.onFirstInteraction}>
              ${this.shown.map((field) => this.renderField(field))} ${this.renderConsent()}
              <div class="trap" aria-hidden="true"><label>${honeypot} <input name=${honeypot} tabindex="-1" autocomplete="off" /></label></div>
              ${this.formError ? html`<p part="error" class="error" id="error-form">${this.w(this.formError)}</p>` : nothing}
              <button part="submit" class="submit" type="submit" aria-disabled=${this.phase === 'sending' || nothing} aria-describedby=${this.formError ? 'error-form' : nothing}>
                ${this.w(this.phase === 'sending' ? 'Sending…' : 'Send testimonial')}
              </button>
            </form>`
          : html`<div class="loading"></div>`;
    return html`<div class="box" lang=${lang} dir=${dir}>${content}</div>
      ${this.renderLiveRegion()}`;
  }
}
