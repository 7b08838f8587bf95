/** The Utilization table's columns, shared by the windowed table and the printed one. */
import type { SortKey } from './rows';

export interface UtilizationColumn {
  key: SortKey | 'since' | 'strip';
  label: string;
  /** Sortable columns have the key they sort by. */
  sort: SortKey | null;
  numeric: boolean;
  width: string;
}

export const UTILIZATION_COLUMNS: readonly UtilizationColumn[] = [
  { key: 'name', label: 'Machine', sort: 'name', numeric: false, width: 'minmax(9rem, 1.4fr)' },
  { key: 'category', label: 'Category', sort: 'category', numeric: false, width: 'minmax(6rem, 0.8fr)' },
  { key: 'where', label: 'Site or place', sort: 'where', numeric: false, width: 'minmax(9rem, 1.3fr)' },
  { key: 'since', label: 'There for', sort: null, numeric: true, width: '5.5rem' },
  { key: 'strip', label: 'Hours per day', sort: null, numeric: false, width: 'minmax(8rem, 1.2fr)' },
  { key: 'totalHours', label: 'Hours', sort: 'totalHours', numeric: true, width: '5rem' },
  { key: 'daysUsed', label: 'Days used', sort: 'daysUsed', numeric: true, width: '5.5rem' },
  { key: 'utilizationPct', label: 'Use %', sort: 'utilizationPct', numeric: true, width: '4.5rem' },
  { key: 'idleDays', label: 'Idle days', sort: 'idleDays', numeric: true, width: '5rem' },
  { key: 'source', label: 'Source', sort: 'source', numeric: false, width: 'minmax(14rem, 1fr)' },
];

/** The grid's tracks: the select box, then every column. */
export const UTILIZATION_GRID = ['2rem', ...UTILIZATION_COLUMNS.map((c) => c.width)].join(' ');
