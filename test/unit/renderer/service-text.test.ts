/**
 * Service text is text: hostile asset and equipment names go through every place that
 * shows or exports them, and only text comes out — no element is ever made from a name.
 * The map runs on the real Leaflet (it works in jsdom once the container has a size), so
 * a string handed to bindTooltip/bindPopup/divIcon would be parsed as HTML here too.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import Papa from 'papaparse';
import type L from 'leaflet';
import type { Equipment, AempListing, HistoryResult } from '../../../src-main/contract';
import { DEFAULT_SETTINGS } from '../../../src-main/contract';
import { assetsToCsv } from '../../../src-main/core/store/export-csv';
import { buildHistoryCsv } from '../../../src-renderer/src/lib/aemp/history-csv';
import { setBridge } from '../../../src-renderer/src/lib/bridge';
import AssetsPane from '../../../src-renderer/src/views/assets/AssetsPane.svelte';
import AssetDetails from '../../../src-renderer/src/views/assets/AssetDetails.svelte';
import AssetMap from '../../../src-renderer/src/views/map/AssetMap.svelte';
import AempView from '../../../src-renderer/src/views/aemp/AempView.svelte';
import TrackReplay from '../../../src-renderer/src/views/aemp/TrackReplay.svelte';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from './fixtures';
import { createFakeBridge, FakeFailure } from './fixtures';
import { unit } from './lib/aemp/equipment-fixture';
import { assets } from '../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../src-renderer/src/state/selection.svelte';

/** Each would make an element (and in a browser, do harm) if parsed as HTML. */
const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '<style>body{display:none}</style>',
  '<meta http-equiv=refresh content="0;url=http://example.invalid">',
  '</script><script>window.__pwned=1</script>',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
];
/** Elements a name could smuggle in; none of them belongs in the parts under test. */
const INJECTED = 'img, style, meta, script, iframe, link, [onerror]';

function expectOnlyText(root: Element, ...literals: string[]): void {
  expect(root.querySelectorAll(INJECTED)).toHaveLength(0);
  for (const literal of literals) expect(root.textContent).toContain(literal);
}

