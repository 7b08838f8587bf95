import { describe, expect, it } from 'vitest';
import { MARKER_COLOURS, MARKER_SHAPES, MARKER_STATES, boundsOf, buildClusterIndex, clusterLabel, expansionZoom, fitPadding, headingOf, markerState, sameAssets, visibleItems } from '../../../../../src-renderer/src/lib/map/markers';
import { popupLines } from '../../../../../src-renderer/src/lib/map/popup';
import { row as asset, metric, NOW } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';

describe('markerState', () => {
  it('colours by ignition/motion, stale and issues, in that priority', () => {
    expect(markerState(asset(1, {}, { ignition: metric(true, fresh) }), NOW, 60)).toBe('on');
    expect(markerState(asset(1, {}, { ignition: metric(false, fresh) }), NOW, 60)).toBe('off');
    expect(markerState(asset(1, {}, { ignition: metric(true, fresh), 'in-motion': metric(true, fresh) }), NOW, 60)).toBe('moving');
    expect(markerState(asset(1, {}, { ignition: metric(true, '2026-11-22T09:00:00Z') }), NOW, 60)).toBe('stale');
    expect(markerState(asset(1, { issues: [{ metric: 'fuel', path: '$', message: 'x' }] }, { ignition: metric(true, fresh) }), NOW, 60)).toBe('issue');
    expect(markerState(asset(1, {}, null), NOW, 60)).toBe('stale');
  });

  it('heading wraps to 0–360 and is null when absent or not a number', () => {
    expect(headingOf(asset(1, {}, { heading: metric(-90) }))).toBe(270);
    expect(headingOf(asset(1, {}, { heading: metric('north') }))).toBeNull();
    expect(headingOf(asset(1, {}, {}))).toBeNull();
  });
});

describe('clustering', () => {
  const many = Array.from({ length: 500 }, (_, i) => asset(i, {}, { gps: metric({ lat: 40 + (i % 10) * 0.001, lng: -111 + Math.floor(i / 10) * 0.001 }) }));
  const withoutGps = [asset(9001, {}, null), asset(9002, {}, { gps: metric({ lat: 'x', lng: 1 }) })];
  const index = buildClusterIndex([...many, ...withoutGps]);

  it('clusters at low zoom and expands to single points when zoomed in', () => {
    const world = { west: -180, south: -85, east: 180, north: 85 };
    const low = visibleItems(index, world, 3);
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ kind: 'cluster', count: 500 });
    const cluster = low[0];
    if (cluster.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = expansionZoom(index, cluster.id);
    expect(zoom).toBeGreaterThan(3);
    const high = visibleItems(index, { west: -111.01, south: 39.99, east: -110.94, north: 40.02 }, 18);
    expect(high.every((i) => i.kind === 'point')).toBe(true);
    expect(high).toHaveLength(500);
  });

  it('only returns what lies in the box', () => {
    expect(visibleItems(index, { west: 10, south: 10, east: 20, north: 20 }, 10)).toEqual([]);
  });

  it('bounds cover assets with GPS only; null when none has a position', () => {
    expect(boundsOf(many)).toEqual([
      [40, -111],
      [40.009, expect.closeTo(-110.951, 6)],
    ]);
    expect(boundsOf(withoutGps)).toBeNull();
  });

  it('cluster labels stay short', () => {
    expect(clusterLabel(42)).toBe('42');
    expect(clusterLabel(1234)).toBe('1.2k');
    expect(clusterLabel(12_345)).toBe('12k');
  });
});

describe('popup', () => {
  it('lists key metrics formatted, with flags', () => {
    const lines = popupLines(asset(1, {}, { fuel: metric(140), ignition: metric(true), gps: metric({ lat: 1, lng: 2 }) }), 'metric', NOW);
    expect(lines.map((l) => l.label)).toEqual(['Last update', 'Ignition', 'Fuel']);
    expect(lines[2].flag).toMatch(/outside/);
  });
});

describe('marks', () => {
  it('every state has its own shape and its own colour (moving and ignition on no longer share a green)', () => {
    expect(new Set(MARKER_STATES.map((s) => MARKER_SHAPES[s])).size).toBe(MARKER_STATES.length);
    expect(new Set(MARKER_STATES.map((s) => MARKER_COLOURS[s])).size).toBe(MARKER_STATES.length);
    expect(MARKER_COLOURS.moving).not.toBe(MARKER_COLOURS.on);
  });
});

describe('sameAssets', () => {
  const a = asset(1);
  const b = asset(2);
  it('compares membership by object, in any order', () => {
    expect(sameAssets([a, b], [b, a])).toBe(true);
    expect(sameAssets([a, b], [a])).toBe(false);
    expect(sameAssets([a, b], [a, asset(2)])).toBe(false); // a changed asset is a new object
    expect(sameAssets([], [])).toBe(true);
  });
});

describe('fitPadding', () => {
  const map = { left: 0, top: 0, right: 800, bottom: 600 };
  it('clears a toolbar along the top, a legend along the left, an attribution along the bottom', () => {
    const toolbar = { left: 300, top: 8, right: 792, bottom: 40 };
    const legend = { left: 8, top: 380, right: 200, bottom: 592 };
    const attribution = { left: 600, top: 580, right: 800, bottom: 600 };
    expect(fitPadding(map, [toolbar, legend, attribution], 28)).toEqual({ paddingTopLeft: [200 + 28, 40 + 28], paddingBottomRight: [28, 20 + 28] });
  });

  it('ignores hidden overlays and those outside the map; only the margin without any', () => {
    expect(fitPadding(map, [{ left: 0, top: 0, right: 0, bottom: 0 }, { left: 900, top: 0, right: 1000, bottom: 50 }], 10)).toEqual({ paddingTopLeft: [10, 10], paddingBottomRight: [10, 10] });
  });

  it('always leaves a third of the map to fit into', () => {
    const tall = fitPadding(map, [{ left: 0, top: 0, right: 800, bottom: 500 }], 20);
    expect(600 - tall.paddingTopLeft[1] - tall.paddingBottomRight[1]).toBeGreaterThanOrEqual(200);
  });
});
