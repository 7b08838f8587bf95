import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../../src-main/demo/tiles/png';
import { TileRenderer } from '../../../../src-main/demo/tiles/tiles';
import { demoGeography } from '../../../../src-main/demo/geography';
import { FleetSimulation } from '../../../../src-main/demo/sim';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    out.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4), crcOk: (crc32(typeAndData) >>> 0) === png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('writes a valid PNG whose pixels decode back', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const png = encodePng(2, 2, rgb);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts.every((c) => c.crcOk)).toBe(true);
    expect(parts[0].data.readUInt32BE(0)).toBe(2);
    expect(parts[0].data.readUInt32BE(4)).toBe(2);
    const raw = inflateSync(parts[1].data);
    expect([...raw]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 10, 20, 30]);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(/expected 12 bytes/);
  });
});

describe('TileRenderer', () => {
  it('draws different 256×256 tiles per coordinate and caches them', () => {
    const tiles = new TileRenderer(demoGeography(new FleetSimulation(42, 20)));
    const a = tiles.tile(10, 193, 385);
    const b = tiles.tile(10, 194, 385);
    expect(a.equals(b)).toBe(false);
    expect(tiles.tile(10, 193, 385)).toBe(a);
    const header = chunks(a)[0].data;
    expect(header.readUInt32BE(0)).toBe(256);
    expect(header.readUInt32BE(4)).toBe(256);
  });
});
