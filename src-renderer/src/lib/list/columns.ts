/**
 * The asset list's columns: what each shows, how wide it may get and how it sorts. The
 * name is always the first column; the others are chosen by the dispatcher (remembered
 * in `ListState.columns`) and always appear in LIST_COLUMNS order.
 *
 * Widths are in rem so zoom scales them, and are sized for their header word and their
 * longest usual value (an "old" tag included) so nothing is cut; text columns (name,
 * category, serial, id) wrap onto a second line instead. When the chosen columns need more
 * than the pane has, the list scrolls sideways with the name column kept in view.
 */
import { DEFAULT_LIST_COLUMNS, isStaleAt, LIST_COLUMNS, readingAt, staleCutoff, type ListColumn, type RowMetric, type SortKey, type Units } from '@contract';
import { formatDistanceCm, formatNumber, formatRuntimeHours } from '../format/numbers';
import { formatDateTime, isoAt, shortRelativeTime } from '../format/time';
import { oldMetricKeys, type IndexedAsset } from './assetIndex';

export interface ColumnDef {
  key: ListColumn;
  /** Header text; may wrap onto two lines, never cut. */
  label: string;
  /** Name in the column chooser. */
  menuLabel: string;
  /** Smallest width in rem; text columns grow with the pane. */
  minRem: number;
  /** Width in a list too narrow for every column at full width (the fuel gauge gives way to the number). */
  compactRem: number;
  grows: boolean;
  sort: SortKey | null;
  /** The metric whose reading the column shows (for the "old" mark and its collected time). */
  metric: RowMetric | null;
  numeric: boolean;
}

const def = (key: ListColumn, label: string, menuLabel: string, minRem: number, opts: Partial<Pick<ColumnDef, 'grows' | 'sort' | 'metric' | 'numeric' | 'compactRem'>> = {}): ColumnDef => ({
  key,
  label,
  menuLabel,
  minRem,
  compactRem: opts.compactRem ?? minRem,
  grows: opts.grows ?? false,
  sort: opts.sort === undefined ? (key as SortKey) : opts.sort,
  metric: opts.metric ?? null,
  numeric: opts.numeric ?? false,
});

export const COLUMNS: Readonly<Record<ListColumn, ColumnDef>> = {
  id: def('id', 'Asset id', 'Asset id', 5.6, { grows: true }),
  type: def('type', 'Type', 'Type (thing or area)', 3.6),
  category: def('category', 'Category', 'Category', 5.6, { grows: true }),
  serial: def('serial', 'Serial', 'Serial number', 6, { grows: true }),
  lastUpdate: def('lastUpdate', 'Updated', 'Last update', 5.8),
  positionAge: def('positionAge', 'Position age', 'Position age', 6.4, { metric: 'gps' }),
  fuel: def('fuel', 'Fuel', 'Fuel', 5.8, { metric: 'fuel', compactRem: 4.4 }),
  ignition: def('ignition', 'Ignition', 'Ignition', 4.4, { sort: null, metric: 'ignition' }),
  speed: def('speed', 'Speed', 'Speed', 4.8, { metric: 'speed', numeric: true }),
  engineHours: def('engineHours', 'Engine hours', 'Engine hours', 6.2, { metric: 'engine-runtime', numeric: true }),
  odometer: def('odometer', 'Odometer', 'Odometer', 7.8, { metric: 'odometer', numeric: true }),
};

/** The name column: wide enough for two lines of a usual name and its disambiguator. */
export const NAME_MIN_REM = 9.5;
export const GAP_REM = 0.5;
export const ROW_PADDING_REM = 0.6;

/** The columns to show, in LIST_COLUMNS order; unknown or repeated keys are ignored. */
export function visibleColumns(columns: readonly string[] | undefined): ColumnDef[] {
  const wanted = new Set(columns ?? DEFAULT_LIST_COLUMNS);
  return LIST_COLUMNS.filter((key) => wanted.has(key)).map((key) => COLUMNS[key]);
}

const widthOf = (c: ColumnDef, compact: boolean) => (compact ? c.compactRem : c.minRem);

