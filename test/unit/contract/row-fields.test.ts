/**
 * The row table (contract row-fields.ts): each reading field of an AssetRow is filled by
 * the metric the table names, read back by that same name, labelled once, and marked old
 * by one rule. The core builds the row from a full asset here and every metric is checked
 * against the field the table gives it, so a field filled from the wrong metric fails.
 */
import { describe, expect, it } from 'vitest';
import {
  AGED_READINGS,
  isOldReading,
  OLD_READING_GAP_MS,
  POPUP_READINGS,
  readingAt,
  readingValue,
  ROW_METRICS,
  ROW_READINGS,
  rowReading,
  type Asset,
  type Metric,
} from '../../../src-main/contract';
import { assetRow } from '../../../src-main/core/assets/asset-row';
import { metricLabel } from '../../../src-renderer/src/lib/format/metrics';

const NEWEST = Date.parse('2026-03-01T10:00:00.000Z');
const MINUTE = 60_000;

/** A value of the kind the table says, different for each metric, so a swapped field shows. */
const SAMPLE: Record<string, unknown> = {
  gps: { lat: 47.5, lng: -122.25 },
  fuel: 62.5,
  ignition: true,
  'in-motion': false,
  speed: 12,
  heading: 270,
  'engine-runtime': 3_600_000,
  odometer: 123_456,
  altitude: 1402.5,
  battery: 12.6,
  'device-battery': 87,
  'cab-temperature': -4.5,
  'signal-strength': 31,
  'time-zone': 'America/Denver',
};

/** Each metric collected at its own minute before the newest, so a swapped time field shows too. */
function fullAsset(): Asset {
  const metrics: Record<string, Metric> = {};
  ROW_METRICS.forEach((key, i) => {
    metrics[key] = { value: SAMPLE[key], meta: { collectedOn: new Date(NEWEST - i * MINUTE).toISOString(), source: 'test', other: {} } };
  });
  return { assetId: 'thing:7', type: 'thing', name: 'Loader 7', embedUrl: null, metrics, lastUpdate: new Date(NEWEST).toISOString(), issues: [] };
}

describe('the row table', () => {
  const row = assetRow(fullAsset());

  it('fills each value field from the metric the table names, and reads it back by that name', () => {
    for (const key of ROW_METRICS) {
      if (ROW_READINGS[key].kind === 'position') continue;
      expect(readingValue(row, key), key).toBe(SAMPLE[key]);
    }
    expect([row.lat, row.lng]).toEqual([47.5, -122.25]);
  });

  it('fills each time field with when that metric was collected, and reads it back by that name', () => {
    ROW_METRICS.forEach((key, i) => {
      expect(readingAt(row, key), key).toBe(ROW_READINGS[key].at === null ? null : NEWEST - i * MINUTE);
    });
  });

  it('keeps a value of the wrong kind out of its field, and in `odd` for the popup', () => {
    const asset = fullAsset();
    asset.metrics!.ignition = { ...asset.metrics!.ignition, value: 'yes' };
    asset.metrics!.speed = { ...asset.metrics!.speed, value: '12' };
    const odd = assetRow(asset);
    expect([odd.ignition, odd.speed]).toEqual([null, null]);
    expect(odd.odd).toEqual({ ignition: 'yes', speed: '12' });
  });

  it('answers null for a metric rows do not keep, including names an object has by default', () => {
    for (const key of ['solar-battery1', 'constructor', 'toString', '__proto__']) {
      expect([readingAt(row, key), readingValue(row, key), rowReading(key)]).toEqual([null, null, undefined]);
    }
  });

  it('keeps the longest lamp runtime and the inputs as marks, leaving out values of the wrong kind', () => {
    const asset = fullAsset();
    const at = { collectedOn: new Date(NEWEST).toISOString(), source: 'test', other: {} };
    Object.assign(asset.metrics!, {
      'lights1-runtime': { value: 9_000_000, meta: at },
      'light2-runtime': { value: 3_600_000, meta: at },
      'lights3-runtime': { value: 'long', meta: at },
      input1: { value: true, meta: at },
      input2: { value: false, meta: at },
      input4: { value: 'on', meta: at },
    });
    const r = assetRow(asset);
    expect(r.lightsMs).toBe(9_000_000);
    expect(r.inputs).toBe('10--');
    expect([row.lightsMs, row.inputs]).toEqual([null, null]);
    const wrong = fullAsset();
    wrong.metrics!['time-zone'] = { ...wrong.metrics!['time-zone'], value: 7 };
    wrong.metrics!.altitude = { ...wrong.metrics!.altitude, value: 'high' };
    expect([assetRow(wrong).timeZone, assetRow(wrong).altitude]).toEqual([null, null]);
  });

  it('names the aged and popup readings from the table', () => {
    expect(AGED_READINGS).toEqual(['gps', 'fuel', 'ignition', 'speed', 'engine-runtime', 'odometer']);
    expect([...POPUP_READINGS].sort()).toEqual(['fuel', 'heading', 'ignition', 'in-motion', 'odometer', 'speed']);
  });

  it('gives the details pane its labels', () => {
    for (const key of ROW_METRICS) expect(metricLabel(key)).toBe(ROW_READINGS[key].label);
  });
});

describe('isOldReading', () => {
  it('is old only past the gap, and never without both times', () => {
    expect(isOldReading(NEWEST - OLD_READING_GAP_MS, NEWEST)).toBe(false);
    expect(isOldReading(NEWEST - OLD_READING_GAP_MS - 1, NEWEST)).toBe(true);
    expect(isOldReading(null, NEWEST)).toBe(false);
    expect(isOldReading(NEWEST - 2 * OLD_READING_GAP_MS, null)).toBe(false);
  });

  it('is what the core marks in the row', () => {
    const asset = fullAsset();
    asset.metrics!.fuel = { ...asset.metrics!.fuel, meta: { ...asset.metrics!.fuel.meta, collectedOn: new Date(NEWEST - OLD_READING_GAP_MS - 1).toISOString() } };
    asset.metrics!.odometer = { ...asset.metrics!.odometer, meta: { ...asset.metrics!.odometer.meta, collectedOn: new Date(NEWEST - OLD_READING_GAP_MS).toISOString() } };
    expect(assetRow(asset).old).toEqual(['fuel']);
  });
});
