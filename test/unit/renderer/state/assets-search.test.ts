/**
 * The store's list while the dispatcher types and refreshes arrive: after every step it is
 * what the plain scan (test/fixtures/list/plain-scan.ts) makes of the snapshot shown then, so nothing a search
 * remembered from an earlier snapshot (its matches, its sort order) outlives a refresh.
 */
import { describe, expect, it } from 'vitest';
import { indexAssets } from '../../../../src-renderer/src/lib/list/assetIndex';
import { plainScan } from '../../../fixtures/list/plain-scan';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { clock } from '../../../../src-renderer/src/state/clock.svelte';
import { session } from '../../../../src-renderer/src/state/session.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { asset, metric, rowChange, withAssetsStoreOf } from '../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const FLEET = [
  asset(1, { name: 'Truck 12', category: 'Haulers' }, { fuel: metric(10, fresh) }),
  asset(2, { name: 'Truck 1', category: 'Haulers' }, { fuel: metric(90, fresh) }),
  asset(3, { name: 'Crane 7', category: 'Cranes' }, { fuel: metric(50, fresh) }),
  asset(4, { name: 'Truck 30', category: 'Haulers' }, null),
  asset(5, { name: 'Loader 12', category: 'Loaders' }, { ignition: metric(true, fresh) }),
];

/** The store's list equals the plain scan of the snapshot it shows. */
function expectPlain(): void {
  const plain = plainScan(indexAssets(assets.snapshot!.assets), ui.query, clock.now, session.settings.staleAfterMin);
  expect(assets.visibleIds, JSON.stringify(ui.query.search)).toEqual(plain.rows.map((r) => r.asset.assetId));
  expect([...assets.result.counts].sort()).toEqual([...plain.counts].sort());
  expect(assets.result.searchMatches).toBe(plain.searchMatches);
  expect(assets.result.categories).toEqual(plain.categories);
}

withAssetsStoreOf(FLEET);

describe('the list while typing and refreshing', () => {
  it('shows an asset a refresh renamed into the search, and drops one renamed out of it', () => {
    for (const text of ['t', 'tr', 'truck', 'truck 1']) {
      ui.setSearch(text);
      expectPlain();
    }
    expect(assets.visibleIds).toEqual(['thing:2', 'thing:1']);
    assets.applyChange(
      rowChange({
        profileId: 'demo',
        baseFetchedAt: assets.snapshot!.fetchedAt,
        fetchedAt: '2026-11-22T12:00:00Z',
        changed: [asset(3, { name: 'Truck 17', category: 'Cranes' }, { fuel: metric(50, fresh) }), asset(1, { name: 'Tipper 12', category: 'Haulers' }, { fuel: metric(10, fresh) })],
        removed: [],
        order: null,
        skipped: [],
        source: 'network',
      }),
    );
    expectPlain();
    expect(assets.visibleIds).toEqual(['thing:2', 'thing:3']);
    for (const text of ['truck 12', 'truck 1', 'truck', '12', '']) {
      ui.setSearch(text);
      expectPlain();
    }
  });

  it('drops a removed asset from a remembered search and keeps the sort across the refresh', () => {
    ui.updateList({ sort: 'fuel', descending: true }, 60_000);
    ui.setSearch('truck');
    expectPlain();
    ui.setSearch('truck 1');
    expectPlain();
    assets.applyChange(rowChange({ profileId: 'demo', baseFetchedAt: assets.snapshot!.fetchedAt, fetchedAt: '2026-11-22T12:00:00Z', changed: [], removed: ['thing:2'], order: ['thing:1', 'thing:3', 'thing:4', 'thing:5'], skipped: [], source: 'network' }));
    expectPlain();
    expect(assets.visibleIds).toEqual(['thing:1']);
    ui.setSearch('truck');
    expectPlain();
    expect(assets.visibleIds).toEqual(['thing:1', 'thing:4']);
  });

  it('answers "is it listed" for the list shown now', () => {
    ui.setSearch('truck 1');
    expect(['thing:1', 'thing:2', 'thing:3'].map((id) => assets.visibleSet.has(id))).toEqual([true, true, false]);
    ui.setSearch('crane');
    expect(['thing:1', 'thing:2', 'thing:3'].map((id) => assets.visibleSet.has(id))).toEqual([false, false, true]);
  });
});
