/** Testimonials for the card's tests: a complete one, and variations built from it. */
import type { Testimonial } from '../../../src/client/types.js';

/** A 1×1 transparent PNG, as the base64 data URL avatars may use. */
export const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function sampleTestimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: '6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11',
    type: 'text',
    integration: 'trustpilot',
    title: 'Best tool we bought',
    text: 'It <mark>saved</mark> us hours every week.',
    rating: 4,
    media: [{ url: 'https://cdn.example.com/shot.png', type: 'image', alt: 'A screenshot of the dashboard' }],
    url: 'https://www.trustpilot.com/reviews/123',
    date: '2025-01-05T10:00:00.000Z',
    approved: true,
    project_id: 'a0c5b4f2-1111-4a43-9a51-0d7e3b0f9a11',
    form_id: null,
    thumbnail_url: null,
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    customer_avatar: PIXEL_PNG,
    customer_tagline: 'Analyst',
    customer_username: 'ada',
    customer_url: 'https://ada.example.com/',
    customer_company: 'Engines Ltd',
    customer_company_logo: PIXEL_PNG,
    reward: null,
    created_at: '2025-01-05T10:00:00.000Z',
    tags: ['enterprise', 'onboarding'],
    lang: 'en',
    translations: [
      {
        id: 't-ar',
        lang: 'ar',
        review_id: '6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11',
        text: 'وفّر علينا <mark>ساعات</mark> كل أسبوع.',
        title: 'أفضل أداة اشتريناها',
        customer_tagline: 'محللة',
        created_at: '2025-01-06T10:00:00.000Z',
        updated_at: '2025-01-06T10:00:00.000Z',
      },
      {
        id: 't-de',
        lang: 'de',
        review_id: '6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11',
        text: 'Spart uns jede Woche Stunden.',
        title: '',
        customer_tagline: '',
        created_at: '2025-01-06T10:00:00.000Z',
        updated_at: '2025-01-06T10:00:00.000Z',
      },
    ],
    video_url: null,
    video: null,
    links: { public: 'https://love.example.com/p/acme/t/6b1f0c1e-3f7a-4a43-9a51-0d7e3b0f9a11' },
    ...overrides,
  };
}

export function videoTestimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return sampleTestimonial({
    type: 'video',
    text: '',
    title: null,
    media: [],
    thumbnail_url: 'https://cdn.example.com/poster.jpg',
    video_url: 'https://cdn.example.com/high.mp4',
    video: {
      duration: 12.5,
      aspect_ratio: '9:16',
      mp4_urls: {
        high: 'https://cdn.example.com/high.mp4',
        medium: 'https://cdn.example.com/medium.mp4',
        low: 'https://cdn.example.com/low.mp4',
      },
      hls_url: 'https://cdn.example.com/hls/index.m3u8',
      transcript: 'Hello, I love it.',
    },
    ...overrides,
  });
}
