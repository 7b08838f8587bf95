import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

// The v1 schema as it shipped, written out here on purpose: if someone edits the
// released step in migrations.ts instead of appending a new one, this test notices.
const V1_SCHEMA = `
  CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), profile_id TEXT NOT NULL, fetched_at TEXT NOT NULL, assets TEXT NOT NULL, skipped TEXT NOT NULL);
  CREATE TABLE observations (id INTEGER PRIMARY KEY, asset_id TEXT NOT NULL, collected_on TEXT NOT NULL, metrics TEXT NOT NULL);
  CREATE UNIQUE INDEX observations_key ON observations (asset_id, collected_on);
`;

describe('offline store migrations', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = makeTempDir()));
  afterEach(() => cleanup());

  it('has at least two steps, so the upgrade path is exercised', () => {
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
  });

  it('upgrades a v1 database made by hand and keeps its data', () => {
    mkdirSync(join(dir, 'offline'));
    const file = join(dir, 'offline', 'demo.sqlite');
    const v1 = new Database(file);
    v1.exec(V1_SCHEMA);
    const asset = { assetId: 'thing:7', type: 'thing', name: 'Old crane', embedUrl: null, metrics: null, lastUpdate: null, issues: [] };
    v1.prepare('INSERT INTO snapshot VALUES (1, ?, ?, ?, ?)').run('demo', '2026-01-01T00:00:00Z', JSON.stringify([asset]), '[]');
    v1.prepare('INSERT INTO observations (asset_id, collected_on, metrics) VALUES (?, ?, ?)').run(
      'thing:7',
      '2026-01-01T00:00:00.000Z',
      JSON.stringify({ gps: [{ lat: 1.5, lng: 2.5 }] }),
    );
    v1.pragma('user_version = 1');
    v1.close();

    const store = createStoreFactory(dir).open('demo');
    expect(store.notice).toBeNull();
    expect(store.loadAssetSnapshot()?.assets).toEqual([asset]);
    expect(store.trail('thing:7', '2025-12-31T00:00:00Z')).toEqual([{ lat: 1.5, lng: 2.5, collectedOn: '2026-01-01T00:00:00.000Z' }]);
    store.putDocument('fleet', '1.2', { ok: 1 }, '2026-01-02T00:00:00Z'); // the v2 table
    expect(store.getDocument('fleet', '1.2')?.value).toEqual({ ok: 1 });
    store.close();

    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const indexes = check.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'observations'").pluck().all();
    expect(indexes).toContain('observations_by_time');
    check.close();
  });

  it('carries a v2 list over to one row per asset, in order, and drops a damaged one', () => {
    mkdirSync(join(dir, 'offline'));
    const file = join(dir, 'offline', 'demo.sqlite');
    const v2 = new Database(file);
    v2.exec(V1_SCHEMA);
    v2.exec(MIGRATIONS[1]);
    const assets = [3, 1, 2].map((n) => ({ assetId: `thing:${n}`, type: 'thing', name: `Crane ${n}`, embedUrl: null, metrics: null, lastUpdate: null, issues: [] }));
    const skipped = [{ index: 3, path: '$[3]', reason: 'not an object' }];
    v2.prepare('INSERT INTO snapshot VALUES (1, ?, ?, ?, ?)').run('demo', '2026-01-01T00:00:00Z', JSON.stringify(assets), JSON.stringify(skipped));
    v2.pragma('user_version = 2');
    v2.close();

    const store = createStoreFactory(dir).open('demo');
    expect(store.loadAssetSnapshot()).toEqual({ profileId: 'demo', assets, skipped, fetchedAt: '2026-01-01T00:00:00Z', source: 'cache' });
    store.close();

    const damaged = join(dir, 'offline', 'other.sqlite');
    const broken = new Database(damaged);
    broken.exec(V1_SCHEMA);
    broken.exec(MIGRATIONS[1]);
    broken.prepare('INSERT INTO snapshot VALUES (1, ?, ?, ?, ?)').run('other', '2026-01-01T00:00:00Z', '[{"assetId":"thing:1","na', '[]');
    broken.pragma('user_version = 2');
    broken.close();
    const other = createStoreFactory(dir).open('other');
    expect(other.notice).toBeNull();
    expect(other.loadAssetSnapshot()).toBeNull();
    other.close();
  });

  it('does nothing to a database that is already current', () => {
    const db = new Database(':memory:');
    migrate(db);
    const before = db.prepare('SELECT sql FROM sqlite_master ORDER BY name').pluck().all();
    migrate(db);
    expect(db.prepare('SELECT sql FROM sqlite_master ORDER BY name').pluck().all()).toEqual(before);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });
});
