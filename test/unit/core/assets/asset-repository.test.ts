// Tests for src-main/core/assets/asset-repository.ts: one profile's asset list, read from the store once.
import { describe, expect, it } from 'vitest';
import type { AssetSnapshot } from '../../../../src-main/contract';
import { AssetRepository, type SavedAssetList } from '../../../../src-main/core/assets/asset-repository';
import { LINK_CASES, linkSnapshot } from '../../../fixtures/equipment-links';

/** A saved list that counts its reads; `fail` makes the next reads throw. */
function savedList(snapshot: AssetSnapshot | null): SavedAssetList & { reads: number; fail: boolean } {
  return {
    reads: 0,
    fail: false,
    loadAssetSnapshot() {
      this.reads += 1;
      if (this.fail) throw new Error('disk unreadable');
      return snapshot ? structuredClone(snapshot) : null;
    },
  };
}

const fresh = (ids: string[], serials: Record<string, string> = {}, profileId = 'demo'): AssetSnapshot => ({
  profileId,
  assets: ids.map((assetId) => ({ assetId, type: 'thing', name: `Name of ${assetId}`, serialNumber: serials[assetId], embedUrl: null, metrics: null, lastUpdate: null, issues: [] })),
  skipped: [],
  fetchedAt: '2026-03-02T00:00:00.000Z',
  source: 'network',
});

describe('AssetRepository', () => {
  it('reads the saved list at the first ask only, whatever is asked after', () => {
    const saved = savedList(linkSnapshot());
    const repo = new AssetRepository('demo', saved);
    expect(saved.reads).toBe(0);
    expect(repo.snapshot()?.assets).toHaveLength(7);
    repo.snapshot();
    repo.asset('thing:1');
    repo.linkedAssetId({ serialNumber: 'SER-1', vin: null });
    expect(saved.reads).toBe(1);
  });

  it('remembers that nothing is saved, without reading again', () => {
    const saved = savedList(null);
    const repo = new AssetRepository('demo', saved);
    expect(repo.snapshot()).toBeNull();
    expect(repo.asset('thing:1')).toBeUndefined();
    expect(repo.linkedAssetId({ serialNumber: 'SER-1', vin: null })).toBeNull();
    expect(saved.reads).toBe(1);
  });

  it('passes a failed read on and tries again at the next ask', () => {
    const saved = savedList(linkSnapshot());
    saved.fail = true;
    const repo = new AssetRepository('demo', saved);
    expect(() => repo.snapshot()).toThrow('disk unreadable');
    saved.fail = false;
    expect(repo.snapshot()?.assets).toHaveLength(7);
    expect(saved.reads).toBe(2);
  });

  it('indexes the list by asset id (the first of repeated ids)', () => {
    const repo = new AssetRepository('demo', savedList(linkSnapshot()));
    expect(repo.asset('thing:3')?.serialNumber).toBe('  Ab-3 ');
    expect(repo.asset('thing:99')).toBeUndefined();
    const twice = fresh(['thing:1', 'thing:1']);
    twice.assets[1].name = 'second';
    repo.replace(twice);
    expect(repo.asset('thing:1')?.name).toBe('Name of thing:1');
  });

  describe('links units by the shared rule (test/fixtures/equipment-links.ts)', () => {
    const repo = new AssetRepository('demo', savedList(linkSnapshot()));
    it.each(LINK_CASES)('$name', ({ unit, linked }) => {
      expect(repo.linkedAssetId(unit)).toBe(linked);
    });
  });

  it('replace puts a fresh list in place, with fresh indexes, and hands back the one it replaced', () => {
    const saved = savedList(linkSnapshot());
    const repo = new AssetRepository('demo', saved);
    const before = repo.snapshot();
    expect(repo.linkedAssetId({ serialNumber: 'SER-1', vin: null })).toBe('thing:1');
    const next = fresh(['thing:1', 'thing:8'], { 'thing:1': 'NEW-1', 'thing:8': 'SER-1' });
    expect(repo.replace(next)).toBe(before);
    expect(repo.snapshot()).toBe(next);
    expect(repo.asset('thing:3')).toBeUndefined();
    expect(repo.asset('thing:8')?.serialNumber).toBe('SER-1');
    expect(repo.linkedAssetId({ serialNumber: 'SER-1', vin: null })).toBe('thing:8');
    expect(repo.linkedAssetId({ serialNumber: 'new-1', vin: null })).toBe('thing:1');
    expect(saved.reads).toBe(1);
  });

  it('a refresh before any ask does not read the store: there is nothing held to compare with', () => {
    const saved = savedList(linkSnapshot());
    const repo = new AssetRepository('demo', saved);
    expect(repo.replace(fresh(['thing:1']))).toBeNull();
    expect(repo.snapshot()?.assets.map((a) => a.assetId)).toEqual(['thing:1']);
    expect(saved.reads).toBe(0);
  });

  it('keeps to its profile: another profile’s list is refused and the held list stays', () => {
    const repo = new AssetRepository('demo', savedList(linkSnapshot()));
    const held = repo.snapshot();
    expect(() => repo.replace(fresh(['thing:1'], {}, 'branch-b'))).toThrow(expect.objectContaining({ kind: 'cancelled' }));
    expect(repo.snapshot()).toBe(held);
  });

  it('does not serve a saved list that names another profile', () => {
    const repo = new AssetRepository('demo', savedList(linkSnapshot('branch-b')));
    expect(repo.snapshot()).toBeNull();
    expect(repo.linkedAssetId({ serialNumber: 'SER-1', vin: null })).toBeNull();
  });

  it('two profiles’ repositories share nothing', () => {
    const a = new AssetRepository('a', savedList(null));
    const b = new AssetRepository('b', savedList(null));
    a.replace(fresh(['thing:1'], { 'thing:1': 'S-1' }, 'a'));
    b.replace(fresh(['thing:2'], { 'thing:2': 'S-1' }, 'b'));
    expect(a.linkedAssetId({ serialNumber: 'S-1', vin: null })).toBe('thing:1');
    expect(b.linkedAssetId({ serialNumber: 'S-1', vin: null })).toBe('thing:2');
    expect(a.asset('thing:2')).toBeUndefined();
  });
});
