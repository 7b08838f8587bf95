// The rows projection of the offline store (migration v5): each asset's list row kept next
// to its full record, so a cold start paints from the rows without parsing every record.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetSnapshot } from '../../../../src-main/contract';
import { assetRow } from '../../../../src-main/core/assets/asset-row';
import type { StoreFactory } from '../../../../src-main/core/ports';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../../src-main/core/store/migrations';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeAsset, makeSnapshot } from '../../../fixtures/store/make-assets';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

const T0 = new Date('2026-03-01T10:00:00Z');
const T1 = new Date('2026-03-01T10:05:00Z');

/** `base` with the assets at these list positions reporting anew at T1. */
function withReports(base: AssetSnapshot, positions: number[], fetchedAt = T1): AssetSnapshot {
  const indexOf = (assetId: string) => Number(assetId.slice('thing:'.length)) - 1;
  const assets = base.assets.map((asset, i) => (positions.includes(i) ? makeAsset(indexOf(asset.assetId), T1) : asset));
  return { ...base, assets, fetchedAt: fetchedAt.toISOString() };
}

const rowsOf = (snapshot: AssetSnapshot) => snapshot.assets.map((asset) => assetRow(asset));

describe('the offline store keeps each asset’s row', () => {
  let dir: string;
  let cleanup: () => void;
  let factory: StoreFactory;
  let logs: string[];
  const file = () => join(dir, 'offline', 'demo.sqlite');

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir());
    logs = [];
    factory = createStoreFactory(dir, { log: (line) => logs.push(line) });
  });
  afterEach(() => cleanup());

  /** Runs SQL on the profile's file behind the store's back (another program, or damage). */
  const tamper = (sql: string, ...params: unknown[]) => {
    const db = new Database(file());
    db.prepare(sql).run(...params);
    db.close();
  };

  it('answers the saved list as rows, in list order, equal to the rows of the full records', () => {
    const store = factory.open('demo');
    expect(store.loadAssetRows!()).toBeNull(); // nothing saved yet
    const list = makeSnapshot(12, T0);
    list.assets.reverse(); // list order is not id order
    store.saveAssetSnapshot({ ...list, skipped: [{ index: 3, path: '$[3]', reason: 'not an object' }] });
    store.close();

    const again = factory.open('demo');
    const stored = again.loadAssetRows!();
    expect(stored?.snapshot).toEqual({
      profileId: 'demo',
      assets: rowsOf(list),
      skipped: [{ index: 3, path: '$[3]', reason: 'not an object' }],
      fetchedAt: list.fetchedAt,
      source: 'cache',
    });
    expect(stored?.revision).toBe(1);
    again.close();
  });

  it('rewrites the rows of changed assets only, and deletes the rows of assets that left the list', () => {
    const store = factory.open('demo');
    const first = makeSnapshot(20, T0);
    store.saveAssetSnapshot(first);
    // A row nobody would write: kept only if the save leaves unchanged assets' rows alone.
    tamper("UPDATE snapshot_rows SET row = json_set(row, '$.name', 'untouched') WHERE asset_id = 'thing:2'");
    const changed = withReports(first, [0, 5]);
    const next: AssetSnapshot = { ...changed, assets: changed.assets.filter((a) => a.assetId !== 'thing:20') };
    store.saveAssetSnapshot(next);
    store.close();

    const stored = factory.open('demo').loadAssetRows!();
    const expected = rowsOf(next);
    expected[1] = { ...expected[1], name: 'untouched' };
    expect(stored?.snapshot.assets).toEqual(expected);
    expect(stored?.snapshot.assets.map((row) => row.updatedAt).filter((at) => at === T1.getTime())).toHaveLength(2);
    expect(stored?.revision).toBe(2);
    const db = new Database(file(), { readonly: true });
    expect(db.prepare("SELECT count(*) FROM snapshot_rows WHERE asset_id = 'thing:20'").pluck().get()).toBe(0);
    db.close();
  });

  it('fills the rows of a v4 database at the first full load, and paints from them after', () => {
    // A v4 database with a list, built by the released steps.
    mkdirSync(join(dir, 'offline'));
    const v4 = new Database(file());
    for (const step of MIGRATIONS.slice(0, 4)) v4.exec(step);
    const list = makeSnapshot(6, T0);
    list.assets.reverse();
    const put = v4.prepare('INSERT INTO snapshot_assets (asset_id, json) VALUES (?, ?)');
    for (const asset of list.assets) put.run(asset.assetId, JSON.stringify({ ...asset, embedUrl: null }));
    v4.prepare('INSERT INTO snapshot (id, profile_id, fetched_at, asset_ids, skipped, revision) VALUES (1, ?, ?, ?, ?, 3)').run(
      'demo',
      list.fetchedAt,
      JSON.stringify(list.assets.map((a) => a.assetId)),
      '[]',
    );
    v4.pragma('user_version = 4');
    v4.close();

    const store = factory.open('demo');
    expect(store.loadAssetRows!()).toBeNull(); // no rows yet: the full list answers
    const full = store.loadAssetSnapshot();
    expect(full?.assets.map((a) => a.assetId)).toEqual(list.assets.map((a) => a.assetId));
    expect(store.loadedRevision!()).toBe(3);
    store.close();

    const check = new Database(file(), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    const again = factory.open('demo');
    expect(again.loadAssetRows!()).toEqual({
      snapshot: { profileId: 'demo', assets: rowsOf(full!), skipped: [], fetchedAt: list.fetchedAt, source: 'cache' },
      revision: 3,
    });
    // The next save keeps the filled rows of unchanged assets and the list stays whole.
    const next = withReports({ ...full!, source: 'network' }, [2]);
    again.saveAssetSnapshot(next);
    expect(again.loadAssetRows!()?.snapshot.assets).toEqual(rowsOf(next));
    again.close();
  });

  it('does not fill rows over a list another store wrote while the full load read it', () => {
    const store = factory.open('demo');
    store.saveAssetSnapshot(makeSnapshot(4, T0));
    tamper('UPDATE snapshot SET rows_revision = NULL'); // rows to fill at the next full load
    const other = factory.open('demo');
    const newer = withReports(makeSnapshot(4, T0), [1]);
    // The other store writes while this one parses the records it read (between the read and the fill).
    const parse = JSON.parse;
    let wrote = false;
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (!wrote && text.startsWith('[{"assetId"')) {
        wrote = true;
        other.saveAssetSnapshot(newer);
      }
      return parse(text, reviver) as unknown;
    });
    try {
      expect(store.loadAssetSnapshot()?.assets).toHaveLength(4);
    } finally {
      spy.mockRestore();
    }
    expect(wrote).toBe(true);
    // The rows are the newer list's, not the older one this store read.
    expect(store.loadAssetRows!()).toEqual({ snapshot: expect.objectContaining({ assets: rowsOf(newer), fetchedAt: newer.fetchedAt }), revision: 2 });
    store.close();
    other.close();
  });

  it('falls back to the full list when a row is damaged, and rebuilds the rows from it', () => {
    const store = factory.open('demo');
    const list = makeSnapshot(8, T0);
    store.saveAssetSnapshot(list);
    store.close();
    tamper("UPDATE snapshot_rows SET row = '{\"assetId\":\"thing:3\",\"na' WHERE asset_id = 'thing:3'");

    const again = factory.open('demo');
    expect(again.loadAssetRows!()).toBeNull();
    expect(logs.join('\n')).toMatch(/saved list rows unreadable .*reading the full list/);
    expect(again.loadAssetSnapshot()?.assets).toHaveLength(8);
    expect(again.loadAssetRows!()?.snapshot.assets).toEqual(rowsOf(list));
    again.close();
  });

  it('refuses rows of valid JSON that do not match the list (another asset’s row, a missing row, another shape)', () => {
    const store = factory.open('demo');
    const list = makeSnapshot(5, T0);
    store.saveAssetSnapshot(list);
    const cases = [
      "UPDATE snapshot_rows SET row = (SELECT row FROM snapshot_rows WHERE asset_id = 'thing:1') WHERE asset_id = 'thing:2'",
      "DELETE FROM snapshot_rows WHERE asset_id = 'thing:4'",
      "UPDATE snapshot_rows SET row = '[1,2]' WHERE asset_id = 'thing:5'",
      "UPDATE snapshot_rows SET row = json_remove(row, '$.issues') WHERE asset_id = 'thing:1'",
    ];
    for (const sql of cases) {
      tamper(sql);
      tamper('UPDATE snapshot SET rows_revision = revision'); // as if the rows still held
      expect(store.loadAssetRows!(), sql).toBeNull();
      expect(store.loadAssetSnapshot()?.assets, sql).toHaveLength(5);
      expect(store.loadAssetRows!()?.snapshot.assets, sql).toEqual(rowsOf(list));
    }
    store.close();
  });

  it('does not use rows of another row format, nor rows written for an older list', () => {
    const store = factory.open('demo');
    const list = makeSnapshot(3, T0);
    store.saveAssetSnapshot(list);
    tamper('UPDATE snapshot SET rows_format = 0');
    expect(store.loadAssetRows!()).toBeNull();
    store.loadAssetSnapshot();
    expect(store.loadAssetRows!()?.snapshot.assets).toEqual(rowsOf(list));

    // A writer that updates the list but not its rows (an older build's salvage, say).
    tamper("UPDATE snapshot SET revision = revision + 1, asset_ids = '[\"thing:2\",\"thing:1\",\"thing:3\"]'");
    expect(store.loadAssetRows!()).toBeNull();
    store.close();
  });

  it('rewrites every row when the rows did not hold for the list it writes over', () => {
    const store = factory.open('demo');
    const first = makeSnapshot(10, T0);
    store.saveAssetSnapshot(first);
    // The rows are damaged behind the store's back and marked as not holding (what a failed read does).
    tamper("DELETE FROM snapshot_rows WHERE asset_id IN ('thing:3', 'thing:7')");
    tamper('UPDATE snapshot SET rows_revision = NULL');
    const next = withReports(first, [0]);
    store.saveAssetSnapshot(next); // this store still knows the list: only thing:1 is a changed record
    expect(store.loadAssetRows!()?.snapshot.assets).toEqual(rowsOf(next));
    store.close();
  });

  it('writes the rows in the list’s transaction: a save that fails leaves none behind', () => {
    const store = factory.open('demo');
    const list = makeSnapshot(3, T0);
    // The last asset cannot be stored (JSON has no BigInt) after the others' rows were written.
    const unstorable = { ...makeAsset(3, T0), category: 10n as unknown as string };
    expect(() => store.saveAssetSnapshot({ ...list, assets: [...list.assets, unstorable] })).toThrow();
    const db = new Database(file(), { readonly: true });
    expect(db.prepare('SELECT count(*) FROM snapshot_rows').pluck().get()).toBe(0);
    db.close();
    store.close();
  });
});
