/**
 * The list's site facts: made once per announcement of the sites, they give the Site
 * column, the search by site name, the sort by site and by days on site, and the site
 * chips with faceted counts; the list view agrees with a plain scan of the whole index
 * whatever the sites, and a view keeps no sort order or search of the sites before.
 */
import { describe, expect, it } from 'vitest';
import type { SitePresence } from '../../../../../src-main/contract';
import { indexAssets, type IndexedAsset, type ListQuery, type ListResult } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { NO_POSITION_FILTER, NOT_ON_SITE_FILTER, NO_SITES, SiteLayer, siteCountsOf, siteFilterId } from '../../../../../src-renderer/src/lib/list/siteLayer';
import { reindexAssets } from '../../../../../src-renderer/src/lib/list/reindex';
import { plainScan } from '../../../../fixtures/list/plain-scan';
import { off, on, site } from '../../../../fixtures/sites/sites';
import { row, metric, NOW } from '../../fixtures';

const HOUR = 3_600_000;
const north = site(1, 'North yard');
const south = site(2, 'South yard', { kind: 'job' });
const gps = metric({ lat: 40.6, lng: -111.9 });

/** Truck 1, 2 on North yard, Truck 3 on South yard, Truck 4 off every site near Sandy, Truck 5 off every site with no place, Truck 6 with no position. */
function fleet() {
  return [
    row(1, { name: 'Excavator 1' }, { gps, ignition: metric(true) }),
    row(2, { name: 'Loader 2' }, { gps, ignition: metric(false) }),
    row(3, { name: 'Loader 3' }, { gps, ignition: metric(true) }),
    row(4, { name: 'Truck 4' }, { gps, ignition: metric(true) }),
    row(5, { name: 'Truck 5' }, { gps }),
    row(6, { name: 'Truck 6' }, { ignition: metric(true) }),
  ];
}

const PRESENCE: Record<string, SitePresence> = {
  'thing:1': on(north, NOW - 3 * 24 * HOUR),
  'thing:2': on(north, NOW - 5 * HOUR, true),
  'thing:3': on(south, NOW - 30 * 24 * HOUR),
  'thing:4': off('6 km NE of Sandy, UT'),
  'thing:5': off(null),
};

const query = (patch: Partial<ListQuery> = {}): ListQuery => ({ search: '', filters: [], sort: 'name', descending: false, columns: [], ...patch });
const names = (result: ListResult) => result.rows.map((r) => r.asset.name);

function expectSame(view: ListView, index: IndexedAsset[], q: ListQuery, sites: SiteLayer): ListResult {
  const fast = view.apply(q, NOW, 60);
  const plain = plainScan(index, q, NOW, 60, sites);
  expect(fast.rows.map((r) => r.position), JSON.stringify(q)).toEqual(plain.rows.map((r) => r.position));
  expect([...fast.counts].sort(), JSON.stringify(q)).toEqual([...plain.counts].sort());
  expect(fast.searchMatches).toBe(plain.searchMatches);
  return fast;
}

