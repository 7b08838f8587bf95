/**
 * The nodes Leaflet shows: popups, marks, markers, clusters and labels are built from
 * nodes with service text only as text (mutation survivors of popup.ts and
 * marker-elements.ts), and the marker maths they rely on.
 */
import { describe, expect, it } from 'vitest';
import { clusterElement, markElement, placeElement, pointElement, textElement } from '../../../../../src-renderer/src/lib/map/marker-elements';
import { boundsOf, buildClusterIndex, clusterLabel, expansionZoom, headingOf, markerState, visibleItems } from '../../../../../src-renderer/src/lib/map/markers';
import { popupElement } from '../../../../../src-renderer/src/lib/map/popup';
import { DEFAULT_SETTINGS } from '../../../../../src-main/contract';
import { row as asset, metric, NOW } from '../../fixtures';

const HOSTILE = '<img src=x onerror=alert(1)>';
const units = DEFAULT_SETTINGS.units;

describe('popupElement', () => {
  it('shows a hostile name, id and category as text in its own rows', () => {
    const a = asset(7, { name: HOSTILE, category: `<b>${HOSTILE}</b>` }, { fuel: metric(40) });
    const el = popupElement(a, units, NOW);
    expect(el.className).toBe('fd-popup');
    expect(el.querySelector('img, b')).toBeNull();
    expect(el.querySelector('strong')?.textContent).toBe(HOSTILE);
    const rows = [...el.children].map((c) => c.textContent);
    expect(rows[1]).toBe(`thing:7 · <b>${HOSTILE}</b>`);
    expect((el.children[1] as HTMLElement).style.opacity).toBe('0.7');
    expect(rows.slice(2).every((r) => /^[^:]+: /.test(r ?? ''))).toBe(true);
    expect(rows[2]).toMatch(/^Last update: /);
  });

  it('falls back to the id for a nameless asset and leaves out a missing category', () => {
    const el = popupElement(asset(8, { name: '', category: null as unknown as string }), units, NOW);
    expect(el.querySelector('strong')?.textContent).toBe('thing:8');
    expect(el.children[1].textContent).toBe('thing:8');
  });

  it('marks a flagged value with its flag, and an unflagged one with nothing after it', () => {
    const flagged = asset(9, { issues: [{ path: '$.metrics.fuel', message: 'fuel out of range' }] as never }, { fuel: metric(140) });
    const rows = [...popupElement(flagged, units, NOW).children].map((c) => c.textContent ?? '');
    const fuel = rows.find((r) => r.startsWith('Fuel'));
    expect(fuel).toMatch(/ ⚑ \S/);
    const plain = [...popupElement(asset(10, {}, { fuel: metric(40) }), units, NOW).children].map((c) => c.textContent ?? '');
    expect(plain.find((r) => r.startsWith('Fuel'))).not.toContain('⚑');
    expect(plain.find((r) => r.startsWith('Fuel'))).not.toMatch(/Stryker/);
  });
});

describe('marker elements', () => {
  it('puts text into a span as text', () => {
    const el = textElement(HOSTILE);
    expect(el.tagName).toBe('SPAN');
    expect(el.textContent).toBe(HOSTILE);
    expect(el.children).toHaveLength(0);
  });

  it('builds a point marker with its id and state as data, ringed when selected', () => {
    const el = pointElement(HOSTILE, 'moving', 90, true);
    expect(el.tagName).toBe('DIV');
    expect(el.className).toBe('fd-dot fd-mark selected');
    expect(el.dataset.assetId).toBe(HOSTILE);
    expect(el.dataset.state).toBe('moving');
    expect(el.querySelector('img')).toBeNull();
    expect(pointElement('thing:1', 'off', null, false).className).toBe('fd-dot fd-mark');
  });

  it('turns only the arrow of a moving asset, by its heading or north', () => {
    expect(markElement('moving', 90).style.transform).toBe('rotate(90deg)');
    expect(markElement('moving', null).style.transform).toBe('rotate(0deg)');
    expect(markElement('on', 90).style.transform).toBe('');
    expect(markElement('issue', null).textContent).toBe('!');
    expect(markElement('off', null).textContent).toBe('');
    expect(markElement('stale', null).className).toBe('fd-shape fd-shape-ring');
  });

  it('sizes a cluster bubble and labels it short', () => {
    const el = clusterElement(1234, 40);
    expect(el.className).toBe('fd-cluster');
    expect(el.style.width).toBe('40px');
    expect(el.style.height).toBe('40px');
    expect(el.textContent).toBe(clusterLabel(1234));
  });

  it('labels a place as text, with a class from the letters of its kind only', () => {
    const el = placeElement(HOSTILE, 'city" onclick="x');
    expect(el.textContent).toBe(HOSTILE);
    expect(el.className).toBe('fd-place fd-place-cityonclickx');
  });
});

