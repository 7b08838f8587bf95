/**
 * The asset map: it shows what the list shows (search and filters) unless "Show all on
 * map" is on, it has a legend whose marks are the map's marks, every state has its own
 * shape, "Fit fleet" keeps clear of the controls over the map, and the base map comes
 * from the main side (its tile route, attribution and place names as text).
 * Leaflet runs for real in jsdom once the container has a size.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import type L from 'leaflet';
import { DEFAULT_SETTINGS, type BaseMap, type Settings } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import type { Metric } from '../../../../../src-main/contract';
import type * as Markers from '../../../../../src-renderer/src/lib/map/markers';
import { asset, FakeBridge, metric, NOW, rowChange, snapshot, resetStores } from '../../fixtures';
import type { Asset } from '../../../../../src-main/contract';
import { clock } from '../../../../../src-renderer/src/state/clock.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../../src-renderer/src/lib/map/markers', async (importOriginal) => {
  const real = await importOriginal<typeof Markers>();
  return {
    ...real,
    buildClusterIndex: (...args: Parameters<typeof real.buildClusterIndex>) => {
      built.count++;
      return real.buildClusterIndex(...args);
    },
  };
});

const AssetMap = (await import('../../../../../src-renderer/src/views/map/AssetMap.svelte')).default;
const markers = await import('../../../../../src-renderer/src/lib/map/markers');

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

const fresh = '2026-11-22T11:58:00Z';
const old = '2026-11-22T08:00:00Z';

/** Twelve assets far apart (never clustered together), in every marker state. */
function fleetAssets() {
  return Array.from({ length: 12 }, (_, i) => {
    const gps = metric({ lat: -50 + i * 9, lng: -150 + i * 25 }, i === 4 ? old : fresh);
    const metrics: Record<string, Metric> =
      i % 6 === 0
        ? { gps, 'in-motion': metric(true), speed: metric(40), heading: metric(90), ignition: metric(true) }
        : i % 6 === 1
          ? { gps, ignition: metric(true) }
          : i % 6 === 2
            ? { gps, ignition: metric(false) }
            : i % 6 === 3
              ? { gps }
              : i % 6 === 4
                ? { gps, ignition: metric(true, old) }
                : { gps, ignition: metric(false) };
    return asset(i, { name: i < 3 ? `Excavator ${i}` : `Truck ${i}`, issues: i % 6 === 5 ? [{ metric: 'fuel', path: '$.fuel', message: 'out of range' }] : [] }, metrics);
  });
}

const DEMO_BASE: BaseMap = {
  kind: 'demo',
  url: '/api/tiles/k/{z}/{x}/{y}.png?v=1',
  attribution: 'Fleet Desk demo map (simulated roads and places)',
  host: '',
  places: [
    { name: 'Salt Lake City', lat: 40.76, lng: -111.89, kind: 'city', minZoom: 0 },
    { name: 'Far away job site', lat: 40.7, lng: -111.9, kind: 'site', minZoom: 18 },
  ],
};

let bridge: FakeBridge;
let settings: Settings;

function workspace(patch: Partial<Settings> = {}) {
  resetStores(() => NOW);
  settings = { ...DEFAULT_SETTINGS, ...patch };
  session.settings = settings;
  assets.setSnapshot(snapshot(fleetAssets()));
}

async function mount() {
  const view = render(AssetMap, {});
  const map = (window as unknown as { __fleetMap: L.Map }).__fleetMap;
  await waitFor(() => expect(shownOnMap(view.container)).toBeGreaterThan(0));
  return { ...view, map };
}

/** Assets on the map: single markers plus the counts of cluster bubbles. */
function shownOnMap(root: Element): number {
  const points = root.querySelectorAll('.leaflet-marker-pane .fd-dot').length;
  const clustered = [...root.querySelectorAll('.leaflet-marker-pane .fd-cluster')].reduce((n, el) => n + Number(el.textContent), 0);
  return points + clustered;
}

beforeEach(() => {
  localStorage.clear();
  built.count = 0;
  bridge = new FakeBridge();
  bridge.handle('map:base', () => DEMO_BASE);
  bridge.handle('settings:set', (patch) => {
    settings = { ...settings, ...(patch as Partial<Settings>) };
    bridge.emit('settings', settings);
  });
  bridge.handle('settings:get', () => settings);
  setBridge(bridge);
  workspace();
});

afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('the map follows the list', () => {
  it('shows what the search and filters leave in the list, and says how many', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    expect(screen.getByTestId('map-count')).toHaveTextContent('12 of 12 assets on the map');

    ui.setSearch('excavator');
    await waitFor(() => expect(shownOnMap(container)).toBe(3));
    expect(screen.getByTestId('map-count')).toHaveTextContent('3 of 12 assets on the map');
    expect([...container.querySelectorAll('.fd-dot')].map((d) => (d as HTMLElement).dataset.assetId).sort()).toEqual(['thing:0', 'thing:1', 'thing:2']);

    ui.setSearch('');
    ui.updateList({ filters: ['moving'] });
    await waitFor(() => expect(shownOnMap(container)).toBe(2));
    expect([...container.querySelectorAll('.fd-dot')].map((d) => (d as HTMLElement).dataset.state)).toEqual(['moving', 'moving']);
  });

  it('"Show all on map" shows the whole fleet whatever the list shows, and is remembered in settings', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    ui.setSearch('excavator');
    await waitFor(() => expect(shownOnMap(container)).toBe(3));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Show all on map' }));
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    expect(bridge.callsTo('settings:set')).toContainEqual([{ mapShowsAll: true }]);
    expect(screen.getByTestId('map-count')).toHaveTextContent('All 12 assets: 12 on the map');
  });

  it('starts with the whole fleet when the setting says so', async () => {
    workspace({ mapShowsAll: true });
    ui.setSearch('excavator');
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    expect(screen.getByRole('checkbox', { name: 'Show all on map' })).toBeChecked();
  });

  it('does not re-cluster while what it shows stays the same (a re-sort, a search with the same matches)', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    ui.setSearch('excavator');
    await waitFor(() => expect(shownOnMap(container)).toBe(3));
    const before = built.count;
    ui.setSearch('excavator ');
    ui.updateList({ sort: 'lastUpdate', descending: true });
    ui.setSearch('Excavator');
    await new Promise((r) => setTimeout(r, 50));
    expect(built.count).toBe(before);
    ui.setSearch('excavator 1');
    await waitFor(() => expect(shownOnMap(container)).toBe(1));
    expect(built.count).toBe(before + 1);
  });

  it('says tiles are unavailable only for a failed tile in view, and stops saying it when it is panned away', async () => {
    const { map } = await mount();
    map.setView([40, -111], 8, { animate: false });
    let tiles: L.TileLayer | null = null;
    map.eachLayer((layer) => {
      if ('getTileUrl' in layer) tiles = layer as L.TileLayer;
    });
    expect(tiles).not.toBeNull();
    const layer = tiles! as L.TileLayer;
    const zoom = map.getZoom();
    const bounds = map.getPixelBounds();
    const box = { min: bounds.min!, max: bounds.max! };
    const center = { x: Math.floor((box.min.x + box.max.x) / 2 / 256), y: Math.floor((box.min.y + box.max.y) / 2 / 256), z: zoom };
    const note = () => screen.queryByText(/map tiles .* unavailable/i);
    // A tile kept just outside the box (Leaflet prunes those later) and one of another zoom level.
    layer.fire('tileerror', { coords: { x: Math.floor(box.max.x / 256) + 1, y: center.y, z: zoom } });
    layer.fire('tileerror', { coords: { ...center, z: zoom - 1 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(note()).toBeNull();
    layer.fire('tileerror', { coords: center });
    await waitFor(() => expect(note()).not.toBeNull());
    map.panBy([4000, 0], { animate: false });
    await waitFor(() => expect(note()).toBeNull());
  });

  it('re-clusters once when the typing pauses, not for each keystroke that changes the matches', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    const before = built.count;
    for (const text of ['excavator 1', 'truck', 'truck 1', 'excavator']) {
      ui.setSearch(text);
      await new Promise((r) => setTimeout(r, 60)); // a quick typist: several frames apart
    }
    await waitFor(() => expect(shownOnMap(container)).toBe(3));
    expect(built.count).toBe(before + 1);
    // A change that is not typing (a filter) is drawn at once, at the next frame.
    ui.updateList({ filters: ['moving'] });
    await new Promise((r) => setTimeout(r, 60));
    expect(built.count).toBe(before + 2);
  });
});

/** Three groups of assets (clustered at zoom 5), far from each other. */
function groupedAssets(): Asset[] {
  return Array.from({ length: 15 }, (_, i) => {
    const group = i % 3;
    const gps = metric({ lat: 30 + group * 8 + (i % 4) * 0.01, lng: -110 + group * 12 + (i % 5) * 0.01 }, fresh);
    return asset(i, {}, { gps, ignition: metric(i % 2 === 0, fresh) });
  });
}

