/** The URLs a card leaves out, as the render command reports them (issue 29, item 5). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PublicTestimonial } from '../../src/client/public-fields.js';
import { refusedUrlFields } from '../../src/ssr/refused-urls.js';

const base = { id: 't1', type: 'text', text: 'Great', approved: true, customer_name: 'Ada' };
const fields = (extra: Record<string, unknown>) => refusedUrlFields({ ...base, ...extra } as unknown as PublicTestimonial);

describe('refusedUrlFields', () => {
  it('names nothing for safe URLs or absent ones', () => {
    assert.deepEqual(fields({}), []);
    assert.deepEqual(
      fields({
        customer_avatar: 'https://cdn.test/a.png',
        customer_url: 'https://ada.test/',
        customer_company_logo: 'https://cdn.test/l.png',
        url: 'https://x.test/post/1',
        links: { public: 'https://service.test/t/t1' },
        media: [
          { url: 'https://cdn.test/one.jpg', type: 'image', alt: '' },
          { url: '/media/one.mp4', type: 'video', alt: '' },
        ],
      }),
      [],
    );
  });

  it('names each URL field the card refuses, and counts the media items it drops', () => {
    assert.deepEqual(
      fields({
        customer_avatar: 'javascript:alert(1)',
        customer_url: 'vbscript:x',
        customer_company_logo: 'data:text/html,<b>',
        url: 'javascript:void 0',
        links: { public: '//evil.example/t1' },
        media: [
          { url: 'https://cdn.test/ok.jpg', type: 'image', alt: '' },
          { url: '/..//evil.example/x.jpg', type: 'image', alt: '' },
          { url: 'blob:https://x.test/1', type: 'video', alt: '' },
        ],
      }),
      ['customer_avatar', 'customer_url', 'customer_company_logo', 'url', 'links.public', 'media (2 of 3)'],
    );
  });
});
