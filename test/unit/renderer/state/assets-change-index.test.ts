/**
 * A small change shown by the assets store lists what the whole list would: the store
 * indexes and places only the changed rows (reindex.ts, ListView.after), and the list it
 * shows afterwards equals the plain scan of a freshly built index, under a search, a
 * filter and a sort the dispatcher had on before the change arrived.
 */
import { describe, expect, it } from 'vitest';
import { indexAssets } from '../../../../src-renderer/src/lib/list/assetIndex';
import { plainScan } from '../../../fixtures/list/plain-scan';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { clock } from '../../../../src-renderer/src/state/clock.svelte';
import { session } from '../../../../src-renderer/src/state/session.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { asset, metric, NOW, rowChange, withAssetsStoreOf } from '../fixtures';

const at = (minAgo: number) => new Date(NOW - minAgo * 60_000).toISOString();
const FLEET = Array.from({ length: 40 }, (_, i) =>
  asset(i + 1, { name: `Truck ${(i * 7) % 13}`, category: i % 3 ? 'Trucks' : undefined }, { fuel: metric((i * 11) % 100, at(i * 5)), ignition: metric(i % 2 === 0, at(i * 5)) }),
);

withAssetsStoreOf(FLEET);

function expectListedAsRebuilt(): void {
  const rebuilt = plainScan(indexAssets(assets.snapshot!.assets), ui.query, clock.now, session.settings.staleAfterMin);
  expect(assets.visibleIds).toEqual(rebuilt.rows.map((r) => r.asset.assetId));
  expect([...assets.result.counts].sort()).toEqual([...rebuilt.counts].sort());
  expect(assets.result.searchMatches).toBe(rebuilt.searchMatches);
}

describe('a small change to the shown list', () => {
  it('lists, counts and sorts as a rebuild would, for changed, renamed and removed rows', () => {
    ui.setSearch('truck 1');
    ui.toggleFilter('ignition:on');
    expectListedAsRebuilt();
    const base = assets.snapshot!.fetchedAt;
    const untouched = assets.index[0];
    // Fuel and ignition change; names stay.
    const changed = [
      asset(3, { name: 'Truck 1', category: 'Trucks' }, { fuel: metric(1, at(0)), ignition: metric(true, at(0)) }),
      asset(5, { name: 'Truck 2', category: 'Trucks' }, { fuel: metric(99, at(0)), ignition: metric(true, at(0)) }),
    ];
    assets.applyChange(rowChange({ profileId: 'demo', baseFetchedAt: base, fetchedAt: '2026-11-22T12:00:01Z', changed, removed: [], order: null, skipped: [], source: 'network' }));
    expect(assets.snapshot!.fetchedAt).toBe('2026-11-22T12:00:01Z');
    // Only the changed rows were indexed anew: an unchanged row keeps its entry.
    expect(assets.index[0]).toBe(untouched);
    expectListedAsRebuilt();
    ui.updateList({ sort: 'fuel' });
    expectListedAsRebuilt();
    // One row renamed into the search, one out of it, one removed.
    assets.applyChange(
      rowChange({
        profileId: 'demo',
        baseFetchedAt: '2026-11-22T12:00:01Z',
        fetchedAt: '2026-11-22T12:00:02Z',
        changed: [
          asset(5, { name: 'Truck 12', category: 'Trucks' }, { fuel: metric(3, at(0)), ignition: metric(true, at(0)) }),
          asset(8, { name: 'Loader 1' }, { fuel: metric(50, at(0)), ignition: metric(true, at(0)) }),
        ],
        removed: ['thing:9'],
        order: null,
        skipped: [],
        source: 'network',
      }),
    );
    expect(assets.snapshot!.assets).toHaveLength(39);
    expectListedAsRebuilt();
  });
});

describe('a settings change', () => {
  it('lists nothing anew unless the stale threshold changed', () => {
    const shown = assets.result;
    session.settings = { ...session.settings, refreshIntervalSec: session.settings.refreshIntervalSec + 15 };
    expect(assets.result).toBe(shown);
    session.settings = { ...session.settings, staleAfterMin: session.settings.staleAfterMin + 5 };
    expect(assets.result).not.toBe(shown);
  });
});
