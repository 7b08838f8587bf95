import { describe, expect, it } from 'vitest';
import { OLD_READING_GAP_MS, type Asset, type Metric } from '../../../../src-main/contract';
import { assetRow } from '../../../../src-main/core/assets/asset-row';

const T = '2026-03-01T10:00:00Z';
const ms = (iso: string) => Date.parse(iso);
const metric = (value: unknown, collectedOn = T): Metric => ({ value, meta: { collectedOn, source: 'telematics', other: { raw: 'kept out of the row' } } });

function asset(metrics: Record<string, Metric> | null, patch: Partial<Asset> = {}): Asset {
  const times = metrics ? Object.values(metrics).map((m) => ms(m.meta.collectedOn)) : [];
  return {
    assetId: 'thing:7',
    type: 'thing',
    name: 'Loader 7',
    serialNumber: 'CAT-7',
    category: 'Loaders',
    embedUrl: 'https://maps.example/e7',
    metrics,
    lastUpdate: times.length ? new Date(Math.max(...times)).toISOString() : null,
    issues: [],
    ...patch,
  };
}

describe('assetRow', () => {
  it('carries every field the list, filters, map and alert rules use, times as epoch ms', () => {
    const row = assetRow(
      asset({
        gps: metric({ lat: 47.5, lng: -122.25 }, '2026-03-01T09:58:00Z'),
        fuel: metric(62.5, '2026-03-01T09:57:00Z'),
        ignition: metric(true, '2026-03-01T09:56:00Z'),
        'in-motion': metric(false),
        speed: metric(12, '2026-03-01T09:55:00Z'),
        heading: metric(270),
        'engine-runtime': metric(3_600_000, '2026-03-01T09:54:00Z'),
        odometer: metric(123_456, '2026-03-01T09:53:00Z'),
        'geo-regions': metric(['region:north', '', 7, 'region:yard']),
        'cab-temperature': metric(21),
      }),
    );
    expect(row).toEqual({
      assetId: 'thing:7',
      type: 'thing',
      name: 'Loader 7',
      serialNumber: 'CAT-7',
      category: 'Loaders',
      updatedAt: ms(T),
      lat: 47.5,
      lng: -122.25,
      gpsAt: ms('2026-03-01T09:58:00Z'),
      fuel: 62.5,
      fuelAt: ms('2026-03-01T09:57:00Z'),
      ignition: true,
      ignitionAt: ms('2026-03-01T09:56:00Z'),
      inMotion: false,
      speed: 12,
      speedAt: ms('2026-03-01T09:55:00Z'),
      heading: 270,
      engineMs: 3_600_000,
      engineAt: ms('2026-03-01T09:54:00Z'),
      odometerCm: 123_456,
      odometerAt: ms('2026-03-01T09:53:00Z'),
      altitude: null,
      battery: null,
      deviceBattery: null,
      cabTemperature: 21,
      signalStrength: null,
      timeZone: null,
      lightsMs: null,
      inputs: null,
      issues: [],
      regions: ['region:north', 'region:yard'],
    });
  });

  it('leaves out what the list does not show: the embed URL, sources, other metrics', () => {
    const row = assetRow(asset({ fuel: metric(50), 'solar-battery1': metric(21), 'ip-endpoint': metric('10.0.0.7:5000') }));
    expect(JSON.stringify(row)).not.toContain('10.0.0.7');
    const text = JSON.stringify(row);
    expect(text).not.toContain('maps.example');
    expect(text).not.toContain('telematics');
    expect(text).not.toContain('kept out of the row');
    expect(row).not.toHaveProperty('metrics');
    expect(row).not.toHaveProperty('embedUrl');
  });

  it('has null readings and no optional fields for an asset without metrics', () => {
    for (const metrics of [null, {}]) {
      const row = assetRow(asset(metrics, { serialNumber: undefined, category: undefined, type: 'area', assetId: 'area:3' }));
      expect(row).toEqual({
        assetId: 'area:3',
        type: 'area',
        name: 'Loader 7',
        updatedAt: null,
        lat: null,
        lng: null,
        gpsAt: null,
        fuel: null,
        fuelAt: null,
        ignition: null,
        ignitionAt: null,
        inMotion: null,
        speed: null,
        speedAt: null,
        heading: null,
        engineMs: null,
        engineAt: null,
        odometerCm: null,
        odometerAt: null,
        altitude: null,
        battery: null,
        deviceBattery: null,
        cabTemperature: null,
        signalStrength: null,
        timeZone: null,
        lightsMs: null,
        inputs: null,
        issues: [],
      });
    }
  });

  it('keeps an empty serial number apart from none', () => {
    expect(assetRow(asset({}, { serialNumber: '' })).serialNumber).toBe('');
    expect(assetRow(asset({}, { serialNumber: undefined }))).not.toHaveProperty('serialNumber');
  });

  it('marks the column readings collected more than the gap before the newest one as old', () => {
    const newest = '2026-03-20T10:00:00Z';
    const justOld = new Date(ms(newest) - OLD_READING_GAP_MS - 1).toISOString();
    const justNot = new Date(ms(newest) - OLD_READING_GAP_MS).toISOString();
    const row = assetRow(
      asset({
        gps: metric({ lat: 1, lng: 2 }, newest),
        fuel: metric(40, justOld),
        ignition: metric(true, justNot),
        speed: metric(0, '2025-01-01T00:00:00Z'),
        'engine-runtime': metric(1, justOld),
        odometer: metric(5, newest),
        heading: metric(90, '2025-01-01T00:00:00Z'), // no column shows its age
      }),
    );
    expect(row.old).toEqual(['fuel', 'speed', 'engine-runtime']);
    expect(assetRow(asset({ fuel: metric(40) }))).not.toHaveProperty('old');
  });

  it('keeps no position that is unusable (wrong type, out of range, not finite)', () => {
    for (const value of [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: '1', lng: 2 }, null, 'x', [1, 2]]) {
      const row = assetRow(asset({ gps: metric(value) }));
      expect([row.lat, row.lng, row.gpsAt]).toEqual([null, null, null]);
    }
  });

  it('keeps a popup reading of the wrong type as sent, for its flag, and nulls the typed field', () => {
    const row = assetRow(
      asset({
        fuel: metric('62'),
        ignition: metric(null),
        'in-motion': metric('yes'),
        speed: metric({ kmh: 3 }),
        heading: metric(true),
        odometer: metric([1]),
        'engine-runtime': metric('long'),
      }),
    );
    expect([row.fuel, row.ignition, row.inMotion, row.speed, row.heading, row.odometerCm, row.engineMs]).toEqual([null, null, null, null, null, null, null]);
    expect(row.odd).toEqual({ fuel: '62', ignition: null, 'in-motion': 'yes', speed: { kmh: 3 }, heading: true, odometer: [1] });
    // The time of a reading of the wrong type is still known (its column's tooltip and age).
    expect(row.fuelAt).toBe(ms(T));
    expect(assetRow(asset({ fuel: metric(50), ignition: metric(false) }))).not.toHaveProperty('odd');
  });

  it('keeps out-of-range numbers (flagged by issues) and the issues themselves', () => {
    const issues = [{ metric: 'fuel', path: '$[0].metrics.fuel.value', message: 'fuel 140 % is outside 0–100 %' }];
    const row = assetRow(asset({ fuel: metric(140), odometer: metric(-5) }, { issues }));
    expect(row.fuel).toBe(140);
    expect(row.odometerCm).toBe(-5);
    expect(row.issues).toEqual(issues);
  });

  it('copies hostile text as text: nothing is parsed, cut or changed', () => {
    const name = '<img src=x onerror="alert(1)">\u202e';
    const category = '"}]},{"assetId":"thing:666';
    const row = assetRow(asset({ 'geo-regions': metric(['<script>region</script>']) }, { name, category, serialNumber: '${process.env.TOKEN}' }));
    expect(row.name).toBe(name);
    expect(row.category).toBe(category);
    expect(row.serialNumber).toBe('${process.env.TOKEN}');
    expect(row.regions).toEqual(['<script>region</script>']);
    expect(JSON.parse(JSON.stringify(row))).toEqual(row);
  });

  it('takes the newest time from lastUpdate, not from wall-clock now', () => {
    const row = assetRow(asset({ fuel: metric(10, '2020-01-01T00:00:00+02:00') }));
    expect(row.updatedAt).toBe(ms('2019-12-31T22:00:00Z'));
    expect(row.fuelAt).toBe(ms('2019-12-31T22:00:00Z'));
  });
});
