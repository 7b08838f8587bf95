import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import type { AempListing, HistoryResult, Settings } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import AempView from '../../../../../src-renderer/src/views/aemp/AempView.svelte';
import { FakeFailure, createFakeBridge } from '../../fixtures';
import { unit } from '../../lib/aemp/equipment-fixture';
import { resetStores } from '../../fixtures';
import { DEFAULT_SETTINGS } from '../../../../../src-main/contract';
import { appEvents } from '../../../../../src-renderer/src/state/events';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { formatClock } from '../../../../../src-renderer/src/lib/format/time';
import { deferred } from '../../../../fixtures/deferred';

// Canvas/SVG libraries do not run in jsdom: the components only hand them data.
vi.mock('uplot', () => ({
  default: vi.fn(function FakePlot(this: { width: number }) {
    this.width = 300;
    return Object.assign(this, { setSize: vi.fn(), destroy: vi.fn() });
  }),
}));
vi.mock('leaflet', () => {
  const layer = () => {
    const l = { addTo: () => l, on: () => l, setLatLng: () => l, setLatLngs: () => l };
    return l;
  };
  const map = () => ({ fitBounds: vi.fn(), setView: vi.fn(), remove: vi.fn(), attributionControl: { setPrefix: vi.fn() } });
  const api = { map, tileLayer: layer, polyline: layer, circleMarker: layer, latLngBounds: () => ({}) };
  return { default: api };
});

beforeEach(() => {
  session.settings = SETTINGS;
});
afterEach(() => {
  cleanup();
  setBridge(null);
  resetStores();
});

// No tile server: the track map's plain-background note is part of what is checked.
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, staleAfterMin: 30, tileUrl: '', tileAttribution: '' };


const EX1 = unit({ equipmentId: 'EX-1', serialNumber: 'SN-1', make: 'Caterpillar', model: '320', operatingHours: { hours: 1234.5, at: '2026-11-22T10:00:00Z' } });
const EX2 = unit({ equipmentId: 'EX-2', serialNumber: 'SN-2', make: 'Komatsu', model: 'PC210' });

function listing(over: Partial<AempListing> = {}): AempListing {
  return { version: '2.0', snapshotTime: null, equipment: [EX1, EX2], issues: [], pages: 1, fetchedAt: '2026-11-22T10:00:00Z', source: 'network', ...over };
}

function base(extra: Parameters<typeof createFakeBridge>[0] = {}) {
  return createFakeBridge({
    'aemp:cached': () => null,
    'aemp:list': () => listing(),
    ...extra,
  });
}

describe('AempView loading', () => {
  it('shows page progress and the throttled wait while aemp:list runs, then the table', async () => {
    const pending = deferred<AempListing>();
    const fake = base({ 'aemp:list': () => pending.promise });
    setBridge(fake.bridge);
    render(AempView);

    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'aemp:list')).toBe(true));
    fake.emit('aemp:progress', { version: '2.0', page: 3, lastPage: 12, equipment: 300, waitingUntil: null, done: false });
    expect(await screen.findByText('Loading page 3 of 12 — 300 machines')).toBeInTheDocument();

    const retryAt = new Date(2026, 10, 22, 12, 4, 10).toISOString();
    fake.emit('aemp:progress', { version: '2.0', page: 3, lastPage: 12, equipment: 300, waitingUntil: retryAt, done: false });
    expect(await screen.findByText(`Waiting for the service (throttled) — retrying at ${formatClock(retryAt)}`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    pending.resolve(listing());
    expect(await screen.findByRole('button', { name: 'Open machine EX-2' })).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for the service/)).not.toBeInTheDocument();
    expect(screen.getByText(/2 machines · as of/)).toBeInTheDocument();
  });

  it('keeps stored data and says so when offline', async () => {
    const fake = base({
      'aemp:cached': () => listing({ source: 'cache', issues: [{ path: '$.Equipment[4].Location', message: 'Latitude is not a number' }] }),
      'aemp:list': () => {
        throw new FakeFailure({ kind: 'offline', message: 'No network' });
      },
    });
    setBridge(fake.bridge);
    render(AempView);

    expect(await screen.findByText(/Not available offline: the fleet list\./)).toBeInTheDocument();
    expect(screen.getByText('from offline data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open machine EX-1' })).toBeInTheDocument();
    expect(screen.getByText('1 record could not be read')).toBeInTheDocument();
    expect(screen.getByText('$.Equipment[4].Location')).toBeInTheDocument();
  });

  it('keeps the shown list while reloading', async () => {
    const second = deferred<AempListing>();
    let calls = 0;
    setBridge(base({ 'aemp:list': () => (++calls === 1 ? listing() : second.promise) }).bridge);
    render(AempView);
    await screen.findByRole('button', { name: 'Open machine EX-1' });
    await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByText('Loading the fleet…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open machine EX-1' })).toBeInTheDocument();
    second.resolve(listing({ equipment: [EX2] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open machine EX-1' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open machine EX-2' })).toBeInTheDocument();
  });

  it('sorts and filters the table', async () => {
    setBridge(base().bridge);
    render(AempView);
    await screen.findByRole('button', { name: 'Open machine EX-1' });

    const openButtons = () => screen.getAllByRole('button', { name: /^Open machine/ }).map((b) => b.textContent?.trim());
    expect(openButtons()).toEqual(['EX-1', 'EX-2']);
    await fireEvent.click(screen.getByRole('button', { name: /Equipment id/ }));
    expect(openButtons()).toEqual(['EX-2', 'EX-1']);
    await fireEvent.input(screen.getByLabelText('Filter'), { target: { value: 'cater' } });
    expect(openButtons()).toEqual(['EX-1']);
  });
});