/** Every marker the map draws, as text: bubbles by count and place, points by id, state and place. */
function mapPicture(map: L.Map): string[] {
  const out: string[] = [];
  map.eachLayer((layer) => {
    const marker = layer as L.Marker;
    if (typeof marker.getLatLng !== 'function' || typeof marker.getElement !== 'function') return;
    const el = marker.getElement();
    const { lat, lng } = marker.getLatLng();
    const bubble = el?.querySelector('.fd-cluster');
    const dot = el?.querySelector<HTMLElement>('.fd-dot');
    if (bubble) out.push(`cluster ${bubble.textContent} at ${lat.toFixed(6)},${lng.toFixed(6)}`);
    else if (dot) out.push(`point ${dot.dataset.assetId} ${dot.dataset.state} at ${lat.toFixed(6)},${lng.toFixed(6)}`);
  });
  return out.sort();
}

/** Sends `next` as the main side's change of the shown list and waits until the map re-clustered. */
async function refreshTo(next: Asset[], previous: Asset[]) {
  const before = new Map(previous.map((a) => [a.assetId, a]));
  const changed = next.filter((a) => before.get(a.assetId) !== a);
  const ids = new Set(next.map((a) => a.assetId));
  const removed = previous.filter((a) => !ids.has(a.assetId)).map((a) => a.assetId);
  const sameOrder = removed.length === 0 && next.length === previous.length && next.every((a, i) => a.assetId === previous[i].assetId);
  assets.applyChange(
    rowChange({ profileId: 'demo', baseFetchedAt: assets.snapshot!.fetchedAt, fetchedAt: '2026-11-22T11:59:30Z', source: 'network', skipped: [], changed, removed, order: sameOrder ? null : next.map((a) => a.assetId) }),
  );
  await new Promise((r) => setTimeout(r, 60)); // the map clusters a frame after the list
}

