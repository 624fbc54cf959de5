/**
 * The flags of the collect route (`testimonial-elements proxy --collect …`), each with its environment
 * variable, in the shape of the proxy command's flag table (`proxy-cli.ts` spreads them into it). Every
 * one but `--collect` needs `--collect`. Secrets come from the environment only, as the API key does:
 * `TESTIMONIAL_COLLECT_SECRET`, the bucket's `TESTIMONIAL_COLLECT_S3_ACCESS_KEY_ID` /
 * `TESTIMONIAL_COLLECT_S3_SECRET_ACCESS_KEY`, and `TESTIMONIAL_COLLECT_TURNSTILE_SECRET`.
 */
import { integerFlag, UsageError } from './cli-args.js';
import { DEFAULT_COLLECT } from '../proxy/collect/options.js';
import type { S3UploadOptions } from '../proxy/collect/s3-store.js';
import { turnstileVerify } from '../proxy/collect/turnstile.js';
import { readEnv } from '../proxy/env.js';
import type { ServeCollectOptions, ServeProxyOptions } from './proxy-server.js';

interface CollectFlag {
  name: string;
  env: string;
  boolean?: true;
  value?: string;
  help: string;
  apply(options: ServeProxyOptions, raw: string): void;
}

/** The collect options so far; a UsageError when `--collect` is not on. */
function collectOf(options: ServeProxyOptions, flag: string): ServeCollectOptions {
  if (!options.collect) throw new UsageError(`--${flag} needs --collect (the collect route is off without it).`);
  return options.collect;
}

function set<K extends keyof ServeCollectOptions>(flag: string, key: K, value: (raw: string) => ServeCollectOptions[K]) {
  return (options: ServeProxyOptions, raw: string) => void (collectOf(options, flag)[key] = value(raw));
}

function s3(flag: string, key: keyof Pick<S3UploadOptions, 'endpoint' | 'bucket' | 'region' | 'publicUrl'>) {
  return (options: ServeProxyOptions, raw: string) => {
    const collect = collectOf(options, flag);
    collect.uploads = { ...(collect.uploads as S3UploadOptions | undefined), [key]: raw } as S3UploadOptions;
  };
}

