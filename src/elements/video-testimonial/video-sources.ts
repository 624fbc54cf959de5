/**
 * What a `<video-testimonial>` can play, worked out from its inputs before anything is downloaded:
 * the HLS playlist, the mp4 renditions, the poster and the facts shown around the player. Every URL
 * passes the shared safe-URL gate here, once, so nothing below this module sees an unchecked URL.
 */
import type { CardTestimonial } from '../shared/card-testimonial.js';
import { safeUrl } from '../shared/safe-url.js';

export type RenditionQuality = 'high' | 'medium' | 'low';

/** One progressive mp4 file of the video. */
export interface Mp4Rendition {
  url: string;
  quality: RenditionQuality;
}

export interface VideoSources {
  /** The HLS playlist, when there is one. */
  hls?: string;
  /** The mp4 files, highest quality first (the order the API lists them in). */
  mp4: Mp4Rendition[];
  poster?: string;
  /** Seconds, when known before playback. */
  duration?: number;
  /** Width divided by height. */
  aspectRatio: number;
  transcript: string;
  customerName: string;
}

/** What the element hands over: its `testimonial` property and its standalone attributes. */
export interface VideoInputs {
  testimonial?: CardTestimonial | null;
  src?: string | null;
  type?: string | null;
  poster?: string | null;
}

export const DEFAULT_ASPECT_RATIO = 16 / 9;

const HLS_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl']);

/**
 * The API does not publish the renditions' sizes, so each quality stands for the usual size of its
 * short side; only their order and rough scale matter for picking the best fit.
 */
const SHORT_SIDE: Record<RenditionQuality, number> = { high: 1080, medium: 720, low: 360 };

/** `16:9` (the API's form), `16/9` or `1.777` to width ÷ height; anything else is undefined. */
export function parseAspectRatio(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:[:/]\s*(\d+(?:\.\d+)?))?\s*$/.exec(value);
  if (!match) return undefined;
  const ratio = Number(match[1]) / (match[2] === undefined ? 1 : Number(match[2]));
  return Number.isFinite(ratio) && ratio > 0 ? ratio : undefined;
}

/** Whether a standalone `src` is an HLS playlist: its `type` says so, or its path ends in `.m3u8`. */
export function isHlsUrl(url: string, type?: string | null): boolean {
  if (type) return HLS_TYPES.has(type.trim().toLowerCase());
  const path = new URL(url, 'https://base.invalid/').pathname;
  return path.toLowerCase().endsWith('.m3u8');
}

/** A poster is an image, and may also be a same-origin path like other media of the page. */
function safePoster(value: unknown): string | undefined {
  return safeUrl(value, 'image') ?? safeUrl(value, 'media');
}

function positiveSeconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function testimonialRenditions(testimonial: CardTestimonial): Mp4Rendition[] {
  const urls = testimonial.video?.mp4_urls;
  const listed: Array<[RenditionQuality, unknown]> = [
    ['high', urls?.high],
    ['medium', urls?.medium],
    ['low', urls?.low],
  ];
  // `video_url` is "the highest quality MP4": it stands in for `high` when the video object lacks one.
  if (!safeUrl(urls?.high, 'media')) listed.unshift(['high', testimonial.video_url]);
  const seen = new Set<string>();
  const renditions: Mp4Rendition[] = [];
  for (const [quality, value] of listed) {
    const url = safeUrl(value, 'media');
    if (!url || seen.has(url)) continue;
    seen.add(url);
    renditions.push({ url, quality });
  }
  return renditions;
}

/**
 * Everything playable, from the attributes where given (they win: a page author who writes `src`
 * means that file) and otherwise from the testimonial. Unsafe URLs are simply absent.
 */
export function resolveVideoSources(inputs: VideoInputs): VideoSources {
  const testimonial = inputs.testimonial ?? undefined;
  const video = testimonial?.video ?? undefined;
  const sources: VideoSources = {
    mp4: [],
    aspectRatio: parseAspectRatio(video?.aspect_ratio) ?? DEFAULT_ASPECT_RATIO,
    transcript: typeof video?.transcript === 'string' ? video.transcript.trim() : '',
    customerName: typeof testimonial?.customer_name === 'string' ? testimonial.customer_name.trim() : '',
  };
  const poster = safePoster(inputs.poster) ?? safePoster(testimonial?.thumbnail_url);
  if (poster) sources.poster = poster;
  const standalone = safeUrl(inputs.src, 'media');
  if (standalone) {
    if (isHlsUrl(standalone, inputs.type)) sources.hls = standalone;
    else sources.mp4.push({ url: standalone, quality: 'high' });
    return sources;
  }
  if (!testimonial) return sources;
  const hls = safeUrl(video?.hls_url, 'media');
  if (hls) sources.hls = hls;
  sources.mp4 = testimonialRenditions(testimonial);
  const duration = positiveSeconds(video?.duration);
  if (duration !== undefined) sources.duration = duration;
  return sources;
}

/** Nominal width in pixels of a rendition for a video of the given aspect ratio. */
export function renditionWidth(quality: RenditionQuality, aspectRatio: number): number {
  const shortSide = SHORT_SIDE[quality];
  return aspectRatio >= 1 ? Math.round(shortSide * aspectRatio) : shortSide;
}

/**
 * The renditions in the order to try them: first the smallest that still fills `targetWidth` device
 * pixels (or the largest, when none does), then the rest by how close they come to the target, larger
 * first on a tie. A dead file then costs one request, and the next try is the next-best picture.
 */
export function orderRenditions(renditions: readonly Mp4Rendition[], targetWidth: number, aspectRatio: number): Mp4Rendition[] {
  const sized = renditions.map((rendition) => ({ rendition, width: renditionWidth(rendition.quality, aspectRatio) }));
  const fitting = sized.filter((entry) => entry.width >= targetWidth).sort((a, b) => a.width - b.width);
  const best = fitting[0] ?? [...sized].sort((a, b) => b.width - a.width)[0];
  if (!best) return [];
  const rest = sized
    .filter((entry) => entry !== best)
    .sort((a, b) => Math.abs(a.width - targetWidth) - Math.abs(b.width - targetWidth) || b.width - a.width);
  return [best, ...rest].map((entry) => entry.rendition);
}

/** `75.4` → `1:15`, `3725` → `1:02:05`: the badge on the poster. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** `75` → `PT1M15S`: the machine-readable form for `<time datetime>`. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${total % 60}S`;
}