describe('a refresh on the map', () => {
  it('keeps the clusters through a refresh that moves no asset while the list is sorted by last update', async () => {
    const first = fleetAssets();
    const { container } = await mount();
    ui.updateList({ sort: 'lastUpdate', descending: true });
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    await new Promise((r) => setTimeout(r, 60));
    const before = built.count;
    const listedBefore = assets.visibleIds;
    // Asset 7 reports anew where it stood: it goes to the top of the list, its marker stays put.
    const next = first.map((a) => (a.assetId === 'thing:7' ? { ...a, metrics: { ...a.metrics, ignition: metric(true, '2026-11-22T11:59:20Z') }, lastUpdate: '2026-11-22T11:59:20Z' } : a));
    await refreshTo(next, first);
    expect(assets.visibleIds).not.toEqual(listedBefore);
    expect(assets.visibleIds[0]).toBe('thing:7');
    expect(built.count).toBe(before);
    expect(shownOnMap(container)).toBe(12);
  });

  it('shows a moved, a removed and a re-stated asset exactly as a freshly opened map does', async () => {
    const first = groupedAssets();
    assets.setSnapshot(snapshot(first));
    const { map } = await mount();
    map.setView([38, -98], 4);
    await waitFor(() => expect(mapPicture(map).some((line) => line.startsWith('cluster 5'))).toBe(true));
    const next = first
      .filter((a) => a.assetId !== 'thing:4')
      .map((a) => {
        if (a.assetId === 'thing:0') return { ...a, metrics: { ...a.metrics, gps: metric({ lat: 38.005, lng: -98.005 }, fresh) } }; // joins group 1
        if (a.assetId === 'thing:2') return { ...a, metrics: { ...a.metrics, ignition: metric(false, fresh) } };
        return a;
      });
    await refreshTo(next, first);
    const shown = mapPicture(map);
    map.setView([38, -98], 12);
    await waitFor(() => expect(mapPicture(map).some((line) => line.startsWith('point thing:0 '))).toBe(true));
    const shownZoomedIn = mapPicture(map);

    cleanup();
    workspace();
    assets.setSnapshot(snapshot(next));
    const opened = await mount();
    opened.map.setView([38, -98], 4);
    await waitFor(() => expect(mapPicture(opened.map)).toEqual(shown));
    opened.map.setView([38, -98], 12);
    await waitFor(() => expect(mapPicture(opened.map)).toEqual(shownZoomedIn));
    expect(shown.join('\n')).not.toContain('thing:4');
  });

  it('keeps the cluster index when no shown asset moved, and still shows the new states', async () => {
    const first = groupedAssets();
    assets.setSnapshot(snapshot(first));
    const { container, map } = await mount();
    map.setView([30.015, -109.98], 12);
    await waitFor(() => expect(container.querySelector('[data-asset-id="thing:0"]')).not.toBeNull());
    expect(container.querySelector<HTMLElement>('[data-asset-id="thing:0"]')!.dataset.state).toBe('on');
    const builds = built.count;
    const next = first.map((a) => (a.assetId === 'thing:0' ? { ...a, metrics: { ...a.metrics, ignition: metric(false, fresh) } } : a));
    await refreshTo(next, first);
    await waitFor(() => expect(container.querySelector<HTMLElement>('[data-asset-id="thing:0"]')!.dataset.state).toBe('off'));
    expect(built.count).toBe(builds);
  });

  it('zooms into a bubble kept across a re-clustering where its assets are', async () => {
    const first = groupedAssets();
    assets.setSnapshot(snapshot(first));
    const { container, map } = await mount();
    map.setView([30, -110], 5);
    await waitFor(() => expect(mapPicture(map).filter((line) => /^cluster 5 at 30\.0/.test(line))).toHaveLength(1));
    const bubble = [...container.querySelectorAll('.fd-cluster')].find((el) => el.closest<HTMLElement>('.leaflet-marker-icon')!.title.startsWith('5 '))!.closest('.leaflet-marker-icon')!;
    // A new asset far away: the index is built anew (supercluster numbers its clusters anew), the bubble stays.
    const next = [...first, asset(50, {}, { gps: metric({ lat: -30, lng: 100 }, fresh) })];
    const builds = built.count;
    await refreshTo(next, first);
    await waitFor(() => expect(built.count).toBe(builds + 1));
    expect(bubble.isConnected).toBe(true);
    // Where a map opened on the new list zooms to for this bubble.
    const rebuilt = markers.buildClusterIndex(assets.snapshot!.assets);
    const item = markers.visibleItems(rebuilt, { west: -180, south: -85, east: 180, north: 85 }, 5).find((i) => i.kind === 'cluster' && i.count === 5 && i.lat < 31)!;
    const expected = item.kind === 'cluster' ? markers.expansionZoom(rebuilt, item.id) : NaN;
    expect(expected).toBeGreaterThan(5);
    await fireEvent.click(bubble);
    await waitFor(() => expect(map.getZoom()).toBe(expected));
  });

  it('leaves its markers alone on a clock tick or a change of another setting, and redraws them for a new stale threshold', async () => {
    const first = groupedAssets();
    assets.setSnapshot(snapshot(first));
    const { container, map } = await mount();
    map.setView([30, -110], 5);
    await waitFor(() => expect(container.querySelectorAll('.fd-cluster').length).toBeGreaterThan(0));
    map.setView([30.015, -109.98], 12);
    await waitFor(() => expect(container.querySelector('[data-asset-id="thing:0"]')).not.toBeNull());
    map.setView([30, -110], 5);
    await waitFor(() => expect(container.querySelectorAll('.fd-cluster').length).toBeGreaterThan(0));
    const elements = () => [...container.querySelectorAll('.leaflet-marker-pane > *')];
    const before = elements();
    clock.useSource(() => NOW + 30_000);
    session.settings = { ...session.settings, refreshIntervalSec: session.settings.refreshIntervalSec + 60 };
    await new Promise((r) => setTimeout(r, 30));
    expect(elements()).toEqual(before);
    expect(elements().every((el, i) => el === before[i])).toBe(true);

    map.setView([30.015, -109.98], 12);
    await waitFor(() => expect(container.querySelector<HTMLElement>('[data-asset-id="thing:0"]')?.dataset.state).toBe('on'));
    session.settings = { ...session.settings, staleAfterMin: 1 };
    await waitFor(() => expect(container.querySelector<HTMLElement>('[data-asset-id="thing:0"]')!.dataset.state).toBe('stale'));
  });
});

