/**
 * Uploads to an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), signed with
 * `aws4fetch` (Web Crypto only, so it runs on Node and Workers alike). The browser PUTs to a presigned
 * URL whose signature covers the content type and the exact length, so the bucket itself refuses
 * another type or size; the proxy reads the object back with a signed HEAD before it uses it.
 *
 * The bucket needs a CORS rule that lets the site's origin PUT with `Content-Type` (docs/collect.md).
 */
import { AwsV4Signer } from 'aws4fetch';
import type { FetchFunction } from '../../client/index.js';
import type { StoredObject, UploadStore, UploadTarget } from './uploads.js';

export interface S3UploadOptions {
  /** The S3 endpoint, e.g. `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`. */
  endpoint: string;
  bucket: string;
  /** Default `auto` (R2); AWS needs the bucket's region. */
  region?: string;
  /** Default: `TESTIMONIAL_COLLECT_S3_ACCESS_KEY_ID`. Needs PutObject and GetObject on the bucket, nothing more. */
  accessKeyId?: string;
  /** Default: `TESTIMONIAL_COLLECT_S3_SECRET_ACCESS_KEY`. */
  secretAccessKey?: string;
  /**
   * Where the objects are read publicly (a public bucket domain or a CDN in front), without a trailing
   * slash; the object's URL is `${publicUrl}/${key}`. Default `${endpoint}/${bucket}`.
   */
  publicUrl?: string;
  /** The `fetch` of the HEAD checks. Default: the runtime's. */
  fetch?: FetchFunction;
}

/** `20261125T190000Z`, the form SigV4 dates take. */
function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[:-]|\.\d{3}/g, '');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function createS3UploadStore(options: S3UploadOptions): UploadStore {
  const endpoint = trimSlash(options.endpoint);
  const objectBase = `${endpoint}/${encodeURIComponent(options.bucket)}`;
  const publicBase = trimSlash(options.publicUrl ?? objectBase);
  const credentials = {
    accessKeyId: options.accessKeyId!,
    secretAccessKey: options.secretAccessKey!,
    service: 's3',
    region: options.region ?? 'auto',
  };
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const objectUrl = (key: string) => `${objectBase}/${key}`;

  return {
    async presignPut({ key, contentType, size, issuedAt, expiresAt }: UploadTarget) {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(Math.max(1, Math.ceil((expiresAt - issuedAt) / 1000))));
      const signer = new AwsV4Signer({
        ...credentials,
        method: 'PUT',
        url: url.href,
        // Signed too: the bucket refuses a PUT of another type or length (the browser sets the length).
        headers: { 'Content-Type': contentType, 'Content-Length': String(size) },
        signQuery: true,
        allHeaders: true,
        datetime: amzDate(issuedAt),
      });
      const signed = await signer.sign();
      return { url: signed.url.href, headers: { 'Content-Type': contentType } };
    },
    publicUrl: (key) => `${publicBase}/${key}`,
    keyOf(url) {
      return url.startsWith(`${publicBase}/`) ? url.slice(publicBase.length + 1) : undefined;
    },
    async head(key): Promise<StoredObject | undefined> {
      const signer = new AwsV4Signer({ ...credentials, method: 'HEAD', url: objectUrl(key) });
      const signed = await signer.sign();
      const response = await send(new Request(signed.url.href, { method: 'HEAD', headers: signed.headers, redirect: 'manual' }));
      if (response.status === 404 || response.status === 403) return undefined;
      if (!response.ok) throw new Error(`the bucket answered HTTP ${response.status} to HEAD ${key}`);
      return { size: Number(response.headers.get('Content-Length') ?? NaN), contentType: response.headers.get('Content-Type') ?? '' };
    },
  };
}
