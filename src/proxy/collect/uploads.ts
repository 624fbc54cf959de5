/**
 * Uploads of the collect route: what the browser may put where, and the check of what it put.
 *
 * The proxy never holds a file. It signs a short-lived PUT for one object of a bounded size and one
 * content type in a store (an S3-compatible bucket, `s3-store.ts`, or the Node runner's disk store),
 * and before it creates a testimonial it asks the store for each object the submission names (HEAD):
 * there, of an allowed type, not over the limit. The object key carries an HMAC of itself, so a URL
 * the proxy did not issue (another bucket, a guessed key) is refused without asking the store.
 */
import { createSigner, randomId, type Signer } from './hmac.js';

/** `photo` = the customer's avatar, `media` = an image beside the text, `thumbnail` = a video's poster. */
export const UPLOAD_KINDS = ['photo', 'media', 'video', 'thumbnail'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const VIDEO_TYPES = { 'video/webm': 'webm', 'video/mp4': 'mp4', 'video/quicktime': 'mov' } as const;
const EXTENSIONS: Record<string, string> = { ...IMAGE_TYPES, ...VIDEO_TYPES };

export interface UploadLimits {
  /** Largest image (photo, media, thumbnail). Default 5 MB. */
  imageBytes?: number;
  /** Largest video. Default 100 MB. */
  videoBytes?: number;
  /** Longest video, in seconds, as the browser declares it (see docs/collect.md). Default 120. */
  videoSeconds?: number;
}

export const DEFAULT_UPLOAD_LIMITS: Required<UploadLimits> = {
  imageBytes: 5 * 1024 * 1024,
  videoBytes: 100 * 1024 * 1024,
  videoSeconds: 120,
};

/** What `GET {base}/collect` tells the form about uploads (the contract's `uploads`). */
export function uploadRules(limits: Required<UploadLimits>) {
  return {
    image: { maxBytes: limits.imageBytes, types: Object.keys(IMAGE_TYPES) },
    video: { maxBytes: limits.videoBytes, maxSeconds: limits.videoSeconds, types: Object.keys(VIDEO_TYPES) },
  };
}

export function isVideoKind(kind: UploadKind): boolean {
  return kind === 'video';
}

export function allowedTypes(kind: UploadKind): readonly string[] {
  return Object.keys(isVideoKind(kind) ? VIDEO_TYPES : IMAGE_TYPES);
}

export function maxBytesOf(kind: UploadKind, limits: Required<UploadLimits>): number {
  return isVideoKind(kind) ? limits.videoBytes : limits.imageBytes;
}

/** One object to upload, as a store signs it. */
export interface UploadTarget {
  key: string;
  contentType: string;
  /** The exact size the browser declared; stores that can bind it to the signature do. */
  size: number;
  /** When the URL was issued and when it stops working, in milliseconds since the epoch (the proxy's clock). */
  issuedAt: number;
  expiresAt: number;
}

/** What a store says about an object that is there. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/**
 * Where uploads go. `base` is the proxy's public base URL for this request (`https://example.com/api`),
 * for stores that serve the files from the proxy itself; a bucket ignores it.
 */
export interface UploadStore {
  /** A PUT the browser can send the bytes with, and the headers it must send. */
  presignPut(target: UploadTarget, base: string): Promise<{ url: string; headers: Record<string, string> }>;
  /** The URL the testimonial will point at. */
  publicUrl(key: string, base: string): string;
  /** The key of a URL this store's `publicUrl` wrote, or `undefined` for any other URL. */
  keyOf(url: string, base: string): string | undefined;
  /** The object's size and type, or `undefined` when it is not there. */
  head(key: string): Promise<StoredObject | undefined>;
  /** For a store that keeps the files itself: answers `{base}/uploads/<key>` (PUT, GET, HEAD). */
  serve?(request: Request, key: string): Promise<Response>;
}

const KEY_PATTERN = /^(photo|media|video|thumbnail)\/([A-Za-z0-9_-]{22})-([A-Za-z0-9_-]{22})\.([a-z0-9]{3,4})$/;

/** A key of the right shape (no path tricks), whatever signed it: what a store may serve or write. */
export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Issues object keys that prove they are ours, and reads them back. */
export class UploadKeys {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = createSigner(`upload-key:${secret}`);
  }

  async issue(kind: UploadKind, contentType: string): Promise<string> {
    const nonce = randomId();
    const extension = EXTENSIONS[contentType]!;
    return `${kind}/${nonce}-${await this.signer.sign(`${kind}/${nonce}.${extension}`, 22)}.${extension}`;
  }

  /** The kind of a key this proxy issued, or `undefined`. */
  async verify(key: string): Promise<UploadKind | undefined> {
    const match = KEY_PATTERN.exec(key);
    if (!match) return undefined;
    const [, kind, nonce, signature, extension] = match;
    return (await this.signer.verify(`${kind}/${nonce}.${extension}`, signature!, 22)) ? (kind as UploadKind) : undefined;
  }
}

/** Why an object a submission names cannot be used, or `undefined` when it can. */
export function objectProblem(kind: UploadKind, object: StoredObject | undefined, limits: Required<UploadLimits>): string | undefined {
  if (!object) return 'the upload did not arrive (or its link has expired): upload the file again';
  const type = object.contentType.split(';')[0]!.trim().toLowerCase();
  if (!allowedTypes(kind).includes(type))
    return `the uploaded file is ${type || 'of no type'}, not one of ${allowedTypes(kind).join(', ')}`;
  if (!(object.size <= maxBytesOf(kind, limits))) return `the uploaded file is larger than ${maxBytesOf(kind, limits)} bytes`;
  return undefined;
}