describe('legend and marks', () => {
  it('is open on the first look only: the next map starts with it closed, unless the dispatcher opened it', async () => {
    await mount();
    expect(screen.getByRole('button', { name: 'Legend' })).toHaveAttribute('aria-expanded', 'true');
    cleanup();
    await mount();
    const toggle = screen.getByRole('button', { name: 'Legend' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Map legend' })).toBeNull();
    await fireEvent.click(toggle);
    expect(screen.getByRole('group', { name: 'Map legend' })).toBeInTheDocument();
    cleanup();
    await mount();
    expect(screen.getByRole('group', { name: 'Map legend' })).toBeInTheDocument();
  });

  it('gives every state its own shape and colour, and the legend shows the same marks', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    await waitFor(() => expect(shownOnMap(container)).toBe(12));
    const shapes = new Map<string, string>();
    const colours = new Map<string, string>();
    for (const dot of container.querySelectorAll<HTMLElement>('.leaflet-marker-pane .fd-dot')) {
      const mark = dot.querySelector<HTMLElement>('.fd-shape')!;
      shapes.set(dot.dataset.state!, mark.className);
      colours.set(dot.dataset.state!, mark.style.getPropertyValue('--fd-colour'));
    }
    expect([...shapes.keys()].sort()).toEqual(['issue', 'moving', 'off', 'on', 'stale', 'unknown']);
    expect(new Set(shapes.values()).size).toBe(6);
    expect(new Set(colours.values()).size).toBe(6);
    expect(shapes.get('moving')).toContain('fd-shape-arrow');
    expect(shapes.get('on')).toContain('fd-shape-dot-in-circle');
    expect(shapes.get('stale')).toContain('fd-shape-ring');
    expect(container.querySelector('[data-state="issue"] .fd-shape')).toHaveTextContent('!');
    const legend = screen.getByRole('group', { name: 'Map legend' });
    const legendShapes = [...legend.querySelectorAll('.fd-shape')].map((m) => m.className);
    expect(legendShapes.sort()).toEqual([...shapes.values()].sort());
    expect(legend).toHaveTextContent('Moving, arrow points where it heads');
    expect(legend).toHaveTextContent('Parked, ignition on');
  });

  it('points the arrow of a moving asset where it heads', async () => {
    const { container, map } = await mount();
    map.setView([0, 0], 1);
    await waitFor(() => expect(container.querySelector('[data-state="moving"] .fd-shape')).not.toBeNull());
    expect(container.querySelector<HTMLElement>('[data-state="moving"] .fd-shape')!.style.transform).toBe('rotate(90deg)');
  });
});

describe('a narrow map', () => {
  it('keeps its toolbar to one line: a short count, whole for screen readers and in its title, and the switches in an Options menu', async () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 500 });
    try {
      await mount();
      const count = screen.getByTestId('map-count');
      await waitFor(() => expect(count.querySelector('.sr-only')).not.toBeNull());
      expect(count).toHaveTextContent('12 of 12 assets on the map');
      expect(count.querySelector('.sr-only')).toHaveTextContent('assets on the map');
      expect(count.title).toMatch(/^12 of 12 assets on the map\. /);
      expect(screen.queryByRole('checkbox', { name: 'Show all on map' })).toBeNull();
      const options = screen.getByRole('button', { name: 'Options' });
      expect(options).toHaveAttribute('aria-expanded', 'false');
      await fireEvent.click(options);
      const menu = screen.getByRole('group', { name: 'Map options' });
      await fireEvent.click(within(menu).getByRole('checkbox', { name: 'Show all on map' }));
      await waitFor(() => expect(count).toHaveTextContent(/^All 12 assets: 12 on the map$/));
      expect(settings.mapShowsAll).toBe(true);
      const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      within(menu).getByRole('checkbox', { name: 'Follow selected' }).dispatchEvent(escape);
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Map options' })).toBeNull());
      expect(escape.defaultPrevented).toBe(true); // the window's Escape (close the topmost panel) leaves the panels alone
      expect(document.activeElement).toBe(options);
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    }
  });

  it('shows the whole count and the switches in a wide map', async () => {
    await mount();
    const count = screen.getByTestId('map-count');
    expect(count).toHaveTextContent('12 of 12 assets on the map');
    expect(count.querySelector('.sr-only')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Show all on map' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Options' })).toBeNull();
  });
});