const list = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const COLLECT_FLAGS: CollectFlag[] = [
  {
    name: 'collect',
    env: 'TESTIMONIAL_COLLECT',
    boolean: true,
    help: 'turn on POST /collect, the testimonial form route (needs TESTIMONIAL_COLLECT_SECRET; see docs/collect.md)',
    apply: (o) => void (o.collect = { ...o.collect }),
  },
  {
    name: 'collect-consent',
    env: 'TESTIMONIAL_COLLECT_CONSENT',
    value: 'TEXT',
    help: 'the consent sentence the visitor ticks',
    apply: (o, raw) => {
      const collect = collectOf(o, 'collect-consent');
      collect.consent = { version: collect.consent?.version ?? 'v1', text: raw };
    },
  },
  {
    name: 'collect-consent-version',
    env: 'TESTIMONIAL_COLLECT_CONSENT_VERSION',
    value: 'V',
    help: 'its version, stored as the tag consent-V (default v1; change it when the sentence changes)',
    apply: (o, raw) => {
      const collect = collectOf(o, 'collect-consent-version');
      if (!collect.consent) throw new UsageError('--collect-consent-version needs --collect-consent (the sentence it versions).');
      collect.consent = { ...collect.consent, version: raw };
    },
  },
  {
    name: 'collect-form-id',
    env: 'TESTIMONIAL_COLLECT_FORM_ID',
    value: 'ID',
    help: 'the service form collected testimonials are filed under (form_id)',
    apply: set('collect-form-id', 'formId', (raw) => raw),
  },
  {
    name: 'collect-tags',
    env: 'TESTIMONIAL_COLLECT_TAGS',
    value: 'a,b',
    help: `tags put on every collected testimonial (default ${DEFAULT_COLLECT.tags.join(',')})`,
    apply: set('collect-tags', 'tags', list),
  },
  {
    name: 'collect-require-email',
    env: 'TESTIMONIAL_COLLECT_REQUIRE_EMAIL',
    boolean: true,
    help: 'make the email address required (never shown anywhere)',
    apply: set('collect-require-email', 'requireEmail', () => true),
  },
  {
    name: 'collect-thank-you',
    env: 'TESTIMONIAL_COLLECT_THANK_YOU',
    value: 'URL',
    help: "where a form sent without JavaScript goes after success (default: the form's page ?testimonial=sent)",
    apply: set('collect-thank-you', 'thankYouUrl', (raw) => raw),
  },
  {
    name: 'collect-rate-limit',
    env: 'TESTIMONIAL_COLLECT_RATE_LIMIT',
    value: 'N',
    help: `collect requests (forms, uploads, submissions) each client may make at once; one more every 30 s (default ${DEFAULT_COLLECT.rateLimit.capacity})`,
    apply: set('collect-rate-limit', 'rateLimit', (raw) => ({
      capacity: integerFlag('collect-rate-limit', raw, 1, 10_000)!,
      refillPerSecond: DEFAULT_COLLECT.rateLimit.refillPerSecond,
    })),
  },
  {
    name: 'collect-max-per-hour',
    env: 'TESTIMONIAL_COLLECT_MAX_PER_HOUR',
    value: 'N',
    help: `testimonials created in any hour, whoever sends them (default ${DEFAULT_COLLECT.maxPerHour})`,
    apply: set('collect-max-per-hour', 'maxPerHour', (raw) => integerFlag('collect-max-per-hour', raw, 1, 100_000)),
  },
  {
    name: 'collect-upload-dir',
    env: 'TESTIMONIAL_COLLECT_UPLOAD_DIR',
    value: 'DIR',
    help: 'accept photos and videos, kept in DIR and served under /uploads/ (local use; a bucket for real traffic)',
    apply: set('collect-upload-dir', 'uploadDirectory', (raw) => raw),
  },
  {
    name: 'collect-s3-endpoint',
    env: 'TESTIMONIAL_COLLECT_S3_ENDPOINT',
    value: 'URL',
    help: 'accept photos and videos into an S3-compatible bucket at URL (credentials: TESTIMONIAL_COLLECT_S3_ACCESS_KEY_ID and _SECRET_ACCESS_KEY)',
    apply: s3('collect-s3-endpoint', 'endpoint'),
  },
  {
    name: 'collect-s3-bucket',
    env: 'TESTIMONIAL_COLLECT_S3_BUCKET',
    value: 'NAME',
    help: 'the bucket',
    apply: s3('collect-s3-bucket', 'bucket'),
  },
  {
    name: 'collect-s3-region',
    env: 'TESTIMONIAL_COLLECT_S3_REGION',
    value: 'R',
    help: 'its region (default auto, as R2 wants)',
    apply: s3('collect-s3-region', 'region'),
  },
  {
    name: 'collect-s3-public-url',
    env: 'TESTIMONIAL_COLLECT_S3_PUBLIC_URL',
    value: 'URL',
    help: "where the bucket's objects are read publicly (default ENDPOINT/BUCKET)",
    apply: s3('collect-s3-public-url', 'publicUrl'),
  },
  {
    name: 'collect-public-url',
    env: 'TESTIMONIAL_COLLECT_PUBLIC_URL',
    value: 'URL',
    help: "this proxy as browsers reach it, e.g. https://example.com/api: the address of the files under /uploads/ (default: the request's)",
    apply: set('collect-public-url', 'publicUrl', (raw) => raw),
  },
  {
    name: 'collect-turnstile',
    env: 'TESTIMONIAL_COLLECT_TURNSTILE',
    boolean: true,
    help: 'check a Cloudflare Turnstile challenge on every submission (secret key: TESTIMONIAL_COLLECT_TURNSTILE_SECRET)',
    apply: (o) => {
      const secret = readEnv('TESTIMONIAL_COLLECT_TURNSTILE_SECRET');
      if (!secret) throw new UsageError('--collect-turnstile needs the widget secret key in TESTIMONIAL_COLLECT_TURNSTILE_SECRET.');
      collectOf(o, 'collect-turnstile').verify = turnstileVerify({ secret });
    },
  },
];