describe('SiteLayer', () => {
  const index = indexAssets(fleet());
  const sites = new SiteLayer([north, south], PRESENCE);

  it("gives each machine its site, the place in words when on none, and 'no position' for one without a position", () => {
    const [one, two, , four, five, six] = index.map((r) => sites.factOf(r));
    expect(one).toMatchObject({ site: north, since: NOW - 3 * 24 * HOUR, sinceAtLeast: false, filterId: siteFilterId(north.id), positioned: true });
    expect(two).toMatchObject({ site: north, sinceAtLeast: true });
    expect(four).toMatchObject({ site: null, place: '6 km NE of Sandy, UT', since: null, filterId: NOT_ON_SITE_FILTER, positioned: true });
    expect(five).toMatchObject({ site: null, place: null, filterId: NOT_ON_SITE_FILTER, positioned: true });
    expect(six).toMatchObject({ site: null, place: null, filterId: NO_POSITION_FILTER, positioned: false });
  });

  it('a machine with a position the core has not placed yet is not on a site', () => {
    const fresh = indexAssets([row(9, {}, { gps })]);
    expect(sites.factOf(fresh[0])).toMatchObject({ site: null, filterId: NOT_ON_SITE_FILTER, positioned: true });
  });

  it('a presence naming a site the branch no longer has is read as on no site', () => {
    const layer = new SiteLayer([south], PRESENCE);
    expect(layer.factOf(index[0])).toMatchObject({ site: null, filterId: NOT_ON_SITE_FILTER });
  });

  it('without sites no machine has a site chip, so the list counts and filters as before', () => {
    const layer = new SiteLayer([], PRESENCE);
    expect(layer.factOf(index[3])).toMatchObject({ place: '6 km NE of Sandy, UT', filterId: null });
    const result = expectSame(new ListView(index, layer), index, query(), layer);
    expect([...result.counts.keys()].filter((id) => id.startsWith('site:'))).toEqual([]);
  });

  it('finds the machines on a site by its name, alone or with other words', () => {
    const view = new ListView(index, sites);
    expect(names(expectSame(view, index, query({ search: 'north' }), sites))).toEqual(['Excavator 1', 'Loader 2']);
    expect(names(expectSame(view, index, query({ search: 'loader NORTH' }), sites))).toEqual(['Loader 2']);
    expect(names(expectSame(view, index, query({ search: 'yard' }), sites))).toEqual(['Excavator 1', 'Loader 2', 'Loader 3']);
    // Place words are not a site: a search for them finds nothing.
    expect(names(expectSame(view, index, query({ search: 'sandy' }), sites))).toEqual([]);
  });

  it("finds machines by the dispatchers' notes on them, with their site and alone", () => {
    const noted = new SiteLayer([north, south], PRESENCE, [
      { assetId: 'thing:3', text: 'Hydraulic LEAK reported' },
      { assetId: 'thing:6', text: 'At the body shop' },
      { assetId: 'thing:5', text: '' },
    ]);
    const view = new ListView(index, noted);
    expect(names(view.apply(query({ search: 'leak' }), NOW, 60))).toEqual(['Loader 3']);
    expect(names(view.apply(query({ search: 'south leak' }), NOW, 60))).toEqual(['Loader 3']);
    expect(names(view.apply(query({ search: 'body shop' }), NOW, 60))).toEqual(['Truck 6']);
    // Without the notes the same words find nothing.
    expect(names(new ListView(index, sites).apply(query({ search: 'leak' }), NOW, 60))).toEqual([]);
  });

  it('sorts by site: machines on sites by site name, then places in words, then the blank ones last either way', () => {
    const view = new ListView(index, sites);
    expect(names(expectSame(view, index, query({ sort: 'site' }), sites))).toEqual(['Excavator 1', 'Loader 2', 'Loader 3', 'Truck 4', 'Truck 5', 'Truck 6']);
    expect(names(expectSame(view, index, query({ sort: 'site', descending: true }), sites))).toEqual(['Truck 4', 'Loader 3', 'Excavator 1', 'Loader 2', 'Truck 5', 'Truck 6']);
  });

  it('sorts by days on site: fewest first, those on no site last', () => {
    const view = new ListView(index, sites);
    expect(names(expectSame(view, index, query({ sort: 'siteSince' }), sites))).toEqual(['Loader 2', 'Excavator 1', 'Loader 3', 'Truck 4', 'Truck 5', 'Truck 6']);
    expect(names(expectSame(view, index, query({ sort: 'siteSince', descending: true }), sites))).toEqual(['Loader 3', 'Excavator 1', 'Loader 2', 'Truck 4', 'Truck 5', 'Truck 6']);
  });

  it('counts each site chip with the other active filters, "Not on a site" and "No position" included', () => {
    const view = new ListView(index, sites);
    const all = expectSame(view, index, query(), sites);
    expect(all.counts.get(siteFilterId(north.id))).toBe(2);
    expect(all.counts.get(siteFilterId(south.id))).toBe(1);
    expect(all.counts.get(NOT_ON_SITE_FILTER)).toBe(2);
    expect(all.counts.get(NO_POSITION_FILTER)).toBe(1);
    // Ignition on leaves one machine on North yard, one off every site.
    const ignitionOn = expectSame(view, index, query({ filters: ['ignition:on'] }), sites);
    expect(ignitionOn.counts.get(siteFilterId(north.id))).toBe(1);
    expect(ignitionOn.counts.get(NOT_ON_SITE_FILTER)).toBe(1);
    expect(ignitionOn.counts.get(NO_POSITION_FILTER)).toBe(1);
    // Two site chips are OR-ed; each still counts as if the other were not picked.
    const picked = expectSame(view, index, query({ filters: [siteFilterId(north.id), NOT_ON_SITE_FILTER] }), sites);
    expect(names(picked)).toEqual(['Excavator 1', 'Loader 2', 'Truck 4', 'Truck 5']);
    expect(picked.counts.get(siteFilterId(south.id))).toBe(1);
    expect(picked.counts.get('ignition:on')).toBe(2);
  });

  it('a view for new sites sorts, searches and counts by them, not by the sites of the view it came from', () => {
    const before = new ListView(index, sites);
    before.apply(query({ sort: 'site' }), NOW, 60);
    before.apply(query({ search: 'north' }), NOW, 60);
    before.apply(query({ filters: [siteFilterId(north.id)] }), NOW, 60);
    // Excavator 1 drove from North yard to South yard.
    const moved = new SiteLayer([north, south], { ...PRESENCE, 'thing:1': on(south, NOW - HOUR) });
    const after = before.withSites(moved);
    expect(names(expectSame(after, index, query({ sort: 'site' }), moved))).toEqual(['Loader 2', 'Excavator 1', 'Loader 3', 'Truck 4', 'Truck 5', 'Truck 6']);
    expect(names(expectSame(after, index, query({ search: 'north' }), moved))).toEqual(['Loader 2']);
    expect(names(expectSame(after, index, query({ filters: [siteFilterId(north.id)] }), moved))).toEqual(['Loader 2']);
    expect(before.withSites(sites)).toBe(before);
  });

  it('a view after a refresh keeps its sites: a changed row is searched and filtered by its site', () => {
    const rows = fleet();
    const view = new ListView(indexAssets(rows), sites);
    view.apply(query({ search: 'north' }), NOW, 60);
    view.apply(query({ filters: [siteFilterId(north.id)] }), NOW, 60);
    const next = [...rows];
    next[1] = row(2, { name: 'Loader 2' }, { gps, ignition: metric(true) });
    const { index: changed, delta } = reindexAssets(indexAssets(rows), next);
    expect(delta).not.toBeNull();
    const after = view.after(changed, delta!);
    expect(names(expectSame(after, changed, query({ search: 'north' }), sites))).toEqual(['Excavator 1', 'Loader 2']);
    expect(names(expectSame(after, changed, query({ filters: [siteFilterId(north.id)] }), sites))).toEqual(['Excavator 1', 'Loader 2']);
  });

  it('the empty layer places no machine', () => {
    expect(NO_SITES.factOf(index[0])).toMatchObject({ site: null, filterId: null, positioned: true });
    expect(NO_SITES.factOf(index[5])).toMatchObject({ site: null, filterId: null, positioned: false });
  });
});

describe('siteCountsOf', () => {
  it('says how many of a selection are on each site (most first), on none and without a position', () => {
    const index = indexAssets(fleet());
    const counts = siteCountsOf(index, new SiteLayer([north, south], PRESENCE));
    expect(counts.map((c) => [c.label, c.count])).toEqual([
      ['North yard', 2],
      ['South yard', 1],
      ['not on a site', 2],
      ['without a position', 1],
    ]);
    expect(counts[0].site).toBe(north);
  });
});
