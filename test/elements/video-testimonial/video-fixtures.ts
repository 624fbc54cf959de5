/**
 * Test data for `<video-testimonial>`: the committed sample media as the wtr dev server serves it, and
 * testimonials pointing at it (or at URLs that answer 404, for the fallback paths).
 */
import type { Testimonial } from '../../../src/client/types.js';

export const MEDIA = '/src/sandbox/media';

/** An absolute URL on the test server's origin, as the API would send it. */
export function mediaUrl(path: string): string {
  return new URL(`${MEDIA}/${path}`, location.href).href;
}

/** Media URLs that the test server answers with 404. */
export const DEAD = {
  hls: () => mediaUrl('hls/missing.m3u8'),
  mp4: (name: string) => mediaUrl(`missing-${name}.mp4`),
};

export function videoTestimonial(overrides: Partial<Testimonial['video'] & object> = {}, fields: Partial<Testimonial> = {}): Testimonial {
  return {
    id: '8d5e1c7e-5f0a-4c55-9d1e-3c0a9d1c2b01',
    type: 'video',
    integration: null,
    title: null,
    text: '',
    rating: 5,
    media: [],
    url: null,
    date: '2025-01-05T10:00:00Z',
    approved: true,
    project_id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    form_id: null,
    thumbnail_url: mediaUrl('poster.jpg'),
    customer_name: 'Ada',
    customer_email: null,
    customer_avatar: null,
    customer_tagline: null,
    customer_url: null,
    customer_company: null,
    customer_company_logo: null,
    created_at: '2025-01-05T10:00:00Z',
    tags: [],
    translations: [],
    video_url: mediaUrl('high.mp4'),
    video: {
      duration: 6,
      aspect_ratio: '16:9',
      mp4_urls: { high: mediaUrl('high.mp4'), medium: mediaUrl('medium.mp4'), low: mediaUrl('low.mp4') },
      hls_url: mediaUrl('hls/index.m3u8'),
      transcript: 'Ada: this product saved our team a day every week.',
      ...overrides,
    },
    ...fields,
  };
}

/** Every resource URL the page has requested so far. */
export function requestedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/** Requests for video data: playlists, segments, mp4 files. */
export function mediaRequests(since = 0): string[] {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= since && /\.(m3u8|m4s|mp4)(\?|$)/.test(new URL(entry.name).pathname))
    .map((entry) => entry.name);
}

/** Requests for the hls.js chunk. */
export function hlsChunkRequests(): string[] {
  return requestedUrls().filter((url) => /hls(\.light)?(\.min)?\.m?js/.test(new URL(url).pathname));
}
