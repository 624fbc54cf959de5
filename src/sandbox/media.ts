/**
 * The sandbox's sample media under `/media/…` (no auth): posters, mp4 renditions, the fMP4 HLS stream,
 * avatars and logos from `src/sandbox/media/` (made by `scripts/make-media.sh`).
 *
 * Files come from a {@link MediaReader}. In Node the default reads the folder beside this module (in
 * `src/` with tsx, in `dist/` after the build copies it); elsewhere (a browser test using
 * `createSandbox().fetch`) there is no default and media paths answer 404, because the page's own server
 * serves the files (the test server has them at `/src/sandbox/media/…` and at `/media/…`).
 *
 * Byte ranges are supported (`Accept-Ranges: bytes`, 206, 416): a `<video>` element needs them to seek
 * and Safari will not play an mp4 without them.
 */
import type { Context } from 'hono';
import { jsonError } from './errors.js';

/** Returns the bytes of a file of the media folder (path relative to it, `/`-separated), or undefined. */
export type MediaReader = (path: string) => Promise<Uint8Array | undefined>;

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** A media path is plain segments only: no `..`, no empty or hidden segments, no backslashes. */
export function isSafeMediaPath(path: string): boolean {
  return path.length > 0 && path.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(segment) && !segment.includes('..'));
}

/** Reads files under `directory` (a file: URL or path), caching them: the sample set is ~1.5 MB. */
export function diskMediaReader(directory: URL | string): MediaReader {
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  const fsModule = 'node:fs/promises';
  return (path) => {
    if (!isSafeMediaPath(path)) return Promise.resolve(undefined);
    let file = cache.get(path);
    if (!file) {
      const base = typeof directory === 'string' ? new URL(`file://${directory.endsWith('/') ? directory : `${directory}/`}`) : directory;
      // A variable specifier keeps bundlers for the browser from following this Node-only import.
      file = (import(/* @vite-ignore */ fsModule) as Promise<typeof import('node:fs/promises')>)
        .then((fs) => fs.readFile(new URL(path, base)))
        .then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength))
        .catch(() => undefined);
      cache.set(path, file);
    }
    return file;
  };
}

/** The default reader: the media folder beside this module when running on Node, else none. */
export function defaultMediaReader(): MediaReader | undefined {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  return isNode ? diskMediaReader(new URL('./media/', import.meta.url)) : undefined;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** A single `bytes=` range (first-last, first-, -suffix); several ranges are served whole, as RFC 9110 allows. */
function parseRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

export async function serveMedia(c: Context, reader: MediaReader | undefined, path: string): Promise<Response> {
  const bytes = reader && isSafeMediaPath(path) ? await reader(path) : undefined;
  if (!bytes) return jsonError(c, 404, 'not_found', `No media file ${path}.`);
  const size = bytes.byteLength;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(path),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=3600',
  };
  const range = parseRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  if (range) {
    const body = bytes.slice(range.start, range.end + 1);
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(body.byteLength) },
    });
  }
  // slice(): a copy on its own ArrayBuffer, which is what Response accepts (and the cache keeps its bytes).
  return new Response(bytes.slice(), { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
}
