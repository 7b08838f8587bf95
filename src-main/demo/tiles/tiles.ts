import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodePng } from './png';

const SIZE = 256;
const MAX_ZOOM = 19;
const CACHE_LIMIT = 2000;

/** 3×5 bitmap glyphs for the tile label, one string of 15 bits per character. */
const GLYPHS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
  '/': '001001010100100',
};

type Rgb = readonly [number, number, number];
const LAND: Rgb = [238, 234, 222];
const GRID: Rgb = [214, 208, 194];
const BORDER: Rgb = [190, 182, 166];
const INK: Rgb = [120, 112, 100];

function drawTile(z: number, x: number, y: number): Buffer {
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  const put = (px: number, py: number, c: Rgb): void => {
    if (px < 0 || py < 0 || px >= SIZE || py >= SIZE) return;
    rgb.set(c, (py * SIZE + px) * 3);
  };
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const edge = px === 0 || py === 0;
      const grid = px % 64 === 0 || py % 64 === 0;
      put(px, py, edge ? BORDER : grid ? GRID : LAND);
    }
  }
  const label = `${z}/${x}/${y}`;
  const scale = 3;
  let cursor = 8;
  for (const ch of label) {
    const glyph = GLYPHS[ch];
    for (let bit = 0; bit < 15; bit++) {
      if (glyph[bit] !== '1') continue;
      const gx = bit % 3;
      const gy = Math.floor(bit / 3);
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) put(cursor + gx * scale + dx, 8 + gy * scale + dy, INK);
    }
    cursor += 4 * scale;
  }
  return encodePng(SIZE, SIZE, rgb);
}

/** `GET /tiles/{z}/{x}/{y}.png`: generated placeholder map tiles, cached in memory. No auth. */
export class TileRenderer {
  private readonly cache = new Map<string, Buffer>();

  tile(z: number, x: number, y: number): Buffer {
    const key = `${z}/${x}/${y}`;
    let png = this.cache.get(key);
    if (!png) {
      png = drawTile(z, x, y);
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, png);
    }
    return png;
  }

  handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const match = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/.exec(url.pathname);
    const z = match ? Number(match[1]) : -1;
    const x = match ? Number(match[2]) : -1;
    const y = match ? Number(match[3]) : -1;
    if (!match || z > MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No such tile.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Only GET is supported.');
      return;
    }
    const png = this.tile(z, x, y);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length), 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
    res.end(req.method === 'HEAD' ? undefined : png);
  }
}
