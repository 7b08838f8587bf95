/**
 * The asset list's wire form (contract row-wire.ts): the rows read back from columns are
 * the rows written, field for field and in the same field order, for every kind of row;
 * columns that cannot be read fail with a message for the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AssetRow, AssetRowSnapshot } from '../../../src-main/contract';
import { ROW_COLUMNS_FORM, rowsFromColumns, rowsToColumns, snapshotFromWire, snapshotToWire } from '../../../src-main/contract/row-wire';

const BASE = 1_795_183_180_000;

function row(overrides: Partial<AssetRow> = {}): AssetRow {
  return {
    assetId: 'thing:1',
    type: 'thing',
    name: 'Excavator 001',
    updatedAt: BASE,
    lat: 40.562,
    lng: -111.831511,
    gpsAt: BASE,
    fuel: 98.1,
    fuelAt: BASE - 2678,
    ignition: true,
    ignitionAt: BASE - 1565,
    inMotion: true,
    speed: 3.3,
    speedAt: BASE - 1113,
    heading: 350.1,
    engineMs: 66_954_373_373,
    engineAt: BASE - 3791,
    odometerCm: null,
    odometerAt: null,
    altitude: 1402.5,
    battery: 12.6,
    deviceBattery: null,
    cabTemperature: -4,
    signalStrength: 31,
    timeZone: 'America/Denver',
    lightsMs: null,
    inputs: '10-1',
    issues: [],
    ...overrides,
  };
}

const snapshot = (assets: AssetRow[]): AssetRowSnapshot => ({ profileId: 'demo', assets, skipped: [{ index: 3, path: '$[3]', reason: 'no assetId' }], fetchedAt: '2026-11-23T12:00:00.000Z', source: 'cache' });

/** Through JSON, as the list travels. */
const travel = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the asset list on the wire', () => {
  it('reads back every kind of row exactly, with the fields in the order the core writes them', () => {
    const rows: AssetRow[] = [
      row(),
      row({ assetId: 'thing:2', serialNumber: 'KMTPC21074719', category: 'excavator', old: ['fuel'], regions: ['region:UT'] }),
      row({ assetId: 'area:7', type: 'area', updatedAt: null, lat: null, lng: null, gpsAt: null, fuelAt: BASE, ignitionAt: null, speedAt: 12.5 }),
      row({ assetId: 'thing:3', fuelAt: BASE + 0.25, odometerCm: 35_668_588_460, odometerAt: BASE, updatedAt: 1.5e300 }),
      row({ assetId: 'thing:4', issues: [{ metric: 'fuel', path: 'metrics.fuel.value', message: 'Fuel 140 % is out of range' }], odd: { speed: 'fast', heading: null } }),
      row({ assetId: 'thing:5', name: 'Ünïcode “name” \u2028', serialNumber: '', category: '' }),
      row({ assetId: 'thing:6', altitude: null, battery: null, cabTemperature: null, signalStrength: null, timeZone: null, lightsMs: 7_200_000, inputs: null, deviceBattery: 88 }),
    ];
    const back = rowsFromColumns(travel(rowsToColumns(rows)));
    expect(back).toEqual(rows);
    back.forEach((r, i) => expect(Object.keys(r)).toEqual(Object.keys(rows[i])));
  });

  it('reads back any row (property: random values, optional fields present or not)', () => {
    const time = fc.option(fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { nil: null });
    const num = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });
    const bool = fc.option(fc.boolean(), { nil: null });
    const text = fc.string();
    const arbRow = fc.record(
      {
        assetId: text,
        type: fc.constantFrom('thing' as const, 'area' as const),
        name: text,
        updatedAt: time,
        lat: num,
        lng: num,
        gpsAt: time,
        fuel: num,
        fuelAt: time,
        ignition: bool,
        ignitionAt: time,
        inMotion: bool,
        speed: num,
        speedAt: time,
        heading: num,
        engineMs: num,
        engineAt: time,
        odometerCm: num,
        odometerAt: time,
        altitude: num,
        battery: num,
        deviceBattery: num,
        cabTemperature: num,
        signalStrength: num,
        timeZone: fc.option(text, { nil: null }),
        lightsMs: num,
        inputs: fc.option(fc.stringMatching(/^[01-]{4}$/), { nil: null }),
        issues: fc.array(fc.record({ metric: text, path: text, message: text }), { maxLength: 2 }),
        serialNumber: text,
        category: text,
        old: fc.array(text, { maxLength: 3 }),
        regions: fc.array(text, { minLength: 1, maxLength: 3 }),
        odd: fc.dictionary(text, fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
      },
      { requiredKeys: ['assetId', 'type', 'name', 'updatedAt', 'lat', 'lng', 'gpsAt', 'fuel', 'fuelAt', 'ignition', 'ignitionAt', 'inMotion', 'speed', 'speedAt', 'heading', 'engineMs', 'engineAt', 'odometerCm', 'odometerAt', 'altitude', 'battery', 'deviceBattery', 'cabTemperature', 'signalStrength', 'timeZone', 'lightsMs', 'inputs', 'issues'] },
    );
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 20 }), (rows) => {
        // -0 does not survive JSON in either form; the page never sees one.
        const plain = travel(rows) as AssetRow[];
        expect(rowsFromColumns(travel(rowsToColumns(plain)))).toEqual(plain);
      }),
    );
  });

  it('writes the field names once and the readings’ times from the row’s newest one: well under half the bytes of the rows', () => {
    const rows = Array.from({ length: 200 }, (_, i) => row({ assetId: `thing:${i}`, name: `Excavator ${i}`, serialNumber: `SN${i}`, category: 'excavator', regions: ['region:UT'] }));
    const plain = JSON.stringify(snapshot(rows)).length;
    const wire = JSON.stringify(snapshotToWire(snapshot(rows))).length;
    expect(wire).toBeLessThan(plain / 2);
  });

  it('keeps the snapshot’s other fields, and passes a plain snapshot or none through', () => {
    const plain = snapshot([row()]);
    const wire = travel(snapshotToWire(plain));
    expect(wire.assets.form).toBe(ROW_COLUMNS_FORM);
    expect(snapshotFromWire(wire)).toEqual(plain);
    expect(snapshotFromWire(plain)).toBe(plain);
    expect(snapshotFromWire(null)).toBeNull();
    expect(snapshotFromWire(snapshot([]))).toEqual(snapshot([]));
    expect(snapshotFromWire(travel(snapshotToWire(snapshot([]))))).toEqual(snapshot([]));
  });

  it('refuses columns it cannot read, naming the column, and says the shown list stays', () => {
    const columns = travel(rowsToColumns([row(), row({ assetId: 'thing:2' })]));
    expect(() => rowsFromColumns({ ...columns, fuel: [1] })).toThrow('its "fuel" column has 1 values for 2 assets');
    const { regions: _, ...missing } = columns;
    expect(() => rowsFromColumns(missing as typeof columns)).toThrow('its "regions" column is missing');
    expect(() => snapshotFromWire({ ...snapshot([]), assets: { ...columns, name: 'x' as never } })).toThrow('the list shown stays as it was');
  });
});