describe('marker maths', () => {
  it('calls an asset stale from the stale time on (the contract rule), and unknown without ignition', () => {
    const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
    expect(markerState(asset(1, { lastUpdate: at(29.99) }, { ignition: metric(true) }), NOW, 30)).toBe('on');
    expect(markerState(asset(1, { lastUpdate: at(30) }, { ignition: metric(true) }), NOW, 30)).toBe('stale');
    expect(markerState(asset(1, { lastUpdate: null }, null), NOW, 30)).toBe('stale');
    expect(markerState(asset(1, { lastUpdate: at(1) }, null), NOW, 30)).toBe('unknown');
    expect(markerState(asset(1, { lastUpdate: at(1) }, { ignition: metric('yes') }), NOW, 30)).toBe('unknown');
    expect(markerState(asset(1, { lastUpdate: at(1) }, { ignition: metric(false) }), NOW, 30)).toBe('off');
  });

  it('has no heading without metrics or with a non-number', () => {
    expect(headingOf(asset(1, {}, null))).toBeNull();
    expect(headingOf(asset(1, {}, { heading: metric('90') }))).toBeNull();
    expect(headingOf(asset(1, {}, { heading: metric(Number.NaN) }))).toBeNull();
    expect(headingOf(asset(1, {}, { heading: metric(-90) }))).toBe(270);
  });

  it('draws the whole world for a box wider than the world or crossing the date line, and clamps a box to it', () => {
    const far = [
      asset(1, {}, { gps: metric({ lat: 10, lng: 170 }) }),
      asset(2, {}, { gps: metric({ lat: 10, lng: -170 }) }),
      asset(3, {}, { gps: metric({ lat: 80, lng: 0 }) }),
    ];
    const index = buildClusterIndex(far);
    const ids = (box: { west: number; south: number; east: number; north: number }) =>
      visibleItems(index, box, 18)
        .map((i) => (i.kind === 'point' ? i.assetId : `c${i.count}`))
        .sort();
    expect(ids({ west: -200, south: -90, east: 200, north: 90 })).toEqual(['thing:1', 'thing:2', 'thing:3']);
    expect(ids({ west: 160, south: 0, east: -160, north: 20 })).toEqual(['thing:1', 'thing:2']);
    expect(ids({ west: 160, south: 0, east: 175, north: 20 })).toEqual(['thing:1']);
    expect(ids({ west: -175, south: 0, east: -160, north: 20 })).toEqual(['thing:2']);
    expect(ids({ west: -10, south: 70, east: 10, north: 90 })).toEqual(['thing:3']);
    expect(ids({ west: -180, south: -90, east: 180, north: 90 })).toEqual(['thing:1', 'thing:2', 'thing:3']);
  });

  it('zooms into a cluster no further than 18', () => {
    const same = Array.from({ length: 3 }, (_, i) => asset(i, {}, { gps: metric({ lat: 10, lng: 10 }) }));
    const index = buildClusterIndex(same);
    const cluster = visibleItems(index, { west: -180, south: -85, east: 180, north: 85 }, 0).find((i) => i.kind === 'cluster');
    expect(cluster).toBeDefined();
    expect(expansionZoom(index, (cluster as { id: number }).id)).toBeLessThanOrEqual(18);
  });

  it('labels clusters from 1,000 and from 10,000 in thousands', () => {
    expect(clusterLabel(999)).toBe('999');
    expect(clusterLabel(1000)).toBe('1.0k');
    expect(clusterLabel(9999)).toBe('10.0k');
    expect(clusterLabel(10_000)).toBe('10k');
    expect(boundsOf([])).toBeNull();
  });
});
