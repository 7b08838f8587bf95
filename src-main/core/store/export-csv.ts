import Papa from 'papaparse';
import type { Asset, GpsValue } from '../../contract';

const FIXED_COLUMNS = ['assetId', 'name', 'type', 'category', 'serialNumber', 'lastUpdate', 'fuel', 'ignition', 'lat', 'lng'] as const;
/** Metrics that already have a fixed column. */
const METRICS_IN_FIXED_COLUMNS = new Set(['fuel', 'ignition', 'gps']);

type Cell = string | number | boolean | null;

/**
 * Text a spreadsheet would run as a formula: starts with = + - @ tab or CR. Papaparse's own
 * `escapeFormulae: true` pattern ends in `.*$`, which misses a formula followed by a line
 * break, so the start alone decides here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The assets as CSV, one row each in the order given: the fixed columns, then one
 * column per other metric seen in any of them (sorted by name). Text cells that a
 * spreadsheet would run as a formula (= + - @ tab CR) get a leading quote; numbers
 * stay numbers. Starts with a UTF-8 byte-order mark so spreadsheets read accents right.
 */
export function assetsToCsv(assets: readonly Asset[]): string {
  const otherMetrics = new Set<string>();
  for (const asset of assets) {
    for (const name of Object.keys(asset.metrics ?? {})) if (!METRICS_IN_FIXED_COLUMNS.has(name)) otherMetrics.add(name);
  }
  const metricColumns = [...otherMetrics].sort();
  const rows = assets.map((asset) => {
    const metrics = asset.metrics ?? {};
    const gps = gpsOf(metrics.gps?.value);
    const fixed: Cell[] = [
      asset.assetId,
      asset.name,
      asset.type,
      asset.category ?? null,
      asset.serialNumber ?? null,
      asset.lastUpdate,
      flatten(metrics.fuel?.value),
      flatten(metrics.ignition?.value),
      gps?.lat ?? null,
      gps?.lng ?? null,
    ];
    return [...fixed, ...metricColumns.map((name) => flatten(metrics[name]?.value))];
  });
  const csv = Papa.unparse({ fields: [...FIXED_COLUMNS, ...metricColumns], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  return '\uFEFF' + csv;
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
