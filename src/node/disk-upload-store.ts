/**
 * The Node runner's upload store: files on disk, served by the proxy itself under `{base}/uploads/`.
 * For local use and small sites; a public site with real traffic wants a bucket (`createS3UploadStore`).
 *
 * The same rules as a bucket's presigned PUT: the upload URL is signed (HMAC, a secret of this
 * process) over the key, the content type, the exact size and the expiry; a PUT of another type or
 * size, after the expiry or to a key already written is refused, and a body past the size is cut off
 * while it streams in. Files are written under a temporary name and renamed when whole, so a reader
 * never sees half a file. GET and HEAD answer with the stored type, `nosniff`, an inline
 * `Content-Disposition` with a plain file name and a CSP that lets nothing in the file run.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorAnswer } from '../proxy/answers.js';
import { createSigner, randomId } from '../proxy/collect/hmac.js';
import { isUploadKey, type StoredObject, type UploadStore, type UploadTarget } from '../proxy/collect/uploads.js';

export interface DiskUploadStoreOptions {
  /** Where the files go (created if missing). */
  directory: string;
  /** Milliseconds since the epoch (tests). Default `Date.now`. */
  clock?: () => number;
}

const UPLOADS = '/uploads/';

class TooLong extends Error {}

/** Counts the bytes through, and fails past `max`. */
async function* bounded(body: ReadableStream<Uint8Array>, max: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new TooLong();
    yield chunk;
  }
}

export function createDiskUploadStore({ directory, clock = Date.now }: DiskUploadStoreOptions): UploadStore {
  // A secret of this process: upload URLs live minutes, and a restart simply ends the unused ones.
  const signer = createSigner(`disk-upload:${randomId(32)}`);
  const fileOf = (key: string) => join(directory, ...key.split('/'));
  const metaOf = (key: string) => `${fileOf(key)}.meta.json`;
  const claim = (target: Pick<UploadTarget, 'key' | 'contentType' | 'size' | 'expiresAt'>) =>
    `PUT\n${target.key}\n${target.contentType}\n${target.size}\n${target.expiresAt}`;
  const writing = new Set<string>();

  async function head(key: string): Promise<StoredObject | undefined> {
    try {
      const meta = JSON.parse(await readFile(metaOf(key), 'utf8')) as { contentType: string };
      const { size } = await stat(fileOf(key));
      return { size, contentType: meta.contentType };
    } catch {
      return undefined;
    }
  }

  async function put(request: Request, key: string): Promise<Response> {
    const search = new URL(request.url).searchParams;
    const contentType = search.get('type') ?? '';
    const size = Number(search.get('size'));
    const expiresAt = Number(search.get('expires'));
    const signature = search.get('signature') ?? '';
    if (!(await signer.verify(claim({ key, contentType, size, expiresAt }), signature))) {
      return errorAnswer(403, 'signature_invalid', 'This upload URL is not valid.');
    }
    if (clock() > expiresAt) return errorAnswer(403, 'upload_expired', 'This upload URL has expired: ask for a new one.');
    const sent = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (sent !== contentType)
      return errorAnswer(415, 'unsupported_type', `This upload URL takes ${contentType}, not ${sent || 'no type'}.`, {
        field: 'contentType',
      });
    const declared = request.headers.get('Content-Length');
    if (declared !== null && Number(declared) !== size)
      return errorAnswer(413, 'too_large', `This upload URL takes exactly ${size} bytes.`, { field: 'size' });
    if (writing.has(key) || (await head(key))) return errorAnswer(409, 'already_uploaded', 'This file was already uploaded.');
    writing.add(key);
    const partial = `${fileOf(key)}.${randomId(6)}.part`;
    try {
      await mkdir(dirname(partial), { recursive: true });
      await pipeline(Readable.from(bounded(request.body ?? new Blob().stream(), size)), createWriteStream(partial, { flags: 'wx' }));
      if ((await stat(partial)).size !== size) throw new TooLong();
      await writeFile(metaOf(key), JSON.stringify({ contentType }));
      await rename(partial, fileOf(key));
      return new Response(null, { status: 200 });
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof TooLong) return errorAnswer(413, 'too_large', `This upload URL takes exactly ${size} bytes.`, { field: 'size' });
      throw error;
    } finally {
      writing.delete(key);
    }
  }

  async function get(request: Request, key: string): Promise<Response> {
    const object = await head(key);
    if (!object) return errorAnswer(404, 'not_found', 'No such file.');
    const headers = new Headers({
      'Content-Type': object.contentType,
      'X-Content-Type-Options': 'nosniff',
      // The name is ours (the key's last part: letters, digits, "-", "_", "."), never the visitor's.
      'Content-Disposition': `inline; filename="${key.slice(key.lastIndexOf('/') + 1)}"`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=3600',
      'Accept-Ranges': 'bytes',
    });
    const range = byteRange(request.headers.get('Range'), object.size);
    if (range === 'unsatisfiable') {
      headers.set('Content-Range', `bytes */${object.size}`);
      return new Response(null, { status: 416, headers });
    }
    const [start, end] = range ?? [0, object.size - 1];
    headers.set('Content-Length', String(end - start + 1));
    if (range) headers.set('Content-Range', `bytes ${start}-${end}/${object.size}`);
    const status = range ? 206 : 200;
    if (request.method === 'HEAD' || object.size === 0) return new Response(null, { status, headers });
    const stream = Readable.toWeb(createReadStream(fileOf(key), { start, end })) as ReadableStream<Uint8Array>;
    return new Response(stream, { status, headers });
  }

  return {
    async presignPut(target, base) {
      const url = new URL(`${base}${UPLOADS}${target.key}`);
      url.searchParams.set('type', target.contentType);
      url.searchParams.set('size', String(target.size));
      url.searchParams.set('expires', String(target.expiresAt));
      url.searchParams.set('signature', await signer.sign(claim(target)));
      return { url: url.href, headers: { 'Content-Type': target.contentType } };
    },
    publicUrl: (key, base) => `${base}${UPLOADS}${key}`,
    keyOf(url, base) {
      const prefix = `${base}${UPLOADS}`;
      if (!url.startsWith(prefix)) return undefined;
      const key = url.slice(prefix.length);
      return isUploadKey(key) ? key : undefined;
    },
    head,
    serve: (request, key) => (request.method === 'PUT' ? put(request, key) : get(request, key)),
  };
}

/** One `bytes=a-b` range (what video elements ask for), `undefined` for the whole file. */
function byteRange(header: string | null, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : [start, end];
}
