/**
 * The testimonial both example apps pin above their wall: data an app already has (from its own API or
 * CMS), handed to `<testimonial-card>` as the `testimonial` property, so the card makes no request.
 */
import type { Testimonial } from '../../../src/client/types.js';

export const featuredTestimonial: Testimonial = {
  id: 'featured-example',
  type: 'text',
  integration: null,
  title: 'A calm place to think',
  text: 'Fieldnote is where our whole team thinks out loud. It is simple, fast and <mark>always there</mark>.',
  rating: 5,
  media: [],
  url: null,
  date: '2026-09-14T09:30:00.000Z',
  approved: true,
  project_id: 'example-project',
  form_id: null,
  thumbnail_url: null,
  customer_name: 'Ada Example',
  customer_email: null,
  customer_avatar: null,
  customer_tagline: 'Head of Research at Example Co',
  customer_url: null,
  customer_company: 'Example Co',
  customer_company_logo: null,
  created_at: '2026-09-14T09:30:00.000Z',
  tags: ['research'],
  lang: 'en',
  translations: [],
  video_url: null,
  video: null,
};

/** The routes of the example apps: one with the widgets, one without (to unmount and remount them). */
export const ROUTES = [
  { id: 'wall', label: 'Testimonials' },
  { id: 'about', label: 'About' },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];
