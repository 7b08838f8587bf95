/**
 * The map tiles viewed online, kept so the map works offline: one SQLite file in the
 * user data folder (`tile-cache.sqlite`, a cache of its own apart from each profile's
 * offline store), tiles keyed by tile server and z/x/y, at most `limitBytes` of tile
 * data, the least recently used out first. A cache file that cannot be opened or is
 * damaged is replaced by an empty one (it only holds copies); when even that fails the
 * cache lives in memory for this run and `notice` says so.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const TILE_CACHE_FILE = 'tile-cache.sqlite';
const SCHEMA_VERSION = 1;

export interface CachedTile {
  server: string;
  z: number;
  x: number;
  y: number;
  body: Buffer;
  /**
   * The type read from the bytes when the tile was kept. Not believed when it is served:
   * an older Fleet Desk stored the tile server's label here (tile-service.ts reads the bytes).
   */
  contentType: string;
  etag: string | null;
  lastModified: string | null;
  /** ms since the epoch */
  fetchedAt: number;
  freshUntil: number;
}

export interface TileCacheOptions {
  limitBytes: number;
  /** Where the file goes; absent: in memory (tests). */
  folder?: string;
}

interface Row {
  server: string;
  z: number;
  x: number;
  y: number;
  body: Buffer;
  content_type: string;
  etag: string | null;
  last_modified: string | null;
  fetched_at: number;
  fresh_until: number;
}

function openFile(folder: string): Database.Database {
  mkdirSync(folder, { recursive: true });
  const db = new Database(join(folder, TILE_CACHE_FILE));
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) throw new Error('written by a newer Fleet Desk');
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error('failed the integrity check');
  return db;
}

