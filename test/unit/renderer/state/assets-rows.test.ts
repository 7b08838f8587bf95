/**
 * The renderer holds rows (contract AssetRow), never full records: what the list's search,
 * filters and the map's markers make of a list that arrives over the bridge.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { markerState } from '../../../../src-renderer/src/lib/map/markers';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { asset, FakeBridge, metric, NOW, resetStores, snapshot } from '../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const FLEET = [
  asset(1, { name: 'Moving truck', serialNumber: 'CAT-0001' }, { 'in-motion': metric(true, fresh), ignition: metric(true, fresh), gps: metric({ lat: 40, lng: -111 }, fresh) }),
  asset(2, { name: 'Parked on', category: 'Loaders' }, { ignition: metric(true, fresh), speed: metric(0, fresh), gps: metric({ lat: 41, lng: -112 }, fresh) }),
  asset(3, { name: 'Parked off' }, { ignition: metric(false, fresh) }),
  asset(4, { name: 'Silent' }, { ignition: metric(true, '2026-11-22T08:00:00Z') }),
  asset(5, { name: 'Flagged', issues: [{ metric: 'fuel', path: '$[4].metrics.fuel.value', message: 'fuel 140 %' }] }, { fuel: metric(140, fresh) }),
  asset(6, { name: 'Speeding', serialNumber: 'XYZ-9' }, { speed: metric(55, fresh) }),
];

let bridge: FakeBridge;
beforeEach(async () => {
  bridge = new FakeBridge().handle('assets:get', () => snapshot(FLEET));
  setBridge(bridge);
  resetStores(() => NOW);
  await assets.init();
});
afterEach(() => {
  setBridge(null);
  resetStores(() => NOW);
});

describe('the assets store holds rows', () => {
  it('keeps no metrics, provenance or embed URLs in memory', () => {
    expect(assets.snapshot?.assets).toHaveLength(6);
    for (const row of assets.snapshot!.assets) {
      expect(row).not.toHaveProperty('metrics');
      expect(row).not.toHaveProperty('embedUrl');
    }
    expect(JSON.stringify(assets.snapshot)).not.toContain('telematics'); // the metrics' source
  });

  it('counts and applies the filters from the row fields', () => {
    const counts = assets.result.counts;
    expect(counts.get('moving')).toBe(2); // in motion, or a speed above 0
    expect(counts.get('ignition:on')).toBe(3);
    expect(counts.get('ignition:off')).toBe(1);
    expect(counts.get('stale')).toBe(1);
    expect(counts.get('issues')).toBe(1);
    expect(counts.get('no-gps')).toBe(4);
    expect(counts.get('category:Loaders')).toBe(1);
    ui.toggleFilter('moving');
    expect(assets.visibleIds).toEqual(['thing:1', 'thing:6']);
  });

  it('searches names, ids, serial numbers and categories', () => {
    ui.setSearch('xyz-9');
    expect(assets.visibleIds).toEqual(['thing:6']);
    ui.setSearch('loaders');
    expect(assets.visibleIds).toEqual(['thing:2']);
    ui.setSearch('thing:3');
    expect(assets.visibleIds).toEqual(['thing:3']);
  });

  it('gives each marker its state from the row', () => {
    const state = (id: string) => markerState(assets.byId.get(id)!, NOW, 60);
    expect(['thing:1', 'thing:2', 'thing:3', 'thing:4', 'thing:5', 'thing:6'].map(state)).toEqual(['moving', 'on', 'off', 'stale', 'issue', 'moving']);
  });
});
