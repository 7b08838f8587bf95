/** Columns, sorting and filtering of the equipment table (pure, so 50,000 rows stay cheap to test). */
import type { Equipment, Units } from '@contract';
import { formatDateTime } from '../format/time';
import { distanceNumber, distanceUnit, hoursNumber, percentNumber } from './units';

export type ColumnKey =
  | 'make'
  | 'model'
  | 'equipmentId'
  | 'serialNumber'
  | 'vin'
  | 'locationAt'
  | 'operatingHours'
  | 'distance'
  | 'fuelRemaining'
  | 'engineRunning';

export interface Column {
  key: ColumnKey;
  label: string;
  numeric: boolean;
  /** The column's CSS grid track: every row lays out alone, so widths are fixed here, not measured from the content. */
  track: string;
}

/** The header: numeric columns carry their unit here, so the cells hold bare numbers. */
export function columnLabel(column: Column, units: Units): string {
  switch (column.key) {
    case 'distance':
      return `${column.label} (${distanceUnit(units)})`;
    case 'operatingHours':
      return `${column.label} (h)`;
    case 'fuelRemaining':
      return `${column.label} (%)`;
    default:
      return column.label;
  }
}

export const COLUMNS: Column[] = [
  { key: 'make', label: 'Make', numeric: false, track: 'minmax(5rem, 1fr)' },
  { key: 'model', label: 'Model', numeric: false, track: 'minmax(5rem, 1fr)' },
  { key: 'equipmentId', label: 'Equipment id', numeric: false, track: 'minmax(6rem, 1fr)' },
  { key: 'serialNumber', label: 'Serial', numeric: false, track: 'minmax(6rem, 1fr)' },
  { key: 'vin', label: 'VIN', numeric: false, track: 'minmax(9rem, 1.2fr)' },
  { key: 'locationAt', label: 'Last location', numeric: false, track: 'minmax(11rem, 1.4fr)' },
  { key: 'operatingHours', label: 'Operating hours', numeric: true, track: '6.5rem' },
  { key: 'distance', label: 'Odometer', numeric: true, track: '6.5rem' },
  { key: 'fuelRemaining', label: 'Fuel', numeric: true, track: '4.5rem' },
  { key: 'engineRunning', label: 'Engine', numeric: false, track: '5rem' },
];

/** The grid template shared by the header and every row, so their columns line up. */
export const GRID_TEMPLATE = COLUMNS.map((c) => c.track).join(' ');

type SortValue = string | number | null;

/** The columns that show a text field of the equipment as it is. */
type TextKey = 'make' | 'model' | 'equipmentId' | 'serialNumber' | 'vin';
const TEXT_KEYS: ReadonlySet<ColumnKey> = new Set<TextKey>(['make', 'model', 'equipmentId', 'serialNumber', 'vin']);
const isTextKey = (key: ColumnKey): key is TextKey => TEXT_KEYS.has(key);

export function sortValue(e: Equipment, key: ColumnKey): SortValue {
  if (isTextKey(key)) return e[key];
  switch (key) {
    case 'locationAt': {
      const t = e.location?.at ? Date.parse(e.location.at) : NaN;
      return Number.isNaN(t) ? null : t;
    }
    case 'operatingHours':
      return e.operatingHours?.hours ?? null;
    case 'distance':
      return e.distance?.metres ?? null;
    case 'fuelRemaining':
      return e.fuelRemaining?.percent ?? null;
    case 'engineRunning':
      return e.engineRunning == null ? null : e.engineRunning.running ? 1 : 0;
  }
}

export function cellText(e: Equipment, key: ColumnKey, units: Units): string {
  if (isTextKey(key)) return e[key] ?? '—';
  switch (key) {
    case 'locationAt':
      return e.location ? formatDateTime(e.location.at) : '—';
    case 'operatingHours':
      return hoursNumber(e.operatingHours?.hours);
    case 'distance':
      return distanceNumber(e.distance?.metres, units);
    case 'fuelRemaining':
      return percentNumber(e.fuelRemaining?.percent);
    case 'engineRunning':
      return e.engineRunning == null ? '—' : e.engineRunning.running ? 'Running' : 'Off';
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Stable sort; missing values always go last whatever the direction. */
export function sortEquipment(list: readonly Equipment[], key: ColumnKey, descending: boolean): Equipment[] {
  const keyed = list.map((e, i) => ({ e, i, v: sortValue(e, key) }));
  keyed.sort((a, b) => {
    if (a.v == null || b.v == null) {
      if (a.v == null && b.v == null) return a.i - b.i;
      return a.v == null ? 1 : -1;
    }
    const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return (descending ? -c : c) || a.i - b.i;
  });
  return keyed.map((k) => k.e);
}

/** Every word of the query must appear in make, model, id, serial or VIN (case-insensitive). */
export function filterEquipment(list: readonly Equipment[], query: string): Equipment[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list.slice();
  return list.filter((e) => {
    const hay = [e.make, e.model, e.equipmentId, e.serialNumber, e.vin].filter((s): s is string => !!s).join(' ').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The identifier to use for look-ups and histories: equipment id, else serial, else VIN. */
export function identifierOf(e: Equipment): string | null {
  return e.equipmentId || e.serialNumber || e.vin || null;
}
