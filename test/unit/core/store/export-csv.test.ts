import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Asset, Metric } from '../../../../src-main/contract';
import { assetsToCsv, flatten } from '../../../../src-main/core/store/export-csv';

const at = '2026-03-01T10:00:00.000Z';
const m = (value: unknown): Metric => ({ value, meta: { collectedOn: at, source: 's', other: {} } });

function asset(id: string, name: string, metrics: Record<string, Metric> | null): Asset {
  return { assetId: id, type: 'thing', name, serialNumber: 'SN1', category: 'Cranes', embedUrl: null, metrics, lastUpdate: metrics ? at : null, issues: [] };
}

const FIXED = ['Asset id', 'Name', 'Type', 'Category', 'Serial number', 'Last update (UTC)', 'Last update (local, Europe/Paris)', 'Fuel (%)', 'Ignition', 'Latitude (°)', 'Longitude (°)', 'Site'];

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
      ], 'metric', 'unstated', 'Europe/Paris'),
    );
    expect(rows[0]).toEqual([...FIXED, 'Altitude (unit not stated)', 'Speed (unit not stated)']);
    expect(rows[1]).toEqual(['thing:2', 'B', 'thing', 'Cranes', 'SN1', '2026-03-01 10:00:00', '2026-03-01 11:00:00', '55', '', '40.5', '-111.25', '', '', '12']);
    expect(rows[2]).toEqual(['thing:1', 'A', 'thing', 'Cranes', 'SN1', '2026-03-01 10:00:00', '2026-03-01 11:00:00', '', 'true', '', '', '', '1400', '']);
  });

  it("names the dispatcher's site each machine is on, empty for one on none, defused like any text", () => {
    const sites: Record<string, string> = { 'thing:1': 'North yard', 'thing:3': '=cmd' };
    const rows = parse(assetsToCsv(['thing:1', 'thing:2', 'thing:3'].map((id) => asset(id, id, null)), 'metric', 'unstated', 'UTC', (id) => sites[id] ?? null));
    const site = rows[0].indexOf('Site');
    expect(rows.slice(1).map((row) => row[site])).toEqual(['North yard', '', "'=cmd"]);
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
    expect(row.Name).toBe('\'=HYPERLINK("http://x.test","click")');
    expect(row['Region (address)']).toBe("'+1 street");
    expect(row['Time zone']).toBe("'@SUM(A1)");
    expect(row.note).toBe("'-2+3");
    expect(row['Latitude (°)']).toBe('-33.9');
    expect(row['Longitude (°)']).toBe('-70.6');
  });

  it('defuses a formula that spans several lines, and one after a tab or carriage return', () => {
    const names = ['=HYPERLINK("http://example.invalid","open")\nsecond line', '\t=1+1', '\r=1+1', '+1\r\n2', '@cmd\nx'];
    const rows = parse(assetsToCsv(names.map((name, i) => asset(`thing:${i}`, name, null))));
    expect(rows.slice(1).map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
  });

  it('writes only a header for no assets', () => {
    expect(parse(assetsToCsv([], 'metric', 'unstated', 'Europe/Paris'))).toEqual([FIXED]);
  });

  it('writes running times in hours and the odometer in the distance unit shown, with the unit in the header', () => {
    const metrics = { 'engine-runtime': m(4_500_000_000), odometer: m(1_234_567_800), 'lights2-runtime': m(5_400_000) };
    const metric = parse(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric'));
    const rowM = Object.fromEntries(metric[0].map((column, i) => [column, metric[1][i]]));
    expect(rowM['Engine runtime (h)']).toBe('1250');
    expect(rowM['Lights 2 runtime (h)']).toBe('1.5');
    expect(rowM['Odometer (km)']).toBe('12345.68');
    expect(metric[0].join()).not.toContain('engine-runtime');
    expect(metric[0].join()).not.toContain('odometer');

    const imperial = parse(assetsToCsv([asset('thing:1', 'A', metrics)], 'imperial'));
    const rowI = Object.fromEntries(imperial[0].map((column, i) => [column, imperial[1][i]]));
    expect(rowI['Odometer (mi)']).toBe('7671.25');
    expect(imperial[0]).not.toContain('Odometer (km)');
  });

  it('writes speed in the units shown with the unit in the header when the profile states the service\'s unit, else as sent, saying the unit is not stated', () => {
    const metrics = { speed: m(100), heading: m(90) };
    const row = (csv: string) => {
      const [head, first] = parse(csv);
      return Object.fromEntries(head.map((column, i) => [column, first[i]]));
    };
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric'))).toMatchObject({ 'Speed (unit not stated)': '100' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric', 'km/h'))).toMatchObject({ 'Speed (km/h)': '100' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'imperial', 'km/h'))).toMatchObject({ 'Speed (mph)': '62.14' });
    expect(row(assetsToCsv([asset('thing:1', 'A', metrics)], 'metric', 'm/s'))).toMatchObject({ 'Speed (km/h)': '360' });
    expect(row(assetsToCsv([asset('thing:1', 'A', { speed: m('fast') })], 'metric', 'km/h'))).toMatchObject({ 'Speed (km/h)': 'fast' });
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
    const lightColumns = rows[0].filter((column) => /light/i.test(column));
    expect(lightColumns).toEqual(['Lights 1 runtime (h)']);
    const column = rows[0].indexOf('Lights 1 runtime (h)');
    expect(rows.slice(1).map((row) => row[column])).toEqual(['2', '3', '1']);
  });

  it('keeps a running time or odometer of the wrong type as text (never a wrong number)', () => {
    const rows = parse(assetsToCsv([asset('thing:1', 'A', { odometer: m('12 km'), 'engine-runtime': m(null) })]));
    const row = Object.fromEntries(rows[0].map((column, i) => [column, rows[1][i]]));
    expect(row['Odometer (km)']).toBe('12 km');
    expect(row['Engine runtime (h)']).toBe('');
  });
});

