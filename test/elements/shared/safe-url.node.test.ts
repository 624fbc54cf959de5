import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { safeUrl, type SafeUrlKind } from '../../../src/elements/shared/safe-url.js';
import { DANGEROUS_URLS } from './hostile.js';

const KINDS: SafeUrlKind[] = ['link', 'image', 'media'];

describe('safeUrl', () => {
  it('accepts absolute https and http URLs for every kind and returns the parsed serialisation', () => {
    for (const kind of KINDS) {
      assert.equal(safeUrl('https://cdn.example.com/a b.png', kind), 'https://cdn.example.com/a%20b.png');
      assert.equal(safeUrl('  HTTP://Example.com/x?y=1#z  ', kind), 'http://example.com/x?y=1#z');
    }
  });

  it('refuses every dangerous or obfuscated URL for every kind', () => {
    for (const kind of KINDS) {
      for (const url of DANGEROUS_URLS) assert.equal(safeUrl(url, kind), undefined, `${kind}: ${JSON.stringify(url)}`);
    }
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://example.com'], new URL('https://example.com')]) {
      assert.equal(safeUrl(value, 'link'), undefined);
    }
  });

  it('allows base64 raster data URLs for images only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    for (const type of ['png', 'jpeg', 'gif', 'webp', 'avif']) {
      const url = `data:image/${type};base64,AAAA`;
      assert.equal(safeUrl(url, 'image'), url);
      assert.equal(safeUrl(url, 'link'), undefined);
      assert.equal(safeUrl(url, 'media'), undefined);
    }
    assert.equal(safeUrl(png, 'image'), png);
    assert.equal(safeUrl('data:image/png,rawbytes', 'image'), undefined, 'not base64');
    assert.equal(safeUrl('data:image/png;base64,AAAA"onerror="x', 'image'), undefined, 'junk after the payload');
  });

  it('allows root-relative paths for media only, kept root-relative', () => {
    assert.equal(safeUrl('/media/hls/index.m3u8', 'media'), '/media/hls/index.m3u8');
    assert.equal(safeUrl('/media/a b.mp4?x=1', 'media'), '/media/a%20b.mp4?x=1');
    assert.equal(safeUrl('/media/x.mp4', 'link'), undefined);
    assert.equal(safeUrl('/media/x.png', 'image'), undefined);
    assert.equal(safeUrl('media/x.mp4', 'media'), undefined, 'document-relative paths are not root-relative');
    assert.equal(safeUrl('/media//x.mp4#t=1', 'media'), '/media//x.mp4#t=1', 'a double slash inside the path is still this origin');
  });

  // Issue 29, item 5: dot segments resolved the path to `//evil.example/x`, another host once written out.
  it('never returns a protocol-relative URL, whatever the dot segments and encodings', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/..//evil.example/x',
      '/.//evil.example/x',
      '/a/..//evil.example/x',
      '/%2e%2e//evil.example/x',
      '/a/%2E/..//evil.example/x',
    ]) {
      assert.equal(safeUrl(url, 'media'), undefined, url);
    }
  });
});
