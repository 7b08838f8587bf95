/**
 * The map's shortcuts on a refresh must show what a fresh build shows: the cluster index
 * kept when no shown asset moved (`samePlaces`), the points reused for unchanged rows,
 * and `sameAssets`' fast path for the same rows in the same order.
 */
import { describe, expect, it } from 'vitest';
import type { AssetRow, SortKey } from '@contract';
import { indexAssets } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { buildClusterIndex, inIndexOrder, samePlaces, sameAssets, visibleItems } from '../../../../../src-renderer/src/lib/map/markers';
import { row, metric, NOW } from '../../fixtures';

const WORLD = { west: -180, south: -85, east: 180, north: 85 };

/** 60 assets in three tight groups (clustered until zoomed in), plus one without a position. */
function fleet(): AssetRow[] {
  const rows = Array.from({ length: 60 }, (_, i) => {
    const group = i % 3;
    return row(i, {}, { gps: metric({ lat: 40 + group * 2 + (i % 7) * 0.002, lng: -111 + group * 3 + (i % 5) * 0.002 }), ignition: metric(i % 2 === 0) });
  });
  return [...rows, row(99, {}, { ignition: metric(true) })];
}

/** What the map would draw at every zoom level. */
function everyZoom(rows: readonly AssetRow[], index = buildClusterIndex(rows)) {
  return Array.from({ length: 19 }, (_, zoom) => visibleItems(index, WORLD, zoom));
}

/** `rows` with row `i` replaced by a new object (as a refresh sends it), changed by `patch`. */
function replaced(rows: readonly AssetRow[], i: number, patch: Partial<AssetRow>): AssetRow[] {
  return rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
}

describe('samePlaces', () => {
  const rows = fleet();

  it('holds for new row objects with the same ids, positions and order (a state change)', () => {
    const next = replaced(replaced(rows, 3, { ignition: !rows[3].ignition }), 60, { ignition: false });
    expect(next[3]).not.toBe(rows[3]);
    expect(samePlaces(rows, next)).toBe(true);
  });

  it('fails when an asset moved, lost or gained a position, left, came, or the order changed', () => {
    expect(samePlaces(rows, replaced(rows, 5, { lat: rows[5].lat! + 0.0001 }))).toBe(false);
    expect(samePlaces(rows, replaced(rows, 5, { lng: rows[5].lng! - 0.0001 }))).toBe(false);
    expect(samePlaces(rows, replaced(rows, 5, { lat: null }))).toBe(false);
    expect(samePlaces(rows, replaced(rows, 60, { lat: 1, lng: 2 }))).toBe(false);
    expect(samePlaces(rows, rows.slice(1))).toBe(false);
    expect(samePlaces(rows, [...rows, row(100, {}, { gps: metric({ lat: 1, lng: 1 }) })])).toBe(false);
    expect(samePlaces(rows, [rows[1], rows[0], ...rows.slice(2)])).toBe(false);
    expect(samePlaces(rows, replaced(rows, 7, { assetId: 'thing:other' }))).toBe(false);
  });

  it('when it holds, the kept index draws exactly what a new index of the new rows draws, at every zoom', () => {
    const kept = buildClusterIndex(rows);
    const next = replaced(replaced(rows, 0, { ignition: false, name: 'Renamed' }), 31, { issues: [{ metric: 'fuel', path: '$.fuel', message: 'out of range' }] });
    expect(samePlaces(rows, next)).toBe(true);
    expect(everyZoom(next, kept)).toEqual(everyZoom(next));
  });
});

describe('buildClusterIndex on a refresh (points of unchanged rows reused)', () => {
  it('draws a moved asset at its new place, a removed one nowhere, and counts clusters as a fresh build does', () => {
    const rows = fleet();
    buildClusterIndex(rows); // the points of these rows are now remembered
    const moved = replaced(rows, 4, { lat: 10, lng: 20 }).filter((r) => r.assetId !== 'thing:9');
    const fresh = everyZoom(moved.map((r) => ({ ...r }))); // new objects: nothing remembered
    const reused = everyZoom(moved);
    expect(reused).toEqual(fresh);
    const top = reused[18];
    expect(top).toContainEqual({ kind: 'point', assetId: 'thing:4', lat: 10, lng: 20 });
    expect(top.filter((item) => item.kind === 'point' && item.assetId === 'thing:4')).toHaveLength(1);
    expect(top.some((item) => item.kind === 'point' && item.assetId === 'thing:9')).toBe(false);
    expect(reused[3].reduce((n, item) => n + (item.kind === 'cluster' ? item.count : 1), 0)).toBe(59);
  });
});

describe('sameAssets', () => {
  const rows = fleet();

  it('is true for the same rows in the same or another order', () => {
    expect(sameAssets(rows, [...rows])).toBe(true);
    expect(sameAssets(rows, [...rows].reverse())).toBe(true);
  });

  it('is false when one row differs, even after a long equal start', () => {
    expect(sameAssets(rows, replaced(rows, 60, { name: 'new' }))).toBe(false);
    expect(sameAssets(rows, replaced(rows, 0, { name: 'new' }))).toBe(false);
    expect(sameAssets(rows, replaced(rows, 30, { name: 'new' }).reverse())).toBe(false);
  });
});

describe('inIndexOrder', () => {
  it('gives the listed rows in snapshot order, so a re-sort or a refresh under another sort keeps the clusters', () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      row(i + 1, { name: `Unit ${(i * 7) % 30}` }, { gps: metric({ lat: 40 + i / 100, lng: -111 }, `2026-11-22T11:${String(10 + ((i * 13) % 49)).padStart(2, '0')}:00Z`) }),
    );
    const index = indexAssets(rows);
    const query = (sort: SortKey, search = '') => ({ search, filters: [], sort, descending: sort === 'lastUpdate', columns: [] });
    const byName = new ListView(index).apply(query('name'), NOW, 60).rows;
    const byUpdate = new ListView(index).apply(query('lastUpdate'), NOW, 60).rows;
    expect(byName.map((r) => r.position)).not.toEqual(byUpdate.map((r) => r.position));
    expect(inIndexOrder(index, byUpdate)).toEqual(rows);
    expect(sameAssets(inIndexOrder(index, byName), inIndexOrder(index, byUpdate))).toBe(true);
    // A refresh in which one row changes without moving, listed by last update: same places, no re-cluster.
    const next = rows.map((r, i) => (i === 4 ? { ...r, updatedAt: NOW } : r));
    const nextIndex = indexAssets(next);
    const listed = new ListView(nextIndex).apply(query('lastUpdate'), NOW, 60).rows;
    expect(samePlaces(inIndexOrder(index, byUpdate), inIndexOrder(nextIndex, listed))).toBe(true);
    // A search keeps the snapshot order of what it matches.
    const some = new ListView(index).apply(query('lastUpdate', 'unit 1'), NOW, 60).rows;
    const matched = new Set(some.map((r) => r.asset));
    expect(some.length).toBeGreaterThan(1);
    expect(inIndexOrder(index, some)).toEqual(rows.filter((r) => matched.has(r)));
  });
});
