import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Asset, Metric } from '../../../../src-main/contract';
import { assetsToCsv, flatten } from '../../../../src-main/core/store/export-csv';

const at = '2026-03-01T10:00:00.000Z';
const m = (value: unknown): Metric => ({ value, meta: { collectedOn: at, source: 's', other: {} } });

function asset(id: string, name: string, metrics: Record<string, Metric> | null): Asset {
  return { assetId: id, type: 'thing', name, serialNumber: 'SN1', category: 'Cranes', embedUrl: null, metrics, lastUpdate: metrics ? at : null, issues: [] };
}

const parse = (csv: string): string[][] => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
};

describe('assetsToCsv', () => {
  it('writes the fixed columns, then every other metric seen, sorted', () => {
    const rows = parse(
      assetsToCsv([
        asset('thing:2', 'B', { fuel: m(55), gps: m({ lat: 40.5, lng: -111.25 }), speed: m(12) }),
        asset('thing:1', 'A', { ignition: m(true), altitude: m(1400) }),
      ]),
    );
    expect(rows[0]).toEqual(['assetId', 'name', 'type', 'category', 'serialNumber', 'lastUpdate', 'fuel (%)', 'ignition', 'lat', 'lng', 'altitude', 'speed']);
    expect(rows[1]).toEqual(['thing:2', 'B', 'thing', 'Cranes', 'SN1', at, '55', '', '40.5', '-111.25', '', '12']);
    expect(rows[2]).toEqual(['thing:1', 'A', 'thing', 'Cranes', 'SN1', at, '', 'true', '', '', '1400', '']);
  });

  it('keeps the order it was given', () => {
    const ids = ['thing:3', 'area:1', 'thing:10'];
    const rows = parse(assetsToCsv(ids.map((id) => asset(id, id, null))));
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids);
  });

  it('quotes commas, quotes and line breaks so the text comes back unchanged', () => {
    const name = 'Crane, "big one"\nnorth yard';
    const csv = assetsToCsv([asset('thing:1', name, null)]);
    expect(csv).toContain('"Crane, ""big one""\nnorth yard"');
    expect(parse(csv)[1][1]).toBe(name);
  });

  it('defuses text a spreadsheet would run as a formula, but leaves numbers alone', () => {
    const rows = parse(
      assetsToCsv([
        asset('thing:1', '=HYPERLINK("http://x.test","click")', {
          gps: m({ lat: -33.9, lng: -70.6 }),
          'address-region': m('+1 street'),
          'time-zone': m('@SUM(A1)'),
          note: m('-2+3'),
        }),
      ]),
    );
    const row = Object.fromEntries(rows[0].map((column, i) => [column, rows[1][i]]));
    expect(row.name).toBe('\'=HYPERLINK("http://x.test","click")');
    expect(row['address-region']).toBe("'+1 street");
    expect(row['time-zone']).toBe("'@SUM(A1)");
    expect(row.note).toBe("'-2+3");
    expect(row.lat).toBe('-33.9');
    expect(row.lng).toBe('-70.6');
  });

  it('defuses a formula that spans several lines, and one after a tab or carriage return', () => {
    const names = ['=HYPERLINK("http://example.invalid","open")\nsecond line', '\t=1+1', '\r=1+1', '+1\r\n2', '@cmd\nx'];
    const rows = parse(assetsToCsv(names.map((name, i) => asset(`thing:${i}`, name, null))));
    expect(rows.slice(1).map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
  });

  it('writes only a header for no assets', () => {
    expect(parse(assetsToCsv([]))).toEqual([['assetId', 'name', 'type', 'category', 'serialNumber', 'lastUpdate', 'fuel (%)', 'ignition', 'lat', 'lng']]);
  });

  it('writes running times in hours and the odometer in the distance unit shown, with the unit in the header', () => {
    const metrics = { 'engine-runtime': m(4_500_000_000), odometer: m(1_234_567_800), 'lights2-runtime': m(5_400_000) };
    const metric = parse(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric'));
    const rowM = Object.fromEntries(metric[0].map((column, i) => [column, metric[1][i]]));
    expect(rowM['engine-runtime (h)']).toBe('1250');
    expect(rowM['lights2-runtime (h)']).toBe('1.5');
    expect(rowM['odometer (km)']).toBe('12345.68');
    expect(metric[0]).not.toContain('engine-runtime');
    expect(metric[0]).not.toContain('odometer');

    const imperial = parse(assetsToCsv([asset('thing:1', 'A', metrics)], 'imperial'));
    const rowI = Object.fromEntries(imperial[0].map((column, i) => [column, imperial[1][i]]));
    expect(rowI['odometer (mi)']).toBe('7671.25');
    expect(imperial[0]).not.toContain('odometer (km)');
  });

  it('writes speed in the units shown with the unit in the header when the profile states the service\'s unit, else as sent under a bare header', () => {
    const metrics = { speed: m(100), heading: m(90) };
    const row = (csv: string) => {
      const [head, first] = parse(csv);
      return Object.fromEntries(head.map((column, i) => [column, first[i]]));
    };
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric'))).toMatchObject({ speed: '100' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric', 'km/h'))).toMatchObject({ 'speed (km/h)': '100' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'imperial', 'km/h'))).toMatchObject({ 'speed (mph)': '62.14' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric', 'm/s'))).toMatchObject({ 'speed (km/h)': '360' });
    expect(row(assetsToCsv([asset('thing:1', 'A', { speed: m('fast') })], 'metric', 'km/h'))).toMatchObject({ 'speed (km/h)': 'fast' });
  });

  it('merges the light1/lights1 spellings into one column, keeping the newer reading', () => {
    const older = (value: unknown): Metric => ({ value, meta: { collectedOn: '2026-02-01T00:00:00Z', source: 's', other: {} } });
    const rows = parse(
      assetsToCsv([
        asset('thing:1', 'A', { 'light1-runtime': m(7_200_000), 'lights1-runtime': older(3_600_000) }),
        asset('thing:2', 'B', { 'lights1-runtime': m(10_800_000) }),
        asset('thing:3', 'C', { 'light1-runtime': m(3_600_000) }),
      ]),
    );
    const lightColumns = rows[0].filter((column) => /light/.test(column));
    expect(lightColumns).toEqual(['lights1-runtime (h)']);
    const column = rows[0].indexOf('lights1-runtime (h)');
    expect(rows.slice(1).map((row) => row[column])).toEqual(['2', '3', '1']);
  });

  it('keeps a running time or odometer of the wrong type as text (never a wrong number)', () => {
    const rows = parse(assetsToCsv([asset('thing:1', 'A', { odometer: m('12 km'), 'engine-runtime': m(null) })]));
    const row = Object.fromEntries(rows[0].map((column, i) => [column, rows[1][i]]));
    expect(row['odometer (km)']).toBe('12 km');
    expect(row['engine-runtime (h)']).toBe('');
  });
});

describe('flatten', () => {
  it('turns metric values into single cells', () => {
    expect(flatten(['region:UT', 'region:NV'])).toBe('region:UT; region:NV');
    expect(flatten({ a: 1 })).toBe('{"a":1}');
    expect(flatten([{ a: 1 }, 2])).toBe('{"a":1}; 2');
    expect(flatten(null)).toBeNull();
    expect(flatten(undefined)).toBeNull();
    expect(flatten(Number.NaN)).toBeNull();
    expect(flatten(false)).toBe(false);
    expect(flatten('10.0.0.1:5000')).toBe('10.0.0.1:5000');
  });
});
