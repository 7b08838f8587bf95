/**
 * The map's arithmetic with exact expected values: which state a mark gets at its
 * edges, how the cluster index groups points (radius 70 px, last clustering level 17),
 * what a viewport box draws (clamped, across the date line, empty), bubble sizes, and
 * the fitBounds padding around overlays (offset maps, ties, scaling, fractional pixels).
 * Expected values are worked out by hand in the comments, not taken from the code.
 */
import { describe, expect, it } from 'vitest';
import {
  buildClusterIndex,
  clusterSize,
  expansionZoom,
  fitPadding,
  markerState,
  sameAssets,
  visibleItems,
  type MapItem,
} from '../../../../../src-renderer/src/lib/map/markers';
import { row as asset, metric, NOW } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const at = (id: number, lat: number, lng: number) => asset(id, {}, { gps: metric({ lat, lng }) });
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

/**
 * Supercluster works on a 512 px tile: two points on the equator `deltaLng` degrees
 * apart are this many pixels apart at `zoom`.
 */
const pixelsApart = (deltaLng: number, zoom: number) => (deltaLng / 360) * 512 * 2 ** zoom;

const ids = (items: MapItem[]) => items.map((i) => (i.kind === 'point' ? i.assetId : `cluster of ${i.count}`)).sort();

describe('markerState at its edges', () => {
  it('marks an asset that never reported as stale even when the stale window reaches back before 1970', () => {
    const never = asset(1, { lastUpdate: null }, { ignition: metric(true) });
    expect(markerState(never, NOW, Number.POSITIVE_INFINITY)).toBe('stale');
  });

  it('reads ignition as unknown when a fresh asset has no ignition metric, or no metrics at all', () => {
    expect(markerState(asset(1, { lastUpdate: fresh }, { fuel: metric(50) }), NOW, 60)).toBe('unknown');
    expect(markerState(asset(2, { lastUpdate: fresh }, null), NOW, 60)).toBe('unknown');
  });
});

describe('cluster index', () => {
  it('skips assets without a usable position and holds GeoJSON point features for the rest', () => {
    const index = buildClusterIndex([at(1, 10, 20), asset(2, {}, null), asset(3, {}, { gps: metric({ lat: 'x', lng: 1 }) }), at(4, -5, 30)]);
    const features = index.getClusters([-180, -85, 180, 85], 18);
    expect(features.sort((a, b) => String(a.properties.assetId).localeCompare(String(b.properties.assetId)))).toEqual([
      { type: 'Feature', properties: { assetId: 'thing:1' }, geometry: { type: 'Point', coordinates: [20, 10] } },
      { type: 'Feature', properties: { assetId: 'thing:4' }, geometry: { type: 'Point', coordinates: [30, -5] } },
    ]);
  });

  it('groups points up to 70 px apart (not the library default of 40) and splits them one level up', () => {
    // 45° on the equator: 64 px at zoom 0 (within 70, beyond 40), 128 px at zoom 1.
    expect(pixelsApart(45, 0)).toBeGreaterThan(40);
    expect(pixelsApart(45, 0)).toBeLessThan(70);
    expect(pixelsApart(45, 1)).toBeGreaterThan(70);
    const index = buildClusterIndex([at(1, 0, 0), at(2, 0, 45)]);
    const low = visibleItems(index, WORLD, 0);
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ kind: 'cluster', count: 2, lat: expect.closeTo(0, 9), lng: expect.closeTo(22.5, 9) });
    if (low[0].kind !== 'cluster') throw new Error('expected a cluster');
    expect(expansionZoom(index, low[0].id)).toBe(1);
    expect(ids(visibleItems(index, WORLD, 1))).toEqual(['thing:1', 'thing:2']);
  });

  it('keeps clustering up to zoom 17 (not the library default of 16) and shows single points from 18', () => {
    // 0.0001° on the equator is about 19 px at zoom 17, well within either radius.
    expect(pixelsApart(0.0001, 17)).toBeLessThan(40);
    const index = buildClusterIndex([at(1, 0, 0), at(2, 0, 0.0001)]);
    const z17 = visibleItems(index, WORLD, 17);
    expect(z17).toMatchObject([{ kind: 'cluster', count: 2 }]);
    if (z17[0].kind !== 'cluster') throw new Error('expected a cluster');
    expect(expansionZoom(index, z17[0].id)).toBe(18);
    expect(ids(visibleItems(index, WORLD, 18))).toEqual(['thing:1', 'thing:2']);
  });
});

