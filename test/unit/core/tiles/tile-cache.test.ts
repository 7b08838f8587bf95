import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TILE_CACHE_FILE, TileCache, type CachedTile } from '../../../../src-main/core/tiles/tile-cache';

const SERVER = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function tile(x: number, bytes: number, patch: Partial<CachedTile> = {}): CachedTile {
  return { server: SERVER, z: 10, x, y: 1, body: Buffer.alloc(bytes, x), contentType: 'image/png', etag: `"e${x}"`, lastModified: null, fetchedAt: 1, freshUntil: 2, ...patch };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-tiles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tile cache', () => {
  it('keeps tiles per tile server and z/x/y, with their validators', () => {
    const cache = new TileCache({ limitBytes: 10_000 });
    cache.put(tile(1, 100));
    cache.put(tile(1, 50, { server: 'https://other.example/{z}/{x}/{y}.png' }));
    expect(cache.get(SERVER, 10, 1, 1)).toMatchObject({ etag: '"e1"', contentType: 'image/png', freshUntil: 2 });
    expect(cache.get(SERVER, 10, 1, 1)?.body.length).toBe(100);
    expect(cache.get('https://other.example/{z}/{x}/{y}.png', 10, 1, 1)?.body.length).toBe(50);
    expect(cache.get(SERVER, 10, 2, 1)).toBeNull();
    expect(cache.totalBytes).toBe(150);
  });

  it('drops the least recently used tiles past the size limit (a read counts as a use)', () => {
    const cache = new TileCache({ limitBytes: 300 });
    cache.put(tile(1, 100));
    cache.put(tile(2, 100));
    cache.put(tile(3, 100));
    expect(cache.get(SERVER, 10, 1, 1)).not.toBeNull(); // 1 is now more recent than 2
    cache.put(tile(4, 100));
    expect(cache.get(SERVER, 10, 2, 1)).toBeNull();
    expect([1, 3, 4].map((x) => cache.get(SERVER, 10, x, 1) !== null)).toEqual([true, true, true]);
    expect(cache.totalBytes).toBe(300);
  });

  it('counts a replaced tile once, and never keeps a tile larger than the whole cache', () => {
    const cache = new TileCache({ limitBytes: 300 });
    cache.put(tile(1, 100));
    cache.put(tile(1, 200));
    expect(cache.totalBytes).toBe(200);
    cache.put(tile(2, 301));
    expect(cache.get(SERVER, 10, 2, 1)).toBeNull();
    expect(cache.get(SERVER, 10, 1, 1)).not.toBeNull();
  });

  it('shrinks at once when the limit is lowered in settings', () => {
    const cache = new TileCache({ limitBytes: 1000 });
    for (let x = 1; x <= 5; x++) cache.put(tile(x, 100));
    cache.setLimit(250);
    expect(cache.totalBytes).toBeLessThanOrEqual(250);
    expect(cache.count).toBe(2);
    expect(cache.get(SERVER, 10, 5, 1)).not.toBeNull();
  });

  it('takes a 304 as fresh again, with new validators', () => {
    const cache = new TileCache({ limitBytes: 1000 });
    cache.put(tile(1, 10, { etag: '"old"', lastModified: 'x' }));
    cache.revalidated(SERVER, 10, 1, 1, { freshUntil: 99, etag: '"new"', lastModified: null, at: 50 });
    expect(cache.get(SERVER, 10, 1, 1)).toMatchObject({ freshUntil: 99, etag: '"new"', lastModified: 'x', fetchedAt: 50 });
  });

  it('lives in a file in the user data folder, so the tiles are there after a restart', () => {
    const first = new TileCache({ folder: dir, limitBytes: 1000 });
    first.put(tile(1, 100));
    first.put(tile(2, 100));
    first.get(SERVER, 10, 1, 1);
    first.close();
    const again = new TileCache({ folder: dir, limitBytes: 1000 });
    expect(again.totalBytes).toBe(200);
    expect(again.get(SERVER, 10, 2, 1)?.body.length).toBe(100);
    // The use order survives too: 1 was used after 2, then 2 just now.
    again.setLimit(100);
    expect(again.get(SERVER, 10, 2, 1)).not.toBeNull();
    expect(again.get(SERVER, 10, 1, 1)).toBeNull();
    again.close();
  });

  it('replaces a damaged cache file with an empty one (it only held copies)', () => {
    writeFileSync(join(dir, TILE_CACHE_FILE), 'this is not a database'.repeat(100));
    const cache = new TileCache({ folder: dir, limitBytes: 1000 });
    expect(cache.notice).toBeNull();
    cache.put(tile(1, 10));
    expect(cache.get(SERVER, 10, 1, 1)).not.toBeNull();
    cache.close();
  });

  it('works in memory for this run, and says so, when the folder cannot hold it', () => {
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const cache = new TileCache({ folder: join(blocked, 'inner'), limitBytes: 1000 });
    expect(cache.notice).toMatch(/map tile cache .* cannot be used .* in memory for this run only/);
    cache.put(tile(1, 10));
    expect(cache.get(SERVER, 10, 1, 1)).not.toBeNull();
    cache.close();
  });
});