/** `grid-template-columns` for the header and every row. */
export function gridTemplate(cols: readonly ColumnDef[], compact = false): string {
  const track = (c: ColumnDef) => (c.grows ? `minmax(${widthOf(c, compact)}rem, 1fr)` : `${widthOf(c, compact)}rem`);
  return [`minmax(${NAME_MIN_REM}rem, 2fr)`, ...cols.map(track)].join(' ');
}

/** The narrowest a row can be (rem): past this the list scrolls sideways. */
export function minRowWidthRem(cols: readonly ColumnDef[], compact = false): number {
  return ROW_PADDING_REM * 2 + NAME_MIN_REM + cols.reduce((sum, c) => sum + widthOf(c, compact) + GAP_REM, 0);
}

/** Whether the list must use the compact widths: it is measured and narrower than the full ones. */
export function needsCompact(cols: readonly ColumnDef[], listWidthPx: number, remPx: number): boolean {
  return listWidthPx > 0 && remPx > 0 && listWidthPx < minRowWidthRem(cols) * remPx;
}

/** Adds or removes one column, keeping LIST_COLUMNS order. */
export function toggleColumn(columns: readonly ListColumn[], key: ListColumn): ListColumn[] {
  const set = new Set(columns);
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return LIST_COLUMNS.filter((k) => set.has(k));
}

export interface CellContext {
  now: number;
  units: Units;
  staleAfterMin: number;
}

export interface Cell {
  text: string;
  /** Tooltip with the full value or when it was collected. */
  title: string;
  /** The reading is old by the details pane's rule. */
  old: boolean;
  /** Older than the stale threshold (drawn as a warning). */
  stale: boolean;
  /** No value: drawn muted. */
  empty: boolean;
}

const NONE = '—';

function cell(text: string | null, title = '', extra: Partial<Pick<Cell, 'old' | 'stale'>> = {}): Cell {
  return { text: text ?? NONE, title: text === null ? 'no reading' : title, old: extra.old ?? false, stale: extra.stale ?? false, empty: text === null };
}

/** Text of a plain column of a row (fuel and ignition draw their own cells, but have text too). */
export function cellOf(key: ListColumn, row: IndexedAsset, ctx: CellContext): Cell {
  const a = row.asset;
  const metric = COLUMNS[key].metric;
  const old = metric !== null && oldMetricKeys(a).has(metric);
  const collected = (m: RowMetric) => {
    const at = readingAt(a, m);
    return at !== null ? `collected ${formatDateTime(at)}${old ? ', much older than the newest reading of this asset' : ''}` : '';
  };
  const cutoff = staleCutoff(ctx.now, ctx.staleAfterMin);
  switch (key) {
    case 'id':
      return cell(a.assetId, a.assetId);
    case 'type':
      return cell(a.type, a.type);
    case 'category':
      return cell(a.category || null, a.category ?? '');
    case 'serial':
      return cell(a.serialNumber || null, a.serialNumber ?? '');
    case 'lastUpdate':
      return cell(shortRelativeTime(a.updatedAt === null ? null : isoAt(a.updatedAt), ctx.now), a.updatedAt !== null ? formatDateTime(a.updatedAt) : 'no metrics collected yet', {
        stale: isStaleAt(row.lastUpdateMs, cutoff),
      });
    case 'positionAge':
      if (row.gpsAtMs === null) return cell(null);
      return cell(shortRelativeTime(isoAt(row.gpsAtMs), ctx.now), collected('gps'), { old, stale: isStaleAt(row.gpsAtMs, cutoff) });
    case 'fuel':
      return cell(row.fuel === null ? null : `${Math.round(row.fuel)}%`, collected('fuel'), { old });
    case 'ignition':
      return cell(row.ignition === null ? null : row.ignition ? 'On' : 'Off', collected('ignition'), { old });
    case 'speed':
      return cell(row.speed === null ? null : formatNumber(row.speed), collected('speed'), { old });
    case 'engineHours':
      return cell(row.engineMs === null ? null : formatRuntimeHours(row.engineMs), collected('engine-runtime'), { old });
    case 'odometer':
      return cell(row.odometerCm === null ? null : formatDistanceCm(row.odometerCm, ctx.units), collected('odometer'), { old });
  }
}