describe('visibleItems boxes', () => {
  // A 3 × 3 grid, 50° of latitude and 100° of longitude apart: never clustered at zoom 18.
  const grid = [-50, 0, 50].flatMap((lat, row) => [-100, 0, 100].map((lng, col) => at(row * 3 + col, lat, lng)));

  it('draws only what lies inside the box, on every side', () => {
    const index = buildClusterIndex(grid);
    expect(ids(visibleItems(index, { west: -10, south: -10, east: 10, north: 10 }, 18))).toEqual(['thing:4']);
    expect(ids(visibleItems(index, { west: -10, south: -60, east: 10, north: -40 }, 18))).toEqual(['thing:1']);
  });

  it('draws the whole latitude band for a box given across the date line (west > east)', () => {
    const index = buildClusterIndex([at(1, 0, 0), at(2, 0, 175), at(3, 0, -175), at(4, 60, 0)]);
    expect(ids(visibleItems(index, { west: 170, south: -10, east: -170, north: 10 }, 18))).toEqual(['thing:1', 'thing:2', 'thing:3']);
  });

  it('draws only what lies on the line for a box of no width', () => {
    const index = buildClusterIndex(grid);
    expect(ids(visibleItems(index, { west: 0, south: -10, east: 0, north: 10 }, 18))).toEqual(['thing:4']);
  });
});

describe('clusterSize', () => {
  it('starts at 24 px, adds 6 px per power of ten and stops at 42 px', () => {
    expect(clusterSize(0)).toBe(24); // counted as 1
    expect(clusterSize(1)).toBe(24);
    expect(clusterSize(10)).toBe(30);
    expect(clusterSize(50)).toBe(34); // 24 + 6 × log10(50) = 34.19
    expect(clusterSize(1000)).toBe(42);
    expect(clusterSize(1_000_000)).toBe(42);
  });
});

describe('sameAssets', () => {
  it('says a list is the same as itself', () => {
    const list = [asset(1), asset(2)];
    expect(sameAssets(list, list)).toBe(true);
  });
});

