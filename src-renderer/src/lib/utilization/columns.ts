/** The Utilization table's columns, shared by the windowed table and the printed one. */
import type { SortKey } from './rows';

export interface UtilizationColumn {
  key: SortKey | 'since' | 'strip';
  label: string;
  /** Sortable columns have the key they sort by. */
  sort: SortKey | null;
  numeric: boolean;
  /** The grid track. */
  width: string;
  /** The track's least width, rem. */
  minRem: number;
}

export const UTILIZATION_COLUMNS: readonly UtilizationColumn[] = [
  { key: 'name', label: 'Machine', sort: 'name', numeric: false, width: 'minmax(9rem, 1.4fr)', minRem: 9 },
  { key: 'category', label: 'Category', sort: 'category', numeric: false, width: 'minmax(6rem, 0.8fr)', minRem: 6 },
  { key: 'where', label: 'Site or place', sort: 'where', numeric: false, width: 'minmax(9rem, 1.3fr)', minRem: 9 },
  { key: 'since', label: 'There for', sort: null, numeric: true, width: '5.5rem', minRem: 5.5 },
  { key: 'strip', label: 'Hours per day', sort: null, numeric: false, width: 'minmax(8rem, 1.2fr)', minRem: 8 },
  { key: 'totalHours', label: 'Hours', sort: 'totalHours', numeric: true, width: '5rem', minRem: 5 },
  { key: 'daysUsed', label: 'Days used', sort: 'daysUsed', numeric: true, width: '5.5rem', minRem: 5.5 },
  { key: 'utilizationPct', label: 'Use %', sort: 'utilizationPct', numeric: true, width: '4.5rem', minRem: 4.5 },
  { key: 'idleDays', label: 'Idle days', sort: 'idleDays', numeric: true, width: '5rem', minRem: 5 },
  { key: 'source', label: 'Source', sort: 'source', numeric: false, width: 'minmax(15rem, 1fr)', minRem: 15 },
];

/** The select box's track. */
const SELECT_REM = 2;
/** Room between tracks and at the ends of a line (the table's column gap and padding). */
const GAPS_REM = UTILIZATION_COLUMNS.length * 0.5 + 0.8;

/** The grid's tracks: the select box, then every column. */
export const UTILIZATION_GRID = [`${SELECT_REM}rem`, ...UTILIZATION_COLUMNS.map((c) => c.width)].join(' ');

/** The least width every column keeps; a narrower view scrolls the table sideways. */
export const UTILIZATION_MIN_WIDTH = `${SELECT_REM + GAPS_REM + UTILIZATION_COLUMNS.reduce((sum, c) => sum + c.minRem, 0)}rem`;
