/** History points as uPlot's aligned data: x in Unix seconds, y in display units. */
import type { HistoryResult, Units } from '@contract';
import { displayValue } from './history-csv';
import { distanceUnit } from './units';

export function chartData(result: HistoryResult, units: Units): [number[], (number | null)[]] {
  const rows = result.points
    .map((p) => ({ x: Date.parse(p.at) / 1000, y: displayValue(result.metric, p.value, units) }))
    .filter((r) => Number.isFinite(r.x))
    .sort((a, b) => a.x - b.x);
  return [rows.map((r) => r.x), rows.map((r) => r.y)];
}

export function valueUnit(result: Pick<HistoryResult, 'metric'>, units: Units): string {
  switch (result.metric) {
    case 'CumulativeOperatingHours':
      return 'h';
    case 'Distance':
      return distanceUnit(units);
    case 'FuelRemaining':
      return '%';
    case 'Location':
      return '°';
  }
}
