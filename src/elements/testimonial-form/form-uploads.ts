/**
 * The form's uploads: each slot (the photo, the video with its poster) asks the route for a ticket,
 * sends the bytes with progress, can be cancelled, and keeps its file after a failure so that "Try
 * again" sends it again with nothing chosen anew. A refused token is replaced silently (the session).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { requestUpload, type UploadKind } from '../../client/collect.js';
import { isAbortError } from '../shared/events.js';
import type { CollectSession } from './collect-session.js';
import { putFile } from './upload-file.js';

/** The photo, the video, or one of the images (`media-0`, `media-1`…: a slot each, numbered as chosen). */
export type UploadSlot = 'photo' | 'video' | `media-${number}`;

export interface UploadPart {
  kind: UploadKind;
  file: Blob;
  /** A video's length in seconds, when the browser could read it (the route refuses one too long). */
  duration?: number;
}

export interface Upload {
  /** What the visitor sees of it: the file's name, or "recording". */
  name: string;
  parts: UploadPart[];
  status: 'uploading' | 'done' | 'failed' | 'cancelled';
  /** 0 to 1, over all its parts by their sizes. */
  progress: number;
  /** The public URLs the parts got, in their order (what the submission sends). */
  urls: string[];
  /** Why it failed: the route's error (with its `code`, `field`) or the storage's. */
  error?: unknown;
}

export class FormUploads implements ReactiveController {
  private readonly uploads = new Map<UploadSlot, Upload>();
  private readonly aborts = new Map<UploadSlot, AbortController>();
  private readonly sending = new Map<UploadSlot, Promise<void>>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly session: CollectSession,
    private readonly endpoint: () => string,
    private readonly settled: (slot: UploadSlot, upload: Upload) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    for (const slot of [...this.aborts.keys()]) void this.cancel(slot);
  }

  get(slot: UploadSlot): Upload | undefined {
    return this.uploads.get(slot);
  }

  /** Whether any upload is still sending. */
  get busy(): boolean {
    return [...this.uploads.values()].some((upload) => upload.status === 'uploading');
  }

  /** Starts sending `parts` for `slot` (a previous upload of the slot is cancelled and forgotten). */
  start(slot: UploadSlot, name: string, parts: UploadPart[]): Promise<void> {
    this.remove(slot);
    const upload: Upload = { name, parts, status: 'uploading', progress: 0, urls: [] };
    this.uploads.set(slot, upload);
    return this.track(slot, upload);
  }

  /** Sends the kept file of a failed or cancelled upload again. */
  retry(slot: UploadSlot): Promise<void> {
    const upload = this.uploads.get(slot);
    if (!upload || upload.status === 'uploading' || upload.status === 'done') return Promise.resolve();
    Object.assign(upload, { status: 'uploading', progress: 0, urls: [], error: undefined });
    return this.track(slot, upload);
  }

  /** Stops the slot's upload; resolves once it has settled as cancelled (so focus can move to what replaced its button). */
  cancel(slot: UploadSlot): Promise<void> {
    this.aborts.get(slot)?.abort();
    return this.sending.get(slot) ?? Promise.resolve();
  }

  private track(slot: UploadSlot, upload: Upload): Promise<void> {
    const sending = this.send(slot, upload).finally(() => {
      if (this.sending.get(slot) === sending) this.sending.delete(slot);
    });
    this.sending.set(slot, sending);
    return sending;
  }

  remove(slot: UploadSlot): void {
    void this.cancel(slot);
    this.uploads.delete(slot);
    this.host.requestUpdate();
  }

  private async send(slot: UploadSlot, upload: Upload): Promise<void> {
    const abort = new AbortController();
    this.aborts.set(slot, abort);
    const { signal } = abort;
    const total = upload.parts.reduce((sum, part) => sum + part.file.size, 0) || 1;
    let sent = 0;
    this.host.requestUpdate();
    try {
      for (const { kind, file, duration } of upload.parts) {
        const contentType = file.type || 'application/octet-stream';
        const ticket = await this.session.withToken(
          (token) => requestUpload(this.endpoint(), { token, kind, contentType, size: file.size, duration }, { signal }),
          signal,
        );
        await putFile(
          ticket,
          file,
          (fraction) => {
            upload.progress = (sent + fraction * file.size) / total;
            this.host.requestUpdate();
          },
          signal,
        );
        sent += file.size;
        upload.urls.push(ticket.url);
      }
      Object.assign(upload, { status: 'done', progress: 1 });
    } catch (error) {
      Object.assign(upload, { status: signal.aborted || isAbortError(error) ? 'cancelled' : 'failed', error });
    } finally {
      if (this.aborts.get(slot) === abort) this.aborts.delete(slot);
    }
    // A slot emptied or restarted meanwhile has moved on: this outcome is no longer anyone's.
    if (this.uploads.get(slot) !== upload) return;
    this.host.requestUpdate();
    this.settled(slot, upload);
  }
}
