// Tests for src-main/core/assets/asset-repository.ts at a cold start: the rows the offline
// store keeps are shown without reading the full records, which are read at the first ask.
import { describe, expect, it } from 'vitest';
import type { AssetSnapshot } from '../../../../src-main/contract';
import { AssetRepository, type SavedAssetList } from '../../../../src-main/core/assets/asset-repository';
import { assetRow } from '../../../../src-main/core/assets/asset-row';
import type { StoredAssetRows } from '../../../../src-main/core/ports';
import { makeAsset, makeSnapshot } from '../../../fixtures/store/make-assets';

const T0 = new Date('2026-03-01T10:00:00Z');
const T1 = new Date('2026-03-01T10:05:00Z');

const cached = (snapshot: AssetSnapshot): AssetSnapshot => ({ ...snapshot, source: 'cache' });
const rowsOf = (snapshot: AssetSnapshot): StoredAssetRows['snapshot'] => ({ ...cached(snapshot), assets: snapshot.assets.map((a) => assetRow(a)) });

interface FakeStore extends SavedAssetList {
  fullReads: number;
  rowReads: number;
}

/** A store holding `full` at `revision`, whose rows answer `rows` (null: unusable; 'throw': the read fails). */
function store(full: AssetSnapshot | null, revision: number, rows: StoredAssetRows | null | 'throw'): FakeStore {
  return {
    fullReads: 0,
    rowReads: 0,
    loadAssetSnapshot() {
      this.fullReads += 1;
      return full ? structuredClone(cached(full)) : null;
    },
    loadAssetRows() {
      this.rowReads += 1;
      if (rows === 'throw') throw new Error('disk unreadable');
      return rows ? structuredClone(rows) : null;
    },
    loadedRevision() {
      return this.fullReads > 0 && full ? revision : null;
    },
  };
}

describe('AssetRepository at a cold start', () => {
  const list = makeSnapshot(5, T0);

  it('shows the stored rows without reading the full records, and the same rows the full path builds', () => {
    const saved = store(list, 4, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    const rows = repo.rows();
    expect(rows).toEqual(rowsOf(list));
    expect(repo.rows()).toEqual(rows);
    expect(saved).toMatchObject({ rowReads: 1, fullReads: 0 });

    // The full path, from the records alone, gives the same rows.
    const fullOnly = new AssetRepository('demo', store(list, 4, null));
    expect(fullOnly.rows()).toEqual(rows);
  });

  it('reads the full list once at the first ask for a record, keeping the rows it read for that revision', () => {
    const saved = store(list, 4, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    const shown = repo.rows()!;
    expect(repo.asset('thing:3')?.name).toBe('Excavator 3');
    expect(repo.snapshot()?.assets).toHaveLength(5);
    expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
    // The rows already read are the ones served (not built again from the records).
    const after = repo.rows()!;
    expect(after.assets[2]).toBe(shown.assets[2]);
    expect(repo.rowOf(repo.asset('thing:3')!)).toBe(shown.assets[2]);
    expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
  });

  it('builds rows from the full list when another store wrote it after the rows were read', () => {
    const newer: AssetSnapshot = { ...list, assets: list.assets.map((a, i) => (i === 1 ? makeAsset(1, T1) : a)), fetchedAt: T1.toISOString() };
    // The rows were read at revision 4; the full read finds revision 5 (another writer).
    const saved = store(newer, 5, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    expect(repo.rows()?.assets[1].updatedAt).toBe(T0.getTime());
    repo.snapshot();
    expect(repo.rows()).toEqual(rowsOf(newer));
    expect(repo.rows()?.assets[1].updatedAt).toBe(T1.getTime());
  });

  it('falls back to the full list when the rows cannot be used or cannot be read', () => {
    for (const rows of [null, 'throw'] as const) {
      const saved = store(list, 4, rows);
      const repo = new AssetRepository('demo', saved);
      expect(repo.rows()).toEqual(rowsOf(list));
      expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
      repo.rows();
      repo.asset('thing:1');
      expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
    }
  });

  it('ignores stored rows of another profile', () => {
    const other = { ...list, profileId: 'other' };
    const saved = store(null, 1, { snapshot: rowsOf(other), revision: 1 });
    const repo = new AssetRepository('demo', saved);
    expect(repo.rows()).toBeNull();
  });

  it('compares a refresh with the full list the shown rows stand for, read once', () => {
    const saved = store(list, 4, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    repo.rows();
    const next: AssetSnapshot = { ...list, assets: list.assets.map((a, i) => (i === 0 ? makeAsset(0, T1) : a)), fetchedAt: T1.toISOString() };
    const previous = repo.replace(next);
    expect(previous).toEqual(cached(list));
    expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
    expect(repo.rows()).toEqual({ ...rowsOf(next), source: 'network' });
    repo.replace({ ...next, fetchedAt: '2026-03-01T10:10:00.000Z' });
    expect(saved).toMatchObject({ rowReads: 1, fullReads: 1 });
  });

  it('never shows stored rows over a refresh’s list held in memory', () => {
    const saved = store(list, 4, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    const next: AssetSnapshot = { ...list, fetchedAt: T1.toISOString() };
    expect(repo.replace(next)).toBeNull(); // nothing shown yet: nothing to compare with
    expect(repo.rows()?.fetchedAt).toBe(next.fetchedAt);
    expect(saved).toMatchObject({ rowReads: 0, fullReads: 0 });
  });

  it('tells its listener the stored list when it is read, not a refresh’s list', () => {
    const saved = store(list, 4, { snapshot: rowsOf(list), revision: 4 });
    const repo = new AssetRepository('demo', saved);
    const told: (AssetSnapshot | null)[] = [];
    repo.rows();
    repo.onStoredList((snapshot) => told.push(snapshot));
    expect(told).toEqual([]); // rows only so far
    repo.replace({ ...list, fetchedAt: T1.toISOString() });
    expect(told).toEqual([cached(list)]);
    repo.onStoredList((snapshot) => told.push(snapshot));
    expect(told).toHaveLength(1); // the list held now is the refresh's

    const already = new AssetRepository('demo', store(list, 4, null));
    already.rows(); // the full path
    const late: (AssetSnapshot | null)[] = [];
    already.onStoredList((snapshot) => late.push(snapshot));
    expect(late).toEqual([cached(list)]);
  });
});
