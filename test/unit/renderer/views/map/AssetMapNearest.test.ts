/**
 * Nearest machines and measuring on the asset map: the right-click menu opens the nearest
 * panel at the clicked point, the map's keys open it around the centre or the selected
 * machine and measure, and Escape in the map ends measuring before it closes the panel.
 * Leaflet runs for real in jsdom once the container has a size.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type L from 'leaflet';
import { DEFAULT_SETTINGS, type NearestQuery } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { asset, FakeBridge, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';

const AssetMap = (await import('../../../../../src-renderer/src/views/map/AssetMap.svelte')).default;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

let bridge: FakeBridge;
let queries: NearestQuery[];

beforeEach(() => {
  queries = [];
  bridge = new FakeBridge();
  bridge.handle('map:base', () => ({ kind: 'osm', url: '', attribution: '', host: '', places: [] }));
  bridge.handle('nearest:query', (q) => {
    queries.push(q as NearestQuery);
    return { lat: (q as NearestQuery).lat, lng: (q as NearestQuery).lng, hits: [{ assetId: 'thing:2', distanceM: 1200, bearingDeg: 90 }], searched: 2, place: null };
  });
  setBridge(bridge);
  resetStores(() => NOW);
  session.settings = { ...DEFAULT_SETTINGS, units: 'metric' };
  assets.setSnapshot(snapshot([asset(1, { name: 'Excavator 1' }, { gps: metric({ lat: 40.6, lng: -111.9 }) }), asset(2, { name: 'Loader 2' }, { gps: metric({ lat: 40.6, lng: -111.88 }) })]));
});
afterEach(() => {
  cleanup();
  setBridge(null);
  resetStores(() => NOW);
});

async function mount() {
  render(AssetMap, {});
  const map = (window as unknown as { __fleetMap: L.Map }).__fleetMap;
  map.setView([40.6, -111.89], 12);
  return { map, container: map.getContainer() };
}

describe('nearest machines from the map', () => {
  it('right-click → "Nearest machines to here" asks around the clicked point and lists the answer', async () => {
    const { map } = await mount();
    map.fire('contextmenu', { latlng: { lat: 40.61, lng: -111.87 }, containerPoint: { x: 100, y: 120 }, originalEvent: new MouseEvent('contextmenu') });
    const menu = await screen.findByRole('menu', { name: 'At this point' });
    expect(document.activeElement).toHaveTextContent('Nearest machines to here');
    await fireEvent.click(screen.getByRole('menuitem', { name: 'Nearest machines to here' }));
    expect(menu.isConnected).toBe(false);
    await screen.findByRole('dialog', { name: 'Nearest machines' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Loader 2/ })).toHaveTextContent('1.2 km E'));
    expect(queries[0]).toMatchObject({ lat: 40.61, lng: -111.87, excludeAssetId: null });
  });

  it('N in the map asks around its centre; Shift+N around the selected machine, leaving it out', async () => {
    const { container, map } = await mount();
    await fireEvent.keyDown(container, { key: 'n' });
    await screen.findByRole('dialog', { name: 'Nearest machines' });
    expect(queries[0]).toMatchObject({ lat: map.getCenter().lat, lng: map.getCenter().lng });
    selection.selectFromMap('thing:1');
    await fireEvent.keyDown(container, { key: 'N', shiftKey: true });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ lat: 40.6, lng: -111.9, excludeAssetId: 'thing:1' }));
  });

  it('D measures from the selected machine to the centre; Escape ends measuring, then closes the panel', async () => {
    const { container } = await mount();
    selection.selectFromMap('thing:1');
    await fireEvent.keyDown(container, { key: 'n' });
    await screen.findByRole('dialog', { name: 'Nearest machines' });
    container.focus();
    await fireEvent.keyDown(container, { key: 'd' });
    expect(await screen.findByTestId('measure-readout')).toHaveTextContent(/Distance \d+(\.\d)? (m|km) [NESW]+/);
    expect(container.querySelectorAll('.leaflet-overlay-pane path').length).toBeGreaterThanOrEqual(3);
    await fireEvent.keyDown(container, { key: 'Escape' });
    expect(screen.queryByTestId('measure-readout')).toBeNull();
    expect(container.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Nearest machines' })).toBeInTheDocument();
    await fireEvent.keyDown(container, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Nearest machines' })).toBeNull();
  });

  it('"Measure from here" then a click shows the distance between the two points', async () => {
    const { map } = await mount();
    map.fire('contextmenu', { latlng: { lat: 0, lng: 0 }, containerPoint: { x: 10, y: 10 }, originalEvent: new MouseEvent('contextmenu') });
    await fireEvent.click(await screen.findByRole('menuitem', { name: 'Measure from here' }));
    expect(await screen.findByTestId('measure-readout')).toHaveTextContent('Measure: click the second point');
    map.fire('click', { latlng: { lat: 0, lng: 0.1 } });
    await waitFor(() => expect(screen.getByTestId('measure-readout')).toHaveTextContent('Distance 11.1 km E'));
  });
});