describe('AempView with a large fleet', () => {
  it('renders only a window of rows above 500 machines', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => unit({ equipmentId: `U-${i}`, make: 'Volvo' }));
    setBridge(base({ 'aemp:list': () => listing({ equipment: many }) }).bridge);
    render(AempView);
    await screen.findByRole('button', { name: 'Open machine U-0' });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '2001');
    const rendered = screen.getAllByRole('button', { name: /^Open machine/ }).length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('2,000 of 2,000 machines')).toBeInTheDocument();
  });
});

describe('AempView look-up', () => {
  it('refuses an empty identifier and reports a unit that does not exist', async () => {
    const fake = base({
      'aemp:equipment': () => {
        throw new FakeFailure({ kind: 'not-found', message: 'HTTP 404', status: 404 });
      },
    });
    setBridge(fake.bridge);
    render(AempView);

    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Enter an equipment id, serial number or VIN.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'aemp:equipment')).toBe(false);

    await fireEvent.input(screen.getByLabelText('Look up a machine'), { target: { value: '  ZZ-404 ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('No machine with identifier ZZ-404.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.channel === 'aemp:equipment')?.args).toEqual(['2.0', 'ZZ-404']);
  });
});

describe('AempView look-up on version 1.2', () => {
  it('says that 1.2 looks machines up by VIN and what to try instead', async () => {
    const fake = base({
      'aemp:list': (version) => listing({ version: version as '1.2' }),
      'aemp:equipment': () => {
        throw new FakeFailure({ kind: 'not-found', message: 'HTTP 404', status: 404 });
      },
    });
    setBridge(fake.bridge);
    render(AempView);
    await fireEvent.click(await screen.findByRole('radio', { name: 'AEMP 1.2' }));
    await fireEvent.input(screen.getByLabelText('Look up a machine'), { target: { value: 'SN-1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('No machine with VIN SN-1. Version 1.2 looks machines up by VIN; try the VIN, or switch to 2.0.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.channel === 'aemp:equipment')?.args).toEqual(['1.2', 'SN-1']);
  });
});

describe('AempView latest data', () => {
  const located = unit({ equipmentId: 'EX-7', make: 'Volvo', model: 'EC220', location: { lat: 40.5, lng: -111.9, altitudeM: 1400, at: '2026-11-22T10:00:00Z' } });

  it('gives the altitude in feet with its unit when the settings are imperial', async () => {
    session.settings = { ...SETTINGS, units: 'imperial' };
    setBridge(base({ 'aemp:list': () => listing({ equipment: [located] }) }).bridge);
    render(AempView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Open machine EX-7' }));
    const latest = await screen.findByRole('region', { name: 'Latest data' });
    expect(latest).toHaveTextContent('4,593 ft');
    expect(latest).not.toHaveTextContent(/1,?400 m/);
  });

  it('gives the altitude in metres when the settings are metric', async () => {
    setBridge(base({ 'aemp:list': () => listing({ equipment: [located] }) }).bridge);
    render(AempView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Open machine EX-7' }));
    expect(await screen.findByRole('region', { name: 'Latest data' })).toHaveTextContent('1,400 m');
  });
});

function history(metric: HistoryResult['metric'], points: HistoryResult['points']): HistoryResult {
  return { identifier: 'EX-1', metric, start: '2026-11-21T10:00:00Z', end: '2026-11-22T10:00:00Z', points, issues: [], fetchedAt: '2026-11-22T10:00:00Z', source: 'network' };
}

describe('Equipment page and history', () => {
  it('opens a unit, links to its asset and validates the date range', async () => {
    // The core links equipment to assets; the view never downloads the asset list to do it.
    const fake = base({ 'aemp:list': () => listing({ equipment: [{ ...EX1, linkedAssetId: 'thing:7' }, EX2] }) });
    setBridge(fake.bridge);
    render(AempView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Open machine EX-1' }));

    expect(screen.getByRole('heading', { name: /Caterpillar 320 · EX-1/ })).toBeInTheDocument();
    const shown = vi.fn();
    const off = appEvents.on('show-asset', shown);
    await fireEvent.click(screen.getByRole('button', { name: 'Show in asset list' }));
    off();
    expect(shown).toHaveBeenCalledWith({ assetId: 'thing:7' });
    expect(fake.calls.some((c) => c.channel === 'assets:get' || c.channel === 'settings:get')).toBe(false);

    await fireEvent.input(screen.getByLabelText('From (local time)'), { target: { value: '2026-11-20T12:00' } });
    await fireEvent.input(screen.getByLabelText('To (local time)'), { target: { value: '2026-11-20T08:00' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('The start must be before the end.')).toBeInTheDocument();

    await fireEvent.input(screen.getByLabelText('To (local time)'), { target: { value: '2099-01-01T00:00' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('The end is in the future; choose now or earlier.')).toBeInTheDocument();
    expect(screen.getByLabelText('To (local time)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls.some((c) => c.channel === 'aemp:history')).toBe(false);
  });

  it('loads the four histories with their own states and shows a table', async () => {
    const fake = base({
      'aemp:history': (_id, metric) => {
        if (metric === 'FuelRemaining') throw new FakeFailure({ kind: 'offline', message: 'No network' });
        if (metric === 'Location') return history('Location', [{ at: '2026-11-21T11:00:00Z', value: null, lat: 1, lng: 2 }, { at: '2026-11-21T12:00:00Z', value: null, lat: 1.5, lng: 2.5 }]);
        if (metric === 'Distance') return history('Distance', []);
        return history('CumulativeOperatingHours', [{ at: '2026-11-21T11:00:00Z', value: 100.25 }, { at: '2026-11-21T12:00:00Z', value: 101.5 }]);
      },
    });
    setBridge(fake.bridge);
    render(AempView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Open machine EX-1' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Last 24 h' }));

    const hours = (await screen.findByRole('heading', { name: 'Operating hours' })).closest('section')!;
    await waitFor(() => expect(within(hours).getByText(/2 updates/)).toBeInTheDocument());
    await fireEvent.click(within(hours).getByRole('button', { name: 'Table' }));
    const rows = within(hours).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('100.25')).toBeInTheDocument();
    expect(within(rows[2]).getByText('101.5')).toBeInTheDocument();

    const fuel = screen.getByRole('heading', { name: 'Fuel remaining' }).closest('section')!;
    expect(await within(fuel).findByText('Not available offline: fuel remaining history of EX-1.')).toBeInTheDocument();
    const odo = screen.getByRole('heading', { name: 'Odometer' }).closest('section')!;
    expect(within(odo).getByText('No updates in this range.')).toBeInTheDocument();
    const track = screen.getByRole('heading', { name: 'Track' }).closest('section')!;
    expect(within(track).getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(within(track).getByText('No map tiles configured: the track is drawn on a plain background.')).toBeInTheDocument();

    const historyCalls = fake.calls.filter((c) => c.channel === 'aemp:history');
    expect(historyCalls.map((c) => c.args[1]).sort()).toEqual(['CumulativeOperatingHours', 'Distance', 'FuelRemaining', 'Location']);
    for (const c of historyCalls) {
      expect(c.args[0]).toBe('EX-1');
      expect(c.args[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Date.parse(c.args[3] as string) - Date.parse(c.args[2] as string)).toBe(24 * 3600 * 1000);
    }
  });

  it('opens the unit asked for by serial once the listing has loaded', async () => {
    const pending = deferred<AempListing>();
    const fake = base({ 'aemp:list': () => pending.promise });
    setBridge(fake.bridge);
    ui.showInAemp('SN-2');
    render(AempView);
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'aemp:list')).toBe(true));
    pending.resolve(listing());
    expect(await screen.findByRole('heading', { name: /Komatsu PC210 · EX-2/ })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'aemp:equipment')).toBe(false);
  });

  it('looks a serial up over AEMP 2.0 when the listing does not hold it', async () => {
    const fake = base({ 'aemp:equipment': (_v, id) => unit({ equipmentId: 'EX-77', serialNumber: id, make: 'Volvo', model: 'EC220' }) });
    setBridge(fake.bridge);
    ui.showInAemp('SN-77');
    render(AempView);
    expect(await screen.findByRole('heading', { name: /Volvo EC220 · EX-77/ })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.channel === 'aemp:equipment')?.args).toEqual(['2.0', 'SN-77']);
  });
});
