/**
 * What the reading fields of an AssetRow mean, written once: which service metric fills
 * each, what kind of value it holds and in which unit, its label for people, where the row
 * keeps the time it was collected, and when a reading counts as old. The core builds rows
 * by this table; the list, the map popup and the details pane read rows by it.
 */
import type { AssetRow } from './assets';

/** What a row reading holds: a GPS position (lat and lng), a finite number, on/off, or text. */
export type ReadingKind = 'position' | 'number' | 'boolean' | 'text';

export interface RowReading {
  label: string;
  kind: ReadingKind;
  /** The unit the service sends it in; null when the service does not state one. */
  unit: 'degrees' | 'percent' | 'milliseconds' | 'centimetres' | null;
  /** The row field with the value; null for the position, which fills `lat` and `lng`. */
  value: keyof AssetRow | null;
  /** The row field with when it was collected; null when the row keeps no time for it. */
  at: keyof AssetRow | null;
  /** Shown in the map popup (a value of the wrong type is kept in the row's `odd` for its flag). */
  popup: boolean;
}

/** Row readings by service metric name, in the order of their fields in AssetRow. */
export const ROW_READINGS = {
  gps: { label: 'Position (GPS)', kind: 'position', unit: 'degrees', value: null, at: 'gpsAt', popup: false },
  fuel: { label: 'Fuel', kind: 'number', unit: 'percent', value: 'fuel', at: 'fuelAt', popup: true },
  ignition: { label: 'Ignition', kind: 'boolean', unit: null, value: 'ignition', at: 'ignitionAt', popup: true },
  'in-motion': { label: 'In motion', kind: 'boolean', unit: null, value: 'inMotion', at: null, popup: true },
  speed: { label: 'Speed', kind: 'number', unit: null, value: 'speed', at: 'speedAt', popup: true },
  heading: { label: 'Heading', kind: 'number', unit: 'degrees', value: 'heading', at: null, popup: true },
  'engine-runtime': { label: 'Engine runtime', kind: 'number', unit: 'milliseconds', value: 'engineMs', at: 'engineAt', popup: false },
  odometer: { label: 'Odometer', kind: 'number', unit: 'centimetres', value: 'odometerCm', at: 'odometerAt', popup: true },
  // Kept for optional list columns only: the value, no collected time (the details pane has it).
  altitude: { label: 'Altitude', kind: 'number', unit: null, value: 'altitude', at: null, popup: false },
  battery: { label: 'Battery', kind: 'number', unit: null, value: 'battery', at: null, popup: false },
  'device-battery': { label: 'Device battery', kind: 'number', unit: null, value: 'deviceBattery', at: null, popup: false },
  'cab-temperature': { label: 'Cab temperature', kind: 'number', unit: null, value: 'cabTemperature', at: null, popup: false },
  'signal-strength': { label: 'Signal strength', kind: 'number', unit: null, value: 'signalStrength', at: null, popup: false },
  'time-zone': { label: 'Time zone', kind: 'text', unit: null, value: 'timeZone', at: null, popup: false },
} as const satisfies Record<string, RowReading>;

/** The name of a metric the row keeps. */
export type RowMetric = keyof typeof ROW_READINGS;

export const ROW_METRICS = Object.keys(ROW_READINGS) as RowMetric[];

/** The readings whose collected time the row keeps, so the list can show their age and mark them old. */
export const AGED_READINGS: readonly RowMetric[] = ROW_METRICS.filter((metric) => ROW_READINGS[metric].at !== null);

/** The readings the map popup shows. */
export const POPUP_READINGS: readonly RowMetric[] = ROW_METRICS.filter((metric) => ROW_READINGS[metric].popup);

const BY_METRIC: ReadonlyMap<string, RowReading> = new Map(Object.entries(ROW_READINGS));

/** The row reading of a service metric, or undefined when rows do not keep that metric. */
export function rowReading(metric: string): RowReading | undefined {
  return BY_METRIC.get(metric);
}

/** When the row's reading of `metric` was collected (epoch ms), or null (no reading, or a metric rows keep no time for). */
export function readingAt(row: AssetRow, metric: string): number | null {
  const field = BY_METRIC.get(metric)?.at;
  return field ? (row[field] as number | null) : null;
}

/** The row's value of `metric` (null: none, of the wrong type, a position, or a metric rows do not keep). */
export function readingValue(row: AssetRow, metric: string): number | boolean | string | null {
  const field = BY_METRIC.get(metric)?.value;
  return field ? ((row[field] ?? null) as number | boolean | string | null) : null;
}

/** The inputs a row keeps, in order: `AssetRow.inputs` has one mark per input. */
export const ROW_INPUTS = ['input1', 'input2', 'input3', 'input4'] as const;

/** The lamp runtimes a row's `lightsMs` is the longest of (both spellings the service uses). */
export const LIGHT_RUNTIME_METRIC = /^lights?[1-4]-runtime$/;

/**
 * A reading is old when it was collected more than this before the newest reading of the
 * same asset (a fuel level months older than today's GPS fix is not the current level).
 */
export const OLD_READING_GAP_MS = 7 * 24 * 60 * 60 * 1000;

/** The one rule for an old reading: collected more than OLD_READING_GAP_MS before the asset's newest one. */
export function isOldReading(collectedAt: number | null, newestAt: number | null): boolean {
  return collectedAt !== null && newestAt !== null && newestAt - collectedAt > OLD_READING_GAP_MS;
}
