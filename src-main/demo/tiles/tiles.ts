import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoGeography } from '../geography';
import { drawTile } from './draw-map';

const MAX_ZOOM = 19;
/** Rendered tiles kept in memory, least recently used out first. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Bumped when the drawing changes, so caches holding older tiles revalidate to new ones. */
const STYLE_VERSION = 2;

/**
 * `GET /tiles/{z}/{x}/{y}.png`: the demo map, drawn from the demo geography. No auth.
 * Tiles are deterministic (same geography, same bytes) and carry an ETag, so a
 * cache can revalidate with If-None-Match and get 304.
 */
export class TileRenderer {
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  private readonly tag: string;
  private readonly cacheLimit: number;

  constructor(
    private readonly geography: DemoGeography,
    options: { cacheBytes?: number } = {},
  ) {
    this.cacheLimit = options.cacheBytes ?? CACHE_BYTES;
    // The geography of one seed and fleet size never changes while the service runs.
    this.tag = createHash('sha256').update(JSON.stringify({ STYLE_VERSION, geography })).digest('hex').slice(0, 16);
  }

  /** The PNG of one tile, drawn on first use and then served from memory. */
  tile(z: number, x: number, y: number): Buffer {
    const key = `${z}/${x}/${y}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key); // re-insert: Map order is the recency order
      this.cache.set(key, hit);
      return hit;
    }
    const png = drawTile(this.geography, z, x, y);
    this.cache.set(key, png);
    this.cachedBytes += png.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= this.cacheLimit) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.length;
    }
    return png;
  }

  /** Bytes of rendered tiles held in memory. */
  get cacheBytes(): number {
    return this.cachedBytes;
  }

  /** The ETag of tile z/x/y. */
  etag(z: number, x: number, y: number): string {
    return `"${this.tag}-${z}-${x}-${y}"`;
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
    const etag = this.etag(z, x, y);
    const headers = { etag, 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const png = this.tile(z, x, y);
    res.writeHead(200, { ...headers, 'content-type': 'image/png', 'content-length': String(png.length) });
    res.end(req.method === 'HEAD' ? undefined : png);
  }
}