describe('fitPadding arithmetic', () => {
  const map = { left: 0, top: 0, right: 800, bottom: 600 };
  // The same 800 × 600 map placed at (100, 50) on the page.
  const offset = { left: 100, top: 50, right: 900, bottom: 650 };

  it('gives only the margin for a map with no width or no height', () => {
    const overlay = { left: 0, top: 0, right: 50, bottom: 50 };
    const margins = { paddingTopLeft: [12, 12], paddingBottomRight: [12, 12] };
    expect(fitPadding({ left: 0, top: 0, right: 0, bottom: 600 }, [overlay], 12)).toEqual(margins);
    expect(fitPadding({ left: 0, top: 0, right: 800, bottom: 0 }, [overlay], 12)).toEqual(margins);
  });

  it('ignores overlays with no width or no height inside the map', () => {
    const zeroWidth = { left: 400, top: 0, right: 400, bottom: 300 };
    const zeroHeight = { left: 0, top: 200, right: 300, bottom: 200 };
    expect(fitPadding(map, [zeroWidth], 10)).toEqual({ paddingTopLeft: [10, 10], paddingBottomRight: [10, 10] });
    expect(fitPadding(map, [zeroHeight], 10)).toEqual({ paddingTopLeft: [10, 10], paddingBottomRight: [10, 10] });
  });

  it('measures overlays from the map edges when the map is not at the page corner', () => {
    // Toolbar 8 px from the top, 32 px tall: clears 40 px at the top. Zoom buttons at the
    // right edge, 32 px wide, 8 px in: clear 40 px on the right (share 0.05, smaller than
    // 300/600 from the top).
    const toolbar = { left: 400, top: 58, right: 892, bottom: 90 };
    const zoom = { left: 860, top: 150, right: 892, bottom: 350 };
    expect(fitPadding(offset, [toolbar, zoom], 0)).toEqual({ paddingTopLeft: [0, 40], paddingBottomRight: [40, 0] });
  });

  it('picks the side by the share of the map given up, measured from the offset edges', () => {
    // Top costs 180/600 = 0.30, left 280/800 = 0.35: the top strip is cleared.
    expect(fitPadding(offset, [{ left: 100, top: 50, right: 380, bottom: 230 }], 0)).toEqual({ paddingTopLeft: [0, 180], paddingBottomRight: [0, 0] });
    // Left costs 200/800 = 0.25, top 250/600 = 0.42: the left strip is cleared.
    expect(fitPadding(offset, [{ left: 100, top: 50, right: 300, bottom: 300 }], 0)).toEqual({ paddingTopLeft: [200, 0], paddingBottomRight: [0, 0] });
  });

  it('scales an overlay wider or taller than two thirds of an offset map', () => {
    // A panel 600 px wide on the left: room = 800 × 2/3 − 2 × 10 = 513.33, so 600 is
    // scaled to 513 and the margin added.
    expect(fitPadding(offset, [{ left: 100, top: 50, right: 700, bottom: 650 }], 10)).toEqual({ paddingTopLeft: [523, 10], paddingBottomRight: [10, 10] });
    // A banner 500 px tall at the top: room = 600 × 2/3 − 2 × 20 = 360, so the 500 px
    // inset becomes 360, plus the 20 px margin.
    expect(fitPadding(offset, [{ left: 100, top: 50, right: 900, bottom: 550 }], 20)).toEqual({ paddingTopLeft: [20, 380], paddingBottomRight: [20, 20] });
  });

  it('on a tie clears the first side in the order top, bottom, left, right', () => {
    // A centred 200 × 200 overlay on a 600 × 600 map costs 400/600 on every side.
    const square = { left: 0, top: 0, right: 600, bottom: 600 };
    expect(fitPadding(square, [{ left: 200, top: 200, right: 400, bottom: 400 }], 0)).toEqual({ paddingTopLeft: [0, 400], paddingBottomRight: [0, 0] });
  });

  it('scales the top and bottom insets together by the room left', () => {
    // 300 + 300 px against room 600 × 2/3 − 2 × 10 = 380: each becomes 190, plus 10.
    const top = { left: 0, top: 0, right: 800, bottom: 300 };
    const bottom = { left: 0, top: 300, right: 800, bottom: 600 };
    expect(fitPadding(map, [top, bottom], 10)).toEqual({ paddingTopLeft: [10, 200], paddingBottomRight: [10, 200] });
  });

  it('keeps fractional insets unrounded when they exactly fill the room', () => {
    // 250.5 + 149.5 = 400 = 600 × 2/3: nothing to scale, so nothing is rounded.
    const top = { left: 0, top: 0, right: 800, bottom: 250.5 };
    const bottom = { left: 0, top: 450.5, right: 800, bottom: 600 };
    expect(fitPadding(map, [top, bottom], 0)).toEqual({ paddingTopLeft: [0, 250.5], paddingBottomRight: [0, 149.5] });
  });

  it('with a margin larger than the room, gives the margin and never clears into it', () => {
    // No overlay: room is negative (600 × 2/3 − 800) but nothing needs clearing.
    expect(fitPadding(map, [], 400)).toEqual({ paddingTopLeft: [400, 400], paddingBottomRight: [400, 400] });
    // A 100 px toolbar with margin 250: room = 400 − 500 < 0, so the toolbar gets no extra room.
    expect(fitPadding(map, [{ left: 0, top: 0, right: 800, bottom: 100 }], 250)).toEqual({ paddingTopLeft: [250, 250], paddingBottomRight: [250, 250] });
  });
});