describe('assetsToCsv headers', () => {
  const header = (metrics: Record<string, Metric>, units: 'metric' | 'imperial' = 'metric') => parse(assetsToCsv([asset('thing:1', 'A', metrics)], units, 'unstated', 'Europe/Paris'))[0];

  it('names every metric column in words, never by the service key', () => {
    const columns = header({ 'cab-temperature': m(21), 'in-motion': m(true), 'ip-endpoint': m('10.0.0.1:5000'), input1: m(false), 'geo-regions': m(['region:UT']) });
    expect(columns.slice(FIXED.length)).toEqual(['Cab temperature (unit not stated)', 'Geo regions', 'In motion', 'Input 1', 'IP endpoint']);
  });

  it('says where the service does not state a unit, and gives the unit where it is known', () => {
    const columns = header({ 'signal-strength': m(-70), heading: m(90), battery: m(12.4), 'engine-runtime': m(3_600_000) });
    expect(columns).toContain('Signal strength (unit not stated)');
    expect(columns).toContain('Battery (unit not stated)');
    expect(columns).toContain('Heading (°)');
    expect(columns).toContain('Engine runtime (h)');
  });

  it('keeps the service name of a metric the app does not know', () => {
    expect(header({ 'tyre-pressure-rear': m(7) })).toContain('tyre-pressure-rear');
  });

  it('writes the last update in UTC and in the dispatcher zone, daylight saving included', () => {
    const summer: Asset = { ...asset('thing:1', 'A', null), lastUpdate: '2026-07-01T10:00:00Z' };
    const rows = parse(assetsToCsv([summer], 'metric', 'unstated', 'Europe/Paris'));
    expect(rows[1].slice(5, 7)).toEqual(['2026-07-01 10:00:00', '2026-07-01 12:00:00']);
  });

  it('keeps an unreadable last update as sent, and names UTC when the zone is unknown', () => {
    const odd: Asset = { ...asset('thing:1', 'A', null), lastUpdate: 'yesterday' };
    const rows = parse(assetsToCsv([odd], 'metric', 'unstated', 'Mars/Olympus'));
    expect(rows[0][6]).toBe('Last update (local, UTC)');
    expect(rows[1].slice(5, 7)).toEqual(['yesterday', '']);
  });

  it('defuses a formula in an unreadable last update too', () => {
    const odd: Asset = { ...asset('thing:1', 'A', null), lastUpdate: '=1+1' };
    expect(parse(assetsToCsv([odd], 'metric', 'unstated', 'UTC'))[1][5]).toBe("'=1+1");
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