// Canvas charts do not run in jsdom; the history chart only hands data to uPlot.
vi.mock('uplot', () => ({
  default: vi.fn(function FakePlot(this: object) {
    return Object.assign(this, { width: 300, setSize: vi.fn(), destroy: vi.fn() });
  }),
}));
beforeAll(() => {
  // Leaflet reads the container's size; jsdom lays nothing out, so give every element one.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

afterEach(() => {
  cleanup();
  setBridge(null);
  delete (window as { __pwned?: unknown }).__pwned;
});

/** One asset per hostile string, far apart so none is clustered with another. */
const PLACES: [number, number][] = [
  [45, -100],
  [-30, 140],
  [50, 10],
  [-20, -60],
  [20, 80],
];
function hostileAssets() {
  return HOSTILE.map((text, i) =>
    asset(
      i,
      { name: text, category: text, serialNumber: text },
      { gps: metric({ lat: PLACES[i][0], lng: PLACES[i][1] }), 'address-street': metric(text), ignition: metric(true) },
    ),
  );
}

function workspace() {
  resetStores(() => NOW);
  assets.setSnapshot(snapshot(hostileAssets()));
}

describe('service text renders as text', () => {
  it('in the asset list', () => {
    workspace();
    const { container } = render(AssetsPane);
    expectOnlyText(within(container).getByRole('listbox'), ...HOSTILE);
  });

  it('in the details pane', () => {
    for (const a of hostileAssets()) {
      workspace();
      selection.click(a.assetId, {});
      const { container, unmount } = render(AssetDetails, { onOpenAssetMap: vi.fn(), onOpenSelectionMap: vi.fn() });
      expectOnlyText(container, a.name);
      unmount();
    }
  });

  describe('on the map', () => {
    async function mountMap() {
      const { container } = render(AssetMap, {});
      await waitFor(() => expect(container.querySelectorAll('.fd-dot')).toHaveLength(HOSTILE.length));
      const map = (window as unknown as { __fleetMap: L.Map }).__fleetMap;
      return { container, map };
    }
    function layers<T>(map: L.Map, pick: (layer: L.Layer) => T | null | undefined): T[] {
      const found: T[] = [];
      map.eachLayer((layer) => {
        const value = pick(layer);
        if (value) found.push(value);
      });
      return found;
    }

    it('in the marker icons and their titles', async () => {
      const { container } = await mountMap();
      const pane = container.querySelector('.leaflet-marker-pane')!;
      expectOnlyText(pane);
      const titles = [...pane.querySelectorAll('.leaflet-marker-icon')].map((m) => m.getAttribute('title'));
      for (const name of HOSTILE) expect(titles).toContain(`${name} — ignition on`);
    });

    it('in the marker popups', async () => {
      const { container, map } = await mountMap();
      const markers = layers(map, (layer) => ((layer as L.Marker).getPopup?.() ? (layer as L.Marker) : null));
      expect(markers).toHaveLength(HOSTILE.length);
      const shown = new Set<string>();
      for (const marker of markers) {
        marker.openPopup();
        const popup = container.querySelector('.leaflet-popup-pane')!;
        expectOnlyText(popup);
        shown.add(popup.querySelector('strong')?.textContent ?? '');
      }
      expect([...shown].sort()).toEqual([...HOSTILE].sort());
    });

    it('in the trail tooltip', async () => {
      const { container, map } = await mountMap();
      for (const a of hostileAssets()) {
        const [lat, lng] = PLACES[Number(a.assetId.split(':')[1])];
        assets.trail = { profileId: assets.snapshot?.profileId ?? null, assetId: a.assetId, points: [{ collectedOn: '2026-11-22T11:00:00Z', lat, lng }, { collectedOn: '2026-11-22T11:30:00Z', lat: lat + 0.1, lng }], hours: 24 };
        await waitFor(() => expect(layers(map, (layer) => ((layer as L.Polyline).getTooltip?.() ? layer : null))).toHaveLength(1));
        for (const line of layers(map, (layer) => ((layer as L.Polyline).getTooltip?.() ? (layer as L.Polyline) : null))) line.openTooltip();
        const tooltip = container.querySelector('.leaflet-tooltip-pane')!;
        expectOnlyText(tooltip, `Trail of ${a.name}: 2 positions, last 24 h`);
      }
    });

    it('in the tile attribution typed in settings and the place names of the base map, on the asset map and the track replay', async () => {
      const attribution = HOSTILE.join(' ');
      const tileUrl = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
      const fake = new FakeBridge();
      fake.handle('map:base', () => ({ kind: 'demo', url: tileUrl, attribution, host: '', places: HOSTILE.map((name, i) => ({ name, lat: PLACES[i][0], lng: PLACES[i][1], kind: 'city', minZoom: 0 })) }));
      setBridge(fake);
      const { container } = await mountMap();
      await waitFor(() => expect(screen.getByText(attribution)).toBeInTheDocument());
      await waitFor(() => expect(container.querySelectorAll('.fd-place')).toHaveLength(HOSTILE.length));
      const tiles = container.querySelectorAll('img.leaflet-tile').length;
      expect(container.querySelectorAll(INJECTED)).toHaveLength(tiles);
      expectOnlyText(container.querySelector('.fd-labels-pane')!, ...HOSTILE);
      cleanup();

      const track: HistoryResult = { identifier: 'EX-1', metric: 'Location', start: '2026-11-21T10:00:00Z', end: '2026-11-22T10:00:00Z', points: [{ at: '2026-11-21T11:00:00Z', value: null, lat: 1, lng: 2 }], issues: [], fetchedAt: '2026-11-22T10:00:00Z', source: 'network' };
      const replay = render(TrackReplay, { result: track, map: { tileUrl, tileAttribution: attribution } });
      expect(replay.container.querySelectorAll(INJECTED)).toHaveLength(replay.container.querySelectorAll('img.leaflet-tile').length);
      expect(screen.getByText(attribution)).toBeInTheDocument();
    });
  });

  describe('in the Fleet view', () => {
    const equipment: Equipment[] = HOSTILE.map((text, i) => unit({ equipmentId: `${text}#${i}`, serialNumber: text, make: text, model: text }));
    const listing: AempListing = { version: '2.0', snapshotTime: null, equipment, issues: [{ path: HOSTILE[1], message: HOSTILE[0] }], pages: 1, fetchedAt: '2026-11-22T10:00:00Z', source: 'network' };
    function history(identifier: string, metric: HistoryResult['metric']): HistoryResult {
      return {
        identifier,
        metric,
        start: '2026-11-21T10:00:00Z',
        end: '2026-11-22T10:00:00Z',
        points: metric === 'Location' ? [{ at: '2026-11-21T11:00:00Z', value: null, lat: 1, lng: 2 }] : [{ at: '2026-11-21T11:00:00Z', value: 5 }],
        issues: HOSTILE.map((text) => ({ path: text, message: text })),
        fetchedAt: '2026-11-22T10:00:00Z',
        source: 'network',
      };
    }
    function bridge() {
      return createFakeBridge({
        'settings:get': () => DEFAULT_SETTINGS,
        'assets:get': () => null,
        'aemp:cached': () => null,
        'aemp:list': () => listing,
        'aemp:history': (identifier, metric) => {
          if (metric === 'FuelRemaining') throw new FakeFailure({ kind: 'bad-payload', message: HOSTILE[2], path: HOSTILE[3] });
          return history(identifier, metric);
        },
      });
    }

    it('in the equipment table', async () => {
      setBridge(bridge().bridge);
      const { container } = render(AempView);
      const table = await screen.findByRole('table');
      await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Open machine/ })).toHaveLength(HOSTILE.length));
      expectOnlyText(table, ...HOSTILE);
      expectOnlyText(container, ...HOSTILE);
    });

    it('on the equipment page and in its history panels', async () => {
      setBridge(bridge().bridge);
      const { container } = render(AempView);
      await fireEvent.click(await screen.findByRole('button', { name: `Open machine ${equipment[0].equipmentId}` }));
      await fireEvent.click(screen.getByRole('button', { name: 'Last 24 h' }));
      const hours = (await screen.findByRole('heading', { name: 'Operating hours' })).closest('section')!;
      await waitFor(() => expect(within(hours).getByText(/1 updates?/)).toBeInTheDocument());
      await fireEvent.click(within(hours).getByRole('button', { name: 'Table' }));
      for (const button of within(container).queryAllByRole('button', { name: /Show reasons|Show details|issues?/ })) await fireEvent.click(button);
      const fuel = screen.getByRole('heading', { name: 'Fuel remaining' }).closest('section')!;
      await waitFor(() => expect(within(fuel).getByRole('alert')).toBeInTheDocument());
      expectOnlyText(fuel, HOSTILE[2]);
      expectOnlyText(hours, ...HOSTILE);
      expectOnlyText(container, equipment[0].equipmentId!);
      expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
    });
  });
});

describe('service text exports as literal, quoted text', () => {
  it('in the asset CSV', () => {
    const csv = assetsToCsv(hostileAssets());
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const header = rows[0];
    const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)]);
    expect(column('Name')).toEqual(HOSTILE);
    expect(column('Category')).toEqual(HOSTILE);
    expect(column('Serial number')).toEqual(HOSTILE);
    expect(column('address-street')).toEqual(HOSTILE);
    // Every cell holding a quote is itself quoted, with the quote doubled.
    expect(csv).toContain('"<img src=x onerror=""window.__pwned=1"">"');
  });

  it('in the history CSV', () => {
    const result: HistoryResult = {
      identifier: HOSTILE[0],
      metric: 'CumulativeOperatingHours',
      start: '2026-11-21T10:00:00Z',
      end: '2026-11-22T10:00:00Z',
      points: HOSTILE.map((text, i) => ({ at: text, value: i })),
      issues: [],
      fetchedAt: '2026-11-22T10:00:00Z',
      source: 'network',
    };
    const rows = Papa.parse<string[]>(buildHistoryCsv(result, 'metric'), { skipEmptyLines: true }).data;
    expect(rows.slice(1).map((row) => row[0])).toEqual(HOSTILE);
  });
});