describe('fitting', () => {
  it('"Fit fleet" pads the fit by the toolbar over the map, plus half a cluster', async () => {
    const { map, container } = await mount();
    const wrap = container.querySelector('section')!;
    wrap.getBoundingClientRect = () => ({ left: 0, top: 0, right: 800, bottom: 600, width: 800, height: 600, x: 0, y: 0, toJSON: () => ({}) });
    for (const el of container.querySelectorAll<HTMLElement>('.tools > *')) {
      el.getBoundingClientRect = () => ({ left: 400, top: 8, right: 792, bottom: 44, width: 392, height: 36, x: 400, y: 8, toJSON: () => ({}) });
    }
    const fit = vi.spyOn(map, 'fitBounds');
    await fireEvent.click(screen.getByRole('button', { name: 'Fit fleet' }));
    expect(fit).toHaveBeenCalledTimes(1);
    const options = fit.mock.calls[0][1] as L.FitBoundsOptions;
    expect(options.paddingTopLeft).toEqual([expect.any(Number), 44 + 28]);
    expect((options.paddingTopLeft as [number, number])[0]).toBeLessThan(100);
    expect((options.paddingBottomRight as [number, number])[1]).toBeGreaterThanOrEqual(28);
  });

  it('"Fit fleet" fits what the map shows', async () => {
    const { map } = await mount();
    ui.setSearch('excavator');
    await waitFor(() => expect(screen.getByTestId('map-count')).toHaveTextContent('3 of 12'));
    const fit = vi.spyOn(map, 'fitBounds');
    await fireEvent.click(screen.getByRole('button', { name: 'Fit fleet' }));
    const bounds = fit.mock.calls[0][0] as [[number, number], [number, number]];
    expect(bounds).toEqual([
      [-50, -150],
      [-32, -100],
    ]);
  });
});

describe('base map', () => {
  it('loads tiles from the main side\'s route, shows its attribution as text and the demo\'s place names from their zoom on', async () => {
    const { container, map } = await mount();
    map.setView([40.7, -111.9], 10);
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    const tile = container.querySelector('img.leaflet-tile') as HTMLImageElement;
    expect(tile.getAttribute('src')).toMatch(/^\/api\/tiles\/k\/10\/\d+\/\d+\.png\?v=1$/);
    expect(screen.getByText('Fleet Desk demo map (simulated roads and places)')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.fd-place-city')).toHaveTextContent('Salt Lake City'));
    expect(container.querySelector('.fd-place-site')).toBeNull(); // its zoom level is not reached
  });

  it('draws place names once each, none over another, in a pane above the markers that lets clicks through', async () => {
    bridge.handle('map:base', () => ({
      ...DEMO_BASE,
      places: [
        { name: 'Sandy depot', lat: 40.56, lng: -111.84, kind: 'depot', minZoom: 0 },
        { name: 'Sandy', lat: 40.56, lng: -111.84, kind: 'city', minZoom: 0 },
      ],
    }));
    const { container, map } = await mount();
    map.setView([40.56, -111.84], 12);
    await waitFor(() => expect(container.querySelectorAll('.fd-place')).toHaveLength(2));
    const town = container.querySelector<HTMLElement>('.fd-place-city')!;
    const depot = container.querySelector<HTMLElement>('.fd-place-depot')!;
    expect(town).toHaveTextContent(/^Sandy$/);
    expect(depot).toHaveTextContent(/^Sandy depot$/);
    expect(town.style.transform).toBe('');
    expect(depot.style.transform).toMatch(/^translate\(-50%, calc\(-50% \+ \d+px\)\)$/);
    const pane = map.getPane('fd-labels')!;
    expect(pane.contains(town)).toBe(true);
    expect(Number(pane.style.zIndex)).toBeGreaterThan(600); // leaflet.css puts the marker pane (clusters, points) at 600
    expect(Number(pane.style.zIndex)).toBeLessThan(650); // tooltips and popups stay above the names
    expect(pane.style.pointerEvents).toBe('none');
  });

  it('follows an announced change of base map (profile switch, settings)', async () => {
    const { container, map } = await mount();
    map.setView([40.7, -111.9], 10);
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    bridge.emit('map:base', { kind: 'server', url: '/api/tiles/k/{z}/{x}/{y}.png?v=2', attribution: '© OpenStreetMap contributors', host: 'tile.openstreetmap.org', places: [] });
    await waitFor(() => expect(screen.getByText('© OpenStreetMap contributors')).toBeInTheDocument());
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/\?v=2$/));
    expect(container.querySelector('.fd-place')).toBeNull();
  });

  it('says so when there is no base map', async () => {
    bridge.handle('map:base', () => ({ kind: 'none', url: '', attribution: '', host: '', places: [] }));
    await mount();
    await waitFor(() => expect(screen.getByText(/No base map is set/)).toBeInTheDocument());
  });
});
