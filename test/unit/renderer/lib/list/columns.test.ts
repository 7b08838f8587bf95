import { describe, expect, it } from 'vitest';
import { cellOf, COLUMNS, fitColumns, gridTemplate, hiddenColumnsNotice, minRowWidthRem, toggleColumn, visibleColumns } from '../../../../../src-renderer/src/lib/list/columns';
import { indexAssets, oldMetricKeys } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { formatAllMetrics } from '../../../../../src-renderer/src/lib/format/metrics';
import { DEFAULT_LIST_COLUMNS, LIST_COLUMNS } from '../../../../../src-main/contract';
import { asset as fullAsset, row as asset, metric, NOW } from '../../fixtures';
import { assetRow } from '../../../../../src-main/core/assets/asset-row';

const ctx = { now: NOW, units: 'metric' as const, staleAfterMin: 60, speedUnit: 'unstated' as const };
const fresh = '2026-11-22T11:58:00Z';
const monthsAgo = '2026-08-20T09:00:00Z';

describe('list columns', () => {
  it('shows the chosen columns in one fixed order, ignoring repeats and unknown keys', () => {
    expect(visibleColumns(['odometer', 'id', 'id', 'colour']).map((c) => c.key)).toEqual(['id', 'odometer']);
    expect(visibleColumns(undefined).map((c) => c.key)).toEqual([...DEFAULT_LIST_COLUMNS]);
    expect(toggleColumn(['fuel'], 'id')).toEqual(['id', 'fuel']);
    expect(toggleColumn(['id', 'fuel'], 'id')).toEqual(['fuel']);
    // Every column the chooser offers has a definition.
    for (const key of LIST_COLUMNS) expect(COLUMNS[key].key).toBe(key);
  });

  it('builds one grid template for header and rows: text columns grow, the others keep widths that hold their values', () => {
    const cols = visibleColumns(['category', 'fuel', 'odometer']);
    expect(gridTemplate(cols)).toBe('minmax(12rem, 2fr) minmax(5.6rem, 1fr) 5.8rem 9rem');
    expect(gridTemplate(cols, true)).toBe('minmax(12rem, 2fr) minmax(5.6rem, 1fr) 4.6rem 9rem');
    expect(minRowWidthRem(cols)).toBeCloseTo(0.6 * 2 + 12 + 5.6 + 0.5 + 5.8 + 0.5 + 9 + 0.5);
  });

  it('fits the chosen columns to the pane: full widths, then compact, then the rightmost ones left out and counted', () => {
    const cols = visibleColumns(LIST_COLUMNS);
    const rem = 16;
    const full = minRowWidthRem(cols) * rem;
    // Unmeasured (0 wide): every column, nothing hidden.
    expect(fitColumns(cols, 0, rem)).toEqual({ shown: cols, hidden: [], compact: false });
    expect(fitColumns(cols, full, rem)).toEqual({ shown: cols, hidden: [], compact: false });
    expect(fitColumns(cols, minRowWidthRem(cols, true) * rem, rem)).toEqual({ shown: cols, hidden: [], compact: true });
    const narrow = fitColumns(cols, 700, rem);
    expect(narrow.hidden.length).toBeGreaterThan(0);
    expect([...narrow.shown, ...narrow.hidden]).toEqual(cols);
    // What is shown always fits the pane: nothing is cut and nothing scrolls sideways.
    expect(minRowWidthRem(narrow.shown, true) * rem).toBeLessThanOrEqual(700);
    expect(minRowWidthRem(cols.slice(0, narrow.shown.length + 1), true) * rem).toBeGreaterThan(700);
    expect(hiddenColumnsNotice(narrow.hidden)).toBe(`${narrow.hidden.length} columns hidden — widen the window or choose fewer`);
    expect(hiddenColumnsNotice(cols.slice(0, 1))).toBe('1 column hidden — widen the window or choose fewer');
    expect(hiddenColumnsNotice([])).toBeNull();
  });

  it('sizes each number column for its header and a long usual value with an "old" tag (no odometer cut to "871,28")', () => {
    // An average digit of the list's 0.92rem type is about 0.55em wide, and the "old" tag about 2.25rem with its gap.
    const charRem = 0.92 * 0.55;
    const longest: Partial<Record<string, string>> = { odometer: '9,999,999 km', engineHours: '999,999 h', speed: '120.5 km/h' };
    for (const [key, text] of Object.entries(longest)) expect(COLUMNS[key as keyof typeof COLUMNS].minRem, key).toBeGreaterThanOrEqual(text!.length * charRem + 2.25);
    for (const col of Object.values(COLUMNS)) if (col.kind === 'number' || col.kind === 'time') expect(col.compactRem).toBe(col.minRem);
  });

  it('formats the optional columns in the units shown, with "—" for no reading', () => {
    const [row] = indexAssets([
      asset(7, { serialNumber: 'CAT0320' }, { speed: metric(42.5, fresh), 'engine-runtime': metric(1234.6 * 3_600_000, fresh), odometer: metric(12_345_600_000, fresh), gps: metric({ lat: 40, lng: -111 }, '2026-11-22T11:57:00Z') }),
    ]);
    expect(cellOf('id', row, ctx).text).toBe('thing:7');
    expect(cellOf('serial', row, ctx).text).toBe('CAT0320');
    expect(cellOf('speed', row, ctx).text).toBe('42.5');
    expect(cellOf('speed', row, ctx).title).toMatch(/unit not stated by the service$/);
    // The profile states the service's unit: the list says it, in the dispatcher's units.
    expect(cellOf('speed', row, { ...ctx, speedUnit: 'km/h' }).text).toBe('42.5 km/h');
    expect(cellOf('speed', row, { ...ctx, speedUnit: 'km/h', units: 'imperial' })).toMatchObject({ text: '26.4 mph', title: expect.stringMatching(/42\.5 km\/h as sent$/) });
    expect(cellOf('speed', row, { ...ctx, speedUnit: 'm/s' }).text).toBe('153 km/h');
    expect(cellOf('engineHours', row, ctx).text).toBe('1,234 h');
    expect(cellOf('odometer', row, ctx).text).toBe('123,456 km');
    expect(cellOf('odometer', row, { ...ctx, units: 'imperial' }).text).toBe('76,712 mi');
    expect(cellOf('positionAge', row, ctx).text).toBe('3 min ago');
    expect(cellOf('fuel', row, ctx)).toMatchObject({ text: '—', empty: true });
  });

  it('shows the readings kept only for optional columns: unit-less numbers as sent, the longest lamp in hours, inputs on, the time zone', () => {
    const [row, none] = indexAssets([
      asset(8, {}, {
        altitude: metric(1402.5, fresh),
        battery: metric(12.6, fresh),
        'device-battery': metric(87, fresh),
        'cab-temperature': metric(-4.5, fresh),
        'signal-strength': metric(31, fresh),
        'lights1-runtime': metric(2 * 3_600_000, fresh),
        'light2-runtime': metric(5.5 * 3_600_000, fresh),
        input1: metric(true, fresh),
        input2: metric(false, fresh),
        input3: metric(true, fresh),
        'time-zone': metric('America/Denver', fresh),
      }),
      asset(9, {}, { input2: metric(false, fresh) }),
    ]);
    expect(cellOf('altitude', row, ctx)).toMatchObject({ text: '1,402.5', title: '1,402.5 (unit not stated by the service)' });
    expect(cellOf('battery', row, ctx).text).toBe('12.6');
    expect(cellOf('deviceBattery', row, ctx).text).toBe('87');
    expect(cellOf('cabTemperature', row, ctx).text).toBe('-4.5');
    expect(cellOf('signal', row, ctx).text).toBe('31');
    expect(cellOf('lightsHours', row, ctx).text).toBe('5 h');
    expect(cellOf('inputs', row, ctx)).toMatchObject({ text: '1, 3', title: 'Input 1 on, input 2 off, input 3 on, input 4 not reported' });
    expect(cellOf('timeZone', row, ctx)).toMatchObject({ text: 'America/Denver', title: 'America/Denver' });
    expect(cellOf('inputs', none, ctx).text).toBe('none');
    for (const key of ['altitude', 'battery', 'deviceBattery', 'cabTemperature', 'signal', 'lightsHours', 'timeZone'] as const) expect(cellOf(key, none, ctx), key).toMatchObject({ text: '—', empty: true });
  });

  it('marks old readings with the details pane rule: a fuel level months older than the newest reading', () => {
    const full = fullAsset(1, {}, { fuel: metric(62, monthsAgo), gps: metric({ lat: 40, lng: -111 }, fresh), speed: metric(0, '2026-11-20T12:00:00Z') });
    const a = assetRow(full);
    const [row] = indexAssets([a]);
    expect(cellOf('fuel', row, ctx)).toMatchObject({ text: '62%', old: true });
    expect(cellOf('positionAge', row, ctx).old).toBe(false);
    // Two days older is not "old": the gap must pass the details pane's threshold.
    expect(cellOf('speed', row, ctx).old).toBe(false);
    // One rule: the list's old marks are exactly the details pane's.
    const details = formatAllMetrics(full.metrics, 'metric', NOW).filter((m) => m.old).map((m) => m.key);
    expect([...oldMetricKeys(a)]).toEqual(details);
  });

  it('flags a stale last update and position', () => {
    const [row] = indexAssets([asset(1, {}, { gps: metric({ lat: 40, lng: -111 }, '2026-11-22T09:00:00Z') })]);
    expect(cellOf('lastUpdate', row, ctx)).toMatchObject({ text: '3 h ago', stale: true });
    expect(cellOf('positionAge', row, { ...ctx, staleAfterMin: 600 }).stale).toBe(false);
  });
});
