/**
 * The allowlist copies a field only when it has the spec's type, so a value that changed shape upstream
 * (an object where a string was) cannot carry anything out; and the ETag / If-None-Match helpers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ifNoneMatchHits, strongEtag } from '../../src/proxy/answers.js';
import { UpstreamShapeError, publicLinks, publicTestimonial, publicTestimonialList } from '../../src/client/public-fields.js';

describe('public fields', () => {
  it('drops values of the wrong type instead of copying them', () => {
    const out = publicTestimonial({
      id: 't1',
      approved: true,
      customer_name: { first: 'Ada', email: 'ada@private.test' },
      title: ['x'],
      rating: '5',
      tags: ['ok', 7, { secret: 1 }],
      media: [{ url: 'https://cdn.test/a.png', type: 'image' }, 'not an item', null],
      video: { duration: 'long', mp4_urls: 'https://x', hls_url: 'https://cdn.test/i.m3u8' },
      links: 'https://dashboard.test',
      translations: { lang: 'fr' },
    });
    assert.deepEqual(out, {
      id: 't1',
      approved: true,
      tags: ['ok'],
      media: [{ url: 'https://cdn.test/a.png', type: 'image' }],
      video: { hls_url: 'https://cdn.test/i.m3u8' },
    });
  });

  it('keeps null where the spec allows it', () => {
    const out = publicTestimonial({ id: 't1', title: null, integration: null, video: null, video_url: null, customer_email: null });
    assert.deepEqual(out, { id: 't1', integration: null, title: null, video_url: null, video: null });
  });

  it('refuses answers that are not the API shape', () => {
    assert.throws(() => publicTestimonial({ title: 'no id' }), UpstreamShapeError);
    assert.throws(() => publicTestimonialList({ total: 1 }), UpstreamShapeError);
    assert.throws(() => publicTestimonialList([]), UpstreamShapeError);
    assert.throws(() => publicLinks('links'), UpstreamShapeError);
  });

  it('drops link items without a URL, and groups that are not arrays become empty', () => {
    const links = publicLinks({
      forms: [
        { id: 'f', name: 'F' },
        { id: 'g', name: 'G', url: 'https://f.test' },
      ],
      widgets: 'nope',
    });
    assert.deepEqual(links.forms, [{ id: 'g', name: 'G', url: 'https://f.test' }]);
    assert.deepEqual(links.widgets, []);
  });
});

describe('ETag', () => {
  it('is the quoted base64url SHA-256 of the body', async () => {
    // SHA-256("") = e3b0c442…b855
    assert.equal(await strongEtag(''), '"47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"');
    assert.notEqual(await strongEtag('{"a":1}'), await strongEtag('{"a":2}'));
  });

  it('If-None-Match compares weakly, accepts lists and *', () => {
    assert.equal(ifNoneMatchHits(null, '"a"'), false);
    assert.equal(ifNoneMatchHits('"b"', '"a"'), false);
    assert.equal(ifNoneMatchHits('"b", W/"a"', '"a"'), true);
    assert.equal(ifNoneMatchHits('*', '"a"'), true);
  });
});
