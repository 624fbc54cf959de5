/**
 * Sends a file's bytes to the presigned URL the collect route gave (the storage's, or the Node
 * runner's own `{base}/uploads/…`), with an XHR: `fetch` reports no upload progress in every browser
 * yet, and the progress bar and the cancel button need both.
 */
import type { UploadTicket } from '../../client/collect.js';

/** Resolves when storage accepted the bytes; rejects with an `Error` (an `AbortError` when `signal` stopped it). */
export function putFile(ticket: UploadTicket, file: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.upload.method || 'PUT', ticket.upload.url);
    for (const [name, value] of Object.entries(ticket.upload.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`The storage answered ${xhr.status} to the upload.`));
    xhr.onerror = () => reject(new Error('The upload could not reach the storage.'));
    xhr.onabort = () => reject(abortError());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