function prepare(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS tiles (
      server TEXT NOT NULL, z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL,
      body BLOB NOT NULL, content_type TEXT NOT NULL, etag TEXT, last_modified TEXT,
      fetched_at INTEGER NOT NULL, fresh_until INTEGER NOT NULL,
      last_used INTEGER NOT NULL, bytes INTEGER NOT NULL,
      PRIMARY KEY (server, z, x, y)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS tiles_last_used ON tiles (last_used);
  `);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

export class TileCache {
  /** Set when the file could not be used (plain words for the status bar). */
  readonly notice: string | null = null;
  private readonly db: Database.Database;
  private limit: number;
  private total: number;
  /** A use counter, not a clock: strictly increasing, so "least recently used" is exact. */
  private uses: number;
  private readonly statements;

  constructor(options: TileCacheOptions) {
    this.limit = options.limitBytes;
    let db: Database.Database;
    if (!options.folder) {
      db = new Database(':memory:');
    } else {
      try {
        db = openFile(options.folder);
        prepare(db);
      } catch (first) {
        // Only copies live here: start it afresh rather than go without.
        try {
          for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(join(options.folder, TILE_CACHE_FILE + suffix), { force: true });
          db = openFile(options.folder);
          prepare(db);
        } catch (second) {
          db = new Database(':memory:');
          const reason = second instanceof Error ? second.message : String(second ?? first);
          this.notice = `The map tile cache in ${options.folder} cannot be used (${reason}); map tiles are kept in memory for this run only.`;
        }
      }
    }
    if (!options.folder || this.notice) prepare(db);
    this.db = db;
    this.statements = {
      get: db.prepare<[string, number, number, number], Row>(
        'SELECT server, z, x, y, body, content_type, etag, last_modified, fetched_at, fresh_until FROM tiles WHERE server = ? AND z = ? AND x = ? AND y = ?',
      ),
      touch: db.prepare<[number, string, number, number, number]>('UPDATE tiles SET last_used = ? WHERE server = ? AND z = ? AND x = ? AND y = ?'),
      bytesOf: db.prepare<[string, number, number, number], { bytes: number }>('SELECT bytes FROM tiles WHERE server = ? AND z = ? AND x = ? AND y = ?'),
      put: db.prepare(
        `INSERT OR REPLACE INTO tiles (server, z, x, y, body, content_type, etag, last_modified, fetched_at, fresh_until, last_used, bytes)
         VALUES (@server, @z, @x, @y, @body, @contentType, @etag, @lastModified, @fetchedAt, @freshUntil, @lastUsed, @bytes)`,
      ),
      revalidated: db.prepare<[number, string | null, string | null, number, number, string, number, number, number]>(
        'UPDATE tiles SET fresh_until = ?, etag = COALESCE(?, etag), last_modified = COALESCE(?, last_modified), fetched_at = ?, last_used = ? WHERE server = ? AND z = ? AND x = ? AND y = ?',
      ),
      remove: db.prepare<[string, number, number, number]>('DELETE FROM tiles WHERE server = ? AND z = ? AND x = ? AND y = ?'),
      oldest: db.prepare<[number], { server: string; z: number; x: number; y: number; bytes: number }>('SELECT server, z, x, y, bytes FROM tiles ORDER BY last_used LIMIT ?'),
      total: db.prepare<[], { total: number | null; uses: number | null }>('SELECT SUM(bytes) AS total, MAX(last_used) AS uses FROM tiles'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM tiles'),
    };
    const { total, uses } = this.statements.total.get()!;
    this.total = total ?? 0;
    this.uses = uses ?? 0;
    this.evict();
  }

  /** Bytes of tile data held. */
  get totalBytes(): number {
    return this.total;
  }

  get count(): number {
    return this.statements.count.get()!.n;
  }

  /** The kept tile, marked as just used; null when there is none. */
  get(server: string, z: number, x: number, y: number): CachedTile | null {
    const row = this.statements.get.get(server, z, x, y);
    if (!row) return null;
    this.statements.touch.run(++this.uses, server, z, x, y);
    return {
      server: row.server,
      z: row.z,
      x: row.x,
      y: row.y,
      body: row.body,
      contentType: row.content_type,
      etag: row.etag,
      lastModified: row.last_modified,
      fetchedAt: row.fetched_at,
      freshUntil: row.fresh_until,
    };
  }

  /** Keeps a tile (replacing an older copy), then drops the least recently used past the limit. */
  put(tile: CachedTile): void {
    const bytes = tile.body.length;
    if (bytes > this.limit) return; // could never fit
    this.db.transaction(() => {
      const before = this.statements.bytesOf.get(tile.server, tile.z, tile.x, tile.y);
      this.statements.put.run({ ...tile, lastUsed: ++this.uses, bytes });
      this.total += bytes - (before?.bytes ?? 0);
      this.evict();
    })();
  }

  /** A 304 answer: the kept tile is fresh again until `freshUntil`, with the new validators. */
  revalidated(server: string, z: number, x: number, y: number, update: { freshUntil: number; etag: string | null; lastModified: string | null; at: number }): void {
    this.statements.revalidated.run(update.freshUntil, update.etag, update.lastModified, update.at, ++this.uses, server, z, x, y);
  }

  /** Forgets a tile (the server said it may not be kept, or it is gone). */
  remove(server: string, z: number, x: number, y: number): void {
    const before = this.statements.bytesOf.get(server, z, x, y);
    if (!before) return;
    this.statements.remove.run(server, z, x, y);
    this.total -= before.bytes;
  }

  /** A new size limit (settings); shrinking drops the least recently used at once. */
  setLimit(limitBytes: number): void {
    this.limit = limitBytes;
    this.db.transaction(() => this.evict())();
  }

  private evict(): void {
    while (this.total > this.limit) {
      const victims = this.statements.oldest.all(32);
      if (victims.length === 0) {
        this.total = 0;
        return;
      }
      for (const v of victims) {
        if (this.total <= this.limit) return;
        this.statements.remove.run(v.server, v.z, v.x, v.y);
        this.total -= v.bytes;
      }
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
