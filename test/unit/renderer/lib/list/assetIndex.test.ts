import { describe, expect, it } from 'vitest';
import { indexAssets, type ListQuery } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { row as asset, metric, NOW } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const old = '2026-11-20T00:00:00Z';
const assets = [
  asset(1, { name: 'Crane Alpha', category: 'Cranes', serialNumber: 'CR-001' }, { ignition: metric(true, fresh), speed: metric(30, fresh), fuel: metric(80, fresh), gps: metric({ lat: 40, lng: -111 }, fresh) }),
  asset(2, { name: 'bulldozer beta', category: 'Dozers', serialNumber: '' }, { ignition: metric(false, fresh), fuel: metric(20, fresh), gps: metric({ lat: 41, lng: -112 }, fresh) }),
  asset(3, { name: 'Crane Gamma', category: 'Cranes', serialNumber: 'XQ-77' }, { ignition: metric(false, old), fuel: metric(55, old) }),
  asset(4, { assetId: 'area:9', type: 'area', name: 'Yard', category: undefined, serialNumber: undefined }, null),
];
const index = indexAssets(assets);
const list = (patch: Partial<ListQuery> = {}): ListQuery => ({ search: '', filters: [], sort: 'name', descending: false, columns: [], ...patch });
const ids = (l: Partial<ListQuery>) => new ListView(index).apply(list(l), NOW, 60).rows.map((r) => r.asset.assetId);

describe('search', () => {
  it('matches name, asset id, serial number and category, case-insensitive, all words', () => {
    expect(ids({ search: 'CRANE' })).toEqual(['thing:1', 'thing:3']);
    expect(ids({ search: 'area:9' })).toEqual(['area:9']);
    expect(ids({ search: 'xq-77' })).toEqual(['thing:3']);
    expect(ids({ search: 'dozers' })).toEqual(['thing:2']);
    expect(ids({ search: 'crane gamma' })).toEqual(['thing:3']);
    expect(ids({ search: 'nothing-like-this' })).toEqual([]);
  });
});

describe('filters with counts', () => {
  it('counts every filter over the search matches in one pass', () => {
    const r = new ListView(index).apply(list(), NOW, 60);
    expect(Object.fromEntries(r.counts)).toEqual({
      'type:thing': 3,
      'type:area': 1,
      'category:Cranes': 2,
      'category:Dozers': 1,
      'ignition:on': 1,
      'ignition:off': 2,
      moving: 1,
      'no-gps': 2,
      stale: 2,
    });
    expect(r.categories).toEqual(['Cranes', 'Dozers']);
  });

  it('counts follow the search', () => {
    const r = new ListView(index).apply(list({ search: 'crane' }), NOW, 60);
    expect(r.counts.get('category:Cranes')).toBe(2);
    expect(r.counts.get('type:area')).toBeUndefined();
  });

  it('filters in one group are OR-ed, groups AND-ed', () => {
    expect(ids({ filters: ['ignition:on', 'ignition:off'] })).toEqual(['thing:2', 'thing:1', 'thing:3']);
    expect(ids({ filters: ['ignition:off', 'stale'] })).toEqual(['thing:3']);
    expect(ids({ filters: ['type:area'] })).toEqual(['area:9']);
    expect(ids({ filters: ['moving'] })).toEqual(['thing:1']);
    expect(ids({ filters: ['no-gps'] })).toEqual(['thing:3', 'area:9']);
  });

  it('stale follows the threshold', () => {
    expect(new ListView(index).apply(list({ filters: ['stale'] }), NOW, 60 * 24 * 7).rows.map((r) => r.asset.assetId)).toEqual(['area:9']);
  });
});

describe('sort', () => {
  it('by name ascending/descending, case-insensitive', () => {
    expect(ids({})).toEqual(['thing:2', 'thing:1', 'thing:3', 'area:9']);
    expect(ids({ descending: true })).toEqual(['area:9', 'thing:3', 'thing:1', 'thing:2']);
  });

  it('by fuel; assets without a reading go last in both directions', () => {
    expect(ids({ sort: 'fuel' })).toEqual(['thing:2', 'thing:3', 'thing:1', 'area:9']);
    expect(ids({ sort: 'fuel', descending: true })).toEqual(['thing:1', 'thing:3', 'thing:2', 'area:9']);
  });

  it('by last update and by category', () => {
    expect(ids({ sort: 'lastUpdate', descending: true })).toEqual(['thing:2', 'thing:1', 'thing:3', 'area:9']);
    expect(ids({ sort: 'category' })).toEqual(['thing:1', 'thing:3', 'thing:2', 'area:9']);
  });

  it('by the new columns: asset id in natural order, serial, odometer and position age (youngest first)', () => {
    const idx = indexAssets([
      asset(10, { serialNumber: 'b' }, { odometer: metric(5, fresh), gps: metric({ lat: 1, lng: 1 }, '2026-11-22T10:00:00Z') }),
      asset(9, { serialNumber: 'a' }, { odometer: metric(7, fresh), gps: metric({ lat: 1, lng: 1 }, '2026-11-22T11:00:00Z') }),
      asset(2, { assetId: 'area:2', type: 'area', serialNumber: undefined }, null),
    ]);
    const by = (l: Partial<ListQuery>) => new ListView(idx).apply(list(l), NOW, 60).rows.map((r) => r.asset.assetId);
    expect(by({ sort: 'id' })).toEqual(['area:2', 'thing:9', 'thing:10']);
    expect(by({ sort: 'id', descending: true })).toEqual(['thing:10', 'thing:9', 'area:2']);
    expect(by({ sort: 'serial' })).toEqual(['thing:9', 'thing:10', 'area:2']);
    expect(by({ sort: 'odometer', descending: true })).toEqual(['thing:9', 'thing:10', 'area:2']);
    expect(by({ sort: 'positionAge' })).toEqual(['thing:9', 'thing:10', 'area:2']);
  });

  it('handles 10,000 assets', () => {
    const many = indexAssets(Array.from({ length: 10_000 }, (_, i) => asset(i, { name: `Unit ${String(i).padStart(5, '0')}` }, { fuel: metric(i % 101) })));
    const r = new ListView(many).apply(list({ search: 'sn-9', sort: 'fuel', descending: true }), NOW, 60);
    expect(r.rows.length).toBe(1111);
    expect(r.rows[0].fuel).toBe(100);
  });
});

describe('natural name order', () => {
  it('sorts numbers inside names by value', () => {
    const idx = indexAssets([asset(1, { name: 'Yard 725' }), asset(2, { name: 'Yard 75' }), asset(3, { name: 'yard 8' })]);
    expect(new ListView(idx).apply(list(), NOW, 60).rows.map((r) => r.asset.name)).toEqual(['yard 8', 'Yard 75', 'Yard 725']);
  });
});
