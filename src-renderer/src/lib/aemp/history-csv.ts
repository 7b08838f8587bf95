/**
 * CSV of a shown history, built with papaparse so quoting is right. Times are service
 * text: one that starts like a formula (= + - @ tab CR) gets a leading quote so a
 * spreadsheet shows it instead of running it; numbers stay numbers.
 */
import Papa from 'papaparse';
import type { HistoryMetric, HistoryResult, Units } from '@contract';
import { distanceUnit, distanceValue } from './units';

export function historyHeaders(metric: HistoryMetric, units: Units): string[] {
  switch (metric) {
    case 'Location':
      return ['time_utc', 'latitude', 'longitude'];
    case 'CumulativeOperatingHours':
      return ['time_utc', 'operating_hours'];
    case 'Distance':
      return ['time_utc', `odometer_${distanceUnit(units)}`];
    case 'FuelRemaining':
      return ['time_utc', 'fuel_remaining_percent'];
  }
}

/** Value shown for a point in the chosen units (km/miles for distance). */
export function displayValue(metric: HistoryMetric, value: number | null, units: Units): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  return metric === 'Distance' ? distanceValue(value, units) : value;
}

export function historyRows(result: HistoryResult, units: Units): (string | number | null)[][] {
  return result.points.map((p) =>
    result.metric === 'Location' ? [p.at, p.lat ?? null, p.lng ?? null] : [p.at, roundTo(displayValue(result.metric, p.value, units), 6)],
  );
}

/** The start alone decides (papaparse's own pattern misses a formula followed by a line break). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function buildHistoryCsv(result: HistoryResult, units: Units): string {
  return Papa.unparse({ fields: historyHeaders(result.metric, units), data: historyRows(result, units) }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** `history-<id>-<metric>-<start>.csv`, with characters unsafe in file names replaced. */
export function historyFileName(result: Pick<HistoryResult, 'identifier' | 'metric' | 'start'>): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `history-${safe(result.identifier)}-${result.metric}-${safe(result.start.replace(/:/g, ''))}.csv`;
}

function roundTo(v: number | null, digits: number): number | null {
  if (v == null) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
