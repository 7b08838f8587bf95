import Papa from 'papaparse';
import { DEFAULT_SPEED_UNIT, metricLabel, NUMBERS_WITHOUT_UNIT, shownSpeedUnit, speedInUnits, UNIT_NOT_STATED, type Asset, type GpsValue, type Metric, type SpeedUnit, type Units } from '../../contract';
import { hostTimeZone, usableZone, wallClockFormatter } from './export-time';

/** The fixed columns' headers: words for people, with the unit where a value has one. */
function fixedHeaders(zone: string): string[] {
  return ['Asset id', 'Name', 'Type', 'Category', 'Serial number', 'Last update (UTC)', `Last update (local, ${zone})`, 'Fuel (%)', 'Ignition', 'Latitude (°)', 'Longitude (°)', 'Site'];
}
/** Metrics that already have a fixed column. */
const METRICS_IN_FIXED_COLUMNS = new Set(['fuel', 'ignition', 'gps']);

const MS_PER_HOUR = 3_600_000;
const CM_PER_KM = 100_000;
const CM_PER_MILE = 160_934.4;
/** Running times (milliseconds on the wire): the engine's and each light's. */
const RUNTIME = /^(engine|lights?\d+)-runtime$/;
/** The service writes lights N's runtime both as `lightsN-runtime` and `light1-runtime`: one column. */
const LIGHT_SPELLING = /^light(\d+)-runtime$/;

/** The column a metric goes to: one per metric whatever its spelling. */
function canonicalMetric(name: string): string {
  return name.replace(LIGHT_SPELLING, 'lights$1-runtime');
}

/**
 * The header of a metric column: its name for people and the unit of the cells (for speed,
 * the unit the profile says its service uses), or a word that the service does not state
 * one. Metrics the app does not know keep the service's name.
 */
function metricHeader(name: string, units: Units, speedUnit: SpeedUnit): string {
  const label = metricLabel(name);
  if (RUNTIME.test(name)) return `${label} (h)`;
  if (name === 'odometer') return `${label} (${units === 'imperial' ? 'mi' : 'km'})`;
  if (name === 'heading') return `${label} (°)`;
  if (name === 'speed' && speedUnit !== 'unstated') return `${label} (${shownSpeedUnit(units)})`;
  if (NUMBERS_WITHOUT_UNIT.has(name)) return `${label} (${UNIT_NOT_STATED})`;
  return label;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A metric's cell in the unit of its header; a value of the wrong type stays as the service sent it. */
function metricCell(name: string, value: unknown, units: Units, speedUnit: SpeedUnit): Cell {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (name === 'speed') return round2(speedInUnits(value, speedUnit, units).value);
    if (RUNTIME.test(name)) return round2(value / MS_PER_HOUR);
    if (name === 'odometer') return round2(value / (units === 'imperial' ? CM_PER_MILE : CM_PER_KM));
  }
  return flatten(value);
}

/** The asset's metrics keyed by column; of two spellings of one metric, the newer reading wins. */
function metricsByColumn(metrics: Record<string, Metric>): Map<string, Metric> {
  const out = new Map<string, Metric>();
  for (const [name, metric] of Object.entries(metrics)) {
    const column = canonicalMetric(name);
    const kept = out.get(column);
    if (!kept || (column !== name ? newer(metric, kept) : !newer(kept, metric))) out.set(column, metric);
  }
  return out;
}

/** True when `a` was collected after `b` (unreadable times never win). */
function newer(a: Metric, b: Metric): boolean {
  const ta = Date.parse(a?.meta?.collectedOn ?? '');
  const tb = Date.parse(b?.meta?.collectedOn ?? '');
  return Number.isFinite(ta) && (!Number.isFinite(tb) || ta > tb);
}

type Cell = string | number | boolean | null;

/**
 * Text a spreadsheet would run as a formula: starts with = + - @ tab or CR. Papaparse's own
 * `escapeFormulae: true` pattern ends in `.*$`, which misses a formula followed by a line
 * break, so the start alone decides here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The assets as CSV, one row each in the order given: the fixed columns, then one
 * column per other metric seen in any of them (sorted by the service's name). Every header
 * is words for people with the unit of its cells, or says the service states none; the last
 * update is written in UTC and in `timeZone` (the host's by default). Values are in the units
 * the app shows: running times in hours, the odometer in km or mi per `units`, with the
 * unit in the header; the two spellings of a light's runtime share one column. Text cells
 * that a spreadsheet would run as a formula (= + - @ tab CR) get a leading quote; numbers
 * stay numbers. Starts with a UTF-8 byte-order mark so spreadsheets read accents right.
 */
export function assetsToCsv(
  assets: readonly Asset[],
  units: Units = 'metric',
  speedUnit: SpeedUnit = DEFAULT_SPEED_UNIT,
  timeZone: string = hostTimeZone(),
  /** The name of the dispatcher's site each machine is on (empty when on none). */
  siteName: (assetId: string) => string | null = () => null,
): string {
  const zone = usableZone(timeZone);
  const utcTime = wallClockFormatter('UTC');
  const localTime = wallClockFormatter(zone);
  const byColumn = assets.map((asset) => metricsByColumn(asset.metrics ?? {}));
  const otherMetrics = new Set<string>();
  for (const metrics of byColumn) {
    for (const name of metrics.keys()) if (!METRICS_IN_FIXED_COLUMNS.has(name)) otherMetrics.add(name);
  }
  const metricColumns = [...otherMetrics].sort();
  const rows = assets.map((asset, index) => {
    const metrics = asset.metrics ?? {};
    const columns = byColumn[index];
    const gps = gpsOf(metrics.gps?.value);
    const fixed: Cell[] = [
      asset.assetId,
      asset.name,
      asset.type,
      asset.category ?? null,
      asset.serialNumber ?? null,
      ...lastUpdateCells(asset.lastUpdate, utcTime, localTime),
      flatten(metrics.fuel?.value),
      flatten(metrics.ignition?.value),
      gps?.lat ?? null,
      gps?.lng ?? null,
      siteName(asset.assetId),
    ];
    return [...fixed, ...metricColumns.map((name) => metricCell(name, columns.get(name)?.value, units, speedUnit))];
  });
  const headers = [...fixedHeaders(zone), ...metricColumns.map((name) => metricHeader(name, units, speedUnit))];
  const csv = Papa.unparse({ fields: headers, data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  return '\uFEFF' + csv;
}

/** The last update in UTC and in the dispatcher's zone; an unreadable time stays as sent, in the UTC column. */
function lastUpdateCells(lastUpdate: string | null, utcTime: (ms: number) => string, localTime: (ms: number) => string): [Cell, Cell] {
  if (lastUpdate === null) return [null, null];
  const ms = Date.parse(lastUpdate);
  return Number.isFinite(ms) ? [utcTime(ms), localTime(ms)] : [lastUpdate, null];
}

/** One cell for any metric value: scalars as they are, lists joined with "; ", objects as JSON. */
export function flatten(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join('; ');
  return JSON.stringify(value);
}

function gpsOf(value: unknown): GpsValue | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng } = value as Partial<GpsValue>;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}
