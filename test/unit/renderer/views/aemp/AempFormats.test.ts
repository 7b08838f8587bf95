/** Failed look-ups, the identifier used, and one way of writing times and numbers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import type { AempListing } from '../../../../../src-main/contract';
import { DEFAULT_SETTINGS } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import AempView from '../../../../../src-renderer/src/views/aemp/AempView.svelte';
import { AempViewState } from '../../../../../src-renderer/src/state/aemp-view.svelte';
import { COLUMNS, cellText, columnLabel } from '../../../../../src-renderer/src/lib/aemp/equipment-table';
import { asOfText } from '../../../../../src-renderer/src/lib/aemp/messages';
import { formatDateTime } from '../../../../../src-renderer/src/lib/format/time';
import { FakeFailure, createFakeBridge } from '../../fixtures';
import { unit } from '../../lib/aemp/equipment-fixture';

vi.mock('uplot', () => ({ default: vi.fn() }));

afterEach(() => {
  cleanup();
  setBridge(null);
});

const EX1 = unit({ equipmentId: 'EX-1', serialNumber: 'SN-1', make: 'Caterpillar', model: '320', distance: { metres: 12_345_600, at: '2026-11-22T10:00:00Z' }, operatingHours: { hours: 1234.5, at: '2026-11-22T10:00:00Z' } });

function listing(equipment = [EX1], version: AempListing['version'] = '2.0'): AempListing {
  return { version, snapshotTime: null, equipment, issues: [], pages: 1, fetchedAt: '2026-11-22T10:00:00Z', source: 'network' };
}

function fake(extra: Parameters<typeof createFakeBridge>[0] = {}) {
  const f = createFakeBridge({
    'settings:get': () => DEFAULT_SETTINGS,
    'assets:get': () => null,
    'aemp:cached': () => null,
    'aemp:list': (version) => listing([EX1], version),
    ...extra,
  });
  setBridge(f.bridge);
  return f;
}

describe('unit look-up', () => {
  it('a failed look-up takes the previous unit off the screen and shows why', async () => {
    let fail = false;
    fake({
      'aemp:equipment': (_v, id) => {
        if (fail) throw new FakeFailure({ kind: 'not-found', message: 'HTTP 404', status: 404 });
        return unit({ equipmentId: id, make: 'Volvo', model: 'EC220' });
      },
    });
    render(AempView);
    const box = await screen.findByLabelText('Look up a machine');
    await fireEvent.input(box, { target: { value: 'EX-9' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('heading', { name: /Volvo EC220 · EX-9/ })).toBeInTheDocument();

    fail = true;
    await fireEvent.input(box, { target: { value: 'ZZ-404' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('No machine with identifier ZZ-404.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Volvo EC220/ })).toBeNull();
  });

  it('an identifier the form refuses also clears the machine shown (what is on screen is never another machine)', async () => {
    fake({ 'aemp:equipment': (_v, id) => unit({ equipmentId: id, make: 'Volvo', model: 'EC220' }) });
    const state = new AempViewState();
    expect(await state.lookUp('EX-9')).toBe(true);
    expect(state.selected?.equipmentId).toBe('EX-9');
    expect(await state.lookUp('   ')).toBe(false);
    expect(state.selected).toBeNull();
    expect(state.lookupError).toBe('Enter an equipment id, serial number or VIN.');
  });
});

describe('one format for times and numbers', () => {
  it('the Fleet view and the asset views write a date and time the same way, in the user\'s locale', () => {
    const iso = '2026-11-22T14:05:09Z';
    expect(cellText(unit({ location: { lat: 1, lng: 2, altitudeM: null, at: iso } }), 'locationAt', 'metric')).toBe(formatDateTime(iso));
    expect(asOfText(iso)).toBe(`as of ${formatDateTime(iso)}`);
    const expected = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(Date.parse(iso));
    expect(formatDateTime(iso)).toBe(expected);
    expect(formatDateTime(iso, 'de-DE')).toBe(new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(Date.parse(iso)));
    expect(formatDateTime(null)).toBe('—');
  });

  it('the unit is in the header, never repeated in every cell', () => {
    const odometer = COLUMNS.find((c) => c.key === 'distance')!;
    const hours = COLUMNS.find((c) => c.key === 'operatingHours')!;
    expect(columnLabel(odometer, 'metric')).toBe('Odometer (km)');
    expect(columnLabel(odometer, 'imperial')).toBe('Odometer (mi)');
    expect(columnLabel(hours, 'metric')).toBe('Operating hours (h)');
    expect(cellText(EX1, 'distance', 'metric')).toBe('12,345.6');
    expect(cellText(EX1, 'operatingHours', 'metric')).toBe('1,234.5');
    for (const c of COLUMNS) expect(cellText(EX1, c.key, 'metric')).not.toMatch(/\d (km|mi|h|%)$/);
  });

  it('counts are grouped the way the asset list groups them ("9,500 machines")', async () => {
    const many = Array.from({ length: 9500 }, (_, i) => unit({ equipmentId: `U-${i}` }));
    fake({ 'aemp:list': () => listing(many) });
    render(AempView);
    expect(await screen.findByText(/9,500 machines · as of/)).toBeInTheDocument();
    expect(screen.getByText('9,500 of 9,500 machines')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/g, '').trim())).toContain('Odometer (km)');
  });
});
