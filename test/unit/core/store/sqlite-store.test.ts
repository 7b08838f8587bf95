import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Asset, AssetSnapshot, Metric } from '../../../../src-main/contract';
import { NO_OTHER } from '../../../../src-main/core/assets/shared-meta';
import { FleetError } from '../../../../src-main/core/errors';
import type { StoreFactory } from '../../../../src-main/core/ports';
import { SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeAsset, makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const T0 = new Date('2026-03-01T10:00:00Z');
const minutes = (n: number): Date => new Date(T0.getTime() + n * 60_000);

function gpsAsset(id: number, lat: number, lng: number, collectedOn: string, extra: Record<string, Metric> = {}): Asset {
  return {
    assetId: `thing:${id}`,
    type: 'thing',
    name: `Loader ${id}`,
    serialNumber: '',
    category: 'Loaders',
    embedUrl: `https://app.test/embed/auth?req=x&jws=secret-looking-${id}`,
    metrics: { gps: { value: { lat, lng }, meta: { collectedOn, source: 'gps', other: {} } }, ...extra },
    lastUpdate: collectedOn,
    issues: [],
  };
}

function snapshotOf(assets: Asset[], fetchedAt: string): AssetSnapshot {
  return { profileId: 'demo', assets, skipped: [], fetchedAt, source: 'network' };
}

describe('SQLite offline store', () => {
  let dir: string;
  let cleanup: () => void;
  let factory: StoreFactory;

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir());
    factory = createStoreFactory(dir, { now: () => T0 });
  });
  afterEach(() => cleanup());

  const dbFile = (profile = 'demo'): string => join(dir, 'offline', `${profile}.sqlite`);

  it('creates a WAL database at dir/offline/<profile>.sqlite with the current schema', () => {
    factory.open('demo').close();
    const db = new Database(dbFile(), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('round-trips a snapshot in order, as source cache, with skipped entries', () => {
    const store = factory.open('demo');
    expect(store.loadAssetSnapshot()).toBeNull();
    const snapshot = makeSnapshot(5, T0);
    snapshot.skipped = [{ index: 7, assetId: 'thing:99', path: '$[7].metrics.fuel', reason: 'not a metric entry' }];
    store.saveAssetSnapshot(snapshot);
    const loaded = store.loadAssetSnapshot();
    expect(loaded).toEqual({ ...snapshot, source: 'cache', assets: snapshot.assets.map((a) => ({ ...a, embedUrl: null })) });
    expect(loaded?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2', 'thing:3', 'thing:4', 'thing:5']);
    store.close();
  });

  it('loads the list with its empty metric `other`s shared (shared-meta.ts), as a refresh reads it', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 40.1, -111.9, '2026-03-01T09:00:00Z'), gpsAsset(2, 40.2, -111.8, '2026-03-01T09:01:00Z')], T0.toISOString()));
    const loaded = store.loadAssetSnapshot();
    expect(loaded?.assets.map((a) => a.metrics?.gps.meta.other)).toEqual([NO_OTHER, NO_OTHER]);
    expect(loaded?.assets[0].metrics?.gps.meta.other).toBe(NO_OTHER);
    expect(loaded?.assets[1].metrics?.gps.meta.other).toBe(NO_OTHER);
    store.close();
  });

  it('replaces the whole list on each save and keeps it across reopening', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(makeSnapshot(5, T0));
    const second = makeSnapshot(2, minutes(1));
    second.assets.reverse();
    store.saveAssetSnapshot(second);
    store.close();
    const reopened = factory.open('demo');
    const loaded = reopened.loadAssetSnapshot();
    expect(loaded?.assets.map((a) => a.assetId)).toEqual(['thing:2', 'thing:1']);
    expect(loaded?.fetchedAt).toBe(minutes(1).toISOString());
    reopened.close();
  });

  it('never stores an embed URL, not even in the raw database files', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(makeSnapshot(3, T0));
    store.putDocument('fleet', '2.0', { note: 'x' }, T0.toISOString());
    expect(store.loadAssetSnapshot()?.assets.every((a) => a.embedUrl === null)).toBe(true);
    store.close();
    const raw = readdirSync(join(dir, 'offline'))
      .map((name) => readFileSync(join(dir, 'offline', name)).toString('latin1'))
      .join('');
    expect(raw).toContain('Excavator 1');
    expect(raw).not.toContain('embed/auth');
    expect(raw).not.toContain('jws=');
  });

  it('records each observed position once per collection time, oldest first', () => {
    const store = factory.open('demo');
    const at = (n: number) => minutes(n).toISOString();
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 40, -111, at(0))], at(0)));
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 40, -111, at(0))], at(1))); // same reading again
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 41, -112, at(2))], at(2)));
    store.close();
    // A new connection has no memory of what it saw: the database itself must dedup.
    const again = factory.open('demo');
    again.saveAssetSnapshot(snapshotOf([gpsAsset(1, 41, -112, at(2))], at(3)));
    // Same time written differently (no fraction): still the same observation.
    again.saveAssetSnapshot(snapshotOf([gpsAsset(1, 41, -112, '2026-03-01T10:02:00Z')], at(3)));
    again.saveAssetSnapshot(snapshotOf([gpsAsset(1, 42, -113, at(4))], at(4)));
    expect(again.trail('thing:1', at(-60))).toEqual([
      { lat: 40, lng: -111, collectedOn: at(0) },
      { lat: 41, lng: -112, collectedOn: at(2) },
      { lat: 42, lng: -113, collectedOn: at(4) },
    ]);
    expect(again.trail('thing:1', at(1))).toHaveLength(2);
    expect(again.trail('thing:2', at(-60))).toEqual([]);
    again.close();
  });

  it('keeps the first value of a metric at a collection time and adds metrics reported later for it', () => {
    const store = factory.open('demo');
    const at = minutes(0).toISOString();
    const fuel = (value: number): Metric => ({ value, meta: { collectedOn: at, source: 'can', other: {} } });
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 40, -111, at)], at));
    store.close();
    const again = factory.open('demo');
    again.saveAssetSnapshot(snapshotOf([gpsAsset(1, 50, -100, at, { fuel: fuel(30) })], at));
    again.close();
    const db = new Database(dbFile(), { readonly: true });
    const rows = db.prepare('SELECT metrics FROM observations').pluck().all() as string[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0])).toEqual({ gps: [{ lat: 40, lng: -111 }], fuel: [30] });
  });

  it('orders observations by instant whatever the timestamp spelling', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, '2026-03-01T10:00:00.500Z')], 'a'));
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 2, 2, '2026-03-01T10:00:00Z')], 'b'));
    store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 3, 3, '2026-03-01T12:00:01+02:00')], 'c'));
    expect(store.trail('thing:1', '2026-03-01T00:00:00Z').map((p) => p.lat)).toEqual([2, 1, 3]);
    store.close();
  });

  it('survives assets without metrics, null values and unparseable times', () => {
    const store = factory.open('demo');
    const at = T0.toISOString();
    const odd: Asset = {
      ...gpsAsset(2, 0, 0, at),
      metrics: {
        gps: { value: { lat: 'north', lng: 3 }, meta: { collectedOn: at, source: 'x', other: {} } },
        battery: { value: null, meta: { collectedOn: 'yesterday-ish', source: 'x', other: {} } },
      },
    };
    const empty: Asset = { ...gpsAsset(3, 0, 0, at), type: 'area', metrics: null, lastUpdate: null };
    store.saveAssetSnapshot(snapshotOf([odd, empty], at));
    expect(store.loadAssetSnapshot()?.assets).toHaveLength(2);
    expect(store.trail('thing:2', '2000-01-01T00:00:00Z')).toEqual([]);
    store.close();
  });

  it('prunes observations older than the retention and keeps the rest', () => {
    const store = factory.open('demo');
    const days = (n: number) => new Date(T0.getTime() - n * 86_400_000).toISOString();
    for (const age of [40, 31, 29, 1]) store.saveAssetSnapshot(snapshotOf([gpsAsset(1, age, age, days(age))], days(age)));
    store.prune(30, T0);
    expect(store.trail('thing:1', days(365)).map((p) => p.lat)).toEqual([29, 1]);
    expect(store.loadAssetSnapshot()?.assets[0].metrics?.gps.value).toEqual({ lat: 1, lng: 1 });
    expect(() => store.prune(Number.NaN, T0)).toThrow(FleetError);
    store.close();
  });

  it('stores documents by kind and key and replaces them', () => {
    const store = factory.open('demo');
    expect(store.getDocument('fleet', '2.0')).toBeNull();
    store.putDocument('fleet', '2.0', { pages: 3, list: [1, 2] }, '2026-03-01T10:00:00Z');
    store.putDocument('history', '2.0', { other: true }, '2026-03-01T10:00:00Z');
    store.putDocument('fleet', '2.0', { pages: 4 }, '2026-03-01T11:00:00Z');
    expect(store.getDocument('fleet', '2.0')).toEqual({ value: { pages: 4 }, fetchedAt: '2026-03-01T11:00:00Z' });
    expect(store.getDocument<{ other: boolean }>('history', '2.0')?.value.other).toBe(true);
    expect(store.getDocument('fleet', '1.2')).toBeNull();
    store.close();
  });

  it('rolls a failed save back whole and reports a storage error', () => {
    const store = factory.open('demo');
    const first = snapshotOf([gpsAsset(1, 1, 1, minutes(0).toISOString())], minutes(0).toISOString());
    store.saveAssetSnapshot(first);
    // A trigger makes the last write of the next save fail, after the list row was written.
    const side = new Database(dbFile());
    side.exec("CREATE TRIGGER refuse BEFORE INSERT ON observations WHEN NEW.asset_id = 'thing:9' BEGIN SELECT RAISE(ABORT, 'disk said no'); END");
    side.close();
    const at = minutes(5).toISOString();
    let caught: unknown;
    try {
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 2, 2, at), gpsAsset(9, 9, 9, at)], at));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(FleetError);
    expect((caught as FleetError).kind).toBe('storage');
    expect((caught as FleetError).message).toMatch(/Could not save the asset list.*disk said no/);
    expect(store.loadAssetSnapshot()?.fetchedAt).toBe(first.fetchedAt);
    expect(store.trail('thing:1', minutes(-1).toISOString()).map((p) => p.lat)).toEqual([1]);
    store.close();
  });

  it('shows the readable assets and says how many were left out when saved text is damaged, and recovers on the next save', () => {
    const logged: string[] = [];
    const store = createStoreFactory(dir, { log: (line) => logged.push(line) }).open('demo');
    const saved = makeSnapshot(3, T0);
    store.saveAssetSnapshot(saved);
    const side = new Database(dbFile());
    side.prepare("UPDATE snapshot_assets SET json = ? WHERE asset_id = 'thing:1'").run('{"assetId":"thing:1","na');
    side.prepare("UPDATE snapshot_assets SET json = ? WHERE asset_id = 'thing:3'").run('{"assetId":"thing:7","type":"thing","name":"Not me"}');
    side.close();
    const loaded = store.loadAssetSnapshot();
    expect(loaded?.assets).toEqual([{ ...saved.assets[1], embedUrl: null }]);
    expect(loaded?.fetchedAt).toBe(saved.fetchedAt);
    expect(store.notice).toBe('2 of the 3 saved assets could not be read back; they are left out until the next refresh.');
    expect(logged.join('\n')).toMatch(/unreadable/);
    store.saveAssetSnapshot(makeSnapshot(3, T0));
    expect(store.notice).toBeNull();
    expect(store.loadAssetSnapshot()?.assets).toHaveLength(3);
    store.close();
  });

  it('records odd metric names as data, never as object internals', () => {
    const store = factory.open('demo');
    const at = T0.toISOString();
    const metrics = JSON.parse(`{"__proto__": {"value": 1, "meta": {"collectedOn": "${at}", "source": "x", "other": {}}}}`) as Record<string, Metric>;
    store.saveAssetSnapshot(snapshotOf([{ ...gpsAsset(1, 1, 1, at), metrics: { ...metrics, gps: gpsAsset(1, 1, 1, at).metrics!.gps } }], at));
    store.close();
    const db = new Database(dbFile(), { readonly: true });
    const stored = JSON.parse(db.prepare('SELECT metrics FROM observations').pluck().get() as string);
    db.close();
    expect(Object.keys(stored).sort()).toEqual(['__proto__', 'gps']);
  });

  it('removes a profile database, closing its open store', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(makeSnapshot(2, T0));
    const other = factory.open('other');
    other.saveAssetSnapshot(makeSnapshot(1, T0, 'other'));
    factory.remove('demo');
    expect(existsSync(dbFile())).toBe(false);
    expect(existsSync(`${dbFile()}-wal`)).toBe(false);
    expect(() => store.loadAssetSnapshot()).toThrow(/closed/);
    expect(other.loadAssetSnapshot()?.assets).toHaveLength(1);
    other.close();
    expect(factory.open('demo').loadAssetSnapshot()).toBeNull();
  });

  it('turns failures of a closed store into storage errors', () => {
    const store = factory.open('demo');
    store.close();
    store.close(); // twice is harmless
    try {
      store.saveAssetSnapshot(makeSnapshot(1, T0));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FleetError);
      expect((err as FleetError).kind).toBe('storage');
    }
  });

  describe('writing only what changed', () => {
    const rowsOf = (): Map<string, string> => {
      const db = new Database(dbFile(), { readonly: true });
      const rows = new Map(db.prepare('SELECT asset_id, json FROM snapshot_assets').raw().all() as [string, string][]);
      db.close();
      return rows;
    };
    const loggedStore = () => {
      const logged: string[] = [];
      const store = createStoreFactory(dir, { log: (line) => logged.push(line) }).open('demo');
      return { store, logged };
    };

    it('rewrites only assets with a new report and records only their observations', () => {
      const { store, logged } = loggedStore();
      const at0 = minutes(0).toISOString();
      const at1 = minutes(1).toISOString();
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at0), gpsAsset(2, 2, 2, at0), gpsAsset(3, 3, 3, at0)], at0));
      // Mark the stored rows, so a rewrite shows.
      const side = new Database(dbFile());
      side.prepare("UPDATE snapshot_assets SET json = json_set(json, '$.name', 'untouched')").run();
      side.close();
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at0), gpsAsset(2, 5, 5, at1), gpsAsset(3, 3, 3, at0)], at1));
      expect(logged.at(-1)).toMatch(/list of 3 assets written \(1 changed, 0 removed\); recording 1 observations/);
      const names = [...rowsOf()].map(([id, json]) => [id, (JSON.parse(json) as Asset).name]);
      expect(names.sort()).toEqual([['thing:1', 'untouched'], ['thing:2', 'Loader 2'], ['thing:3', 'untouched']]);
      expect(store.trail('thing:2', minutes(-1).toISOString()).map((p) => p.lat)).toEqual([2, 5]);
      expect(store.loadAssetSnapshot()?.fetchedAt).toBe(at1);
      store.close();
    });

    it('deletes assets that left the list and keeps the new order', () => {
      const store = factory.open('demo');
      const at = T0.toISOString();
      store.saveAssetSnapshot(snapshotOf([1, 2, 3, 4].map((n) => gpsAsset(n, n, n, at)), at));
      store.saveAssetSnapshot(snapshotOf([4, 2, 5].map((n) => gpsAsset(n, n, n, at)), minutes(1).toISOString()));
      expect([...rowsOf().keys()].sort()).toEqual(['thing:2', 'thing:4', 'thing:5']);
      expect(store.loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:4', 'thing:2', 'thing:5']);
      store.close();
      // A fresh store (nothing known in memory) reads the same list back.
      expect(factory.open('demo').loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:4', 'thing:2', 'thing:5']);
    });

    it('shows the rest but says so when a listed asset row is missing', () => {
      const store = factory.open('demo');
      store.saveAssetSnapshot(makeSnapshot(3, T0));
      const side = new Database(dbFile());
      side.prepare("DELETE FROM snapshot_assets WHERE asset_id = 'thing:2'").run();
      side.close();
      expect(store.loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:3']);
      expect(store.notice).toBe('1 of the 3 saved assets could not be read back; it is left out until the next refresh.');
      store.close();
    });

    it('shows nothing but says so when the saved order itself is unreadable', () => {
      const store = factory.open('demo');
      store.saveAssetSnapshot(makeSnapshot(3, T0));
      const side = new Database(dbFile());
      side.prepare("UPDATE snapshot SET asset_ids = '[\"thing:1\",' WHERE id = 1").run();
      side.close();
      expect(store.loadAssetSnapshot()).toBeNull();
      expect(store.notice).toBe('The saved asset list could not be read back; it will be replaced at the next refresh.');
      store.close();
    });

    it('after a restart, knows the stored list from loading it and writes only the change', () => {
      const at0 = minutes(0).toISOString();
      const first = factory.open('demo');
      first.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at0), gpsAsset(2, 2, 2, at0)], at0));
      first.close();
      const { store, logged } = loggedStore();
      store.loadAssetSnapshot();
      const at1 = minutes(1).toISOString();
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at0), gpsAsset(2, 2, 2, at1)], at1));
      expect(logged.at(-1)).toMatch(/\(1 changed, 0 removed\)/);
      store.close();
    });

    it('rewrites everything when another store of the profile wrote in between', () => {
      const at = T0.toISOString();
      const { store, logged } = loggedStore();
      const other = factory.open('demo');
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at), gpsAsset(2, 2, 2, at)], at));
      other.saveAssetSnapshot(snapshotOf([gpsAsset(1, 7, 7, minutes(2).toISOString()), gpsAsset(3, 3, 3, at)], minutes(2).toISOString()));
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at), gpsAsset(2, 2, 2, at)], minutes(3).toISOString()));
      expect(logged.at(-1)).toMatch(/\(2 changed, 1 removed\)/);
      expect(other.loadAssetSnapshot()?.assets).toEqual([gpsAsset(1, 1, 1, at), gpsAsset(2, 2, 2, at)].map((a) => ({ ...a, embedUrl: null })));
      store.close();
      other.close();
    });

    it('rewrites everything after a failed save', () => {
      const { store, logged } = loggedStore();
      const at = T0.toISOString();
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at)], at));
      const side = new Database(dbFile());
      side.exec("CREATE TRIGGER refuse BEFORE INSERT ON observations WHEN NEW.asset_id = 'thing:9' BEGIN SELECT RAISE(ABORT, 'disk said no'); END");
      expect(() => store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at), gpsAsset(9, 9, 9, at)], minutes(1).toISOString()))).toThrow(/disk said no/);
      side.exec('DROP TRIGGER refuse');
      side.close();
      store.saveAssetSnapshot(snapshotOf([gpsAsset(1, 1, 1, at), gpsAsset(9, 9, 9, at)], minutes(2).toISOString()));
      expect(logged.at(-1)).toMatch(/\(2 changed, 0 removed\)/);
      expect(store.loadAssetSnapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:9']);
      store.close();
    });
  });

  it('keeps the stored asset JSON equal to what was saved, minus the embed URL', () => {
    const store = factory.open('demo');
    const asset = makeAsset(41, T0, { issues: [{ metric: 'fuel', path: '$[41].metrics.fuel.value', message: 'fuel 140 is above 100' }] });
    store.saveAssetSnapshot(snapshotOf([asset], T0.toISOString()));
    expect(store.loadAssetSnapshot()?.assets[0]).toEqual({ ...asset, embedUrl: null });
    store.close();
  });
});
