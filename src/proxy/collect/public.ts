/** What `testimonial-elements/proxy` exports of the collect route (docs/collect.md). */
export type { CollectOptions, CollectConsent, CollectVerify } from './options.js';
export type { UploadStore, UploadTarget, StoredObject, UploadLimits, UploadKind } from './uploads.js';
export { isUploadKey } from './uploads.js';
export { createS3UploadStore, type S3UploadOptions } from './s3-store.js';
export { turnstileVerify, type TurnstileOptions } from './turnstile.js';
