import { describe, expect, it } from 'vitest';
import { parseTileAddress, tilePathParts, upstreamTileUrl } from '../../../../src-main/core/tiles/tile-address';

describe('tile addresses', () => {
  it('accepts plain whole numbers inside the zoom level', () => {
    expect(parseTileAddress('0', '0', '0')).toEqual({ z: 0, x: 0, y: 0 });
    expect(parseTileAddress('12', '772', '1540')).toEqual({ z: 12, x: 772, y: 1540 });
    expect(parseTileAddress('20', String(2 ** 20 - 1), '0')).toEqual({ z: 20, x: 2 ** 20 - 1, y: 0 });
  });

  it('refuses anything else: signs, leading zeros, decimals, exponents, encodings, words, dots, outside the level', () => {
    for (const [z, x, y] of [
      ['-1', '0', '0'],
      ['01', '0', '0'],
      ['1.0', '0', '0'],
      ['1e1', '0', '0'],
      ['%31', '0', '0'],
      ['..', '0', '0'],
      ['1', '..', '0'],
      ['a', '0', '0'],
      ['', '0', '0'],
      [' 1', '0', '0'],
      ['21', '0', '0'],
      ['2', '4', '0'],
      ['2', '0', '4'],
      ['99999999', '0', '0'],
    ]) {
      expect(parseTileAddress(z, x, y), `${z}/${x}/${y}`).toBeNull();
    }
  });

  it('splits a route path into exactly three parts ending in .png', () => {
    expect(tilePathParts('/12/772/1540.png')).toEqual(['12', '772', '1540']);
    expect(tilePathParts('/../../etc/passwd')).toBeNull();
    expect(tilePathParts('/12/772/1540.png/x')).toBeNull();
    expect(tilePathParts('/a/b/c/d.png')).toBeNull();
    expect(tilePathParts('/12/772/1540.jpg')).toBeNull();
  });

  it('fills a template, spreading {s} over a, b and c and dropping {r}', () => {
    expect(upstreamTileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 3, x: 4, y: 5 })).toBe('https://tile.openstreetmap.org/3/4/5.png');
    expect(upstreamTileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { z: 3, x: 1, y: 1 })).toBe('https://c.tiles.example/3/1/1.png');
  });
});
