/**
 * A tile's type comes from its first bytes: the four image formats a map tile may be,
 * and nothing else, whatever label it came with.
 */
import { describe, expect, it } from 'vitest';
import { tileImageType } from '../../../../src-main/core/tiles/tile-image';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');

describe('tile image type', () => {
  it('reads PNG, JPEG, GIF (87a and 89a) and WebP from their magic numbers', () => {
    expect(tileImageType(hex('89504e470d0a1a0a 0000000d49484452'))).toBe('image/png');
    expect(tileImageType(hex('ffd8ffe000104a464946'))).toBe('image/jpeg');
    expect(tileImageType(Buffer.from('GIF87a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(tileImageType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(tileImageType(Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
  });

  it('refuses a page, an SVG, text and anything cut short or empty', () => {
    for (const body of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('\x89PNG but not really', 'latin1'),
      hex('89504e470d0a1a'),
      hex('ffd8'),
      Buffer.from('GIF88a'),
      Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WAVEfmt ')]),
      Buffer.from('RIFF'),
      Buffer.alloc(0),
    ]) {
      expect(tileImageType(body), body.toString('latin1')).toBeNull();
    }
    expect(tileImageType(null)).toBeNull();
  });

  it('does not look past the start: a page with a PNG signature inside is no PNG', () => {
    expect(tileImageType(Buffer.concat([Buffer.from('<html>'), hex('89504e470d0a1a0a')]))).toBeNull();
  });
});
